import FitQuestTestSupport
import Foundation
import Ledger
import Store
import Testing

/// Opening a store while another connection opens or creates it.
@Suite struct StoreOpeningTests {
  /// Two writers creating the same new store at once both open it: SQLite answers "busy" without
  /// waiting where a wait could deadlock (turning a new file into WAL), and the store waits and
  /// tries again within its wait. Before, about one start in 150 of `award --store` beside another
  /// exited 75 although it was told to wait.
  @Test func twoWritersCreatingTheSameStoreBothOpenIt() throws {
    let directory = Paths.temporaryDirectory("store-opening")
    defer { try? FileManager.default.removeItem(at: directory) }
    let failures = Locked([String]())
    for round in 0..<150 {
      let path = directory.appendingPathComponent("s\(round).sqlite").path
      DispatchQueue.concurrentPerform(iterations: 2) { writer in
        do {
          _ = try SQLiteStore(path: path, options: SQLiteStore.Options(waitMilliseconds: 60_000))
        } catch {
          failures.withLock { $0.append("round \(round), writer \(writer): \(error)") }
        }
      }
    }
    #expect(failures.withLock { $0 }.isEmpty)
  }
}
