import Engine
import RuleLanguage

/// A scenario's golden outcome: its metrics, evolutions and achievements, a digest of the whole
/// award stream, and one line per day (a running digest and what happened), so that a change is
/// located to its first day. Stored as `scenarios/snapshots/NAME.json`.
public struct Snapshot: Sendable, Equatable {
  public var scenario: String
  public var seed: UInt64
  public var pack: String
  /// Standard metrics in order; nil for a day metric that never happened.
  public var metrics: [(name: String, value: Double?)]
  public var evolutions: [String]
  public var achievements: [String]
  public var awardDigest: String
  public var days: [String]

  public static let format = 1

  /// The snapshot of a run.
  public init(_ scenario: Scenario, _ engine: Engine, _ result: RunResult) {
    self.scenario = scenario.name
    seed = result.seed
    pack = "\(engine.pack.name) \(engine.pack.version)"
    metrics = MetricSet.standard(for: engine.pack).map { ($0, result.summary.value(of: $0)) }
    evolutions = result.summary.evolutions.map { "day \($0.day): \($0.from) → \($0.to)" }
    achievements = result.summary.achievements.map {
      "day \($0.day): \($0.id)" + ($0.tier > 1 ? " tier \($0.tier)" : "")
    }
    awardDigest = result.digest
    days = result.dayLines
  }

  public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
    lhs.scenario == rhs.scenario && lhs.seed == rhs.seed && lhs.pack == rhs.pack
      && lhs.metrics.map(\.name) == rhs.metrics.map(\.name) && lhs.metrics.map(\.value) == rhs.metrics.map(\.value)
      && lhs.evolutions == rhs.evolutions && lhs.achievements == rhs.achievements && lhs.awardDigest == rhs.awardDigest
      && lhs.days == rhs.days
  }

  /// The file's text (pretty JSON, fixed key order, a final newline).
  public var text: String {
    var writer = JSONWriter(pretty: true)
    writer.object { w in
      w.key("format")
      w.integer(Snapshot.format)
      w.key("scenario")
      w.string(scenario)
      w.key("seed")
      w.integer(seed)
      w.key("rules")
      w.string(pack)
      w.key("metrics")
      w.object { w in
        for (name, value) in metrics {
          w.key(name)
          if let value { w.number(value) } else { w.null() }
        }
      }
      for (key, list) in [("evolutions", evolutions), ("achievements", achievements)] {
        w.key(key)
        w.array { w in
          for item in list { w.string(item) }
        }
      }
      w.key("awardDigest")
      w.string(awardDigest)
      w.key("days")
      w.array { w in
        for line in days { w.string(line) }
      }
    }
    return writer.output + "\n"
  }

  /// Reads a snapshot file.
  public init(reading source: SourceFile) throws(DiagnosticError) {
    let log = DiagnosticLog()
    let root = JSONNode(root: try JSONReader.parse(source), source: source, log: log)
    var result: Snapshot?
    if let object = root.object {
      if let format = object.required("format")?.integer(in: 1...Int.max), format > Snapshot.format {
        root.error("snapshot format \(format) is newer than this fitquest supports")
      }
      let scenario = object.required("scenario")?.string
      let seed = object.required("seed")?.integer(in: 0...Int.max)
      let pack = object.required("rules")?.string
      let metrics = object.required("metrics")?.object?.entries.map { entry -> (String, Double?) in
        entry.node.value.kind == .null ? (entry.key, nil) : (entry.key, entry.node.number)
      }
      let evolutions = object.required("evolutions")?.array?.compactMap(\.string)
      let achievements = object.required("achievements")?.array?.compactMap(\.string)
      let digest = object.required("awardDigest")?.string
      let days = object.required("days")?.array?.compactMap(\.string)
      object.finish()
      if let scenario, let seed, let pack, let metrics, let evolutions, let achievements, let digest, let days {
        result = Snapshot(
          scenario: scenario, seed: UInt64(seed), pack: pack, metrics: metrics, evolutions: evolutions,
          achievements: achievements, awardDigest: digest, days: days)
      }
    }
    try log.throwIfErrors()
    guard let result else { throw DiagnosticError(Diagnostic(file: source.name, message: "not a FitQuest snapshot")) }
    self = result
  }

  init(
    scenario: String, seed: UInt64, pack: String, metrics: [(String, Double?)], evolutions: [String],
    achievements: [String], awardDigest: String, days: [String]
  ) {
    self.scenario = scenario
    self.seed = seed
    self.pack = pack
    self.metrics = metrics.map { (name: $0.0, value: $0.1) }
    self.evolutions = evolutions
    self.achievements = achievements
    self.awardDigest = awardDigest
    self.days = days
  }
}
