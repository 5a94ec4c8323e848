import RuleLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A stream of bytes read in chunks, in order: a file, or a member of a zip archive as it is
/// inflated. Readers never hold more than a chunk of it.
package protocol ByteSource {
  /// Reads up to `buffer.count` bytes into `buffer`; returns how many, 0 at the end.
  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(DiagnosticError) -> Int
}

/// A regular file opened for reading (a directory, a FIFO or a device is refused, exit 66).
package final class InputFile: @unchecked Sendable {
  /// The path, as diagnostics name it.
  package let path: String
  /// The size in bytes when opened.
  package let size: Int
  private let descriptor: Int32

  /// Opens a regular file.
  package init(path: String) throws(DiagnosticError) {
    self.path = path
    descriptor = try FileSystem.openRegularFile(path)
    var info = stat()
    size = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
  }

  deinit { close(descriptor) }

  /// Reads up to `buffer.count` bytes at `offset`; returns how many (0 at the end of the file).
  package func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(DiagnosticError) -> Int {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
    while true {
      let count = pread(descriptor, base, buffer.count, off_t(offset))
      if count >= 0 { return count }
      if errno == EINTR { continue }
      throw DiagnosticError(.unreadable(path, FileSystem.describe(errno, path: path)))
    }
  }

  /// Exactly `count` bytes at `offset`, or an error naming what was being read.
  package func bytes(at offset: Int, count: Int, what: String) throws(DiagnosticError) -> [UInt8] {
    guard offset >= 0, count >= 0 else {
      throw DiagnosticError(Diagnostic(file: path, message: "a damaged file (\(what) is out of place)"))
    }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, count), alignment: 8)
    defer { buffer.deallocate() }
    var done = 0
    while done < count {
      let read = try self.read(at: offset + done, into: UnsafeMutableRawBufferPointer(rebasing: buffer[done..<count]))
      guard read > 0 else { throw DiagnosticError(Diagnostic(file: path, message: "the file ends inside \(what)")) }
      done += read
    }
    return Array(buffer[0..<count])
  }
}

/// A range of a file, read in order.
package struct FileRange: ByteSource {
  let file: InputFile
  private(set) var offset: Int
  let end: Int

  /// The bytes of `file` from `offset` to `end` (exclusive).
  package init(_ file: InputFile, from offset: Int, to end: Int) {
    self.file = file
    self.offset = offset
    self.end = end
  }

  /// The whole file.
  package init(_ file: InputFile) { self.init(file, from: 0, to: Int.max) }

  package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(DiagnosticError) -> Int {
    let wanted = min(buffer.count, end - offset)
    guard wanted > 0 else { return 0 }
    let count = try file.read(at: offset, into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<wanted]))
    offset += count
    return count
  }
}
