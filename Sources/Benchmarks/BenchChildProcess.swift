import Foundation
import RuleLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `fitquest` child process of a benchmark, started with its standard output discarded and
/// its standard error read through a pipe (for the message when it fails); several may run at
/// once (``PartitionBenchmark``).
///
/// Started with `posix_spawn`, not Foundation's `Process`, whose `run()` on Linux (Swift 6.3.1)
/// can read past glibc's buffer while listing `/proc/self/fd` and crash this process
/// (swift-corelibs-foundation pull request 5472; docs/reliability.md).
struct BenchChildProcess {
  private let pid: pid_t
  private let errors: Int32
  private let started: Double
  private let sampler: PeakSampler
  private let parentPeak: Int
  private let arguments: [String]

  /// Starts `executable` with `arguments`.
  init(_ executable: String, _ arguments: [String]) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else {
      throw DiagnosticError(Diagnostic(message: "cannot start \(executable): no pipe (error \(errno))"))
    }
    // Close-on-exec: a second child started meanwhile must not hold this one's pipe open.
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    started = Clock.now()
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    close(fds[1])
    guard spawned == 0 else {
      close(fds[0])
      throw DiagnosticError(Diagnostic(message: "cannot start \(executable): error \(spawned)"))
    }
    self.pid = pid
    errors = fds[0]
    self.arguments = arguments
    // This process's own peak, which the child's figure from the kernel includes (below).
    parentPeak = Clock.highWaterMark(pid: nil) ?? Int.max
    sampler = PeakSampler(pid: pid)
  }

  /// Waits for the child to end; its wall time from its start and its peak RSS.
  /// - Throws: when it exits with a status other than 0 (with what it wrote to standard error).
  func finish() throws -> (seconds: Double, peakBytes: Int) {
    var message: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(errors, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      message += buffer[..<count]
    }
    close(errors)
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let seconds = Clock.now() - started
    let sampled = sampler.stop()
    guard status == 0 else {
      throw DiagnosticError(
        Diagnostic(
          message:
            "'fitquest \(arguments.first ?? "")' failed in the benchmark: \(String(decoding: message, as: UTF8.self))"))
    }
    #if os(Linux)
      let reported = Int(usage.ru_maxrss) * 1024
    #else
      let reported = Int(usage.ru_maxrss)
    #endif
    return (seconds, Self.peak(reported: reported, parentPeak: parentPeak, sampled: sampled))
  }

  /// A child's peak RSS from the kernel's figure (`reported`, from `wait4`) and the one sampled
  /// while it ran. The kernel's figure is exact, but on Linux it also counts this process's
  /// peak: `posix_spawn` runs the child in this process's memory until its `exec`, which then
  /// takes that memory's high-water mark as the child's. Above this process's peak, the figure
  /// is the child's own; else the child's VmHWM, sampled while it ran, tells (when there is one).
  static func peak(reported: Int, parentPeak: Int, sampled: Int?) -> Int {
    reported > parentPeak ? reported : sampled ?? reported
  }
}

/// Samples a running child's VmHWM (its peak so far) on a background thread (Linux): at its
/// start, then after 5 ms, each wait half as long again as the one before, up to 100 ms. Read
/// every 5 ms throughout, the children measured ran slower (docs/performance.md); read every
/// 100 ms from the start, a child of less than 100 ms had only its first reading, taken before it
/// had allocated much.
final class PeakSampler: @unchecked Sendable {
  private let lock = NSLock()
  private var peak: Int?
  private var running = true
  private let done = DispatchSemaphore(value: 0)

  init(pid: Int32) {
    Thread.detachNewThread { [self] in
      var interval: UInt32 = 5_000
      while lock.withLock({ running }) {
        if let value = Clock.highWaterMark(pid: pid) { lock.withLock { peak = max(peak ?? 0, value) } }
        usleep(interval)
        interval = min(interval * 3 / 2, 100_000)
      }
      done.signal()
    }
  }

  /// Stops sampling; the highest value seen, or nil if /proc was not readable.
  func stop() -> Int? {
    lock.withLock { running = false }
    done.wait()
    return lock.withLock { peak }
  }
}
