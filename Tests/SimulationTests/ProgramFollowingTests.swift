import Engine
import FitQuestTestSupport
import Foundation
import RuleLanguage
import Simulation
import Testing

/// The scenario generator lifts what the pack plans, so a simulated lifter follows a pack's
/// program: in the deload week of each 4-week block the top sets drop to about 60% (the
/// beginner scenario has no program of its own).
@Suite struct ProgramFollowingTests {
  @Test func aSimulatedLifterFollowsThePacksProgram() throws {
    let pack = Paths.temporaryDirectory("program-sim")
    defer { try? FileManager.default.removeItem(at: pack) }
    try FileManager.default.removeItem(at: pack)
    try FileManager.default.copyItem(at: Paths.repository.appendingPathComponent("rules"), to: pack)
    try """
    {"categories": ["strength"], "incrementKg": 2.5,
     "bands": [{"upTo": 7, "change": 0.025, "label": "solid"}, {"upTo": 10, "change": 0, "label": "hold"}],
     "program": {"name": "wave", "weeks": [1.0, 1.05, 1.05, 0.6]}}
    """.write(to: pack.appendingPathComponent("progression.json"), atomically: true, encoding: .utf8)
    let packs = PackCache()
    let scenario = try ScenarioLoader.load(path: Paths.scenarios + "/beginner-3x.json", packs: packs)
    let engine = try packs.engine(for: pack.path)
    let run = try SimulationRunner.run(scenario, engine: engine, seed: 7, recording: RecordingOptions(events: true))
    // The heaviest Back Squat working set of each training week (weeks from the first workout).
    guard let first = run.events.first?.day else {
      Issue.record("no events")
      return
    }
    var top: [Int: Double] = [:]
    for event in run.events {
      guard case .workout(let workout) = event.kind else { continue }
      for exercise in workout.exercises where exercise.name == "Back Squat" {
        let week = event.day.week - first.week
        let kg = exercise.sets.filter { $0.kind != .warmUp }.map(\.weightKg).max() ?? 0
        top[week] = max(top[week] ?? 0, kg)
      }
    }
    // Weeks 3, 7, 11, … (0-based) are deloads at 0.6 of the base; the week before is at 1.05 × base.
    var checked = 0
    for deload in stride(from: 3, to: 20, by: 4) {
      guard let low = top[deload], let high = top[deload - 1], high > 40 else { continue }
      #expect(low / high < 0.7, "week \(deload + 1): \(low) kg after \(high) kg")
      #expect(low / high > 0.5, "week \(deload + 1): \(low) kg after \(high) kg")
      checked += 1
    }
    #expect(checked >= 3)
  }
}
