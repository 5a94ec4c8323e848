import Engine
import RuleLanguage
import Simulation

/// `fitquest compare`: the same scenarios under two rule packs, side by side.
enum CompareCommand: Command {
  static let name = "compare"
  static let summary = "Run scenarios under two rule packs and show what moved"
  static let usage =
    "fitquest compare --base DIR --candidate DIR [SCENARIO...] [--runs N] [--seed N] [--format text|json|csv]"
  static let about = """
    Runs each scenario (default: \(ScenarioArguments.defaultScenario)) with the same seeds under the base and
    the candidate rule packs (the scenarios' own 'rules' are ignored) and prints what moved
    ("level 10 reached on day 64 → day 81 (+17)"), then every metric side by side: player levels
    and the first evolution first, by days moved; then other milestones; then amounts, by relative
    change. A metric whose median and share of runs did not move is not listed; when nothing
    moved, one line says so and no table follows.
    With --runs N, each side is a distribution: p10/p50/p90 and how often milestones happened.
    """
  static let formats: [OutputFormat] = [.text, .json, .csv]
  struct Options: RunOptionsDeclaring {
    let base = Option.value("--base", "DIR", "the current rule pack")
    let candidate = Option.value("--candidate", "DIR", "the edited rule pack")
    let setCandidate = Option.repeated(
      "--set-candidate", "PATH=VALUE",
      "change a rule value of the candidate only (the candidate is then\nthe base pack with these changes when --candidate is not given)"
    )
    let format = Option.format(formats)
    let runs = RunOptions.runs
    let seed = RunOptions.seed
    let threads = RunOptions.threads
    let set = RunOptions.set.help("override a scenario value (scenario.…) for both sides")
    let shard = Sharding.option
  }

  static func run(_ arguments: Arguments<Options>) throws -> Int32 {
    let format = arguments.format
    let options = try RunOptions(arguments)
    guard let base = arguments.base else { throw UsageError(message: "compare needs --base DIR") }
    let candidateChanges = try Overrides.rulesOnly(arguments.setCandidate)
    guard let candidate = arguments.candidate ?? (candidateChanges.isEmpty ? nil : base) else {
      throw UsageError(message: "compare needs --candidate DIR or --set-candidate PATH=VALUE")
    }
    if !options.overrides.rules.isEmpty {
      throw UsageError(
        message:
          "compare takes rule changes from --candidate or --set-candidate; --set only changes scenario values here")
    }
    let packs = PackCache()
    let baseEngine = try packs.engine(for: base)
    let candidateEngine = try PackCache(overrides: candidateChanges).engine(for: candidate)
    let scenarios = try ScenarioArguments.load(arguments.positionals, overrides: options.overrides, packs: packs)
      .map(options.seeded)
    let progress = Progress.start(total: 2 * options.runs * scenarios.count, label: "comparing")
    var comparisons: [Comparison] = []
    for (index, scenario) in scenarios.enumerated() {
      let offset = 2 * options.runs * index
      var report: (@Sendable (Int) -> Void)?
      if let progress { report = { progress.update(offset + $0) } }
      comparisons.append(
        try Comparison(
          scenario, base: baseEngine, candidate: candidateEngine, runs: options.runs, threads: options.threads,
          progress: report))
    }
    progress?.finish()
    let candidateName =
      candidateChanges.isEmpty ? candidate : "\(candidate) with " + candidateChanges.map(\.text).joined(separator: ", ")
    switch format {
    case .json:
      Console.output.line(
        JSONReport.document(comparisons.map { $0.json(basePath: base, candidatePath: candidateName) }))
    case .csv:
      Console.output.line(Comparison.csvHeader)
      for comparison in comparisons { for row in comparison.csvRows { Console.output.line(row) } }
    default:
      let baseName = "\(base) (\(baseEngine.pack.name) \(baseEngine.pack.version))"
      let candidateLabel = "\(candidateName) (\(candidateEngine.pack.name) \(candidateEngine.pack.version))"
      Console.output.line(
        comparisons.map { $0.text(baseName: baseName, candidateName: candidateLabel) }.joined(separator: "\n\n"))
    }
    return ExitCode.success
  }
}
