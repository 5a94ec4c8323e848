import Engine
import Foundation
import RuleLanguage
import Simulation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `award` end to end: a long NDJSON stream of one player (runs of a scenario laid end to end)
/// through the `fitquest award` process, plus the NDJSON reading rate and the pack load time.
public enum AwardBenchmark {
  public static func run(
    lines: Int, repetitions: Int, scenario path: String, rules: String, executable: String, keep: String? = nil
  ) throws -> [BenchResult] {
    let directory =
      keep.map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.temporaryDirectory.appendingPathComponent("fitquest-bench-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { if keep == nil { try? FileManager.default.removeItem(at: directory) } }
    let full = directory.appendingPathComponent("events.ndjson").path
    let quarter = directory.appendingPathComponent("quarter.ndjson").path
    let bytes = try writeStream(lines: lines, to: full, scenario: path)
    _ = try writeStream(lines: lines / 4, to: quarter, scenario: path)

    var times: [Double] = []
    var peak = 0
    for repetition in 0..<repetitions {
      let state = directory.appendingPathComponent("state-\(repetition).json").path
      let run = try spawn(
        executable, ["award", "--rules", rules, "--today", "9999-12-30", "--allow-late", "--state", state, full])
      times.append(run.seconds)
      peak = max(peak, run.peakBytes)
    }
    let quarterRun = try spawn(
      executable,
      [
        "award", "--rules", rules, "--today", "9999-12-30", "--allow-late", "--state",
        directory.appendingPathComponent("q.json").path, quarter,
      ])
    let seconds = Clock.median(times)
    var award = BenchResult(
      name: "award end to end", size: "\(BenchFormat.grouped(Double(lines))) lines, \(BenchFormat.megabytes(bytes))",
      seconds: seconds, throughput: Double(lines) / seconds, unit: "events/s", peakBytes: peak)
    award.extra = [
      ("inputMBps", JSONValue(.double((Double(bytes) / 1_048_576 / seconds * 10).rounded() / 10))),
      ("peakRSSQuarterBytes", JSONValue(.integer(Int64(quarterRun.peakBytes)))),
    ]
    award.notes = [
      "\(NumberText.format(Double(bytes) / 1_048_576 / seconds, decimals: 1)) MB/s of NDJSON through read, decode, engine, ledger, atomic saves every 10,000 events",
      "peak RSS \(BenchFormat.megabytes(peak)) for \(BenchFormat.grouped(Double(lines))) lines vs \(BenchFormat.megabytes(quarterRun.peakBytes)) for a quarter of them",
    ]

    // Reading alone: lines through the position-aware reader and the validating event decoder.
    let pack = try RulePackLoader.load(directory: rules)
    var readTimes: [Double] = []
    for _ in 0..<repetitions {
      readTimes.append(try Clock.measure { try readAll(full, pack: pack) }.seconds)
    }
    let readSeconds = Clock.median(readTimes)
    var reading = BenchResult(
      name: "NDJSON reading", size: BenchFormat.megabytes(bytes), seconds: readSeconds,
      throughput: Double(bytes) / 1_048_576 / readSeconds, unit: "MB/s", peakBytes: Clock.peakResidentBytes())
    reading.extra = [("eventsPerSecond", JSONValue(.double((Double(lines) / readSeconds).rounded())))]
    reading.notes = ["\(BenchFormat.grouped(Double(lines) / readSeconds)) events/s decoded and validated"]

    // Loading and compiling the default pack.
    var loads: [Double] = []
    for _ in 0..<max(20, repetitions) {
      loads.append(try Clock.measure { _ = Engine(pack: try RulePackLoader.load(directory: rules)) }.seconds)
    }
    let loadSeconds = Clock.median(loads)
    let load = BenchResult(
      name: "pack load + compile", size: rules, seconds: loadSeconds, throughput: 1 / loadSeconds, unit: "loads/s",
      peakBytes: Clock.peakResidentBytes())
    return [award, reading, load]
  }

  static func readAll(_ path: String, pack: RulePack) throws -> Int {
    let reader = try LineReader(path: path)
    let decoder = EventDecoder(pack: pack)
    var count = 0
    while let line = try reader.nextLine() {
      _ = try decoder.resolve(line: Array(line), file: path, lineNumber: reader.lineNumber)
      count += 1
    }
    return count
  }

  /// Writes `lines` events of one long player life. Runs of the scenario come in batches of 16
  /// merged day by day (one `dayClosed` per day), each batch continuing where the previous
  /// ended, ids prefixed by the run: dense enough that 10M lines stay within four-digit years.
  /// Returns the byte count.
  static func writeStream(lines: Int, to path: String, scenario scenarioPath: String) throws -> Int {
    let packs = PackCache()
    let scenario = try ScenarioLoader.load(path: scenarioPath, packs: packs)
    let engine = try packs.engine(for: scenario.rulesPath)
    guard
      let handle = FileHandle(forWritingAtPath: path)
        ?? {
          _ = FileManager.default.createFile(atPath: path, contents: nil)
          return FileHandle(forWritingAtPath: path)
        }()
    else { throw DiagnosticError(Diagnostic(file: path, message: "cannot create the benchmark input")) }
    defer { try? handle.close() }
    let batchSize = 16
    var written = 0
    var bytes = 0
    var batch = 0
    var buffer = ""
    func emit(_ event: Event) {
      buffer += event.jsonLine
      buffer += "\n"
      written += 1
    }
    while written < lines {
      var runs: [[Event]] = []
      for member in 0..<batchSize {
        let seed = UInt64(batch * batchSize + member + 1)
        runs.append(
          try SimulationRunner.run(scenario, engine: engine, seed: seed, recording: RecordingOptions(events: true))
            .events)
      }
      let shift = batch * scenario.days
      var positions = [Int](repeating: 0, count: batchSize)
      for index in 1...scenario.days where written < lines {
        let day = scenario.day(index)
        for member in 0..<batchSize {
          while positions[member] < runs[member].count, runs[member][positions[member]].day == day {
            let event = runs[member][positions[member]]
            positions[member] += 1
            if case .dayClosed = event.kind { continue }
            if written < lines { emit(shifted(event, by: shift, prefix: "r\(batch * batchSize + member)-")) }
          }
        }
        if written < lines {
          emit(shifted(Event(id: "d\(index)", day: day, kind: .dayClosed), by: shift, prefix: "b\(batch)-"))
        }
      }
      if buffer.utf8.count > 1 << 20 || written == lines {
        bytes += buffer.utf8.count
        try handle.write(contentsOf: Data(buffer.utf8))
        buffer = ""
      }
      batch += 1
    }
    return bytes
  }

  static func shifted(_ event: Event, by days: Int, prefix: String) -> Event {
    var event = event
    event.id = prefix + event.id
    event.day = event.day.adding(days)
    return event
  }

  /// Runs a child process with output discarded to its end; its wall time and peak RSS
  /// (``BenchChildProcess``).
  static func spawn(_ executable: String, _ arguments: [String]) throws -> (seconds: Double, peakBytes: Int) {
    try BenchChildProcess(executable, arguments).finish()
  }
}
