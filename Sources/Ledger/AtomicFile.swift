import RuleLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces a file atomically: the bytes go to a temporary file in the same directory, which is
/// flushed to disk (`fsync`) and renamed over the target; then the directory is flushed. A crash
/// at any moment leaves either the old file or the new one, never a torn file.
public enum AtomicFile {
  /// Writes `bytes` to `path` atomically.
  /// - Throws: a diagnostic naming the path (no space, permission denied…); the old file is intact.
  public static func write(_ bytes: [UInt8], to path: String) throws(DiagnosticError) {
    let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    let temporary = "\(path).tmp-\(getpid())"
    // Created afresh, never through a link planted at the (predictable) temporary name.
    unlink(temporary)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644)
    if descriptor < 0 { throw failure(path, "cannot write next to it", errno) }
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        let code = errno
        close(descriptor)
        unlink(temporary)
        throw failure(path, "cannot write", code)
      }
      offset += written
    }
    if fsync(descriptor) != 0 {
      let code = errno
      close(descriptor)
      unlink(temporary)
      throw failure(path, "cannot flush to disk", code)
    }
    close(descriptor)
    if rename(temporary, path) != 0 {
      let code = errno
      unlink(temporary)
      throw failure(path, "cannot replace", code)
    }
    let directoryDescriptor = open(directory.isEmpty ? "/" : directory, O_RDONLY)
    if directoryDescriptor >= 0 {
      _ = fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }

  /// Removes temporary files left next to `path` by a writer that was killed before renaming.
  /// Call only while holding the file's lock (no other writer can be using them).
  public static func removeLeftovers(of path: String) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[..<$0]) } ?? "."
    let prefix = (slash.map { String(path[path.index(after: $0)...]) } ?? path) + ".tmp-"
    // Every name that matches is removed: the order does not matter, so the listing is not sorted.
    guard let names = try? FileSystem.names(in: directory.isEmpty ? "/" : directory) else { return }
    // By bytes: `hasPrefix` equates canonically equivalent names, so it would also take the
    // temporary files of a state whose name is the same text spelt with other code points.
    for name in names where name.utf8.starts(with: prefix.utf8) {
      unlink(directory.isEmpty ? "/\(name)" : "\(directory)/\(name)")
    }
  }

  private static func failure(_ path: String, _ what: String, _ code: Int32) -> DiagnosticError {
    DiagnosticError(
      Diagnostic(file: path, message: "\(what): \(FileSystem.describe(code, path: path)); the previous state is intact")
    )
  }
}

@inline(__always)
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
