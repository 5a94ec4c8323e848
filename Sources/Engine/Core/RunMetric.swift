/// A number a simulated run reports about a mechanic (`simulate`, `report`, a scenario's
/// expectations): its name, what it measures, and how to read it from the run's final progress.
/// Each mechanic declares its own (`metrics` of its `NAMEMechanic`); the simulation lists them
/// from ``RulePack/runMetrics`` without knowing the mechanic.
package struct RunMetric: Sendable {
  /// The name scenarios and reports use (`season.spring-2026.tier`).
  package var name: String
  /// A short label for reports ("season 'Spring Sprint' tier").
  package var label: String
  /// The value at the end of a run; nil for "never".
  package var value: @Sendable (PlayerProgress) -> Double?

  package init(_ name: String, _ label: String, value: @escaping @Sendable (PlayerProgress) -> Double?) {
    self.name = name
    self.label = label
    self.value = value
  }

  /// A family of metric names, for docs and hints: `("season.ID.tier", "highest tier reached in season ID")`.
  package struct Family: Sendable {
    package var pattern: String
    package var description: String

    package init(_ pattern: String, _ description: String) {
      self.pattern = pattern
      self.description = description
    }
  }
}

extension RulePack {
  /// The metrics every mechanic of the pack reports, in the order of ``Mechanics/all``.
  package var runMetrics: [RunMetric] { Mechanics.all.flatMap { $0.metrics(of: self) } }
}

extension Mechanics {
  /// Every metric family the mechanics report.
  package static var metricFamilies: [RunMetric.Family] { all.flatMap { $0.metricFamilies } }
}

extension Mechanic {
  static func metrics(of pack: RulePack) -> [RunMetric] {
    pack.rules(Self.self).map { metrics($0, pack: pack) } ?? []
  }
}
