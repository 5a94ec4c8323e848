import RuleLanguage

/// Reads CSV records from a stream, one at a time, in bounded memory (RFC 4180 and what apps
/// write beside it): the delimiter is `,` or `;`, whichever the header line has more of outside
/// quotes; fields may be quoted (`""` is a quote inside); line breaks are `\n` or `\r\n`, and may
/// occur inside quoted fields; a UTF-8 byte order mark is skipped; blank lines are skipped.
package struct CSVReader {
  private let stream: ByteStream
  /// `,` or `;`.
  package private(set) var delimiter: UInt8 = UInt8(ascii: ",")
  /// The fields of the current record, back to back, and where each ends.
  private var bytes: [UInt8] = []
  private var ends: [Int] = []
  /// Whether each field of the current record was quoted.
  private var quoted: [Bool] = []
  /// The line of the stream being read (1-based).
  private var line = 1
  /// The line the current record starts on.
  package private(set) var recordLine = 0
  /// Set when the current record ran into the end of the stream inside quotes.
  package private(set) var isUnterminated = false

  /// The longest record accepted (a hostile file cannot exhaust memory).
  static let maximumRecordBytes = 1 << 20

  /// A reader over a stream; the delimiter is decided from the first line.
  package init(_ stream: ByteStream) throws(DiagnosticError) {
    self.stream = stream
    let head = try self.stream.prefix(1 << 16)
    var start = 0
    if head.starts(with: [0xEF, 0xBB, 0xBF]) {
      start = 3
      _ = try self.stream.next()
      _ = try self.stream.next()
      _ = try self.stream.next()
    }
    var counts = (comma: 0, semicolon: 0)
    var inQuotes = false
    for byte in head[start...] {
      if byte == UInt8(ascii: "\"") { inQuotes.toggle() }
      if inQuotes { continue }
      if byte == 0x0A { break }
      if byte == UInt8(ascii: ",") { counts.comma += 1 }
      if byte == UInt8(ascii: ";") { counts.semicolon += 1 }
    }
    if counts.semicolon > counts.comma { delimiter = UInt8(ascii: ";") }
  }

  /// The name of the stream, for diagnostics.
  package var name: String { stream.name }

  /// How many fields the current record has.
  package var count: Int { ends.count }

  /// A field's bytes.
  package func bytes(_ index: Int) -> ArraySlice<UInt8> {
    bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
  }

  /// A field as text, without surrounding spaces.
  package func text(_ index: Int) -> String {
    String(decoding: CSVReader.trimmed(bytes(index)), as: UTF8.self)
  }

  /// Whether a field was quoted in the file.
  package func isQuoted(_ index: Int) -> Bool { quoted[index] }

  /// Every field as text, untrimmed.
  package var rawFields: [String] { (0..<count).map { String(decoding: bytes($0), as: UTF8.self) } }

  static func trimmed(_ slice: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var slice = slice
    while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
    while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
    return slice
  }

  /// Reads the next record; false at the end of the stream.
  package mutating func next() throws(DiagnosticError) -> Bool {
    while true {
      bytes.removeAll(keepingCapacity: true)
      ends.removeAll(keepingCapacity: true)
      quoted.removeAll(keepingCapacity: true)
      isUnterminated = false
      recordLine = line
      var inQuotes = false
      var fieldQuoted = false
      var atFieldStart = true
      var sawAnything = false
      while true {
        guard let byte = try stream.next() else {
          guard sawAnything else { return false }
          isUnterminated = inQuotes
          finishField(fieldQuoted)
          return true
        }
        sawAnything = true
        if inQuotes {
          if byte == UInt8(ascii: "\"") {
            if try stream.peek() == UInt8(ascii: "\"") {
              _ = try stream.next()
              bytes.append(byte)
            } else {
              inQuotes = false
            }
          } else {
            if byte == 0x0A { line += 1 }
            bytes.append(byte)
          }
        } else if byte == delimiter {
          finishField(fieldQuoted)
          fieldQuoted = false
          atFieldStart = true
          continue
        } else if byte == 0x0A {
          line += 1
          if bytes.isEmpty && ends.isEmpty && !fieldQuoted { break }  // a blank line
          finishField(fieldQuoted)
          return true
        } else if byte == 0x0D {
          // Dropped: part of a \r\n line break (a lone \r inside a field is dropped too).
        } else if byte == UInt8(ascii: "\"") && atFieldStart {
          inQuotes = true
          fieldQuoted = true
        } else {
          bytes.append(byte)
        }
        atFieldStart = false
        if bytes.count > CSVReader.maximumRecordBytes {
          throw DiagnosticError(
            Diagnostic(
              file: stream.name, position: SourcePosition(line: recordLine, column: 1),
              message: "a record longer than 1 MiB; is this a CSV file?"))
        }
      }
    }
  }

  private mutating func finishField(_ wasQuoted: Bool) {
    ends.append(bytes.count)
    quoted.append(wasQuoted)
  }
}
