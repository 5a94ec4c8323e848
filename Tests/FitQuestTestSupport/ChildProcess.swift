import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process started with `posix_spawn`, for the tests that run the CLI.
///
/// Not Foundation's `Process`: on Linux its `run()` lists `/proc/self/fd` by copying each
/// directory entry's whole 256-byte name field, which reads past glibc's buffer when an entry
/// ends it and the next page is unmapped — an intermittent SIGSEGV of the test process (seen in
/// this suite under coverage; swift-corelibs-foundation pull request 5472, Swift 6.3.1).
///
/// The child starts in `directory` through `/bin/sh -c 'cd "$0" && exec "$@"'`: `exec` keeps the
/// process id, so the id, the exit status and a kill are the program's own. Its standard input
/// is a pipe (``writeInput(_:)``, then closed) or `/dev/null`; its output and errors are pipes
/// read to their end on threads of their own (``wait()``), or `/dev/null`.
public final class ChildProcess: @unchecked Sendable {
  /// How a finished child ended.
  public struct Termination: Sendable, Equatable {
    /// The exit status, or the signal's number when `isSignal`.
    public var code: Int32
    public var isSignal: Bool
  }

  public let processIdentifier: pid_t
  private var input: Int32 = -1
  private var outputReader: Reader?
  private var errorReader: Reader?
  private let lock = NSLock()
  private var ended: Termination?

  /// Every spawn of this process holds it from creating its pipes to closing the child's ends,
  /// so that no other child started here inherits them (they are close-on-exec by then).
  private static let spawning = NSLock()

  /// Starts `executable`. `capturesOutput`/`capturesErrors`: read into ``output``/``errors``;
  /// otherwise discarded. `environment` is added to this process's.
  public init(
    _ executable: URL, _ arguments: [String], in directory: URL, environment: [String: String] = [:],
    takesInput: Bool = false, capturesOutput: Bool = false, capturesErrors: Bool = false
  ) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    Self.spawning.lock()
    defer { Self.spawning.unlock() }
    var parentEnds: [Int32] = []
    var childEnds: [Int32] = []
    func pipeFor(_ target: Int32, childReads: Bool) throws -> Int32 {
      var fds: [Int32] = [-1, -1]
      guard pipe(&fds) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
      for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
      let (child, parent) = childReads ? (fds[0], fds[1]) : (fds[1], fds[0])
      posix_spawn_file_actions_adddup2(&actions, child, target)
      childEnds.append(child)
      parentEnds.append(parent)
      return parent
    }
    if takesInput {
      input = try pipeFor(0, childReads: true)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    let output = capturesOutput ? try pipeFor(1, childReads: false) : -1
    if !capturesOutput { posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0) }
    let errors = capturesErrors ? try pipeFor(2, childReads: false) : -1
    if !capturesErrors { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
    let argv =
      ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory.path, executable.path] + arguments
    let environ = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
    var cArguments = argv.map { strdup($0) } + [nil]
    var cEnvironment = environ.map { strdup($0) } + [nil]
    defer {
      for pointer in cArguments { free(pointer) }
      for pointer in cEnvironment { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, &cArguments, &cEnvironment)
    for fd in childEnds { close(fd) }
    guard spawned == 0 else {
      for fd in parentEnds { close(fd) }
      throw POSIXError(.init(rawValue: spawned) ?? .EIO)
    }
    processIdentifier = pid
    if output >= 0 { outputReader = Reader(output) }
    if errors >= 0 { errorReader = Reader(errors) }
  }

  /// Writes to the child's standard input (a child that takes input).
  public func writeInput(_ data: Data) {
    guard input >= 0 else { return }
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(input, buffer.baseAddress.unsafelyUnwrapped + offset, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
    }
  }

  /// Closes the child's standard input.
  public func closeInput() {
    guard input >= 0 else { return }
    close(input)
    input = -1
  }

  /// Whether the child has not ended yet (never blocks: a watchdog may ask while ``wait()``
  /// waits).
  public var isRunning: Bool {
    lock.lock()
    defer { lock.unlock() }
    if ended != nil { return false }
    var status: Int32 = 0
    let result = waitpid(processIdentifier, &status, WNOHANG)
    if result == processIdentifier {
      ended = Self.termination(status)
      return false
    }
    // 0: still running; -1: reaped by ``wait()`` meanwhile.
    return result == 0
  }

  /// Waits for the child to end (and for its output and errors to be read to their end).
  @discardableResult
  public func wait() -> Termination {
    closeInput()
    outputReader?.finish()
    errorReader?.finish()
    while true {
      lock.lock()
      if let ended {
        lock.unlock()
        return ended
      }
      lock.unlock()
      var status: Int32 = 0
      let result = waitpid(processIdentifier, &status, 0)
      if result < 0 && errno == EINTR { continue }
      lock.lock()
      defer { lock.unlock() }
      if result == processIdentifier, ended == nil { ended = Self.termination(status) }
      // Reaped by ``isRunning`` meanwhile: its record stands.
      return ended ?? Termination(code: -1, isSignal: false)
    }
  }

  /// ``wait()``, as Foundation's `Process` names it.
  public func waitUntilExit() { wait() }

  /// The exit status, or the signal's number for a child a signal ended (after ``wait()``).
  public var terminationStatus: Int32 { wait().code }

  /// Everything the child wrote to its standard output (after ``wait()``).
  public var output: Data { outputReader?.data ?? Data() }
  /// Everything the child wrote to its standard error (after ``wait()``).
  public var errors: Data { errorReader?.data ?? Data() }

  private static func termination(_ status: Int32) -> Termination {
    let signal = status & 0x7f
    return signal == 0
      ? Termination(code: (status >> 8) & 0xff, isSignal: false) : Termination(code: signal, isSignal: true)
  }

  /// Reads a pipe to its end on a thread of its own (a child blocked on a full pipe would never
  /// end otherwise). What it read so far may be asked at any time (a test polls a running
  /// child's output): the bytes are appended and read under a lock.
  private final class Reader: @unchecked Sendable {
    private let lock = NSLock()
    private var collected = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ fd: Int32) {
      let thread = Thread { [self] in
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
          let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
          if count < 0 && errno == EINTR { continue }
          guard count > 0 else { break }
          lock.lock()
          collected.append(contentsOf: buffer[..<count])
          lock.unlock()
        }
        close(fd)
        done.signal()
      }
      thread.start()
    }

    /// The bytes read so far (all of them after ``finish()``).
    var data: Data {
      lock.lock()
      defer { lock.unlock() }
      return collected
    }

    /// Waits until the pipe is read to its end (at once after the first time: signalled again
    /// for the next caller, from whichever thread).
    func finish() {
      done.wait()
      done.signal()
    }
  }
}
