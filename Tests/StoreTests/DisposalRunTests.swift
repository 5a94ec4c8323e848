import Engine
import Foundation
import Testing

@testable import Ledger

/// A run that destroys its batches' queues and the events its players' windows drop on another
/// thread (``LedgerRun/disposesAside``, as `award --state` does) delivers and saves what a run
/// that destroys them itself does.
@Suite struct DisposalRunTests {
  /// Each day: a strength workout, a meal and the day closed, in date order (no retraction: a
  /// replay starts the window's storage anew, and this one must grow past 1,024 folded events).
  static func inOrder(days: Int) -> [Event] {
    guard let start = Day(year: 2026, month: 3, day: 2) else { return [] }
    return (0..<days).flatMap { offset -> [Event] in
      let day = start.adding(offset)
      let sets = (0..<3).map { ExerciseSet(reps: 5 + $0, weightKg: Double(40 + offset % 50), rpe: 7 + Double($0)) }
      return [
        .workout(
          id: "\(offset)-w", day: day, category: "strength", durationMin: 45, rpe: 7,
          exercises: [Exercise(name: "Bench Press", sets: sets)]),
        .nutrition(id: "\(offset)-n", day: day, intakeKcal: 2_400),
        .dayClosed(id: "\(offset)-c", day: day),
      ]
    }
  }

  @Test func aStateFileDisposingAsideDeliversAndSavesTheSame() throws {
    // 900 days of three events: the 60-day window keeps 180 and folds 2,520, so its storage is
    // reclaimed in each batch of 1,500 (every 1,024 events folded at least).
    let events = Self.inOrder(days: 900)
    #expect(events.count == 2_700)
    let itself = try AwardLinesPartsTests.stateDeliveries(events, batch: 1_500, aside: true)
    let aside = try AwardLinesPartsTests.stateDeliveries(events, batch: 1_500, aside: true, disposing: true)
    #expect(itself.json.count == events.count)
    #expect(AwardLinesPartsTests.differing(aside.json, itself.json) == 0)
    #expect(aside.saved.appliedCount == 2_700 && itself.saved.appliedCount == 2_700)
    #expect(aside.saved.progress == itself.saved.progress)
    #expect(aside.saved.history.kept.count == 180)
    #expect(aside.saved.history.kept.map(\.line) == itself.saved.history.kept.map(\.line))
  }

  /// An object that says when it is destroyed.
  final class Tracked: Sendable {
    let gone: DispatchSemaphore
    init(_ gone: DispatchSemaphore) { self.gone = gone }
    deinit { gone.signal() }
  }

  @Test func whatIsHandedOverIsDestroyedOnTheDisposalsThread() {
    let disposal = Disposal()
    let gone = DispatchSemaphore(value: 0)
    #expect(disposal.dispose(Disposal.Garbage([Tracked(gone)]), events: 1))
    #expect(gone.wait(timeout: .now() + 30) == .success)
  }

  @Test func beyondTheLimitTheCallerDestroysWhatItHandsOver() {
    let disposal = Disposal()
    let gone = DispatchSemaphore(value: 0)
    #expect(!disposal.dispose(Disposal.Garbage([Tracked(gone)]), events: Disposal.limit + 1))
    // Destroyed before `dispose` returned, on this thread.
    #expect(gone.wait(timeout: .now()) == .success)
  }
}
