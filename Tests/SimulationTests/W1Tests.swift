import Benchmarks
import Engine
import FitQuestTestSupport
import Testing

/// Workload W1 (../shared/bench/W1.md): the generator follows the spec, and the engine running
/// rules/w1 agrees with the hand-written loop — and both with values computed from the spec by an
/// independent implementation (a short Python transcription of W1.md, run once by hand).
@Suite struct W1Tests {
  @Test func theGeneratorDrawsAsTheSpecSays() {
    // LCG from 42; draws per event: category, duration, sets, volume (kept for strength only), RPE.
    let events = W1Events(count: 3)
    #expect(events.category == [4, 1, 4])
    #expect(events.durationMin == [33, 90, 117])
    #expect(events.sets == [25, 21, 1])
    #expect(events.volumeKg == [0, 0, 0])
    #expect(events.rpe == [5, 6, 9])
    #expect(events.day == [0, 0, 1])
  }

  @Test func engineAndHandWrittenLoopAgreeWithTheSpec() throws {
    // Event 0, other: (20 + 33 × 1.5 + 25 × 2 + 0) × 0.7 = 83.65 → 84.
    // Event 1, cardio: (40 + 90 × 1.5 + 21 × 2) × 1.0 = 217.
    // Event 2, other at RPE 9: (20 + 117 × 1.5 + 1 × 2) × 0.7 × 1.1 = 152.075 → 152.
    let three = W1Events(count: 3)
    let engine = try Engine(rulesDirectory: Paths.repository.appendingPathComponent("rules/w1").path)
    #expect(W1HandWritten.run(three).totalXP == 84 + 217 + 152)
    #expect(try W1Engine.run(three.engineEvents(), engine: engine).totalXP == 84 + 217 + 152)

    let events = W1Events(count: 20_000)
    let expected: [(String, Int)] = [
      ("workouts-1", 0), ("workouts-10", 9), ("workouts-50", 49), ("workouts-100", 99), ("workouts-500", 499),
      ("workouts-1000", 999), ("streak-3", 3), ("streak-7", 9), ("streak-30", 44), ("streak-100", 149),
      ("strength-10", 41), ("strength-50", 266), ("cardio-10", 55), ("cardio-50", 244), ("flexibility-10", 83),
      ("flexibility-50", 240), ("sports-10", 57), ("sports-50", 255), ("other-10", 24), ("other-50", 226),
      ("volume-10000", 62), ("volume-100000", 540), ("volume-1000000", 5077), ("minutes-600", 11),
      ("minutes-6000", 89), ("minutes-60000", 907), ("level-5", 6), ("level-10", 16),
    ]
    let spec = W1Outcome(totalXP: 3_343_867, finalLevel: 1_038, unlocks: expected.map { (name: $0.0, index: $0.1) })
    let handWritten = W1HandWritten.run(events)
    let viaEngine = try W1Engine.run(events.engineEvents(), engine: engine)
    #expect(handWritten == spec)
    #expect(viaEngine == spec)
  }
}
