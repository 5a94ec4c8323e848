import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Testing

@testable import Store

/// A player read while another connection writes it. docs/scale.md: "concurrent processes on one
/// store take turns"; a healthy player must never be reported damaged.
@Suite struct StoreConcurrentReadTests {
  /// Errors seen by the reading thread, and whether the writer is done.
  final class Shared: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [String] = []
    private var done = false
    private var reads = 0

    func failed(_ message: String) { lock.withLock { errors.append(message) } }
    func finish() { lock.withLock { done = true } }
    var isDone: Bool { lock.withLock { done } }
    func read() { lock.withLock { reads += 1 } }
    var result: (errors: [String], reads: Int) { lock.withLock { (errors, reads) } }
  }

  /// A writer applies 300 meals to player "p", one commit each, and writes the player's snapshot
  /// (with its event ids) after each; meanwhile another connection reads the player again and
  /// again, as `award --store` reads a player it does not hold. Each committed state is healthy
  /// (the store's check finds nothing at the end), so every read must give a player of 1 to 300
  /// events. It fails instead with "player 'p' is damaged: it has 3 event ids for 1 events" (a
  /// quarter of the reads): the reader takes the player's row (an older snapshot) and then its
  /// event ids in two statements, with no read transaction around them, and the writer's next
  /// snapshots and ids land in between. Seen with the CLI too: three `award --store --cache-mb 1
  /// --max-lock-ms 1 --commit-every 50 --snapshot-every 8` processes on one store stop with
  /// exit 65 on such a player in every try (3 of 3, and 3 of 3 with the build before this
  /// session).
  @Test func aPlayerReadWhileAnotherConnectionWritesItIsNeverDamaged() throws {
    let (directory, path) = StoreFixture.storePath("store-concurrent-read")
    defer { try? FileManager.default.removeItem(at: directory) }
    let writer = try SQLiteStore(path: path, options: SQLiteStore.Options(snapshotEvery: 1))
    let start = try #require(Day(year: 2026, month: 3, day: 2))
    let first = Event.nutrition(id: "n0", day: start, player: "p", intakeKcal: 2000)
    try StoreFixture.award([first], to: writer, batch: 1)
    try writer.saveSnapshots()
    let shared = Shared()
    let engine = StoreFixture.engine
    let thread = Thread {
      defer { shared.finish() }
      do {
        let run = LedgerRun(store: writer, engine: engine)
        for index in 1..<300 {
          try run.add(.nutrition(id: "n\(index)", day: start.adding(index / 4), player: "p", intakeKcal: 2000))
          _ = try run.commit { _ in }
          try writer.saveSnapshots()
        }
      } catch {
        shared.failed("writer: \(error)")
      }
    }
    thread.start()
    let reader = try SQLiteStore(path: path, access: .readOnly)
    let player = StoreFixture.id("p")
    while !shared.isDone {
      do {
        let state = try reader.load(player: player)
        let count = state?.appliedCount ?? 0
        if !(1...300).contains(count) { shared.failed("read \(count) events") }
        shared.read()
      } catch {
        shared.failed("\(error)")
      }
    }
    let (errors, reads) = shared.result
    #expect(reads > 0)
    let failed = errors.count
    #expect(failed == 0, "\(failed) of \(reads) reads failed, first: \(errors.first ?? "")")
    // Every committed state was healthy.
    let final = try SQLiteStore(path: path, access: .readOnly)
    #expect(try final.load(player: player)?.appliedCount == 300)
  }
}
