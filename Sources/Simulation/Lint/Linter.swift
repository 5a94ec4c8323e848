import Engine
import RuleLanguage

/// `fitquest lint`: static checks that a rule pack can work as intended, and, with scenarios,
/// evidence from Monte Carlo runs. Each problem is a located warning with a reason and a fix.
public enum Linter {
  /// How many days a level gate may need at the fastest pace before it is `too-slow`.
  public static let defaultHorizon = 365

  /// The static checks, in file and position order: thresholds and conditions the facts can
  /// never meet, constant formulas, XP caps every workout hits, orders that defeat their
  /// purpose, rewards that unlock the next milestone at once, level gates beyond the horizon and
  /// species no evolution path leads to.
  public static func lint(_ pack: RulePack, horizon: Int = defaultHorizon) -> [LintWarning] {
    let outline = PackOutline(pack)
    var log = LintLog(PackDocuments(pack))
    ConditionCheck.run(outline, &log)
    ConstantFormulaCheck.run(outline, &log)
    CapCheck.run(outline, &log)
    TierOrderCheck.run(outline, &log)
    RewardCycleCheck.run(outline, &log)
    PaceCheck.run(outline, horizon: horizon, &log)
    return sorted(log.warnings)
  }

  /// Evidence from `runs` Monte Carlo runs of each scenario under the engine's pack (whatever
  /// rules the scenario names): rules that never fired, milestones reached on day 1 everywhere.
  public static func evidence(engine: Engine, scenarios: [Scenario], runs: Int, threads: Int) throws(DiagnosticError)
    -> [LintWarning]
  {
    let outline = PackOutline(engine.pack)
    var log = LintLog(PackDocuments(engine.pack))
    try LintEvidence.run(outline, engine: engine, scenarios: scenarios, runs: runs, threads: threads, &log)
    return sorted(log.warnings)
  }

  /// Warnings by file, line and column, then message: the same order on every run.
  static func sorted(_ warnings: [LintWarning]) -> [LintWarning] {
    warnings.enumerated().sorted { a, b in
      let (x, y) = (a.element.diagnostic, b.element.diagnostic)
      let left = (x.file ?? "", x.position?.line ?? 0, x.position?.column ?? 0, a.offset)
      let right = (y.file ?? "", y.position?.line ?? 0, y.position?.column ?? 0, b.offset)
      return left < right
    }.map(\.element)
  }
}
