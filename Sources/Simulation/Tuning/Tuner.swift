import Engine
import RuleLanguage

/// Searches rule (or scenario) values that meet targets: bisection for one parameter and one
/// target, Nelder–Mead's simplex method otherwise.
///
/// Every candidate runs the same seeds (common random numbers), so two candidates differ only by
/// their values, never by luck; results are the same for any number of threads. Each evaluation
/// is one point of a ``Sweep``: the candidate's overrides, then a Monte Carlo batch per scenario.
public struct Tuner {
  /// Loads the scenarios with their engines for a candidate's overrides (as ``Sweep`` does).
  public typealias Loader = ([JSONOverride]) throws(DiagnosticError) -> [(Scenario, Engine)]

  /// The values searched.
  public let parameters: [TuneParameter]
  /// The goals.
  public let targets: [TuneTarget]
  /// Runs per evaluation.
  public let runs: Int
  /// Threads per Monte Carlo batch (the result does not depend on it).
  public let threads: Int
  /// The most evaluations made.
  public let maximumEvaluations: Int
  private let load: Loader
  private let progress: ((Int) -> Void)?

  /// The default limit on evaluations.
  public static let defaultMaximumEvaluations = 60

  /// Creates a tuner; `progress` is called with the number of evaluations made.
  public init(
    parameters: [TuneParameter], targets: [TuneTarget], runs: Int, threads: Int,
    maximumEvaluations: Int = Tuner.defaultMaximumEvaluations, load: @escaping Loader, progress: ((Int) -> Void)? = nil
  ) {
    self.parameters = parameters
    self.targets = targets
    self.runs = runs
    self.threads = threads
    self.maximumEvaluations = maximumEvaluations
    self.load = load
    self.progress = progress
  }

  /// Runs the search.
  ///
  /// - Throws: a located error when a target names an unknown scenario or a candidate value is
  ///   refused by the pack or scenario.
  public func run() throws(DiagnosticError) -> TuneResult {
    let evaluator = TuneEvaluator(tuner: self, load: load, progress: progress)
    let start = parameters.map { parameter in
      parameter.current.map { min(parameter.high, max(parameter.low, $0)) } ?? parameter.value(at: 0.5, slack: 0.25)
    }
    let scenarios = try load([]).map(\.0)
    let objectives = try TuneEvaluator.objectives(targets, scenarios: scenarios)
    evaluator.objectives = objectives
    let best: [Double]
    let method: TuneResult.Method
    if parameters.count == 1 && objectives.count == 1 {
      method = .bisection
      best = try Bisection(evaluator: evaluator, parameter: parameters[0], objective: objectives[0]).run()
    } else {
      method = .nelderMead
      best = try NelderMead(evaluator: evaluator, parameters: parameters).run(from: start)
    }
    let outcome = try evaluator.evaluate(best)
    let readings = objectives.map { $0.read(outcome.aggregates[$0.scenario]) }
    return TuneResult(
      parameters: parameters, values: best, objectives: objectives, readings: readings,
      evaluations: evaluator.count, method: method, scenarios: scenarios, runs: runs)
  }
}

/// Evaluates candidates once each (a cache by value) and counts the evaluations.
final class TuneEvaluator {
  /// The outcome of one candidate.
  struct Point {
    var values: [Double]
    var scenarios: [Scenario]
    var aggregates: [RunAggregate]
  }

  let tuner: Tuner
  private let load: Tuner.Loader
  private let progress: ((Int) -> Void)?
  var objectives: [TuneObjective] = []
  private var cache: [[Double]: Point] = [:]
  private(set) var count = 0

  init(tuner: Tuner, load: @escaping Tuner.Loader, progress: ((Int) -> Void)?) {
    self.tuner = tuner
    self.load = load
    self.progress = progress
  }

  var isExhausted: Bool { count >= tuner.maximumEvaluations }

  /// The candidate's Monte Carlo batches, one per scenario (the metrics the targets name).
  func evaluate(_ values: [Double]) throws(DiagnosticError) -> Point {
    if let known = cache[values] { return known }
    var sweepParameters: [SweepParameter] = []
    for (parameter, value) in zip(tuner.parameters, values) {
      sweepParameters.append(try SweepParameter(parsing: "\(parameter.path)=\(parameter.text(value))"))
    }
    let metrics = tuner.targets.map(\.metric)
    let sweep = try Sweep(
      parameters: sweepParameters, metrics: metrics, runs: tuner.runs, threads: tuner.threads, load: load)
    let point = Point(values: values, scenarios: sweep.rows.map(\.scenario), aggregates: sweep.rows.map(\.aggregate))
    cache[values] = point
    count += 1
    progress?(count)
    return point
  }

  /// The readings of every objective at a candidate.
  func readings(_ values: [Double]) throws(DiagnosticError) -> [TuneObjective.Reading] {
    let point = try evaluate(values)
    return objectives.map { $0.read(point.aggregates[$0.scenario]) }
  }

  /// The search's measure of a candidate: 0 when every target is met exactly, growing with
  /// every target's distance.
  func penalty(_ values: [Double]) throws(DiagnosticError) -> (penalty: Double, allMet: Bool) {
    let readings = try readings(values)
    var total = 0.0
    for (objective, reading) in zip(objectives, readings) { total += objective.penalty(reading) }
    return (total, readings.allSatisfy(\.isMet))
  }

  /// Every (target, scenario) pair: a target naming a scenario applies to it, others to all.
  static func objectives(_ targets: [TuneTarget], scenarios: [Scenario]) throws(DiagnosticError) -> [TuneObjective] {
    var objectives: [TuneObjective] = []
    for target in targets {
      if let name = target.scenario, !scenarios.contains(where: { $0.name == name }) {
        throw DiagnosticError(
          Diagnostic(
            message:
              "target '\(target.text)': no scenario '\(name)' among those tuned\(Suggestion.hint(for: name, among: scenarios.map(\.name)))"
          ))
      }
      for (index, scenario) in scenarios.enumerated() where target.scenario == nil || target.scenario == scenario.name {
        objectives.append(
          TuneObjective(target: target, scenario: index, scenarioName: scenario.name, days: scenario.days))
      }
    }
    return objectives
  }
}
