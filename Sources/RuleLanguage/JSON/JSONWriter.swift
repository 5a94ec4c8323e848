/// Writes JSON text deterministically: keys in the order written, numbers via ``NumberText``,
/// strings escaped minimally (non-ASCII characters stay UTF-8).
///
/// Compact by default; `pretty` indents by two spaces, one member per line.
public struct JSONWriter {
  /// The text written so far.
  public private(set) var output = ""
  /// Whether to indent.
  public let pretty: Bool
  private var firstInContainer: [Bool] = []
  private var afterKey = false

  /// Creates a writer.
  public init(pretty: Bool = false) {
    self.pretty = pretty
  }

  private mutating func beginValue() {
    if afterKey {
      afterKey = false
      return
    }
    if let first = firstInContainer.last {
      if !first { output += "," }
      firstInContainer[firstInContainer.count - 1] = false
      newline()
    }
  }

  private mutating func newline() {
    guard pretty else { return }
    output += "\n"
    output += String(repeating: "  ", count: firstInContainer.count)
  }

  /// Writes an object; `body` writes its members with ``key(_:)`` followed by a value.
  public mutating func object(_ body: (inout JSONWriter) -> Void) {
    beginValue()
    output += "{"
    firstInContainer.append(true)
    body(&self)
    let empty = firstInContainer.removeLast()
    if !empty { newline() }
    output += "}"
  }

  /// Writes an array; `body` writes its elements.
  public mutating func array(_ body: (inout JSONWriter) -> Void) {
    beginValue()
    output += "["
    firstInContainer.append(true)
    body(&self)
    let empty = firstInContainer.removeLast()
    if !empty { newline() }
    output += "]"
  }

  /// Writes an object key; the next value written is its value.
  public mutating func key(_ key: String) {
    beginValue()
    Self.appendQuoted(key, to: &output)
    output += pretty ? ": " : ":"
    afterKey = true
  }

  /// Writes a string value.
  public mutating func string(_ value: String) {
    beginValue()
    Self.appendQuoted(value, to: &output)
  }

  /// Writes a number value (`null` when not finite).
  public mutating func number(_ value: Double) {
    beginValue()
    output += NumberText.format(value)
  }

  /// Writes an integer value.
  public mutating func integer<I: BinaryInteger>(_ value: I) {
    beginValue()
    output += String(value)
  }

  /// Writes a boolean value.
  public mutating func bool(_ value: Bool) {
    beginValue()
    output += value ? "true" : "false"
  }

  /// Writes `null`.
  public mutating func null() {
    beginValue()
    output += "null"
  }

  /// Writes pre-rendered JSON text as one value.
  public mutating func raw(_ json: String) {
    beginValue()
    output += json
  }

  /// Writes a JSON value.
  public mutating func write(_ value: JSONValue) {
    switch value.kind {
    case .null: null()
    case .bool(let flag): bool(flag)
    case .integer(let integer): self.integer(integer)
    case .double(let double): number(double)
    case .string(let text): string(text)
    case .array(let elements):
      array { writer in
        for element in elements { writer.write(element) }
      }
    case .object(let members):
      object { writer in
        for member in members {
          writer.key(member.key)
          writer.write(member.value)
        }
      }
    }
  }

  /// Appends `text` as a quoted JSON string.
  public static func appendQuoted(_ text: String, to output: inout String) {
    output += "\""
    var needsEscape = false
    for byte in text.utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
      needsEscape = true
      break
    }
    if !needsEscape {
      output += text
    } else {
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": output += "\\\""
        case "\\": output += "\\\\"
        case "\n": output += "\\n"
        case "\r": output += "\\r"
        case "\t": output += "\\t"
        case "\u{08}": output += "\\b"
        case "\u{0C}": output += "\\f"
        case _ where scalar.value < 0x20:
          let hex = String(scalar.value, radix: 16, uppercase: true)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }

  /// Returns `text` as a quoted JSON string.
  public static func quoted(_ text: String) -> String {
    var output = ""
    appendQuoted(text, to: &output)
    return output
  }
}
