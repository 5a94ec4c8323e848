import Dispatch
import Engine
import RuleLanguage

/// How much each numeric rule value moves the headline metrics when it moves ±10%: every value
/// of the pack (or those named) is set 10% lower and 10% higher, one at a time, and each
/// scenario's Monte Carlo batch is run again with the same seeds (common random numbers), so
/// the differences are the value's effect and not luck.
///
/// A metric is read as its median for day metrics (the median day of level 10) and as its mean
/// otherwise (total XP, evolutions, quests, clamp share). A value written as a whole number whose
/// place takes whole numbers only (grace days, reward XP) moves to the nearest whole number 10%
/// away, or by 1 when that rounds back to the value; 0 is not moved. A value the pack refuses
/// (a band limit that must stay 10, a probability above 1) is listed with the reason.
public struct SensitivityAnalysis: Sendable {
  /// The metrics measured by default: level milestones, total XP, evolutions, quests, clamps.
  public static let defaultMetrics = [
    "level.10", "level.20", "totalXP", "evolutions", "quests", "nutrition.clampShare",
  ]

  /// How far each value moves (a fraction: 0.1 is ±10%).
  public static let step = 0.1

  /// One rule value's effect on one scenario.
  public struct Entry: Sendable {
    /// The value moved.
    public var value: RuleValue
    /// The values tried below and above.
    public var low: Double
    public var high: Double
    /// Each metric at the low and the high value (nil inside: "never"; the whole list nil when
    /// the pack refused that value).
    public var atLow: [Double?]?
    public var atHigh: [Double?]?
    /// Why the pack refused a value, if it did.
    public var refusal: String?
  }

  /// One scenario: its metrics at the pack's values and every entry, most effective first.
  public struct Part: Sendable {
    public var scenario: Scenario
    public var engine: Engine
    /// Each metric with the pack as it is.
    public var base: [Double?]
    /// The entries, ranked (see ``SensitivityAnalysis/reach(_:_:metric:at:days:)``).
    public var entries: [Entry]
    /// Values left at 0 (±10% of 0 is 0).
    public var zeros: [RuleValue]
    /// Values no metric can see (companion stats), not moved.
    public var inert: [RuleValue]
  }

  /// The metrics measured.
  public let metrics: [String]
  /// Runs per value and side.
  public let runs: Int
  /// The metric the ranking uses, or nil for the largest relative move over all of them.
  public let rankedBy: String?
  /// Per scenario.
  public let parts: [Part]

  /// Loads the scenarios with their engines for a set of overrides (as ``Sweep`` takes it);
  /// called from several threads at once.
  public typealias Loader = @Sendable ([JSONOverride]) throws(DiagnosticError) -> [(Scenario, Engine)]

  /// Runs the analysis: `values` are the rule values to move (every number of the pack by
  /// default, see ``ruleValues(of:)``).
  ///
  /// The batches of the values are independent, so `threads` batches run at once, each on one
  /// thread with its own engine (no engine is shared or copied); the result does not depend on
  /// `threads`.
  public init(
    values: [RuleValue], metrics: [String], runs: Int, threads: Int, rankedBy: String? = nil, load: Loader,
    progress: (@Sendable (Int) -> Void)? = nil
  ) throws(DiagnosticError) {
    self.metrics = metrics
    self.runs = runs
    self.rankedBy = rankedBy
    let baseline = try Sweep(parameters: [], metrics: metrics, runs: runs, threads: threads, load: load)
    let moved = values.filter { $0.value != 0 && !$0.isInert }
    let tried = moved.flatMap { value in
      let candidates = SensitivityAnalysis.candidates(value)
      return [(value.path, candidates.map(\.low)), (value.path, candidates.map(\.high))]
    }
    let batches = SensitivityAnalysis.run(
      tried, metrics: metrics, runs: runs, threads: threads, load: load, progress: progress)
    parts = baseline.rows.enumerated().map { index, row in
      let base = SensitivityAnalysis.measures(row.aggregate, metrics)
      let entries = moved.enumerated().map { position, value in
        let (atLow, atHigh) = (batches[2 * position], batches[2 * position + 1])
        return Entry(
          value: value, low: atLow.value, high: atHigh.value, atLow: atLow.measures?[index],
          atHigh: atHigh.measures?[index],
          refusal: atLow.refusal ?? atHigh.refusal)
      }
      let ranked = SensitivityAnalysis.ranked(
        entries, base: base, metrics: metrics, days: row.scenario.days, by: rankedBy)
      return Part(
        scenario: row.scenario, engine: row.engine, base: base, entries: ranked, zeros: values.filter { $0.value == 0 },
        inert: values.filter { $0.value != 0 && $0.isInert })
    }
  }

  /// One batch's outcome: the value run and each scenario's measures, or why the pack refused
  /// every value tried.
  private struct Batch: Sendable {
    var value: Double
    var measures: [[Double?]]?
    var refusal: String?
  }

  /// Runs each path's batch on one thread, `threads` at a time, results in input order; a value
  /// the pack refuses gives way to the next candidate (the whole number 10% away).
  private static func run(
    _ tried: [(path: String, candidates: [Double])], metrics: [String], runs: Int, threads: Int, load: Loader,
    progress: (@Sendable (Int) -> Void)?
  ) -> [Batch] {
    let workers = max(1, min(threads, tried.count))
    let results = WorkerResults<[(Int, Batch)]>(workers: workers)
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      var batches: [(Int, Batch)] = []
      for index in stride(from: worker, to: tried.count, by: workers) {
        let (path, candidates) = tried[index]
        var batch = Batch(value: candidates[0])
        for value in candidates {
          do throws(DiagnosticError) {
            let parameter = try SweepParameter(parsing: "\(path)=\(NumberText.format(value))")
            let sweep = try Sweep(parameters: [parameter], metrics: metrics, runs: runs, threads: 1, load: load)
            batch = Batch(value: value, measures: sweep.rows.map { measures($0.aggregate, metrics) })
            break
          } catch {
            batch = Batch(value: value, refusal: "\(NumberText.format(value)): " + refusal(error))
          }
        }
        batches.append((index, batch))
        let done = results.completeOne()
        progress?(done * runs)
      }
      results.store(worker, batches)
    }
    let all = (try? results.merged(into: []) { $0 += $1 }) ?? []
    return all.sorted { $0.0 < $1.0 }.map(\.1)
  }

  /// The most specific reason among a refusal's diagnostics (the value's own, when located in
  /// its `--set` text).
  private static func refusal(_ error: DiagnosticError) -> String {
    let diagnostics = error.diagnostics
    let own = diagnostics.last { $0.file?.hasPrefix("--set") ?? false } ?? diagnostics.last
    return own?.message ?? "refused"
  }

  /// Every number of a pack's files that a `--set` path can reach, in file order (formats and
  /// evolution stages left out).
  public static func ruleValues(of pack: RulePack) -> [RuleValue] {
    PackDocuments(pack).numericValues
  }

  /// The named rule values of a pack (`--set` paths, by id or by index).
  ///
  /// - Throws: an error naming a path that holds no number, with the closest path as a hint.
  public static func ruleValues(of pack: RulePack, named paths: [String]) throws(DiagnosticError) -> [RuleValue] {
    let documents = PackDocuments(pack)
    let all = documents.numericValues
    var values: [RuleValue] = []
    for path in paths {
      if let known = all.first(where: { $0.path == path }) {
        values.append(known)
      } else if let found = documents.value(at: path), let number = found.number {
        if case .integer = found.kind {
          values.append(RuleValue(path: path, value: number, isWhole: true))
        } else {
          values.append(RuleValue(path: path, value: number, isWhole: false))
        }
      } else {
        throw DiagnosticError(
          Diagnostic(
            message: "no number at '\(path)' in the rule pack\(Suggestion.hint(for: path, among: all.map(\.path)))"))
      }
    }
    return values
  }

  /// The values tried for a rule value, in order: ×0.9 and ×1.1; then, for a value written as a
  /// whole number, the nearest whole numbers 10% away (or 1 away when those round back to it),
  /// tried when the pack refuses a fraction there.
  public static func candidates(_ value: RuleValue) -> [(low: Double, high: Double)] {
    let low = ((value.value * (1 - step)) * 1e9).rounded() / 1e9
    let high = ((value.value * (1 + step)) * 1e9).rounded() / 1e9
    guard value.isWhole else { return [(low, high)] }
    let away = value.value > 0 ? 1.0 : -1.0
    let (wholeLow, wholeHigh) = (low.rounded(), high.rounded())
    let whole = (
      wholeLow == value.value ? value.value - away : wholeLow, wholeHigh == value.value ? value.value + away : wholeHigh
    )
    return whole == (low, high) ? [(low, high)] : [(low, high), whole]
  }

  /// Each metric's reading: the median for day metrics, the mean of the runs otherwise.
  static func measures(_ aggregate: RunAggregate, _ metrics: [String]) -> [Double?] {
    metrics.map { metric in
      let histogram = aggregate.histogram(of: metric) ?? Histogram()
      if Metrics.isDay(metric) { return histogram.percentile(0.5) }
      guard histogram.happened > 0 else { return nil }
      return histogram.sorted.reduce(0) { $0 + $1.value * Double($1.count) } / Double(histogram.happened)
    }
  }

  /// How far an entry moves a metric, relative to the metric's base value (days count "never" as
  /// the day after the last): the larger of the moves down and up, 0 for a refused side.
  public static func reach(_ entry: Entry, _ base: Double?, metric: String, at index: Int, days: Int) -> Double {
    let never = Double(days + 1)
    let origin = base ?? never
    var largest = 0.0
    for side in [entry.atLow, entry.atHigh] {
      guard let side else { continue }
      largest = max(largest, abs((side[index] ?? never) - origin))
    }
    return largest / max(abs(origin), unit(metric))
  }

  /// The smallest base a relative move is measured against, so that a metric at 0 does not make
  /// every move infinite: one (day, XP, evolution, quest), or 1% for shares and adjustments.
  static func unit(_ metric: String) -> Double {
    metric.hasPrefix("nutrition.") && metric != "nutrition.targetDays" && metric != "nutrition.clampedDays" ? 0.01 : 1
  }

  static func ranked(_ entries: [Entry], base: [Double?], metrics: [String], days: Int, by metric: String?) -> [Entry] {
    let indexes = metric.flatMap { metrics.firstIndex(of: $0) }.map { [$0] } ?? Array(metrics.indices)
    let scores = entries.map { entry in
      indexes.map { reach(entry, base[$0], metric: metrics[$0], at: $0, days: days) }.max() ?? 0
    }
    // Largest first; ties keep file order.
    return entries.indices.sorted { (-scores[$0], $0) < (-scores[$1], $1) }.map { entries[$0] }
  }
}
