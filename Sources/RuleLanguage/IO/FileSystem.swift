#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads files with errors a user can act on ("no such file", "is a directory", "permission
/// denied"), each as a diagnostic naming the path.
public enum FileSystem {
  /// The largest file read whole (1 GiB); larger inputs are streamed or rejected.
  public static let maximumFileSize = 1 << 30

  /// Reads a whole file as a source file named by `path`.
  public static func read(_ path: String) throws(DiagnosticError) -> SourceFile {
    SourceFile(name: path, bytes: try readBytes(path))
  }

  /// Reads a whole file's bytes.
  public static func readBytes(_ path: String) throws(DiagnosticError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    if descriptor < 0 { throw DiagnosticError(.unreadable(path, describe(errno, path: path))) }
    defer { close(descriptor) }
    var info = stat()
    if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
      throw DiagnosticError(.unreadable(path, "is a directory, not a file"))
    }
    if Int(info.st_size) > maximumFileSize {
      throw DiagnosticError(Diagnostic(file: path, message: "file is larger than 1 GiB"))
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(max(0, Int(info.st_size)))
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw DiagnosticError(.unreadable(path, describe(errno, path: path)))
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
      if bytes.count > maximumFileSize {
        throw DiagnosticError(Diagnostic(file: path, message: "file is larger than 1 GiB"))
      }
    }
    return bytes
  }

  /// Whether a path names a directory.
  public static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Whether a path exists.
  public static func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  /// The names in a directory, sorted by their UTF-8 bytes (never in file-system order).
  public static func listDirectory(_ path: String) throws(DiagnosticError) -> [String] {
    guard let directory = opendir(path) else {
      throw DiagnosticError(.unreadable(path, describe(errno, path: path)))
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
  }

  /// A message for an errno value.
  public static func describe(_ code: Int32, path: String) -> String {
    switch code {
    case ENOENT: return "no such file or directory"
    case EACCES, EPERM: return "permission denied"
    case EISDIR: return "is a directory, not a file"
    case ENOTDIR: return "a component of the path is not a directory"
    case ENOSPC: return "no space left on the device"
    case EROFS: return "the file system is read-only"
    case EFBIG: return "the file would exceed the size limit (ulimit -f)"
    case EDQUOT: return "the disk quota is exceeded"
    default: return String(cString: strerror(code))
    }
  }
}

@inline(__always)
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
