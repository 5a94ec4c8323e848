import Dispatch
import Foundation

/// Progress on standard error for long runs (Monte Carlo, sweeps, comparisons, checks, bench):
/// shown only when standard error is a terminal (or `FITQUEST_PROGRESS=1`), and only once the
/// work has taken two seconds, so short runs and pipelines print nothing extra.
final class Progress: @unchecked Sendable {
  private let total: Int
  private let label: String
  private let start = DispatchTime.now().uptimeNanoseconds
  private let lock = NSLock()
  private var shown = false
  private var lastPrinted: UInt64 = 0

  /// Seconds before anything is shown (`FITQUEST_PROGRESS_DELAY` changes it, for tests).
  static let delay: Double = ProcessInfo.processInfo.environment["FITQUEST_PROGRESS_DELAY"].flatMap(Double.init) ?? 2

  /// Whether progress may be shown at all.
  static var isEnabled: Bool {
    let forced = ProcessInfo.processInfo.environment["FITQUEST_PROGRESS"]
    if forced == "0" { return false }
    return forced == "1" || Console.error.isTerminal
  }

  private init(total: Int, label: String) {
    self.total = total
    self.label = label
  }

  /// A reporter for `total` units of work, or nil when progress is not shown.
  static func start(total: Int, label: String) -> Progress? {
    guard isEnabled, total > 1 else { return nil }
    return Progress(total: total, label: label)
  }

  /// The callback to pass to the library.
  var callback: @Sendable (Int) -> Void { { [self] done in update(done) } }

  func update(_ done: Int) {
    let now = DispatchTime.now().uptimeNanoseconds
    lock.lock()
    defer { lock.unlock() }
    let elapsed = Double(now - start) / 1e9
    guard elapsed >= Progress.delay, now - lastPrinted >= 100_000_000 || done >= total else { return }
    lastPrinted = now
    shown = true
    Console.error.write("\r\u{1B}[K\(label): \(min(done, total))/\(total)")
    Console.error.flush()
  }

  /// Clears the progress line, if one was shown.
  func finish() {
    lock.lock()
    defer { lock.unlock() }
    if shown { Console.error.write("\r\u{1B}[K") }
  }
}
