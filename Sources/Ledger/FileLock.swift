import RuleLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive advisory lock (`flock`) on `PATH.lock`, so that two `award` processes never
/// write one state file at once. The lock is released when the process exits, even on a crash.
public final class FileLock {
  /// The lock file's path.
  public let path: String
  private let descriptor: Int32

  /// Whether another process held the lock when we asked.
  public private(set) var hadToWait = false

  /// Takes the lock, waiting for it unless `wait` is false.
  /// - Throws: ``LedgerError/locked(_:)`` when busy and not waiting, or an I/O diagnostic.
  public init(path: String, wait: Bool, onWait: () -> Void = {}) throws(LedgerError) {
    self.path = path
    // A symbolic link in place of the lock file is never followed (it could point anywhere).
    descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW, 0o644)
    if descriptor < 0 {
      if errno == ELOOP {
        throw .unreadable(
          Diagnostic(file: path, message: "the lock file is a symbolic link; remove it (FitQuest never follows one)"))
      }
      throw .io(
        Diagnostic(file: path, message: "cannot create the lock file: \(FileSystem.describe(errno, path: path))"))
    }
    if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return }
    guard errno == EWOULDBLOCK else {
      let message = FileSystem.describe(errno, path: path)
      close(descriptor)
      throw .io(Diagnostic(file: path, message: "cannot lock: \(message)"))
    }
    guard wait else {
      close(descriptor)
      throw .locked(path)
    }
    hadToWait = true
    onWait()
    while flock(descriptor, LOCK_EX) != 0 {
      if errno == EINTR { continue }
      let message = FileSystem.describe(errno, path: path)
      close(descriptor)
      throw .io(Diagnostic(file: path, message: "cannot lock: \(message)"))
    }
  }

  deinit {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}
