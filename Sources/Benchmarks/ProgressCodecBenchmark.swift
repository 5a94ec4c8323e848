import Engine
import Foundation
import RuleLanguage
import Simulation
import Store

/// Saving and loading one player's progress in its binary form (each mechanic's own section,
/// `PlayerProgress.binary(for:)`) against the Codable compact form of `Sources/Store/Compact` and
/// JSON: the progress of the default scenario's player after `events` events, encoded and decoded
/// `rounds` times each way, in one process run.
public enum ProgressCodecBenchmark {
  public static func run(rounds: Int, repetitions: Int, events: Int, scenario path: String) throws -> [BenchResult] {
    let packs = PackCache()
    let scenario = try ScenarioLoader.load(path: path, packs: packs)
    let engine = try packs.engine(for: scenario.rulesPath)
    let run = try SimulationRunner.run(
      scenario, engine: engine, seed: scenario.seed, recording: RecordingOptions(events: true))
    var progress = engine.newProgress()
    for event in run.events.prefix(events) { _ = try engine.apply(event, to: &progress, explain: false) }
    let pack = engine.pack
    let binary = progress.binary(for: pack)
    let compact = try CompactEncoder.encode(progress)
    let json = try JSONEncoder().encode(progress)
    var times: [[Double]] = [[], [], []]
    for _ in 0..<repetitions {
      times[0].append(
        try Clock.measure {
          for _ in 0..<rounds { _ = try PlayerProgress(binary: progress.binary(for: pack), pack: pack) }
        }.seconds)
      times[1].append(
        try Clock.measure {
          for _ in 0..<rounds {
            _ = try CompactDecoder.decode(PlayerProgress.self, from: try CompactEncoder.encode(progress))
          }
        }.seconds)
      times[2].append(
        try Clock.measure {
          for _ in 0..<rounds {
            _ = try JSONDecoder().decode(PlayerProgress.self, from: try JSONEncoder().encode(progress))
          }
        }.seconds)
    }
    let medians = times.map(Clock.median)
    let size = "\(BenchFormat.grouped(Double(rounds))) encodes + decodes"
    func result(_ name: String, _ seconds: Double, _ bytes: Int, _ note: String) -> BenchResult {
      var result = BenchResult(
        name: name, size: size, seconds: seconds, throughput: Double(rounds) / seconds, unit: "progresses/s",
        peakBytes: 0)
      result.extra = [("bytes", JSONValue(.integer(Int64(bytes))))]
      result.notes = ["\(BenchFormat.grouped(Double(bytes))) bytes\(note)"]
      return result
    }
    let speedup = NumberText.format(medians[1] / medians[0], decimals: 1)
    return [
      result(
        "progress, binary form", medians[0], binary.count, "; \(speedup)× the compact Codable form's speed (same run)"),
      result("progress, compact Codable form", medians[1], compact.count, ""),
      result("progress, JSON", medians[2], json.count, ""),
    ]
  }
}
