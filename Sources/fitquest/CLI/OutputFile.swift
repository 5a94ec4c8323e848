import Foundation
import RuleLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files a command writes besides standard output (`--svg`, `--junit`, `--output`, snapshots).
/// What is at the path is never replaced by something of another kind:
/// - nothing: missing parent directories are created and the file is written atomically;
/// - a regular file: replaced atomically (a temporary file beside it, flushed, renamed over it),
///   keeping its permissions;
/// - a symbolic link: followed to its target, which is written by these same rules (the link
///   stays a link);
/// - a FIFO or a character device (`/dev/null`, a terminal): written in place, as a shell's `>`;
///   `/dev/stdout`, `/dev/stderr` and `/dev/fd/N`: written to that descriptor, in order with
///   the rest of the output;
/// - a directory, a block device, a socket: refused.
/// A failure is exit 74, naming the path; what was there is intact.
enum OutputFile {
  /// Writes `text` to `path` by the rules above.
  static func write(_ text: String, to path: String) throws(CommandFailure) {
    let bytes = Array(text.utf8)
    switch try target(of: path) {
    case .descriptor(1): Console.output.write(text)
    case .descriptor(2): Console.error.write(text)
    case .descriptor(let descriptor):
      guard fcntl(descriptor, F_GETFD) != -1 else {
        throw failure(path, "cannot write: descriptor \(descriptor) is not open")
      }
      try writeAll(bytes, to: descriptor, path: path)
    case .inPlace(let target): try writeInPlace(bytes, to: target, path: path)
    case .replace(let target, let info): try replace(target, with: bytes, keeping: info, path: path)
    case .create(let target):
      do {
        try FileManager.default.createDirectory(
          at: URL(fileURLWithPath: target).deletingLastPathComponent(), withIntermediateDirectories: true)
      } catch {
        throw failure(path, "cannot create its directory: \(error.localizedDescription)")
      }
      try replace(target, with: bytes, keeping: nil, path: path)
    }
  }

  /// Removes a file the command owns (an orphaned snapshot, or a symbolic link in its place);
  /// anything else at the path is refused. A failure is exit 74.
  static func remove(_ path: String) throws(CommandFailure) {
    var info = stat()
    if lstat(path, &info) == 0 {
      let kind = info.st_mode & S_IFMT
      guard kind == S_IFREG || kind == S_IFLNK else {
        throw failure(path, "cannot remove: \(FileSystem.describe(kind: kind)); refusing to")
      }
    }
    if unlink(path) != 0 { throw failure(path, "cannot remove: \(FileSystem.describe(errno, path: path))") }
  }

  /// Where and how a path is written.
  enum Target {
    case create(String)
    case replace(String, stat)
    case inPlace(String)
    case descriptor(Int32)
  }

  /// Follows symbolic links (at most 40) to what is written.
  static func target(of path: String) throws(CommandFailure) -> Target {
    var current = path
    for _ in 0..<40 {
      if let descriptor = descriptorNumber(current) { return .descriptor(descriptor) }
      var info = stat()
      guard lstat(current, &info) == 0 else {
        if errno == ENOENT { return .create(current) }
        throw failure(path, "cannot write: \(FileSystem.describe(errno, path: current))")
      }
      switch info.st_mode & S_IFMT {
      case S_IFREG: return .replace(current, info)
      case S_IFIFO, S_IFCHR: return .inPlace(current)
      case S_IFLNK: current = try linkTarget(current, path: path)
      case let kind:
        throw failure(
          path,
          "cannot write: \(current == path ? "" : "\(current) ")\(FileSystem.describe(kind: kind)); refusing to replace it"
        )
      }
    }
    throw failure(path, "cannot write: a loop of symbolic links")
  }

  /// The descriptor a path names (`/dev/fd/N`, `/proc/self/fd/N`, this process's `/proc/PID/fd/N`).
  static func descriptorNumber(_ path: String) -> Int32? {
    let own = ["/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", "/proc/\(getpid())/fd/"]
    guard let prefix = own.first(where: path.hasPrefix), let number = Int32(path.dropFirst(prefix.count)), number >= 0
    else {
      return nil
    }
    return number
  }

  private static func linkTarget(_ link: String, path: String) throws(CommandFailure) -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink(link, &buffer, buffer.count - 1)
    guard length > 0 else { throw failure(path, "cannot write: \(FileSystem.describe(errno, path: link))") }
    let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    if target.hasPrefix("/") { return target }
    return (link.lastIndex(of: "/").map { String(link[...$0]) } ?? "") + target
  }

  private static func writeInPlace(_ bytes: [UInt8], to target: String, path: String) throws(CommandFailure) {
    let descriptor = open(target, O_WRONLY | O_NOCTTY | O_APPEND)
    guard descriptor >= 0 else { throw failure(path, "cannot write: \(FileSystem.describe(errno, path: target))") }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, [S_IFIFO, S_IFCHR].contains(info.st_mode & S_IFMT) else {
      throw failure(path, "cannot write: it changed while being opened")
    }
    try writeAll(bytes, to: descriptor, path: path)
  }

  /// Writes a temporary file beside `target`, flushes it and renames it over `target`.
  private static func replace(_ target: String, with bytes: [UInt8], keeping old: stat?, path: String)
    throws(CommandFailure)
  {
    let slash = target.lastIndex(of: "/")
    let directory = slash.map { String(target[..<$0]) } ?? "."
    let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
    let temporary = (slash.map { String(target[...$0]) } ?? "") + ".\(name).fitquest-\(getpid()).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o666)
    guard descriptor >= 0 else {
      throw failure(path, "cannot write next to it: \(FileSystem.describe(errno, path: temporary))")
    }
    do throws(CommandFailure) {
      defer { close(descriptor) }
      if let old {
        _ = fchown(descriptor, old.st_uid, old.st_gid)
        _ = fchmod(descriptor, old.st_mode & 0o7777)
      }
      try writeAll(bytes, to: descriptor, path: path)
      guard fsync(descriptor) == 0 else {
        throw failure(path, "cannot flush to disk: \(FileSystem.describe(errno, path: path))")
      }
    } catch {
      unlink(temporary)
      throw error
    }
    guard rename(temporary, target) == 0 else {
      let code = errno
      unlink(temporary)
      throw failure(path, "cannot replace: \(FileSystem.describe(code, path: target))")
    }
    let directoryDescriptor = open(directory.isEmpty ? "/" : directory, O_RDONLY)
    if directoryDescriptor >= 0 {
      _ = fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }

  static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(CommandFailure) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else {
        throw failure(path, "cannot write: \(FileSystem.describe(written < 0 ? errno : EIO, path: path))")
      }
      offset += written
    }
  }

  static func failure(_ path: String, _ message: String) -> CommandFailure {
    CommandFailure(code: ExitCode.ioError, message: "\(path): \(message)")
  }
}

@inline(__always)
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
