import RuleLanguage

/// A buffered reader over a ``ByteSource``: bytes one at a time, or scanned in place chunk by
/// chunk. Memory is one chunk (256 KiB) however long the stream.
package final class ByteStream {
  /// The name diagnostics use (the file, or `archive.zip/member`).
  package let name: String
  private var source: any ByteSource
  /// The current chunk; bytes `position..<limit` are unread.
  private let buffer: UnsafeMutableRawBufferPointer
  private(set) var position = 0
  private(set) var limit = 0
  private var finished = false
  /// Bytes of the stream before the current chunk.
  private var consumedBeforeChunk = 0

  /// The size of a chunk.
  static let chunkSize = 1 << 18

  /// A stream over a source.
  package init(_ source: any ByteSource, name: String) {
    self.source = source
    self.name = name
    buffer = .allocate(byteCount: ByteStream.chunkSize, alignment: 8)
  }

  deinit { buffer.deallocate() }

  /// Bytes read so far.
  package var offset: Int { consumedBeforeChunk + position }

  /// Whether unread bytes remain (reading the next chunk when the current one is used up).
  @inline(__always)
  func hasMore() throws(DiagnosticError) -> Bool {
    if position < limit { return true }
    return try refill()
  }

  /// The next byte, or nil at the end.
  @inline(__always)
  func next() throws(DiagnosticError) -> UInt8? {
    guard try hasMore() else { return nil }
    let byte = buffer[position]
    position += 1
    return byte
  }

  /// The next byte without consuming it, or nil at the end.
  @inline(__always)
  func peek() throws(DiagnosticError) -> UInt8? {
    guard try hasMore() else { return nil }
    return buffer[position]
  }

  /// The first `count` bytes of the stream (fewer when it is shorter), without consuming them;
  /// only before anything is read.
  func prefix(_ count: Int) throws(DiagnosticError) -> [UInt8] {
    precondition(consumedBeforeChunk == 0 && position == 0, "prefix is read before the stream is consumed")
    let wanted = min(count, buffer.count)
    while limit < wanted, !finished {
      let read = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[limit...]))
      if read == 0 { finished = true }
      limit += read
    }
    return Array(buffer[0..<min(wanted, limit)])
  }

  /// Consumes bytes up to and including the next `target`, counting the line breaks passed;
  /// false when the stream ends first.
  func skip(through target: UInt8, lines: inout Int) throws(DiagnosticError) -> Bool {
    while try hasMore() {
      var index = position
      var breaks = 0
      while index < limit {
        let byte = buffer[index]
        if byte == target { break }
        if byte == 0x0A { breaks += 1 }
        index += 1
      }
      lines += breaks
      if index < limit {
        position = index + 1
        return true
      }
      position = index
    }
    return false
  }

  /// Appends bytes to `tag` up to the next `>` outside single or double quotes, consuming the
  /// `>`; counts line breaks. False when the stream ends first or the tag grows past `maximum`.
  func copyTag(into tag: inout [UInt8], lines: inout Int, maximum: Int) throws(DiagnosticError) -> Bool {
    var quote: UInt8 = 0
    while try hasMore() {
      let start = position
      var index = start
      var found = false
      while index < limit {
        let byte = buffer[index]
        if quote != 0 {
          if byte == quote { quote = 0 }
        } else if byte == 0x3E {
          found = true
          break
        } else if byte == 0x22 || byte == 0x27 {
          quote = byte
        }
        if byte == 0x0A { lines += 1 }
        index += 1
      }
      tag.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start..<index]))
      position = found ? index + 1 : index
      if found { return true }
      if tag.count > maximum { return false }
    }
    return false
  }

  private func refill() throws(DiagnosticError) -> Bool {
    guard !finished else { return false }
    consumedBeforeChunk += limit
    position = 0
    limit = 0
    while limit == 0 {
      let read = try source.read(into: buffer)
      if read == 0 {
        finished = true
        return false
      }
      limit = read
    }
    return true
  }
}
