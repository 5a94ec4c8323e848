import RuleLanguage

/// A streaming XML tokenizer: it yields start and end tags one at a time, reading the stream in
/// chunks, so a document of any size is read in the memory of its largest tag. Text, comments,
/// processing instructions, CDATA sections and the document type declaration (with an internal
/// subset, as Apple Health's has) are skipped; attributes are read from the current tag on
/// demand, without allocating for the ones not asked for. It checks what it reads (tags close,
/// quotes end) but is not a validating parser: it reads well-formed XML correctly and reports
/// where a malformed document breaks.
package struct XMLTokenizer {
  /// A token.
  package enum Token: Equatable {
    /// `<name …>`, or `<name …/>` when `isEmpty` (no end tag follows).
    case start(isEmpty: Bool)
    /// `</name>`.
    case end
  }

  private let stream: ByteStream
  /// The current tag's bytes between `<` (or `</`) and `>`.
  package private(set) var tag: [UInt8] = []
  /// The line being read, and the line of the current tag.
  private var line = 1
  package private(set) var tagLine = 0
  /// The largest tag accepted (a hostile file cannot exhaust memory).
  static let maximumTagBytes = 1 << 20

  package init(_ stream: ByteStream) {
    self.stream = stream
    tag.reserveCapacity(4096)
  }

  /// The stream's name, for diagnostics.
  package var name: String { stream.name }

  /// Bytes read so far.
  package var offset: Int { stream.offset }

  /// An error at the current tag.
  package func error(_ message: String) -> DiagnosticError {
    DiagnosticError(
      Diagnostic(file: stream.name, position: SourcePosition(line: max(1, tagLine), column: 1), message: message))
  }

  /// The next tag, or nil at the end of the document.
  package mutating func next() throws(DiagnosticError) -> Token? {
    while true {
      guard try stream.skip(through: 0x3C, lines: &line) else { return nil }
      tagLine = line
      tag.removeAll(keepingCapacity: true)
      guard let first = try stream.peek() else { throw error("the document ends inside a tag") }
      switch first {
      case 0x2F:  // </name>
        _ = try stream.next()
        try copyTag()
        return .end
      case 0x3F:  // <?…?>
        try skip(until: [0x3F, 0x3E])
      case 0x21:  // <!-- -->, <![CDATA[ ]]>, <!DOCTYPE …>
        _ = try stream.next()
        if try stream.peek() == 0x2D {
          try skip(until: [0x2D, 0x2D, 0x3E])
        } else if try stream.peek() == 0x5B {
          try skip(until: [0x5D, 0x5D, 0x3E])
        } else {
          try skipDeclaration()
        }
      default:
        try copyTag()
        if tag.last == 0x2F {
          tag.removeLast()
          return .start(isEmpty: true)
        }
        return .start(isEmpty: false)
      }
    }
  }

  private mutating func copyTag() throws(DiagnosticError) {
    guard try stream.copyTag(into: &tag, lines: &line, maximum: XMLTokenizer.maximumTagBytes) else {
      throw error(
        tag.count > XMLTokenizer.maximumTagBytes ? "a tag longer than 1 MiB" : "the document ends inside a tag")
    }
  }

  /// Skips to the end of `terminator` (`?>`, `-->`, `]]>`).
  private mutating func skip(until terminator: [UInt8]) throws(DiagnosticError) {
    var recent: [UInt8] = []
    while let byte = try stream.next() {
      if byte == 0x0A { line += 1 }
      recent.append(byte)
      if recent.count > terminator.count { recent.removeFirst() }
      if recent == terminator { return }
    }
    throw error("the document ends inside a comment, CDATA section or processing instruction")
  }

  /// Skips `<!DOCTYPE … [ … ]>`: `>` inside quotes or the bracketed internal subset does not end it.
  private mutating func skipDeclaration() throws(DiagnosticError) {
    var depth = 0
    var quote: UInt8 = 0
    while let byte = try stream.next() {
      if byte == 0x0A { line += 1 }
      if quote != 0 {
        if byte == quote { quote = 0 }
      } else if byte == 0x22 || byte == 0x27 {
        quote = byte
      } else if byte == 0x5B {
        depth += 1
      } else if byte == 0x5D {
        depth -= 1
      } else if byte == 0x3E && depth <= 0 {
        return
      }
    }
    throw error("the document ends inside its document type declaration")
  }

  // MARK: The current tag

  /// The element name of the current tag.
  package var elementName: ArraySlice<UInt8> {
    var end = 0
    while end < tag.count, !XMLTokenizer.isSpace(tag[end]) { end += 1 }
    return tag[0..<end]
  }

  /// Whether the current tag's element is `name`.
  package func isElement(_ name: StaticString) -> Bool {
    XMLTokenizer.equals(elementName, name)
  }

  /// The raw (undecoded) bytes of an attribute's value in the current tag.
  package func rawAttribute(_ name: StaticString) -> ArraySlice<UInt8>? {
    var index = elementName.endIndex
    let count = tag.count
    while index < count {
      while index < count, XMLTokenizer.isSpace(tag[index]) { index += 1 }
      let nameStart = index
      while index < count, tag[index] != 0x3D, !XMLTokenizer.isSpace(tag[index]) { index += 1 }
      let attribute = tag[nameStart..<index]
      while index < count, XMLTokenizer.isSpace(tag[index]) { index += 1 }
      guard index < count, tag[index] == 0x3D else { return nil }
      index += 1
      while index < count, XMLTokenizer.isSpace(tag[index]) { index += 1 }
      guard index < count, tag[index] == 0x22 || tag[index] == 0x27 else { return nil }
      let quote = tag[index]
      let valueStart = index + 1
      index = valueStart
      while index < count, tag[index] != quote { index += 1 }
      let value = tag[valueStart..<min(index, count)]
      index += 1
      if XMLTokenizer.equals(attribute, name) { return value }
    }
    return nil
  }

  /// An attribute's value with entities decoded, or nil when the tag has no such attribute.
  package func attribute(_ name: StaticString) -> String? {
    guard let raw = rawAttribute(name) else { return nil }
    guard raw.contains(0x26) else { return String(decoding: raw, as: UTF8.self) }
    return XMLTokenizer.decodeEntities(raw)
  }

  /// Decodes `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and character references; anything
  /// else is kept as written.
  static func decodeEntities(_ raw: ArraySlice<UInt8>) -> String {
    var text = String(decoding: raw, as: UTF8.self)[...]
    var result = ""
    while let ampersand = text.firstIndex(of: "&") {
      result += text[..<ampersand]
      guard let semicolon = text[ampersand...].firstIndex(of: ";") else { break }
      let entity = text[text.index(after: ampersand)..<semicolon]
      var decoded: String?
      switch entity {
      case "amp": decoded = "&"
      case "lt": decoded = "<"
      case "gt": decoded = ">"
      case "quot": decoded = "\""
      case "apos": decoded = "'"
      default:
        if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
          decoded = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        } else if entity.hasPrefix("#") {
          decoded = UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
      }
      if let decoded {
        result += decoded
        text = text[text.index(after: semicolon)...]
      } else {
        result += "&"
        text = text[text.index(after: ampersand)...]
      }
    }
    return result + text
  }

  @inline(__always)
  static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

  static func equals(_ bytes: ArraySlice<UInt8>, _ name: StaticString) -> Bool {
    guard bytes.count == name.utf8CodeUnitCount else { return false }
    return name.withUTF8Buffer { bytes.elementsEqual($0) }
  }

  /// Whether the bytes start with `prefix`.
  static func hasPrefix(_ bytes: ArraySlice<UInt8>, _ prefix: StaticString) -> Bool {
    prefix.withUTF8Buffer { bytes.starts(with: $0) }
  }
}
