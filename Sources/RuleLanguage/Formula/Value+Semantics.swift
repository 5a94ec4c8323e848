// JsonLogic's value semantics, which are JavaScript's: truthiness, conversion to number and text,
// loose and strict equality, ordering.

extension Value {
  /// JsonLogic truthiness: false, null, 0, NaN, "" and [] are false; everything else is true.
  public var isTruthy: Bool {
    switch self {
    case .null: return false
    case .bool(let flag): return flag
    case .number(let number): return number != 0 && !number.isNaN
    case .string(let text): return !text.isEmpty
    case .array(let elements): return !elements.isEmpty
    case .object: return true
    }
  }

  /// JavaScript's `Number(x)`: null → 0, booleans → 0/1, numeric text → its value, else NaN.
  public var numberValue: Double {
    switch self {
    case .null: return 0
    case .bool(let flag): return flag ? 1 : 0
    case .number(let number): return number
    case .string(let text): return Value.parseNumber(text)
    case .array(let elements):
      if elements.isEmpty { return 0 }
      if elements.count == 1 { return elements[0].numberValue }
      return .nan
    case .object: return .nan
    }
  }

  /// JavaScript's `String(x)` (lists join their elements with commas; null inside joins as "").
  public var textValue: String {
    switch self {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let number): return number.isNaN ? "NaN" : NumberText.format(number)
    case .string(let text): return text
    case .array(let elements):
      return elements.map { $0 == .null ? "" : $0.textValue }.joined(separator: ",")
    case .object: return "[object Object]"
    }
  }

  static func parseNumber(_ text: String) -> Double {
    let trimmed = text.trimmingASCIIWhitespace()
    if trimmed.isEmpty { return 0 }
    var bytes = Array(trimmed.utf8)
    guard isNumberSyntax(bytes) else { return .nan }
    // JavaScript's Number("+1") is 1; the JSON grammar NumberText reads has no '+'.
    if bytes.first == UInt8(ascii: "+") { bytes.removeFirst() }
    return bytes.withUnsafeBufferPointer { NumberText.double(from: $0) } ?? .nan
  }

  private static func isNumberSyntax(_ bytes: [UInt8]) -> Bool {
    var index = 0
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
      index += 1
    }
    var digits = 0
    while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
      index += 1
      digits += 1
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
        index += 1
        digits += 1
      }
    }
    guard digits > 0 else { return false }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
        index += 1
      }
      var expDigits = 0
      while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
        index += 1
        expDigits += 1
      }
      guard expDigits > 0 else { return false }
    }
    return index == bytes.count
  }

  /// JavaScript's `===`: same type and same value (lists and objects compare by content).
  public func strictlyEquals(_ other: Value) -> Bool {
    switch (self, other) {
    case (.number(let a), .number(let b)): return a == b
    default: return self == other
    }
  }

  /// JavaScript's `==`: numbers, numeric text and booleans compare as numbers; null equals
  /// only null; lists compare as their text.
  public func looselyEquals(_ other: Value) -> Bool {
    switch (self, other) {
    case (.null, .null): return true
    case (.null, _), (_, .null): return false
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.bool(let a), .bool(let b)): return a == b
    case (.array, .array), (.object, .object): return self == other
    case (.array, _), (.object, _): return Value.string(textValue).looselyEquals(other)
    case (_, .array), (_, .object): return looselyEquals(.string(other.textValue))
    default: return numberValue == other.numberValue
    }
  }

  /// JavaScript's relational comparison: two texts compare by code points, else as numbers
  /// (any NaN makes the comparison false). Returns -1, 0, 1, or nil when unordered.
  public func compare(to other: Value) -> Int? {
    let left = primitive
    let right = other.primitive
    if case .string(let a) = left, case .string(let b) = right {
      if a == b { return 0 }
      return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? -1 : 1
    }
    let a = left.numberValue
    let b = right.numberValue
    if a.isNaN || b.isNaN { return nil }
    return a < b ? -1 : (a > b ? 1 : 0)
  }

  private var primitive: Value {
    switch self {
    case .array, .object: return .string(textValue)
    default: return self
    }
  }
}

extension String {
  func trimmingASCIIWhitespace() -> String {
    let scalars = unicodeScalars
    let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let first = scalars.firstIndex(where: { !isSpace($0) }),
      let last = scalars.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(scalars[first...last])
  }
}
