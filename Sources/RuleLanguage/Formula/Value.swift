/// A dynamic formula value: the types JsonLogic data can hold.
///
/// Rule formulas compute numbers and booleans; strings, lists and objects appear in data given
/// to `fitquest eval` and in JsonLogic's list operations.
public enum Value: Sendable, Equatable, CustomStringConvertible {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([Value])
  /// Members in their original order.
  case object([ValueMember])

  /// Converts a JSON value (integers become Doubles).
  public init(_ json: JSONValue) {
    switch json.kind {
    case .null: self = .null
    case .bool(let flag): self = .bool(flag)
    case .integer(let integer): self = .number(Double(integer))
    case .double(let double): self = .number(double)
    case .string(let text): self = .string(text)
    case .array(let elements): self = .array(elements.map(Value.init))
    case .object(let members):
      self = .object(members.map { ValueMember(key: $0.key, value: Value($0.value)) })
    }
  }

  /// The compact JSON text of the value.
  public var description: String {
    var writer = JSONWriter()
    write(to: &writer)
    return writer.output
  }

  /// Writes the value as JSON.
  public func write(to writer: inout JSONWriter) {
    switch self {
    case .null: writer.null()
    case .bool(let flag): writer.bool(flag)
    case .number(let number): writer.number(number)
    case .string(let text): writer.string(text)
    case .array(let elements):
      writer.array { writer in
        for element in elements { element.write(to: &writer) }
      }
    case .object(let members):
      writer.object { writer in
        for member in members {
          writer.key(member.key)
          member.value.write(to: &writer)
        }
      }
    }
  }

  /// The member value for a key of an object, or nil.
  public func member(_ key: String) -> Value? {
    guard case .object(let members) = self else { return nil }
    return members.first(where: { $0.key == key })?.value
  }

  /// A noun for messages.
  public var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "boolean"
    case .number: return "number"
    case .string: return "string"
    case .array: return "list"
    case .object: return "object"
    }
  }
}

/// One key–value pair of an object value.
public struct ValueMember: Sendable, Equatable {
  /// The key.
  public var key: String
  /// The value.
  public var value: Value

  /// Creates a member.
  public init(key: String, value: Value) {
    self.key = key
    self.value = value
  }
}
