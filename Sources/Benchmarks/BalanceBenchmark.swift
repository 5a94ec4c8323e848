import Engine
import RuleLanguage
import Simulation

/// The balancing tools' targets (issue 26): `tune` of one parameter to one p50 target on
/// beginner-3x with 200 runs per evaluation (target: under 5 s), and `sensitivity` over every
/// numeric value of the default pack with 200 runs (target: under 60 s), on all cores.
public enum BalanceBenchmark {
  /// The scenario with rule overrides, as the commands load a candidate.
  static func loader(_ path: String) -> SensitivityAnalysis.Loader {
    { overrides throws(DiagnosticError) in
      let packs = PackCache(overrides: overrides)
      let scenario = try ScenarioLoader.load(path: path, packs: packs)
      return [(scenario, try packs.engine(for: scenario.rulesPath))]
    }
  }

  /// Tunes the strength multiplier (1…1.5) until the median beginner reaches level 10 on day 42.
  public static func tune(runs: Int, threads: Int, repetitions: Int, scenario path: String) throws -> BenchResult {
    let (scenario, engine) = try loader(path)([])[0]
    let parameter = try TuneParameter(parsing: "xp.categories.strength.multiplier=1..1.5").resolved(
      for: scenario, engine: engine)
    let target = try TuneTarget(parsing: "level.10 p50 = day 42")
    var seconds: [Double] = []
    var last: TuneResult?
    for _ in 0..<repetitions {
      let measured = try Clock.measure {
        try Tuner(parameters: [parameter], targets: [target], runs: runs, threads: threads, load: loader(path)).run()
      }
      seconds.append(measured.seconds)
      last = measured.value
    }
    let median = Clock.median(seconds)
    let evaluations = last?.evaluations ?? 0
    var result = BenchResult(
      name: "tune, 1 value, 1 target", size: "\(evaluations) × \(runs) runs", seconds: median,
      throughput: Double(evaluations * runs) / median, unit: "runs/s", peakBytes: Clock.peakResidentBytes())
    result.extra = [
      ("evaluations", JSONValue(.integer(Int64(evaluations)))), ("met", JSONValue(.bool(last?.allMet ?? false))),
    ]
    result.notes = [
      "\(last?.setLine ?? "") (\(last?.allMet == true ? "met" : "not met")); target under 5 s with 200 runs: \(runs == 200 ? (median < 5 ? "met" : "missed") : "not measured at 200 runs")"
    ]
    return result
  }

  /// Moves every numeric value of the scenario's pack ±10%.
  public static func sensitivity(runs: Int, threads: Int, repetitions: Int, scenario path: String) throws -> BenchResult
  {
    let (_, engine) = try loader(path)([])[0]
    let values = SensitivityAnalysis.ruleValues(of: engine.pack)
    var seconds: [Double] = []
    var last: SensitivityAnalysis?
    for _ in 0..<repetitions {
      let measured = try Clock.measure {
        try SensitivityAnalysis(
          values: values, metrics: SensitivityAnalysis.defaultMetrics, runs: runs, threads: threads, load: loader(path))
      }
      seconds.append(measured.seconds)
      last = measured.value
    }
    let median = Clock.median(seconds)
    let moved = last?.parts.first?.entries.count ?? 0
    let batches = 2 * moved + 1
    var result = BenchResult(
      name: "sensitivity, whole pack", size: "\(values.count) values × 2 × \(runs) runs", seconds: median,
      throughput: Double(batches * runs) / median, unit: "runs/s", peakBytes: Clock.peakResidentBytes())
    result.extra = [("values", JSONValue(.integer(Int64(values.count)))), ("moved", JSONValue(.integer(Int64(moved))))]
    result.notes = [
      "\(moved) values moved (\(values.count - moved) companion stat values or zeros left out), \(batches) batches; target under 60 s with 200 runs: \(runs == 200 ? (median < 60 ? "met" : "missed") : "not measured at 200 runs")"
    ]
    return result
  }
}
