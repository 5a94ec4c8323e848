import RuleLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file written only at its end: cut back to a known length (dropping a torn tail), append,
/// flush to disk. Symbolic links are not followed.
enum AppendFile {
  /// Keeps the first `length` bytes of `path` (creating it when absent), appends `bytes`, and
  /// flushes the file to disk.
  static func append(_ bytes: [UInt8], to path: String, after length: Int) throws(DiagnosticError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW, 0o644)
    if descriptor < 0 { throw failure(path, "cannot open", errno) }
    defer { close(descriptor) }
    if ftruncate(descriptor, off_t(length)) != 0 { throw failure(path, "cannot truncate", errno) }
    if lseek(descriptor, off_t(length), SEEK_SET) < 0 { throw failure(path, "cannot seek", errno) }
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        throw failure(path, "cannot write", errno)
      }
      offset += written
    }
    if fsync(descriptor) != 0 { throw failure(path, "cannot flush to disk", errno) }
  }

  /// The first `length` bytes of a file (fewer when it is shorter); empty when it does not exist.
  static func read(_ path: String, length: Int) throws(DiagnosticError) -> [UInt8] {
    guard FileSystem.exists(path) else { return [] }
    let bytes = try FileSystem.readBytes(path)
    return Array(bytes.prefix(length))
  }

  private static func failure(_ path: String, _ what: String, _ code: Int32) -> DiagnosticError {
    DiagnosticError(
      Diagnostic(file: path, message: "\(what): \(FileSystem.describe(code, path: path)); the previous state is intact")
    )
  }
}
