/// A JSON value that remembers where it came from.
///
/// `offset` is the byte offset of the value's first byte in its source; a ``SourceFile`` turns it
/// into a line and column. Equality compares values only, never positions.
public struct JSONValue: Sendable, Equatable, CustomStringConvertible {
  /// The value itself.
  public enum Kind: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number written without fraction or exponent that fits in Int64; kept exact.
    case integer(Int64)
    /// Any other number.
    case double(Double)
    case string(String)
    case array([JSONValue])
    /// Members in source order; keys are unique (the reader rejects duplicates).
    case object([JSONMember])
  }

  /// The value.
  public var kind: Kind
  /// The byte offset of the value's first byte in its source.
  public var offset: Int

  /// Creates a value at a source offset.
  public init(_ kind: Kind, offset: Int = 0) {
    self.kind = kind
    self.offset = offset
  }

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.kind == rhs.kind }

  /// The number as a Double, for either number kind.
  public var number: Double? {
    switch kind {
    case .integer(let value): return Double(value)
    case .double(let value): return value
    default: return nil
    }
  }

  /// The string, when the value is one.
  public var string: String? {
    if case .string(let value) = kind { return value }
    return nil
  }

  /// The object's members, when the value is an object.
  public var members: [JSONMember]? {
    if case .object(let members) = kind { return members }
    return nil
  }

  /// The array's elements, when the value is an array.
  public var elements: [JSONValue]? {
    if case .array(let elements) = kind { return elements }
    return nil
  }

  /// Returns the member value for a key, when the value is an object that has it.
  public subscript(key: String) -> JSONValue? {
    members?.first(where: { $0.key == key })?.value
  }

  /// A noun for messages: "an object", "a string", "a number"…
  public var kindName: String {
    switch kind {
    case .null: return "null"
    case .bool: return "a boolean"
    case .integer, .double: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  /// The compact JSON text of the value.
  public var description: String {
    var writer = JSONWriter()
    writer.write(self)
    return writer.output
  }
}

/// One key–value pair of a JSON object, with the position of its key.
public struct JSONMember: Sendable, Equatable {
  /// The key.
  public var key: String
  /// The byte offset of the key's opening quote.
  public var keyOffset: Int
  /// The value.
  public var value: JSONValue

  /// Creates a member.
  public init(key: String, keyOffset: Int = 0, value: JSONValue) {
    self.key = key
    self.keyOffset = keyOffset
    self.value = value
  }

  public static func == (lhs: JSONMember, rhs: JSONMember) -> Bool {
    lhs.key == rhs.key && lhs.value == rhs.value
  }
}
