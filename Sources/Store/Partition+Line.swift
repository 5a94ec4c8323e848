import Ledger
import RuleLanguage

extension Partition {
  /// The partition of the player of an event line — its top-level `"player"` member — found
  /// without decoding the event: the members before it are skipped byte by byte and the id's
  /// bytes hashed where they lie. A line the skipping does not take at face value (an id with
  /// escapes, a key with escapes, anything unexpected) is read whole by the JSON reader instead,
  /// so the answer is always the one of reading the line in full. Only the player is checked:
  /// the rest of the event is the business of whoever applies it.
  /// - Throws: a diagnostic located in the line when it is not JSON (read whole), has no
  ///   `"player"` string, or its id is not one (``PlayerID/requirement``).
  public static func of(line: ArraySlice<UInt8>, count: Int, file: String, lineNumber: Int) throws(DiagnosticError)
    -> Int
  {
    let fast = line.withUnsafeBufferPointer { bytes -> Int? in
      var scanner = PlayerFieldScanner(bytes: bytes)
      guard let range = scanner.playerRange() else { return nil }
      return Int(hash(UnsafeBufferPointer(rebasing: bytes[range])) % UInt64(count))
    }
    if let fast { return fast }
    let source = SourceFile(name: file, bytes: Array(line), firstLine: lineNumber)
    let value = try JSONReader.parse(source)
    let player = value.members?.first { $0.key.hasSameBytes(as: "player") }
    guard let text = player?.value.string else {
      throw DiagnosticError(
        Diagnostic(
          in: source, offset: player?.value.offset ?? value.offset,
          message: "an event needs \"player\" (a string) to be given a partition"))
    }
    guard let id = PlayerID(text) else {
      throw DiagnosticError(
        Diagnostic(in: source, offset: player?.value.offset ?? 0, message: "\"player\": \(PlayerID.requirement)"))
    }
    return of(id.text, count: count)
  }

  /// FNV-1a 64 of bytes (``hash(_:)`` of a String is this of its UTF-8).
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }
}

/// Finds the top-level `"player"` member of a JSON object line, skipping the members before it
/// without decoding them. Gives up (nil) on whatever it does not take at face value; the caller
/// then reads the line in full.
private struct PlayerFieldScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// The byte range of the id: a string of 1–200 printable bytes without escapes (so UTF-8
  /// when the line is, and without NUL), the value of the object's first `"player"` key.
  mutating func playerRange() -> Range<Int>? {
    skipSpace()
    guard take(UInt8(ascii: "{")) else { return nil }
    while true {
      skipSpace()
      guard let key = plainString() else { return nil }
      skipSpace()
      guard take(UInt8(ascii: ":")) else { return nil }
      skipSpace()
      if key.count == 6, zip(bytes[key], "player".utf8).allSatisfy({ $0 == $1 }) {
        guard let value = plainString(), (1...PlayerID.maximumLength).contains(value.count),
          bytes[value].allSatisfy({ $0 < 0x80 }) || String(validating: bytes[value], as: UTF8.self) != nil
        else { return nil }
        return value
      }
      guard skipValue(), take(UInt8(ascii: ",")) else { return nil }
    }
  }

  mutating func skipSpace() {
    while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
  }

  static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }

  mutating func take(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  /// A string without escapes or control bytes: its contents' range.
  mutating func plainString() -> Range<Int>? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return start..<(index - 1)
      }
      guard byte >= 0x20, byte != UInt8(ascii: "\\") else { return nil }
      index += 1
    }
    return nil
  }

  /// Skips one value — everything up to the `,` or `}` that ends it, with strings (escapes
  /// allowed) and nested objects and arrays skipped whole. False when the line ends first.
  mutating func skipValue() -> Bool {
    var depth = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard index < bytes.count else { return false }
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        guard depth > 0 else { return true }
        depth -= 1
      case UInt8(ascii: ","):
        guard depth > 0 else { return true }
      default: break
      }
      index += 1
    }
    return false
  }
}
