import Foundation

/// A value behind a lock, for tests that gather results from several threads.
public final class Locked<Value>: @unchecked Sendable {
  private var value: Value
  private let lock = NSLock()

  public init(_ value: Value) { self.value = value }

  /// Runs `body` on the value while holding the lock.
  public func withLock<R>(_ body: (inout Value) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
