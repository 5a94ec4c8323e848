#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Streams the lines of a file or standard input in bounded memory (reads 1 MiB at a time).
///
/// A line longer than ``maximumLineLength`` is an error, so a hostile input cannot exhaust
/// memory. Line terminators (`\n`, `\r\n`) are removed.
public final class LineReader {
  /// The longest line accepted: 16 MiB.
  public static let maximumLineLength = 16 << 20

  /// The name used in diagnostics.
  public let name: String
  private let descriptor: Int32
  private let ownsDescriptor: Bool
  // A reader is used from one thread at a time: its per-line state skips the runtime's
  // exclusivity checks (two calls into it per access, 4% of the reading thread's work).
  @exclusivity(unchecked) private var buffer: [UInt8] = []
  @exclusivity(unchecked) private var start = 0
  /// Bytes from `start` already searched for a newline.
  @exclusivity(unchecked) private var scanned = 0
  @exclusivity(unchecked) private var atEnd = false
  @exclusivity(unchecked) private var lines = 0
  @exclusivity(unchecked) private var consumed = 0
  /// The 1-based number of the last line returned. (Read through this getter: another module
  /// reading the stored property checked exclusivity at run time, which the attribute above
  /// skips only within this one: two calls into the runtime for each line's number.)
  public var lineNumber: Int { lines }
  /// Bytes consumed so far.
  public var bytesRead: Int { consumed }

  /// Opens a file, or standard input for `-`. Streams are fine (a pipe, a FIFO, a terminal); a
  /// directory, or a standard input that is closed, is unreadable input.
  ///
  /// - Parameter standardInputClosed: whether the process started with standard input closed
  ///   (its descriptor then holds a placeholder, and reading it is an error, not "no events").
  public init(path: String, standardInputClosed: Bool = false) throws(DiagnosticError) {
    if path == "-" {
      name = "<stdin>"
      descriptor = 0
      ownsDescriptor = false
      if standardInputClosed {
        throw DiagnosticError(.unreadable(name, "is closed; give the events as a file or on a pipe"))
      }
      try LineReader.checkStream(0, name: name)
    } else {
      name = path
      descriptor = open(path, O_RDONLY)
      ownsDescriptor = true
      if descriptor < 0 { throw DiagnosticError(.unreadable(path, FileSystem.describe(errno, path: path))) }
      do {
        try LineReader.checkStream(descriptor, name: name)
      } catch {
        close(descriptor)
        throw error
      }
    }
  }

  /// Refuses a descriptor that is closed or a directory.
  static func checkStream(_ descriptor: Int32, name: String) throws(DiagnosticError) {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let reason =
        errno == EBADF ? "is closed; give the events as a file or on a pipe" : FileSystem.describe(errno, path: name)
      throw DiagnosticError(.unreadable(name, reason))
    }
    if info.st_mode & S_IFMT == S_IFDIR {
      throw DiagnosticError(.unreadable(name, "is a directory, not a file"))
    }
  }

  deinit {
    if ownsDescriptor { close(descriptor) }
  }

  /// Whether ``nextLine()`` can return without reading more input: a whole line is in the buffer,
  /// or the input has ended. (A reader that hands lines on in groups hands a group on when the
  /// next line would wait for a slow pipe.)
  public var hasBufferedLine: Bool {
    if atEnd { return true }
    if let newline = newlineIndex(from: max(start, scanned)) {
      scanned = newline
      return true
    }
    scanned = buffer.count
    return false
  }

  /// The next line without its terminator, or nil at the end.
  public func nextLine() throws(DiagnosticError) -> ArraySlice<UInt8>? {
    while true {
      if let newline = newlineIndex(from: max(start, scanned)) {
        var end = newline
        if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = buffer[start..<end]
        start = newline + 1
        scanned = start
        lines += 1
        return line
      }
      scanned = buffer.count
      if buffer.count - start > LineReader.maximumLineLength {
        throw DiagnosticError(
          Diagnostic(
            file: name, position: SourcePosition(line: lines + 1, column: 1),
            message: "line \(lines + 1) is longer than 16 MiB; an event is at most 16 MiB"))
      }
      if atEnd {
        guard start < buffer.count else { return nil }
        let line = buffer[start...]
        start = buffer.count
        lines += 1
        return line
      }
      try fill()
    }
  }

  /// The index of the first newline in the buffer from `offset` on: one `memchr`, which reads
  /// many bytes at a time (`firstIndex(of:)` on the slice stepped through them one by one, at
  /// about 4 instructions a byte: 4% of `award`'s).
  private func newlineIndex(from offset: Int) -> Int? {
    buffer.withUnsafeBufferPointer { bytes -> Int? in
      guard offset < bytes.count, let base = bytes.baseAddress,
        let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), bytes.count - offset)
      else { return nil }
      return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }
  }

  private func fill() throws(DiagnosticError) {
    if start > 0 {
      buffer.removeSubrange(0..<start)
      scanned -= start
      start = 0
    }
    let chunk = 1 << 20
    var count = 0
    var failure: Int32 = 0
    // Read into fresh uninitialised storage and append it whole: appending a million zeros first
    // (`repeatElement`) costs a second per chunk in a debug build, where every test runs it.
    let bytes = [UInt8](unsafeUninitializedCapacity: chunk) { storage, initialized in
      guard let base = storage.baseAddress else { return }
      repeat { count = systemRead(descriptor, base, chunk) } while count < 0 && errno == EINTR
      if count < 0 { failure = errno }
      initialized = max(0, count)
    }
    if count < 0 { throw DiagnosticError(.unreadable(name, FileSystem.describe(failure, path: name))) }
    buffer.append(contentsOf: bytes)
    consumed += count
    if count == 0 { atEnd = true }
  }
}

@inline(__always)
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
