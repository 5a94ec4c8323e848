import Engine
import Foundation
import RuleLanguage
import Simulation
import Store

/// Saving and loading one player as the store does, in the compact form against JSON: a
/// beginner's state after 150 events, encoded and decoded `rounds` times each way.
public enum PlayerCodecBenchmark {
  public static func run(rounds: Int, repetitions: Int, scenario path: String) throws -> [BenchResult] {
    let packs = PackCache()
    let scenario = try ScenarioLoader.load(path: path, packs: packs)
    let engine = try packs.engine(for: scenario.rulesPath)
    let run = try SimulationRunner.run(
      scenario, engine: engine, seed: scenario.seed, recording: RecordingOptions(events: true))
    var player = engine.newPlayer()
    for event in run.events.prefix(150) { _ = try engine.apply(event, to: &player) }
    let state = player.withoutHistoryLog
    let json = try state.data()
    let compact = try CompactEncoder.encode(state)
    var jsonTimes: [Double] = []
    var compactTimes: [Double] = []
    for _ in 0..<repetitions {
      jsonTimes.append(
        try Clock.measure {
          for _ in 0..<rounds { _ = try PlayerState(data: try state.data()) }
        }.seconds)
      compactTimes.append(
        try Clock.measure {
          for _ in 0..<rounds {
            _ = try CompactDecoder.decode(PlayerState.self, from: try CompactEncoder.encode(state))
          }
        }.seconds)
    }
    let size = "\(BenchFormat.grouped(Double(rounds))) saves + loads"
    var jsonResult = BenchResult(
      name: "player save+load, JSON", size: size, seconds: Clock.median(jsonTimes),
      throughput: Double(rounds) / Clock.median(jsonTimes),
      unit: "players/s", peakBytes: 0)
    jsonResult.notes = [
      "JSONEncoder + JSONDecoder of a state after 150 events (\(BenchFormat.grouped(Double(json.count))) bytes)"
    ]
    var compactResult = BenchResult(
      name: "player save+load, compact", size: size, seconds: Clock.median(compactTimes),
      throughput: Double(rounds) / Clock.median(compactTimes), unit: "players/s", peakBytes: 0)
    compactResult.notes = [
      "the store's form (\(BenchFormat.grouped(Double(compact.count))) bytes): \(NumberText.format(Clock.median(jsonTimes) / Clock.median(compactTimes), decimals: 1))× JSON's speed"
    ]
    return [jsonResult, compactResult]
  }
}
