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
    // reclaimed in each batch (1,500 then 1,200 events: once 1,026 events, 342 days, are folded).
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
    // Freed aside: the two batches' queues (2,700 events) and two reclaims of 1,026 dropped.
    #expect(itself.freedAside == 0)
    #expect(aside.freedAside == 2_700 + 2 * 1_026)
  }

  /// An object that says when it is destroyed, and on which thread.
  final class Tracked: @unchecked Sendable {
    let gone: DispatchSemaphore
    let thread: ThreadBox
    init(_ gone: DispatchSemaphore, _ thread: ThreadBox = ThreadBox()) {
      self.gone = gone
      self.thread = thread
    }
    deinit {
      thread.set(Thread.current)
      gone.signal()
    }
  }

  /// A thread, set on one thread and read on another.
  final class ThreadBox: @unchecked Sendable {
    private let lock = NSLock()
    private var thread: Thread?
    func set(_ value: Thread) { lock.withLock { thread = value } }
    var value: Thread? { lock.withLock { thread } }
  }

  @Test func whatIsHandedOverIsDestroyedOnTheDisposalsThread() {
    let disposal = Disposal()
    let gone = DispatchSemaphore(value: 0)
    let thread = ThreadBox()
    // Handed over outside `#expect`: the macro keeps each argument of the call it checks, to
    // print it, and the object was destroyed here whenever that copy went after the thread's
    // (seen once, on a loaded machine).
    let handedOver = disposal.dispose(Disposal.Garbage([Tracked(gone, thread)]), events: 1)
    #expect(handedOver)
    #expect(gone.wait(timeout: .now() + 30) == .success)
    #expect(thread.value != nil && thread.value !== Thread.current)
    #expect(disposal.eventsTaken == 1)
  }

  @Test func beyondTheLimitTheCallerDestroysWhatItHandsOver() {
    let disposal = Disposal()
    let gone = DispatchSemaphore(value: 0)
    let thread = ThreadBox()
    let handedOver = disposal.dispose(Disposal.Garbage([Tracked(gone, thread)]), events: Disposal.limit + 1)
    #expect(!handedOver)
    // Destroyed before `dispose` returned, on this thread.
    #expect(gone.wait(timeout: .now()) == .success)
    #expect(thread.value === Thread.current)
    #expect(disposal.eventsTaken == 0)
  }
}
