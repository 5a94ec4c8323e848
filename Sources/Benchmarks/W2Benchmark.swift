import Engine
import RuleLanguage
import Simulation

/// Workload W2: the default rule pack (companions, evolution, records, streaks, nutrition,
/// progression) on a long stream from the scenario generator: the shipped scenarios run with
/// successive seeds until the stream holds at least `minimumEvents` events, each run a player of
/// its own.
public enum W2Benchmark {
  public static func run(minimumEvents: Int, repetitions: Int, scenarios: String) throws -> BenchResult {
    let packs = PackCache()
    let loaded = try ScenarioLoader.files(in: scenarios).map { try ScenarioLoader.load(path: $0, packs: packs) }
    guard let first = loaded.first else { throw DiagnosticError(Diagnostic(file: scenarios, message: "no scenarios")) }
    let engine = try packs.engine(for: first.rulesPath)
    var players: [[ResolvedEvent]] = []
    var total = 0
    var seed: UInt64 = 1
    while total < minimumEvents {
      for scenario in loaded where total < minimumEvents {
        let events = try SimulationRunner.run(
          scenario, engine: engine, seed: seed, recording: RecordingOptions(events: true)
        ).events
        var resolved: [ResolvedEvent] = []
        for event in events {
          do {
            resolved.append(try EventValidator.resolve(event, pack: engine.pack))
          } catch {
            throw DiagnosticError(Diagnostic(message: "W2: a generated event is invalid: \(error.message)"))
          }
        }
        players.append(resolved)
        total += events.count
      }
      seed += 1
    }
    var times: [Double] = []
    var awardCount = 0
    for _ in 0..<repetitions {
      let measured = try Clock.measure { () throws(EngineError) -> Int in
        var log = AwardLog(.records)
        var count = 0
        for events in players {
          var player = engine.live(engine.newProgress())
          let result = events.withUnsafeBufferPointer { buffer in
            Result { () throws(EngineError) in
              for index in buffer.indices {
                log.removeAll()
                try engine.apply(buffer.baseAddress.unsafelyUnwrapped + index, to: &player, log: &log)
                count += log.records.count
              }
            }
          }
          try result.get()
        }
        return count
      }
      times.append(measured.seconds)
      awardCount = measured.value
    }
    let seconds = Clock.median(times)
    var result = BenchResult(
      name: "W2 default pack", size: "\(BenchFormat.grouped(Double(total))) events", seconds: seconds,
      throughput: Double(total) / seconds, unit: "events/s", peakBytes: Clock.peakResidentBytes())
    result.extra = [
      ("players", JSONValue(.integer(Int64(players.count)))), ("awards", JSONValue(.integer(Int64(awardCount)))),
    ]
    result.notes = [
      "\(players.count) simulated players from \(loaded.count) scenarios, \(BenchFormat.grouped(Double(awardCount))) awards"
    ]
    return result
  }
}

/// Monte Carlo: runs of the default scenario, on one thread and on all cores.
public enum MonteCarloBenchmark {
  public static func run(runs: Int, threads: Int, repetitions: Int, scenario path: String) throws -> [BenchResult] {
    let packs = PackCache()
    let scenario = try ScenarioLoader.load(path: path, packs: packs)
    let engine = try packs.engine(for: scenario.rulesPath)
    var single: [Double] = []
    var parallel: [Double] = []
    var first: RunAggregate?
    var second: RunAggregate?
    let copies = (0..<threads).map { _ in engine.isolatedCopy() }
    for _ in 0..<repetitions {
      let one = try Clock.measure { try MonteCarlo.run(scenario, engine: engine, count: runs, threads: 1) }
      single.append(one.seconds)
      first = one.value
      let all = try Clock.measure {
        try MonteCarlo.run(scenario, engine: engine, count: runs, threads: threads, engines: copies)
      }
      parallel.append(all.seconds)
      second = all.value
    }
    guard first == second else {
      throw DiagnosticError(Diagnostic(message: "Monte Carlo results differ between 1 and \(threads) threads"))
    }
    let oneSeconds = Clock.median(single)
    let allSeconds = Clock.median(parallel)
    let speedUp = oneSeconds / allSeconds
    var a = BenchResult(
      name: "Monte Carlo, 1 thread", size: "\(BenchFormat.grouped(Double(runs))) runs × \(scenario.days) days",
      seconds: oneSeconds, throughput: Double(runs) / oneSeconds, unit: "runs/s", peakBytes: Clock.peakResidentBytes())
    a.extra = [("threads", JSONValue(.integer(1)))]
    var b = BenchResult(
      name: "Monte Carlo, \(threads) threads",
      size: "\(BenchFormat.grouped(Double(runs))) runs × \(scenario.days) days",
      seconds: allSeconds, throughput: Double(runs) / allSeconds, unit: "runs/s", peakBytes: Clock.peakResidentBytes())
    b.extra = [
      ("threads", JSONValue(.integer(Int64(threads)))),
      ("speedUp", JSONValue(.double((speedUp * 100).rounded() / 100))),
    ]
    b.notes = ["speed-up from 1 to \(threads) threads: \(NumberText.format(speedUp, decimals: 2))×; results identical"]
    return [a, b]
  }
}
