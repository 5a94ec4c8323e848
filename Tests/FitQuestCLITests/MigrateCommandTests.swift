import Engine
import FitQuestTestSupport
import Foundation
import Store
import Testing

/// `fitquest migrate` end to end: SIGKILL at random moments then a rerun gives the store an
/// uninterrupted migration gives; a rerun changes nothing; the NDJSON lines and bad policies.
@Suite(.serialized) struct MigrateCommandTests {
  /// 60 players: each follows one of three shipped scenarios (its own seed), named p00…p59.
  static func stream() throws -> String {
    var lines: [String] = []
    for (index, scenario) in ["beginner-3x", "consistent-5x-lifter", "cardio-runner"].enumerated() {
      let result = try CommandRunner.fitquest([
        "simulate", "--format", "events", "--seed", "\(index + 3)", "scenarios/\(scenario).json",
      ])
      let events = result.stdout.split(separator: "\n").prefix(150)
      for player in stride(from: index, to: 60, by: 3) {
        let name = String(format: "p%02d", player)
        lines += events.map { "{\"player\":\"\(name)\"," + $0.dropFirst() }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Every player's state and migration record, read by a fresh connection.
  struct Contents: Equatable {
    var states: [[UInt8]: PlayerState] = [:]
    var records: [[UInt8]: RuleMigrationRecord] = [:]
  }

  static func contents(_ store: String, in work: URL) throws -> Contents {
    let opened = try SQLiteStore(path: work.appendingPathComponent(store).path, access: .readOnly)
    var contents = Contents()
    for player in try opened.players() {
      contents.states[player.bytes] = try opened.load(player: player)
      contents.records[player.bytes] = try opened.ruleMigration(of: player)
    }
    return contents
  }

  @Test func killedAtRandomMomentsThenRerunEqualsAnUninterruptedMigration() throws {
    let work = Paths.temporaryDirectory("migrate-kill")
    defer { try? FileManager.default.removeItem(at: work) }
    try Data(try Self.stream().utf8).write(to: work.appendingPathComponent("all.ndjson"))
    let rules = Paths.rules
    let award = try CommandRunner.fitquest(
      ["award", "--rules", rules, "--store", "base.sqlite", "all.ndjson"], in: work)
    #expect(award.status == 0, "\(award.stderr)")
    let migrate = ["migrate", "--rules", rules, "--set", "pack.constants.levelBase=210", "--policy", "never-demote"]
    try FileManager.default.copyItem(
      at: work.appendingPathComponent("base.sqlite"), to: work.appendingPathComponent("reference.sqlite"))
    let started = Date()
    let whole = try CommandRunner.fitquest(migrate + ["--store", "reference.sqlite"], in: work)
    // Kills land between 30% and 95% of an uninterrupted run's time (its start included).
    let duration = Date().timeIntervalSince(started)
    #expect(whole.status == 0, "\(whole.stderr)")
    #expect(whole.stderr.contains("migrated 60 player(s)"))
    let reference = try Self.contents("reference.sqlite", in: work)
    #expect(reference.states.count == 60 && reference.records.count == 60)
    var random = TestRandom(seed: 24)
    var interrupted = 0
    // Four kills at random moments, and more (up to sixteen) until one lands in the middle: on a
    // loaded machine (CI runs the tests in parallel) the uninterrupted run's time says little
    // about where a kill lands, so those look for the middle by halving, between the latest kill
    // that came before any player was migrated and the earliest that came after the last.
    var early = 0.0
    var late = 2.0
    var attempt = 0
    while attempt < 4 || (interrupted == 0 && attempt < 16) {
      defer { attempt += 1 }
      let store = "killed-\(attempt).sqlite"
      try FileManager.default.copyItem(
        at: work.appendingPathComponent("base.sqlite"), to: work.appendingPathComponent(store))
      let fraction = attempt < 4 ? Double.random(in: 0.3...0.95, using: &random) : (early + late) / 2
      let process = try ChildProcess(
        Paths.fitquest, migrate + ["--store", store, "--threads", "\(1 + attempt % 2)"], in: work)
      usleep(UInt32(duration * 1e6 * fraction))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let rerun = try CommandRunner.fitquest(migrate + ["--store", store], in: work)
      #expect(rerun.status == 0, "\(rerun.stderr)")
      if rerun.stderr.contains(" 0 already migrated") {
        early = max(early, fraction)
      } else if rerun.stderr.contains("migrated 0 player(s)") {
        late = min(late, fraction)
      } else {
        interrupted += 1
      }
      #expect(try Self.contents(store, in: work) == reference, "killed run \(attempt)")
      let check = try CommandRunner.fitquest(["players", "--store", store, "check"], in: work)
      #expect(check.status == 0, "\(check.stderr)")
    }
    #expect(interrupted > 0, "no kill landed in the middle of a migration")
    // A second run changes nothing and prints no line.
    let again = try CommandRunner.fitquest(migrate + ["--store", "reference.sqlite"], in: work)
    #expect(again.status == 0 && again.stdout.isEmpty)
    #expect(again.stderr.contains("migrated 0 player(s)") && again.stderr.contains("60 already migrated"))
    #expect(try Self.contents("reference.sqlite", in: work) == reference)
  }

  @Test func linesSayWhatChangedAndABadPolicyIsAUsageError() throws {
    let work = Paths.temporaryDirectory("migrate-lines")
    defer { try? FileManager.default.removeItem(at: work) }
    let award = try CommandRunner.fitquest([
      "award", "--store", work.appendingPathComponent("p.sqlite").path, "docs/examples/players.ndjson",
    ])
    #expect(award.status == 0)
    let store = work.appendingPathComponent("p.sqlite").path
    let bad = try CommandRunner.fitquest(["migrate", "--store", store, "--rules", "rules", "--policy", "never-demot"])
    #expect(bad.status == 64)
    #expect(bad.stderr.hasPrefix("error: --policy must be recompute, never-demote, keep-unlocks; found 'never-demot'"))
    // levelBase 210: ana 507 XP → level 2 (3 before), bo 163 → level 1 (2 before); chen unchanged.
    let result = try CommandRunner.fitquest([
      "migrate", "--store", store, "--rules", "rules", "--set", "pack.constants.levelBase=210", "--policy", "recompute",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("{\"type\":\"migration\",\"player\":\"ana\",") == true)
    #expect(lines.first?.contains("\"level\":{\"from\":3,\"to\":2},\"xp\":{\"from\":507,\"to\":507}") == true)
    #expect(
      lines.last?.contains("\"player\":\"bo\"") == true
        && lines.last?.contains("\"level\":{\"from\":2,\"to\":1}") == true)
    let list = try CommandRunner.fitquest(["players", "--store", store, "list"])
    #expect(list.stdout.hasPrefix("ana\tlevel 2\t507 XP"))
  }
}
