import Engine
import FitQuestTestSupport
import Foundation
import LiveOps
import RuleLanguage
import Store
import Testing

/// `fitquest packs`, `cohorts` and `award --store` with cohorts, end to end: each player gets
/// exactly what a store of its cohort's pack alone gives it, and the mistakes a user makes are
/// located errors with their exit codes.
@Suite(.serialized) struct CohortsCommandTests {
  static let steeper = ["--set", "pack.constants.levelBase=210"]

  /// A workspace with a store holding packs 'current' and 'curve-b' and a 50/50 plan in force.
  static func workspace(_ label: String) throws -> URL {
    let work = Paths.temporaryDirectory(label)
    let rules = Paths.rules
    for (name, extra) in [("current", [String]()), ("curve-b", steeper)] {
      let added = try CommandRunner.fitquest(
        ["packs", "--store", "mixed.sqlite", "add", name, rules] + extra, in: work)
      #expect(added.status == 0, "\(added.stderr)")
    }
    try Data(
      #"{"format": 1, "salt": "ab-1", "since": "2026-01-01", "cohorts": [{"name": "control", "pack": "current", "weight": 1}, {"name": "b", "pack": "curve-b", "weight": 1}]}"#
        .utf8
    ).write(to: work.appendingPathComponent("plan.json"))
    let set = try CommandRunner.fitquest(["cohorts", "--store", "mixed.sqlite", "set", "plan.json"], in: work)
    #expect(set.status == 0, "\(set.stderr)")
    #expect(set.stderr.contains("cohorts plan in force: control 1 (pack 'current'), b 1 (pack 'curve-b')"))
    return work
  }

  /// Each player's awards, history and state in the mixed store equal those of the store built
  /// with its cohort's pack alone.
  @Test func eachPlayerGetsWhatAStoreOfItsPackAloneGives() throws {
    let work = try Self.workspace("cohorts-award")
    defer { try? FileManager.default.removeItem(at: work) }
    try Data(try MigrateCommandTests.stream().utf8).write(to: work.appendingPathComponent("all.ndjson"))
    let mixed = try CommandRunner.fitquest(["award", "--store", "mixed.sqlite", "all.ndjson"], in: work)
    #expect(mixed.status == 0, "\(mixed.stderr)")
    var alone: [CommandResult] = []
    for (store, extra) in [("current.sqlite", [String]()), ("curve-b.sqlite", Self.steeper)] {
      alone.append(
        try CommandRunner.fitquest(["award", "--store", store, "--rules", Paths.rules, "all.ndjson"] + extra, in: work))
      #expect(alone.last?.status == 0, "\(alone.last?.stderr ?? "")")
    }
    let plan = CohortPlan(
      salt: "ab-1", since: Day(iso: "2026-01-01") ?? Day(0),
      cohorts: [.init(name: "control", pack: "current", weight: 1), .init(name: "b", pack: "curve-b", weight: 1)])
    let stores = try ["mixed", "current", "curve-b"].map {
      try SQLiteStore(path: work.appendingPathComponent("\($0).sqlite").path, access: .readOnly)
    }
    var perCohort = [0, 0]
    // Each output's lines by player, split once (splitting 9,000 lines per player is slow in a debug build).
    func lines(_ output: String) -> [String: [Substring]] {
      Dictionary(grouping: output.split(separator: "\n")) { line in
        line.firstRange(of: "\"player\":\"").map { line[$0.upperBound...].prefix { $0 != "\"" } }.map(String.init) ?? ""
      }
    }
    let mixedLines = lines(mixed.stdout)
    let aloneLines = alone.map { lines($0.stdout) }
    for player in try stores[0].players() {
      let cohort = plan.cohortIndex(player.bytes)
      perCohort[cohort] += 1
      let reference = stores[1 + cohort]
      let state = try #require(try stores[0].load(player: player))
      let expected = try #require(try reference.load(player: player))
      #expect(state.pack.digest == expected.pack.digest)
      let pack = try #require(try reference.pack(digest: expected.pack.digest))
      #expect(ReplaySide(state.progress, pack: pack) == ReplaySide(expected.progress, pack: pack), "\(player)")
      #expect(try stores[0].history(of: player) == reference.history(of: player))
      #expect(mixedLines[player.text] == aloneLines[cohort][player.text])
    }
    #expect(perCohort[0] + perCohort[1] == 60)
    #expect(perCohort[0] > 10 && perCohort[1] > 10, "\(perCohort)")

    // The comparison's player counts are the cohorts'; the steeper curve gives lower levels.
    let compared = try CommandRunner.fitquest(["cohorts", "--store", "mixed.sqlite", "--format", "json"], in: work)
    #expect(compared.status == 0, "\(compared.stderr)")
    let json = try JSONReader.parse(Array(compared.stdout.utf8))
    let cohorts = try #require(json["cohorts"]?.elements)
    #expect(cohorts.map { $0["players"]?.number } == [Double(perCohort[0]), Double(perCohort[1])])
    let levelGap = try #require(cohorts[1]["metrics"]?["level"]?["difference"]?["value"]?.number)
    #expect(levelGap < 0)
  }

  @Test func mistakesAreLocatedErrorsWithTheirExitCodes() throws {
    let work = try Self.workspace("cohorts-mistakes")
    defer { try? FileManager.default.removeItem(at: work) }
    func run(_ arguments: [String]) throws -> CommandResult { try CommandRunner.fitquest(arguments, in: work) }

    try Data(
      #"{"since": "2026-01-01", "cohorts": [{"name": "control", "pack": "current", "weight": 9}, {"name": "c", "pack": "curve-c", "weight": 1}]}"#
        .utf8
    ).write(to: work.appendingPathComponent("typo.json"))
    let typo = try run(["cohorts", "--store", "mixed.sqlite", "set", "typo.json"])
    #expect(typo.status == 65)
    #expect(typo.stderr.hasPrefix("typo.json:1:112: error: the store has no pack 'curve-c'"), "\(typo.stderr)")
    #expect(typo.stderr.contains("did you mean 'curve-b'?"))

    // A plan file that cannot be read; a new plan without the running cohort 'b' (its players would move).
    let dropped = try run(["cohorts", "--store", "mixed.sqlite", "set", "typo.json"].dropLast() + ["plan-b.json"])
    #expect(dropped.status == 66)
    try Data(
      #"{"since": "2026-01-01", "cohorts": [{"name": "control", "pack": "current", "weight": 9}]}"#.utf8
    ).write(to: work.appendingPathComponent("no-b.json"))
    let missing = try run(["cohorts", "--store", "mixed.sqlite", "set", "no-b.json"])
    #expect(missing.status == 65)
    #expect(
      missing.stderr.hasPrefix("no-b.json:1:36: error: cohort 'b' of the plan in force is missing"), "\(missing.stderr)"
    )

    let rules = try run(["award", "--store", "mixed.sqlite", "--rules", Paths.rules, "/dev/null"])
    #expect(rules.status == 64)
    #expect(rules.stderr.hasPrefix("error: the store runs cohorts"))

    let inUse = try run(["packs", "--store", "mixed.sqlite", "remove", "curve-b"])
    #expect(inUse.status == 65)
    #expect(inUse.stderr.contains("pack 'curve-b' is followed by cohort(s) 'b'"))

    let other = try run(["packs", "--store", "mixed.sqlite", "add", "curve-b", Paths.rules])
    #expect(other.status == 65)
    #expect(other.stderr.contains("error: pack 'curve-b' is already 'default' 1.0.0"))
    let same = try run(["packs", "--store", "mixed.sqlite", "add", "curve-b", Paths.rules] + Self.steeper)
    #expect(same.status == 0, "\(same.stderr)")

    let unknown = try run(["packs", "--store", "mixed.sqlite", "show", "curve-c"])
    #expect(unknown.status == 65)
    #expect(unknown.stderr.contains("error: the store has no pack 'curve-c'; it has current, curve-b"))

    let migrate = try run(["migrate", "--store", "mixed.sqlite", "--rules", Paths.rules, "--policy", "recompute"])
    #expect(migrate.status == 65)
    #expect(migrate.stderr.contains("the store runs cohorts"))

    // Ending the cohorts frees the packs and returns award to --rules.
    #expect(try run(["cohorts", "--store", "mixed.sqlite", "end"]).status == 0)
    #expect(try run(["cohorts", "--store", "mixed.sqlite"]).status == 65)
    #expect(try run(["packs", "--store", "mixed.sqlite", "remove", "curve-b"]).status == 0)
    let list = try run(["packs", "--store", "mixed.sqlite", "list", "--format", "json"])
    #expect(list.stdout.contains("\"name\":\"current\"") && !list.stdout.contains("curve-b"))
  }
}
