import Foundation

/// A save finishing on a thread of its own (``FileStore/savesAside``) while the run applies its
/// next batch.
final class AsideSave: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  // Written by the save's thread before `done` is signalled, read after it is waited for.
  private var error: LedgerError?

  /// Starts `work` on its own thread (not Dispatch's pool: the run waits for it).
  init(_ work: @escaping @Sendable () throws(LedgerError) -> Void) {
    let thread = Thread { [self] in
      do throws(LedgerError) {
        try work()
      } catch {
        self.error = error
      }
      done.signal()
    }
    thread.stackSize = 4 << 20
    thread.start()
  }

  /// Waits for the save: its error, nil when it is durable.
  func wait() -> LedgerError? {
    done.wait()
    return error
  }
}
