import Engine
import RuleLanguage
import Simulation

/// `fitquest lint`: rules that can never fire, and other ways a pack fails its intent.
enum LintCommand: Command {
  static let name = "lint"
  static let summary = "Find rules that can never fire or cannot work as intended (static checks, --simulate evidence)"
  static let usage =
    "fitquest lint [RULES_DIR] [--set PATH=VALUE]... [--simulate N [SCENARIO...]] [--horizon DAYS] [--strict]"
  static let about = """
    Checks a rule pack (default: rules/) for rules that load but cannot work as intended, each a
    located warning with its reason and a fix: achievement tiers and conditions, evolution
    conditions and quest goals the facts can never meet (a level beyond the curve, more than
    1,440 minutes in a day); formulas that never change; XP caps every workout hits; tiers,
    evolutions and RPE bands in an order that defeats them; rewards that always unlock the next
    milestone in the same event; level gates not reachable within --horizon days even at the
    daily cap; species no evolution path leads to. The class of each warning is in brackets.

    --simulate N adds evidence from N Monte Carlo runs of each scenario (default: every scenario
    in scenarios/), run under this pack: rules that never fired in any run, and milestones every
    run reaches on day 1.
    """
  static let footer =
    "Exit codes: 0 done (warnings or not) · 1 warnings with --strict · 64 usage · 65 invalid rules or scenario · 66 unreadable input. See docs/balancing.md."
  struct Options: CommandOptions {
    let set = Option.repeated(
      "--set", "PATH=VALUE", "lint the pack with a rule value changed, e.g. --set levels.maxLevel=15")
    let simulate = Option<Int?>.integer(
      "--simulate", "N", "also run every scenario N times and report rules that never fired", in: 1...100_000)
    let horizon = Option.integer(
      "--horizon", "DAYS", "the days a level gate may take at the fastest pace (default \(Linter.defaultHorizon))",
      default: Linter.defaultHorizon, in: 1...36_500)
    let strict = Option.flag("--strict", "exit 1 when there is any warning (for CI)")
    let threads = RunOptions.threads
  }

  static func run(_ arguments: Arguments<Options>) throws -> Int32 {
    let directory = arguments.positionals.first ?? "rules"
    let scenarioPaths = Array(arguments.positionals.dropFirst())
    if !scenarioPaths.isEmpty && arguments.simulate == nil {
      throw UsageError(message: "scenarios are run only with --simulate N; got '\(scenarioPaths[0])'")
    }
    let packs = PackCache(overrides: try Overrides.rulesOnly(arguments.set))
    let engine = try packs.engine(for: directory)
    var warnings = Linter.lint(engine.pack, horizon: arguments.horizon)
    var evidence = 0
    if let runs = arguments.simulate {
      let files = try ScenarioArguments.files(scenarioPaths.isEmpty ? ["scenarios"] : scenarioPaths)
      let scenarios = try ScenarioArguments.load(files, overrides: try Overrides([]), packs: packs)
      let found = try Linter.evidence(engine: engine, scenarios: scenarios, runs: runs, threads: arguments.threads)
      evidence = found.count
      warnings += found
    }
    for warning in warnings { Console.output.line(warning.diagnostic.rendered()) }
    let count = warnings.isEmpty ? "no warnings" : "\(warnings.count) warning\(warnings.count == 1 ? "" : "s")"
    let from = arguments.simulate == nil || evidence == 0 ? "" : ", \(evidence) of them from the runs"
    Console.output.line("\(directory): \(count)\(from)")
    return arguments.strict && !warnings.isEmpty ? ExitCode.failure : ExitCode.success
  }
}
