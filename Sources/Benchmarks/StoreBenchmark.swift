import Engine
import Foundation
import RuleLanguage
import Simulation

/// `award --store` as a backend runs it: `players` players × `days` days of the shipped
/// scenarios' first days (player i follows scenario i mod 7 with seed i + 1), interleaved by date as a
/// backend receives them, through the `fitquest award --store` process, and in two partitions
/// at once (``PartitionBenchmark``); then `players show` of one player in a store of
/// `showPlayers` players. Stores left in a kept directory (`--keep`) by an earlier run are
/// replaced, not added to.
public enum StoreBenchmark {
  public static func run(
    players: Int, days: Int, showPlayers: Int, repetitions: Int, scenarios: String, rules: String, executable: String,
    keep: String? = nil
  ) throws -> [BenchResult] {
    let directory =
      keep.map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.temporaryDirectory.appendingPathComponent("fitquest-store-bench-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { if keep == nil { try? FileManager.default.removeItem(at: directory) } }
    let events = directory.appendingPathComponent("players.ndjson").path
    let (lines, bytes) = try writeStream(players: players, days: days, to: events, scenarios: scenarios)

    var times: [Double] = []
    var peak = 0
    for repetition in 0..<repetitions {
      let store = directory.appendingPathComponent("store-\(repetition).sqlite").path
      try removeStore(store)
      let run = try AwardBenchmark.spawn(
        executable, ["award", "--rules", rules, "--today", "9999-12-30", "--store", store, events])
      times.append(run.seconds)
      peak = max(peak, run.peakBytes)
    }
    // Peak memory must not grow with the players: a tenth of them, the same days.
    let fewer = directory.appendingPathComponent("fewer.ndjson").path
    _ = try writeStream(players: max(1, players / 10), days: days, to: fewer, scenarios: scenarios)
    let fewerStore = directory.appendingPathComponent("fewer.sqlite").path
    try removeStore(fewerStore)
    let fewerRun = try AwardBenchmark.spawn(
      executable, ["award", "--rules", rules, "--today", "9999-12-30", "--store", fewerStore, fewer])
    let seconds = Clock.median(times)
    let size =
      "\(BenchFormat.grouped(Double(players))) players × \(days) days, \(BenchFormat.grouped(Double(lines))) events"
    var award = BenchResult(
      name: "award --store", size: size,
      seconds: seconds, throughput: Double(lines) / seconds, unit: "events/s", peakBytes: peak)
    award.extra = [
      ("inputMBps", JSONValue(.double((Double(bytes) / 1_048_576 / seconds * 10).rounded() / 10))),
      ("peakRSSTenthBytes", JSONValue(.integer(Int64(fewerRun.peakBytes)))),
    ]
    award.notes = [
      "one SQLite transaction per 200,000 events (the default); peak RSS \(BenchFormat.megabytes(peak)) vs \(BenchFormat.megabytes(fewerRun.peakBytes)) with a tenth of the players"
    ]

    let partitions = try PartitionBenchmark.run(
      events: events, lines: lines, size: size, in: directory, repetitions: repetitions, rules: rules,
      executable: executable)

    // players show: one player of a store of `showPlayers` players (two days each), the store
    // made within a memory bound of 256 MB: more players than fit page through it.
    let big = directory.appendingPathComponent("big.ndjson").path
    let (bigLines, _) = try writeStream(players: showPlayers, days: 2, to: big, scenarios: scenarios)
    let bigStore = directory.appendingPathComponent("big.sqlite").path
    try removeStore(bigStore)
    let bound = 256
    let paging = try AwardBenchmark.spawn(
      executable,
      ["award", "--rules", rules, "--today", "9999-12-30", "--store", bigStore, "--cache-mb", "\(bound)", big])
    var paged = BenchResult(
      name: "award --store, bounded",
      size:
        "\(BenchFormat.grouped(Double(showPlayers))) players × 2 days, \(BenchFormat.grouped(Double(bigLines))) events",
      seconds: paging.seconds, throughput: Double(bigLines) / paging.seconds, unit: "events/s",
      peakBytes: paging.peakBytes)
    paged.extra = [("boundBytes", JSONValue(.integer(Int64(bound << 20))))]
    paged.notes = [
      "--cache-mb \(bound): peak RSS \(BenchFormat.megabytes(paging.peakBytes)) (players that do not fit leave and come back; one run)"
    ]
    // Timed with posix_spawn and waitpid: Foundation's Process adds tens of milliseconds.
    var shows: [Double] = []
    var starts: [Double] = []
    for index in 0..<max(11, repetitions) {
      let player = "p\((index * 7_919) % showPlayers)"
      shows.append(try timeProcess(executable, ["players", "--store", bigStore, "show", player, "--rules", rules]))
      starts.append(try timeProcess(executable, ["--version"]))
    }
    let showSeconds = Clock.median(shows)
    var show = BenchResult(
      name: "players show", size: "1 of \(BenchFormat.grouped(Double(showPlayers))) players", seconds: showSeconds,
      throughput: 1 / showSeconds, unit: "shows/s", peakBytes: 0)
    show.extra = [("processStartSeconds", JSONValue(.double(Clock.median(starts))))]
    show.notes = [
      "the whole process: start, open the store, load and print one player (median of \(shows.count)); starting fitquest alone (--version): \(NumberText.format(Clock.median(starts) * 1000, decimals: 1)) ms"
    ]
    return [award, partitions, paged, show]
  }

  /// Removes a store left by an earlier run in a kept directory (`--keep`), with its journal
  /// files: a run on it would find every event applied already.
  static func removeStore(_ path: String) throws {
    for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
      try FileManager.default.removeItem(atPath: file)
    }
  }

  /// Runs a process to its end with its output discarded; its wall time in seconds.
  static func timeProcess(_ executable: String, _ arguments: [String]) throws -> Double {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let start = Clock.now()
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    guard spawned == 0 else {
      throw DiagnosticError(Diagnostic(message: "cannot start \(executable): error \(spawned)"))
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let seconds = Clock.now() - start
    guard status == 0 else {
      throw DiagnosticError(
        Diagnostic(message: "'\(arguments.joined(separator: " "))' failed in the benchmark (status \(status))"))
    }
    return seconds
  }

  /// Writes the events of `players` players over `days` days, day by day, each player's events
  /// of a day together; every line names its player. Returns the line and byte counts.
  static func writeStream(players: Int, days: Int, to path: String, scenarios directory: String) throws -> (
    lines: Int, bytes: Int
  ) {
    let packs = PackCache()
    let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
    let loaded = try files.map { try ScenarioLoader.load(path: "\(directory)/\($0)", packs: packs) }
    guard !loaded.isEmpty else {
      throw DiagnosticError(Diagnostic(file: directory, message: "no scenarios to generate players from"))
    }
    // Per player, its events grouped by day index.
    var byDay = [[[Event]]](repeating: [], count: days)
    for player in 0..<players {
      let scenario = loaded[player % loaded.count]
      let engine = try packs.engine(for: scenario.rulesPath)
      let run = try SimulationRunner.run(
        scenario, engine: engine, seed: UInt64(player + 1), recording: RecordingOptions(events: true))
      var perDay = [[Event]](repeating: [], count: days)
      for var event in run.events {
        let index = event.day.number - scenario.day(1).number
        guard (0..<days).contains(index) else { continue }
        event.player = "p\(player)"
        perDay[index].append(event)
      }
      for index in 0..<days { byDay[index].append(perDay[index]) }
    }
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    guard let handle = FileHandle(forWritingAtPath: path) else {
      throw DiagnosticError(Diagnostic(file: path, message: "cannot create the benchmark input"))
    }
    defer { try? handle.close() }
    var lines = 0
    var bytes = 0
    for day in byDay {
      var buffer = ""
      for events in day {
        for event in events {
          buffer += event.jsonLine
          buffer += "\n"
          lines += 1
        }
      }
      bytes += buffer.utf8.count
      try handle.write(contentsOf: Data(buffer.utf8))
    }
    return (lines, bytes)
  }
}
