import FitQuestTestSupport
import Foundation
import Testing

/// `eval --rules DIR [--scope NAME] [--state FILE]` compiles a formula as the pack does (issue 27):
/// its constants (rules/pack.json: levelBase 150, levelExponent 1.6), the facts of the scope
/// with their types; an unknown name is a located error (exit 65) with a "did you mean".
@Suite struct EvalRulesTests {
  static func eval(_ arguments: [String], in directory: URL? = nil) throws -> CommandResult {
    try CommandRunner.fitquest(["eval", "--rules", Paths.rules] + arguments, in: directory)
  }

  @Test func compilesWithThePacksConstantsAndFacts() throws {
    // The level curve: floor(150 × (5 − 1)^1.6) = floor(150 × 9.1896) = 1378.
    let curve = try Self.eval([
      "--scope", "curve", "floor(const.levelBase * pow(level - 1, const.levelExponent))", "--data", #"{"level":5}"#,
    ])
    #expect(curve.status == 0)
    #expect(curve.stdout == "1378\n")
    // An XP term: min(45, 120) × 1.5 = 67.5; category parameters and nested or dotted keys alike.
    #expect(
      try Self.eval(["min(workout.durationMin, 120) * 1.5", "--data", #"{"workout":{"durationMin":45}}"#]).stdout
        == "67.5\n")
    #expect(try Self.eval(["category.multiplier * 2", "--data", #"{"category.multiplier":1.2}"#]).stdout == "2.4\n")
    // A condition is true or false; a constant needs no data.
    let streak = try Self.eval(["--scope", "player", "player.streak >= 3", "--data", #"{"player":{"streak":4}}"#])
    #expect(streak.stdout == "true\n")
    #expect(try Self.eval(["const.levelBase * 2"]).stdout == "300\n")
  }

  @Test func unknownNamesAreLocatedErrorsWithAHint() throws {
    // Without --rules an unknown name is null (JsonLogic); with them it is an error.
    let typo = try Self.eval(["--scope", "curve", "levl * 2", "--data", #"{"level":3}"#])
    #expect(typo.status == 65)
    #expect(typo.stdout.isEmpty)
    #expect(typo.stderr.hasPrefix("<expression>:1:1: error: "))
    #expect(typo.stderr.contains("'levl'") && typo.stderr.contains("did you mean 'level'?"))
    let fact = try Self.eval(["player.streek >= 3"])
    #expect(fact.status == 65)
    #expect(fact.stderr.contains("did you mean 'player.streak'?"))
    // A fact of another place: a workout's duration is not known to an achievement condition.
    let scope = try Self.eval(["--scope", "player", "workout.durationMin > 30"])
    #expect(scope.status == 65)
    // A fact the formula reads with no value given.
    let missing = try Self.eval(["workout.durationMin * 2"])
    #expect(missing.status == 65)
    #expect(missing.stderr.hasPrefix("error: no value for 'workout.durationMin'"))
    let wrongType = try Self.eval(["workout.durationMin * 2", "--data", #"{"workout":{"durationMin":"long"}}"#])
    #expect(wrongType.status == 65)
    let badScope = try Self.eval(["--scope", "wrokout", "1"])
    #expect(badScope.status == 64)
    #expect(badScope.stderr.hasPrefix("error: --scope: unknown scope 'wrokout'; did you mean 'workout'?"))
    #expect(try CommandRunner.fitquest(["eval", "--scope", "player", "1"]).status == 64)
  }

  @Test func readsThePlayersFactsFromASavedState() throws {
    // The sample events hold three workouts: the saved player has player.workouts = 3.
    let work = try CLIFixture.workspace()
    defer { try? FileManager.default.removeItem(at: work) }
    let award = try CommandRunner.fitquest(
      ["award", "--rules", Paths.rules, "--state", "state.json", "events.ndjson"], in: work)
    #expect(award.status == 0, "\(award.stderr)")
    let workouts = try Self.eval(["--scope", "player", "player.workouts * 10", "--state", "state.json"], in: work)
    #expect(workouts.status == 0, "\(workouts.stderr)")
    #expect(workouts.stdout == "30\n")
    // --data adds an event's facts to the player's.
    let both = try Self.eval(
      ["player.workouts + workout.durationMin", "--state", "state.json", "--data", #"{"workout.durationMin":45}"#],
      in: work)
    #expect(both.stdout == "48\n")
  }
}
