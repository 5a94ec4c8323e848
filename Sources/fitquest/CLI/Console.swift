import Foundation
import RuleLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Buffered standard output and error, written with plain `write(2)` so output order and bytes
/// are exactly what the program produced. Every write is checked: the first failure is kept,
/// and the program exits 74 when standard output could not be written (never 0 after losing
/// output).
final class Console: @unchecked Sendable {
  private let lock = NSLock()
  // Read and written only under `lock`: the runtime's exclusivity checks (two calls into it
  // per access, for every award line written) are skipped.
  @exclusivity(unchecked) private var buffer: [UInt8] = []
  private let descriptor: Int32
  /// The `errno` of the first failed write, if any.
  @exclusivity(unchecked) private var failure: Int32?
  /// While true, writes are dropped (a shard's report, replaced by its partial result).
  @exclusivity(unchecked) private var discarding = false

  static let output = Console(descriptor: 1)
  static let error = Console(descriptor: 2)

  /// The most diagnostics printed for one failure; the rest are counted.
  static let maximumDiagnostics = 100

  private init(descriptor: Int32) {
    self.descriptor = descriptor
    buffer.reserveCapacity(1 << 16)
  }

  /// Whether the stream is a terminal.
  var isTerminal: Bool { isatty(descriptor) == 1 }

  /// Drops (true) or resumes (false) writes.
  func discard(_ on: Bool) {
    lock.lock()
    discarding = on
    if on { buffer.removeAll(keepingCapacity: true) }
    lock.unlock()
  }

  func write(_ text: String) {
    lock.lock()
    if discarding {
      lock.unlock()
      return
    }
    buffer.append(contentsOf: text.utf8)
    let full = buffer.count >= 1 << 16
    lock.unlock()
    if full { flush() }
  }

  /// Writes UTF-8 bytes as they are.
  func write(bytes: ArraySlice<UInt8>) {
    lock.lock()
    if discarding {
      lock.unlock()
      return
    }
    buffer.append(contentsOf: bytes)
    let full = buffer.count >= 1 << 16
    lock.unlock()
    if full { flush() }
  }

  /// Writes UTF-8 bytes and a line break.
  func line(bytes: [UInt8]) {
    lock.lock()
    if discarding {
      lock.unlock()
      return
    }
    buffer.append(contentsOf: bytes)
    buffer.append(0x0A)
    let full = buffer.count >= 1 << 16
    lock.unlock()
    if full { flush() }
  }

  func line(_ text: String = "") {
    write(text)
    write("\n")
  }

  /// Prints diagnostics, at most ``maximumDiagnostics`` of them, then how many were left out.
  func diagnostics(_ list: [Diagnostic]) {
    for diagnostic in list.prefix(Console.maximumDiagnostics) { line(diagnostic.rendered()) }
    if list.count > Console.maximumDiagnostics {
      line("note: \(list.count - Console.maximumDiagnostics) more problem(s) not shown; fix these first")
    }
  }

  /// Writes out the buffer; returns false (and remembers why) when the write failed.
  @discardableResult
  func flush() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    if failure != nil {
      buffer.removeAll(keepingCapacity: true)
      return false
    }
    var offset = 0
    while offset < buffer.count {
      let written = buffer[offset...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      if written <= 0 {
        if failure == nil { failure = written < 0 ? errno : EIO }
        break
      }
      offset += written
    }
    buffer.removeAll(keepingCapacity: true)
    return failure == nil
  }

  /// Records that the stream cannot be written (it was closed when the process started).
  func markFailed(_ code: Int32) {
    lock.lock()
    if failure == nil { failure = code }
    lock.unlock()
  }

  /// Whether a write failed because the reader went away (`| head` read what it wanted).
  var readerClosed: Bool {
    lock.lock()
    defer { lock.unlock() }
    return failure == EPIPE
  }

  /// Why a write failed ("No space left on device"), or nil when every write succeeded.
  var failureDescription: String? {
    lock.lock()
    defer { lock.unlock() }
    return failure.map { String(cString: strerror($0)) }
  }
}

@inline(__always)
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
