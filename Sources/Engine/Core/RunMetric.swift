/// A number a simulated run reports about a mechanic (`simulate`, `report`, a scenario's
/// expectations): its name, and how to read it from the run's final progress (its label and
/// description come from its ``Family``).
/// Each mechanic declares its own (`metrics` of its `NAMEMechanic`); the simulation lists them
/// from ``RulePack/runMetrics`` without knowing the mechanic.
package struct RunMetric: Sendable {
  /// The name scenarios and reports use (`season.spring-2026.tier`).
  package var name: String
  /// The value at the end of a run; nil for "never".
  package var value: @Sendable (PlayerProgress) -> Double?

  package init(_ name: String, value: @escaping @Sendable (PlayerProgress) -> Double?) {
    self.name = name
    self.value = value
  }

  /// A family of metric names, for docs, labels and hints: `season.ID.tier`, labelled
  /// "season 'ID' tier", described "highest tier reached in season ID".
  package struct Family: Sendable {
    package var pattern: String
    package var label: String
    package var description: String

    package init(_ pattern: String, label: String, _ description: String) {
      self.pattern = pattern
      self.label = label
      self.description = description
    }

    /// The label of a metric of the family (`season 'spring-2026' tier`), or nil when the name
    /// is not of the family.
    package func label(of name: String) -> String? {
      let parts = name.split(separator: ".", omittingEmptySubsequences: false)
      let pattern = self.pattern.split(separator: ".")
      guard parts.count == pattern.count else { return nil }
      var id: Substring?
      for (part, expected) in zip(parts, pattern) {
        if expected == "ID" { id = part } else if part != expected { return nil }
      }
      return id.map { label.replacingOccurrences(of: "ID", with: "'\($0)'") } ?? label
    }
  }
}

extension RulePack {
  /// The metrics every mechanic of the pack reports, in the order of ``Mechanics/all``.
  package var runMetrics: [RunMetric] { Mechanics.all.flatMap { $0.metrics(of: self) } }
}

extension RulePack {
  /// The lines the pack's mechanics add to a run's text report, for a final progress.
  package func reportLines(of progress: PlayerProgress) -> [(label: String, text: String)] {
    Mechanics.all.compactMap { $0.reportLine(of: progress, pack: self) }
  }
}

extension Mechanics {
  /// Every metric family the mechanics report.
  package static var metricFamilies: [RunMetric.Family] { all.flatMap { $0.metricFamilies } }
}

extension Mechanic {
  static func reportLine(of progress: PlayerProgress, pack: RulePack) -> (label: String, text: String)? {
    pack.rules(Self.self).flatMap { reportLine(progress[keyPath: state], rules: $0) }
  }

  static func metrics(of pack: RulePack) -> [RunMetric] {
    pack.rules(Self.self).map { metrics($0, pack: pack) } ?? []
  }
}
