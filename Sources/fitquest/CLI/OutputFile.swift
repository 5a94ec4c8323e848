import Foundation

/// Files a command writes besides standard output (`--svg`, `--junit`, `--output`): missing
/// parent directories are created, the file is replaced atomically, and a failure is exit 74.
enum OutputFile {
  static func write(_ text: String, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    do {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url, options: .atomic)
    } catch {
      throw CommandFailure(code: ExitCode.ioError, message: "\(path): cannot write: \(error.localizedDescription)")
    }
  }
}

extension OutputFile {
  /// Removes a file the command owns (an orphaned snapshot); a failure is exit 74.
  static func remove(_ path: String) throws {
    do {
      try FileManager.default.removeItem(atPath: path)
    } catch {
      throw CommandFailure(code: ExitCode.ioError, message: "\(path): cannot remove: \(error.localizedDescription)")
    }
  }
}
