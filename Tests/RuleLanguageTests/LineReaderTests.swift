import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

/// The lines of a file as `award`, `check` and `split` read them: terminators removed, a last
/// line without one kept, lines across the reader's 1 MiB reads whole.
@Suite struct LineReaderTests {
  private func lines(of bytes: [UInt8]) throws -> [[UInt8]] {
    let directory = Paths.temporaryDirectory("line-reader")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("events.ndjson")
    try Data(bytes).write(to: file)
    let reader = try LineReader(path: file.path)
    var lines: [[UInt8]] = []
    while let line = try reader.nextLine() { lines.append(Array(line)) }
    #expect(reader.lineNumber == lines.count)
    return lines
  }

  @Test func terminatorsAreRemovedAndALastLineWithoutOneIsKept() throws {
    #expect(try lines(of: Array("a\r\nbb\n\nccc".utf8)) == [[0x61], [0x62, 0x62], [], [0x63, 0x63, 0x63]])
    #expect(try lines(of: Array("one\n".utf8)) == [Array("one".utf8)])
    #expect(try lines(of: []) == [])
    // A carriage return alone is not a terminator, and one before the end of a line stays.
    #expect(try lines(of: Array("a\rb\n\r\n".utf8)) == [Array("a\rb".utf8), []])
  }

  @Test func linesAcrossTheOneMebibyteReadsComeBackWhole() throws {
    // 1,048,574 bytes of x and a newline: the next line starts one byte before the first read
    // ends, so its newline (and its carriage return) are found only after the second read.
    let first = [UInt8](repeating: 0x78, count: (1 << 20) - 2)
    let second = Array("abcdef".utf8)
    let bytes = first + [0x0A] + second + [0x0D, 0x0A] + Array("last".utf8)
    let read = try lines(of: bytes)
    #expect(read.count == 3)
    #expect(read.first == first)
    #expect(read.dropFirst().first == second)
    #expect(read.last == Array("last".utf8))
  }

  /// Whether the next line is in hand: after one read, the lines it brought are; a line cut by
  /// the read's end, or none left before the end is seen, is not (the next line would read); at
  /// the end, nothing more is read.
  @Test func aLineIsInHandWhenItsNewlineHasBeenRead() throws {
    let directory = Paths.temporaryDirectory("line-reader")
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    // Opened for reading and writing, the FIFO does not wait for a writer to open it.
    let writer = open(fifo, O_RDWR)
    #expect(writer >= 0)
    defer { close(writer) }
    func send(_ text: String) { _ = Array(text.utf8).withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } }
    let reader = try LineReader(path: fifo)
    send("a\nbb\nc")
    #expect(try reader.nextLine().map(Array.init) == Array("a".utf8))
    #expect(reader.hasBufferedLine)
    #expect(try reader.nextLine().map(Array.init) == Array("bb".utf8))
    // "c" has no newline yet: the next line would wait for the pipe.
    #expect(!reader.hasBufferedLine)
    #expect(!reader.hasBufferedLine)
    send("c\n")
    #expect(try reader.nextLine().map(Array.init) == Array("cc".utf8))
    #expect(!reader.hasBufferedLine)
  }

  @Test func atTheEndNothingMoreIsRead() throws {
    let directory = Paths.temporaryDirectory("line-reader")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("events.ndjson")
    try Data("x\ny".utf8).write(to: file)
    let reader = try LineReader(path: file.path)
    // Nothing read yet.
    #expect(!reader.hasBufferedLine)
    #expect(try reader.nextLine().map(Array.init) == Array("x".utf8))
    // "y" lacks its newline, and the end has not been seen.
    #expect(!reader.hasBufferedLine)
    #expect(try reader.nextLine().map(Array.init) == Array("y".utf8))
    #expect(reader.hasBufferedLine)
    #expect(try reader.nextLine() == nil)
  }
}
