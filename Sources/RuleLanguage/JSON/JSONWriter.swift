/// Writes JSON text deterministically: keys in the order written, numbers via ``NumberText``,
/// strings escaped minimally (non-ASCII characters stay UTF-8).
///
/// Compact by default; `pretty` indents by two spaces, one member per line. The text builds in a
/// byte buffer, which ``reset()`` empties while keeping its capacity, so a writer reused for a
/// stream of lines allocates nothing per line.
public struct JSONWriter {
  /// The UTF-8 bytes written so far.
  public private(set) var bytes: [UInt8] = []
  /// Whether to indent.
  public let pretty: Bool
  private var firstInContainer = OpenContainers()
  private var afterKey = false

  /// The text written so far.
  public var output: String { String(decoding: bytes, as: UTF8.self) }

  /// Creates a writer.
  public init(pretty: Bool = false) {
    self.pretty = pretty
  }

  /// Empties the writer, keeping its capacity.
  public mutating func reset() {
    bytes.removeAll(keepingCapacity: true)
    firstInContainer.removeAll()
    afterKey = false
  }

  @inline(__always)
  private mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  @inline(__always)
  private mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  private mutating func beginValue() {
    if afterKey {
      afterKey = false
      return
    }
    if let first = firstInContainer.takeFirst() {
      if !first { bytes.append(UInt8(ascii: ",")) }
      newline()
    }
  }

  private mutating func newline() {
    guard pretty else { return }
    bytes.append(UInt8(ascii: "\n"))
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * firstInContainer.depth))
  }

  /// Writes an object; `body` writes its members with ``key(_:)`` followed by a value.
  public mutating func object(_ body: (inout JSONWriter) -> Void) {
    openObject()
    body(&self)
    closeContainer(UInt8(ascii: "}"))
  }

  /// Writes an array; `body` writes its elements.
  public mutating func array(_ body: (inout JSONWriter) -> Void) {
    openContainer(UInt8(ascii: "["))
    body(&self)
    closeContainer(UInt8(ascii: "]"))
  }

  /// Opens an object as the next value.
  mutating func openObject() {
    openContainer(UInt8(ascii: "{"))
  }

  private mutating func openContainer(_ bracket: UInt8) {
    beginValue()
    bytes.append(bracket)
    firstInContainer.push()
  }

  /// Closes the innermost container with its bracket.
  mutating func closeContainer(_ bracket: UInt8) {
    let empty = firstInContainer.pop()
    if !empty { newline() }
    bytes.append(bracket)
  }

  /// Writes an object key; the next value written is its value.
  public mutating func key(_ key: String) {
    beginValue()
    Self.appendQuoted(key, to: &bytes)
    if pretty { append(": ") } else { bytes.append(UInt8(ascii: ":")) }
    afterKey = true
  }

  /// Writes a string value.
  public mutating func string(_ value: String) {
    beginValue()
    Self.appendQuoted(value, to: &bytes)
  }

  /// Writes a number value (`null` when not finite).
  public mutating func number(_ value: Double) {
    beginValue()
    var text: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    withUnsafeMutableBytes(of: &text) { buffer in
      let start = buffer.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self)
      bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: NumberText.write(value, to: start)))
    }
  }

  /// Writes an integer value.
  public mutating func integer<I: BinaryInteger>(_ value: I) {
    beginValue()
    if let small = Int64(exactly: value) { appendInteger(small) } else { append(String(value)) }
  }

  private mutating func appendInteger(_ value: Int64) {
    var text: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &text) { buffer in
      let start = buffer.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self)
      bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: NumberText.write(integer: value, to: start)))
    }
  }

  /// Writes a boolean value.
  public mutating func bool(_ value: Bool) {
    beginValue()
    if value { append("true") } else { append("false") }
  }

  /// Writes `null`.
  public mutating func null() {
    beginValue()
    append("null")
  }

  /// Writes pre-rendered JSON text as one value.
  public mutating func raw(_ json: String) {
    beginValue()
    append(json)
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

  /// Appends `text` as a quoted JSON string to UTF-8 bytes.
  public static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var start = 0
      for index in utf8.indices {
        let byte = utf8[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
        start = index + 1
        switch byte {
        case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
        case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
        case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
        case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
        case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
        case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
        case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
        default:
          let hex = Array("0123456789ABCDEF".utf8)
          bytes += [
            UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)],
            hex[Int(byte & 15)],
          ]
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends `text` as a quoted JSON string.
  public static func appendQuoted(_ text: String, to output: inout String) {
    var bytes: [UInt8] = []
    appendQuoted(text, to: &bytes)
    output += String(decoding: bytes, as: UTF8.self)
  }

  /// Returns `text` as a quoted JSON string.
  public static func quoted(_ text: String) -> String {
    var bytes: [UInt8] = []
    appendQuoted(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension JSONWriter {
  /// Writes a key known when the program was written (no escaping needed: callers pass plain
  /// ASCII names), without scanning it.
  @inline(__always)
  public mutating func key(static key: StaticString) {
    if firstInContainer.isEmpty || pretty {
      self.key(key.description)
      return
    }
    if afterKey {
      afterKey = false
    } else {
      if firstInContainer.takeFirst() == false { bytes.append(UInt8(ascii: ",")) }
    }
    bytes.append(UInt8(ascii: "\""))
    key.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
    afterKey = true
  }

  /// Writes `"key": "value"`.
  public mutating func field(_ key: StaticString, _ value: String) {
    self.key(static: key)
    string(value)
  }

  /// Writes `"key": number`.
  public mutating func field(_ key: StaticString, _ value: Double) {
    self.key(static: key)
    number(value)
  }

  /// Writes `"key": integer`.
  public mutating func field<I: BinaryInteger>(_ key: StaticString, _ value: I) {
    self.key(static: key)
    integer(value)
  }

  /// Writes `"key": true` or `false`.
  public mutating func field(_ key: StaticString, _ value: Bool) {
    self.key(static: key)
    bool(value)
  }

  /// Writes `"key": "value"` with a key computed at run time.
  public mutating func field(named key: String, _ value: String) {
    self.key(key)
    string(value)
  }

  /// Writes `"key": number` with a key computed at run time.
  public mutating func field(named key: String, _ value: Double) {
    self.key(key)
    number(value)
  }
}

/// Whether each open container is still empty, innermost last: one bit per level (no array
/// access per value written), levels beyond 64 in an array.
private struct OpenContainers {
  private(set) var depth = 0
  private var bits: UInt64 = 0
  private var deeper: [Bool] = []

  var isEmpty: Bool { depth == 0 }

  /// Opens a container (empty so far).
  mutating func push() {
    if depth < 64 { bits |= 1 << UInt64(depth) } else { deeper.append(true) }
    depth += 1
  }

  /// Closes the innermost container; returns whether it stayed empty.
  mutating func pop() -> Bool {
    depth -= 1
    if depth >= 64 { return deeper.removeLast() }
    return bits & (1 << UInt64(depth)) != 0
  }

  /// Whether the innermost container was still empty (it is not any more); nil when none is open.
  mutating func takeFirst() -> Bool? {
    guard depth > 0 else { return nil }
    let level = depth - 1
    if level >= 64 {
      defer { deeper[deeper.count - 1] = false }
      return deeper[deeper.count - 1]
    }
    let mask: UInt64 = 1 << UInt64(level)
    defer { bits &= ~mask }
    return bits & mask != 0
  }

  mutating func removeAll() {
    depth = 0
    bits = 0
    deeper.removeAll(keepingCapacity: true)
  }
}
