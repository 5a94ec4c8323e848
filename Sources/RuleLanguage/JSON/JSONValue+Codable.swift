/// A JSON value through any `Encoder` and `Decoder` (object keys come back in the decoder's
/// order, which for Foundation's `JSONDecoder` is not the written order).
extension JSONValue: Codable {
  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  public init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: Key.self) {
      var members: [JSONMember] = []
      for key in object.allKeys {
        members.append(JSONMember(key: key.stringValue, value: try object.decode(JSONValue.self, forKey: key)))
      }
      self.init(.object(members))
      return
    }
    if var array = try? decoder.unkeyedContainer() {
      var elements: [JSONValue] = []
      while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
      self.init(.array(elements))
      return
    }
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self.init(.null)
    } else if let flag = try? single.decode(Bool.self) {
      self.init(.bool(flag))
    } else if let integer = try? single.decode(Int64.self) {
      self.init(.integer(integer))
    } else if let number = try? single.decode(Double.self) {
      self.init(.double(number))
    } else {
      self.init(.string(try single.decode(String.self)))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    switch kind {
    case .object(let members):
      var object = encoder.container(keyedBy: Key.self)
      for member in members { try object.encode(member.value, forKey: Key(stringValue: member.key)) }
    case .array(let elements):
      var array = encoder.unkeyedContainer()
      for element in elements { try array.encode(element) }
    case .null:
      var single = encoder.singleValueContainer()
      try single.encodeNil()
    case .bool(let flag):
      var single = encoder.singleValueContainer()
      try single.encode(flag)
    case .integer(let integer):
      var single = encoder.singleValueContainer()
      try single.encode(integer)
    case .double(let number):
      var single = encoder.singleValueContainer()
      try single.encode(number)
    case .string(let text):
      var single = encoder.singleValueContainer()
      try single.encode(text)
    }
  }
}
