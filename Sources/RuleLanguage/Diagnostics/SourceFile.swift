/// A named text held as UTF-8 bytes that maps byte offsets to lines and columns.
///
/// Line starts and scalar counts are indexed once at creation (one pass over the bytes), so each
/// position look-up is a binary search plus a count of at most 64 bytes: O(log n) even for a file
/// written on one line.
public final class SourceFile: Sendable {
  /// The name printed in diagnostics: a path such as `rules/xp.json`, or `<expression>`.
  public let name: String
  /// The raw bytes of the text.
  public let bytes: [UInt8]
  /// The line number of the first byte (greater than 1 for a line cut out of a larger stream).
  public let firstLine: Int
  private let lineStarts: [Int]
  /// `scalarCounts[k]` is the number of Unicode scalars that start in `bytes[0 ..< k × stride]`.
  private let scalarCounts: [Int]
  private static let stride = 64

  /// Creates a source file from raw bytes.
  public init(name: String, bytes: [UInt8], firstLine: Int = 1) {
    self.name = name
    self.bytes = bytes
    self.firstLine = firstLine
    var starts = [0]
    var counts = [0]
    counts.reserveCapacity(bytes.count / SourceFile.stride + 1)
    var scalars = 0
    for (index, byte) in bytes.enumerated() {
      if byte == UInt8(ascii: "\n") { starts.append(index + 1) }
      if byte & 0xC0 != 0x80 { scalars += 1 }
      if (index + 1) % SourceFile.stride == 0 { counts.append(scalars) }
    }
    self.lineStarts = starts
    self.scalarCounts = counts
  }

  /// The number of scalars that start before a byte offset.
  private func scalars(before offset: Int) -> Int {
    let block = offset / SourceFile.stride
    var count = scalarCounts[min(block, scalarCounts.count - 1)]
    var index = min(block, scalarCounts.count - 1) * SourceFile.stride
    while index < offset {
      if bytes[index] & 0xC0 != 0x80 { count += 1 }
      index += 1
    }
    return count
  }

  /// The bytes as text (invalid UTF-8 replaced).
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Creates a source file from text.
  public convenience init(name: String, text: String, firstLine: Int = 1) {
    self.init(name: name, bytes: Array(text.utf8), firstLine: firstLine)
  }

  /// Returns the line and column of a byte offset; offsets past the end map to the end.
  public func position(of offset: Int) -> SourcePosition {
    let offset = max(0, min(offset, bytes.count))
    let lineIndex = lineIndex(containing: offset)
    let column = scalars(before: offset) - scalars(before: lineStarts[lineIndex]) + 1
    return SourcePosition(line: firstLine + lineIndex, column: column)
  }

  /// Returns the text of a line (1-based, counting from `firstLine`) without its line break.
  public func lineText(_ line: Int) -> String {
    let lineIndex = line - firstLine
    guard lineIndex >= 0, lineIndex < lineStarts.count else { return "" }
    let start = lineStarts[lineIndex]
    var end = lineIndex + 1 < lineStarts.count ? lineStarts[lineIndex + 1] - 1 : bytes.count
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
  }

  private func lineIndex(containing offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return low
  }
}
