import Engine
import Foundation
import RuleLanguage

/// Monte Carlo work split over processes or machines. A command run with `--shard i/n` does, in
/// every ``MonteCarlo/run(_:engine:count:threads:metrics:runs:engines:progress:)`` it calls, only
/// the runs whose index is i modulo n (seeds unchanged) and records the partial aggregates in
/// call order; `fitquest merge` adds the shards' aggregates together and runs the command again
/// with them in place of the simulations. A histogram of counts adds exactly, so the merged
/// output is byte for byte the unsharded one.
public final class ShardSession: @unchecked Sendable {
  public enum Mode: Sendable {
    /// Do runs `index`, `index + count`, … of every Monte Carlo call.
    case shard(index: Int, count: Int)
    /// Answer the Monte Carlo calls, in order, with these merged aggregates.
    case merge([RunAggregate])
  }

  public let mode: Mode
  private let lock = NSLock()
  private var recorded: [RunAggregate] = []
  private var next = 0

  /// The session of the command running on this task, if it is sharded or merging.
  @TaskLocal public static var current: ShardSession?

  public init(_ mode: Mode) { self.mode = mode }

  /// The partial aggregates a shard recorded, in call order.
  public var partials: [RunAggregate] {
    lock.lock()
    defer { lock.unlock() }
    return recorded
  }

  /// Merged aggregates a merge did not use (the parts came from another command).
  public var unused: Int {
    guard case .merge(let all) = mode else { return 0 }
    lock.lock()
    defer { lock.unlock() }
    return all.count - next
  }

  func record(_ aggregate: RunAggregate) {
    lock.lock()
    recorded.append(aggregate)
    lock.unlock()
  }

  /// The next merged aggregate, checked against the call that wants it.
  func take(count: Int, metrics: [String]) throws(DiagnosticError) -> RunAggregate {
    guard case .merge(let all) = mode else { throw DiagnosticError(Diagnostic(message: "not merging")) }
    lock.lock()
    defer { lock.unlock() }
    guard next < all.count else {
      throw DiagnosticError(Diagnostic(message: "the parts hold \(all.count) Monte Carlo result(s) but the command needs more; were they made by this command?"))
    }
    let aggregate = all[next]
    guard aggregate.runs == count, aggregate.metrics == RunAggregate(metrics: metrics).metrics else {
      throw DiagnosticError(Diagnostic(
        message: "Monte Carlo result \(next + 1) of the parts has \(aggregate.runs) run(s) of \(aggregate.metrics.count) metric(s); the command needs \(count) of \(metrics.count): were the parts made with the same arguments?"))
    }
    next += 1
    return aggregate
  }
}

extension RunAggregate {
  /// The aggregate as JSON: runs, and per metric its never count and its (value, count) pairs
  /// in ascending order (numbers written so that they read back exactly).
  public func write(to writer: inout JSONWriter) {
    writer.object { json in
      json.key("runs")
      json.integer(runs)
      json.key("metrics")
      json.array { list in
        for (metric, histogram) in zip(metrics, histograms) {
          list.object { item in
            item.key("metric")
            item.string(metric)
            item.key("never")
            item.integer(histogram.never)
            item.key("counts")
            item.array { pairs in
              for (value, count) in histogram.sorted {
                pairs.array { pair in
                  pair.number(value)
                  pair.integer(count)
                }
              }
            }
          }
        }
      }
    }
  }

  /// Reads an aggregate written by ``write(to:)``; nil when the JSON is not one.
  public init?(json: JSONValue) {
    guard let runs = json["runs"]?.number, let list = json["metrics"]?.elements else { return nil }
    var names: [String] = []
    var histograms: [Histogram] = []
    for item in list {
      guard let name = item["metric"]?.string, let never = item["never"]?.number, let pairs = item["counts"]?.elements else { return nil }
      var histogram = Histogram()
      histogram.add(nil, count: Int(never))
      for pair in pairs {
        guard let values = pair.elements, values.count == 2, let value = values[0].number, let count = values[1].number,
          count >= 1, count == count.rounded()
        else { return nil }
        histogram.add(value, count: Int(count))
      }
      names.append(name)
      histograms.append(histogram)
    }
    self.init(metrics: names)
    guard self.metrics == names, runs >= 0, runs == runs.rounded(), histograms.allSatisfy({ $0.runs == Int(runs) }) else { return nil }
    self.histograms = histograms
    self.runs = Int(runs)
  }
}
