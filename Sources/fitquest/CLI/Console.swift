import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Buffered standard output and error, written with plain `write(2)` so output order and bytes
/// are exactly what the program produced.
final class Console: @unchecked Sendable {
  private let lock = NSLock()
  private var buffer: [UInt8] = []
  private let descriptor: Int32

  static let output = Console(descriptor: 1)
  static let error = Console(descriptor: 2)

  private init(descriptor: Int32) {
    self.descriptor = descriptor
    buffer.reserveCapacity(1 << 16)
  }

  /// Whether the stream is a terminal.
  var isTerminal: Bool { isatty(descriptor) == 1 }

  func write(_ text: String) {
    lock.lock()
    buffer.append(contentsOf: text.utf8)
    let full = buffer.count >= 1 << 16
    lock.unlock()
    if full { flush() }
  }

  /// Writes UTF-8 bytes and a line break.
  func line(bytes: [UInt8]) {
    lock.lock()
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

  func flush() {
    lock.lock()
    defer { lock.unlock() }
    var offset = 0
    while offset < buffer.count {
      let written = buffer[offset...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
      if written <= 0 {
        if written < 0 && errno == EINTR { continue }
        break
      }
      offset += written
    }
    buffer.removeAll(keepingCapacity: true)
  }
}

@inline(__always)
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
