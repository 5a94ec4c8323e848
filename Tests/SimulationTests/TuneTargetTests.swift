import RuleLanguage
import Simulation
import Testing

/// The target grammar: `[SCENARIO:] METRIC STATISTIC =|<=|>= VALUE [±TOLERANCE]`.
@Suite struct TuneTargetTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var text: String
    var metric: String
    var statistic: TuneTarget.Statistic
    var comparison: TuneTarget.Comparison
    var value: Double
    var tolerance: Double
    var scenario: String? = nil
    var testDescription: String { text }
  }

  @Test(arguments: [
    Case(
      text: "level.10 p50 = day 42", metric: "level.10", statistic: .percentile(50), comparison: .equal, value: 42,
      tolerance: 0),
    Case(
      text: "level.10 p50 = day 42 ±2", metric: "level.10", statistic: .percentile(50), comparison: .equal, value: 42,
      tolerance: 2),
    Case(
      text: "level.10 p90<=day 60+-3 days", metric: "level.10", statistic: .percentile(90), comparison: .atMost,
      value: 60, tolerance: 3),
    Case(
      text: "level.20 happened >= 90%", metric: "level.20", statistic: .happened, comparison: .atLeast, value: 0.9,
      tolerance: 0),
    Case(
      text: "level.20 happened ≥ 0.9 ±5%", metric: "level.20", statistic: .happened, comparison: .atLeast, value: 0.9,
      tolerance: 0.05),
    Case(
      text: "totalXP mean <= 25000", metric: "totalXP", statistic: .mean, comparison: .atMost, value: 25000,
      tolerance: 0),
    Case(
      text: "nutrition.clampShare p50 = 5% +/- 1%", metric: "nutrition.clampShare", statistic: .percentile(50),
      comparison: .equal, value: 0.05, tolerance: 0.01),
    Case(
      text: "cappedWorkouts p95 == 0", metric: "cappedWorkouts", statistic: .percentile(95), comparison: .equal,
      value: 0, tolerance: 0),
    Case(
      text: "dieter: xpOnDay.30 mean >= 1e3", metric: "xpOnDay.30", statistic: .mean, comparison: .atLeast, value: 1000,
      tolerance: 0, scenario: "dieter"),
  ])
  func parses(_ c: Case) throws {
    let target = try TuneTarget(parsing: c.text)
    #expect(target.metric == c.metric)
    #expect(target.statistic == c.statistic)
    #expect(target.comparison == c.comparison)
    #expect(abs(target.value - c.value) < 1e-12)
    #expect(abs(target.tolerance - c.tolerance) < 1e-12)
    #expect(target.scenario == c.scenario)
  }

  @Test(arguments: [
    ("level.10 p55.5 = 3", "unknown statistic 'p55.5'"),
    ("level.10 median = day 3", "unknown statistic 'median'"),
    ("level.10 p50 day 42", "expected '=', '<=' or '>='"),
    ("level.10 p50 = soon", "expected a number after '='"),
    ("level.10 p50 = day 42 ±", "expected a tolerance"),
    ("level.10 p50 = 42 days please", "unexpected 'please'"),
    ("totalXP p50 = day 4", "'day' belongs to the percentiles and mean of day metrics"),
    ("totalXP happened >= 90%", "'happened' applies to day metrics"),
    ("level.10 happened >= 90", "'happened' is a share of runs"),
    (": level.10 p50 = 3", "the scenario name before ':' is empty"),
    ("level.10", "it needs a metric, a statistic"),
  ])
  func refusesMalformedTargets(_ text: String, _ message: String) throws {
    let error = try #require(throws: DiagnosticError.self) { try TuneTarget(parsing: text) }
    let shown = error.diagnostics.first?.message ?? ""
    #expect(shown.contains(message), "\(shown)")
    #expect(shown.contains("e.g. 'level.10 p50 = day 42 ±2'"))
  }

  @Test func meetingTakesTheToleranceAndNeverIntoAccount() throws {
    let equal = try TuneTarget(parsing: "level.10 p50 = day 42 ±2")
    #expect(equal.isMet(by: 40) && equal.isMet(by: 44) && !equal.isMet(by: 45) && !equal.isMet(by: nil))
    let atMost = try TuneTarget(parsing: "level.10 p50 <= day 42")
    #expect(atMost.isMet(by: 42) && !atMost.isMet(by: 43) && !atMost.isMet(by: nil))
    // "never" ranks after every day: it meets "no earlier than".
    let atLeast = try TuneTarget(parsing: "level.10 p10 >= day 30")
    #expect(atLeast.isMet(by: nil) && atLeast.isMet(by: 30) && !atLeast.isMet(by: 29))
  }

  @Test func parametersReadRanges() throws {
    let parameter = try TuneParameter(parsing: "xp.categories.strength.multiplier=1.0..1.5")
    #expect(parameter.path == "xp.categories.strength.multiplier")
    #expect(parameter.low == 1 && parameter.high == 1.5)
    #expect(!parameter.isWhole)
    #expect(try TuneParameter(parsing: "xp.caps.perDay=400..1200").isWhole)
    #expect(try TuneParameter(parsing: "pack.constants.levelExponent=-1..2").low == -1)
    for bad in ["x=2..1", "x=1..1", "x=1", "x=a..b", "=1..2", "x[=1..2"] {
      #expect(throws: DiagnosticError.self, "\(bad)") { try TuneParameter(parsing: bad) }
    }
  }
}
