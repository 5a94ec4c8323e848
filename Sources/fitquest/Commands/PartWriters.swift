import Foundation
import RuleLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The N part files of `fitquest split`, written beside their final names (`NAME.tmp-PID`) as
/// lines come and renamed into place by ``finish()``: until then no part file is changed, and
/// ``discard()`` removes what was written. What is at a part's path must be a regular file (it
/// is replaced) or nothing; the directory is created when missing.
struct PartWriters {
  let directory: String
  let paths: [String]
  private var descriptors: [Int32] = []
  /// Parts renamed into place, in order.
  private var renamed = 0
  private var buffers: [[UInt8]]
  /// Lines written to each part.
  private(set) var lines: [Int]
  /// Bytes buffered per part before a write.
  static let bufferSize = 1 << 20

  /// `part-I-of-N.ndjson`.
  static func name(_ index: Int, of count: Int) -> String { "part-\(index)-of-\(count).ndjson" }

  init(directory: String, count: Int) throws(CommandFailure) {
    self.directory = directory
    var info = stat()
    if stat(directory, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw OutputFile.failure(directory, "is not a directory")
      }
    } else {
      do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      } catch {
        throw OutputFile.failure(directory, "cannot create the directory: \(error.localizedDescription)")
      }
    }
    paths = (0..<count).map { "\(directory)/\(Self.name($0, of: count))" }
    buffers = Array(repeating: [], count: count)
    lines = Array(repeating: 0, count: count)
    for path in paths where lstat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFREG {
      throw OutputFile.failure(path, "\(FileSystem.describe(kind: info.st_mode & S_IFMT)); refusing to replace it")
    }
    for path in paths {
      let temporary = Self.temporary(path)
      unlink(temporary)
      let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644)
      guard descriptor >= 0 else {
        let code = errno
        discard()
        throw OutputFile.failure(path, "cannot write next to it: \(FileSystem.describe(code, path: temporary))")
      }
      descriptors.append(descriptor)
    }
  }

  static func temporary(_ path: String) -> String { "\(path).tmp-\(getpid())" }

  /// Appends a line (and a newline) to part `index`.
  mutating func append(_ line: ArraySlice<UInt8>, to index: Int) throws(CommandFailure) {
    buffers[index].append(contentsOf: line)
    buffers[index].append(UInt8(ascii: "\n"))
    lines[index] += 1
    if buffers[index].count >= Self.bufferSize { try flush(index) }
  }

  private mutating func flush(_ index: Int) throws(CommandFailure) {
    try OutputFile.writeAll(buffers[index], to: descriptors[index], path: Self.temporary(paths[index]))
    buffers[index].removeAll(keepingCapacity: true)
  }

  /// Writes what is buffered, flushes every part to disk and renames each into place.
  mutating func finish() throws(CommandFailure) {
    for index in paths.indices {
      try flush(index)
      guard fsync(descriptors[index]) == 0 else {
        throw OutputFile.failure(
          paths[index], "cannot flush to disk: \(FileSystem.describe(errno, path: paths[index]))")
      }
    }
    for (index, path) in paths.enumerated() {
      close(descriptors[index])
      descriptors[index] = -1
      guard rename(Self.temporary(path), path) == 0 else {
        throw OutputFile.failure(path, "cannot replace: \(FileSystem.describe(errno, path: path))")
      }
      renamed = index + 1
    }
    // The renames themselves reach the disk with the directory (as AtomicFile does).
    let descriptor = open(directory, O_RDONLY)
    if descriptor >= 0 {
      _ = fsync(descriptor)
      close(descriptor)
    }
  }

  /// Closes and removes the temporary files not yet renamed.
  mutating func discard() {
    for index in renamed..<descriptors.count {
      if descriptors[index] >= 0 { close(descriptors[index]) }
      unlink(Self.temporary(paths[index]))
      descriptors[index] = -1
    }
  }
}
