import RuleLanguage

extension Recorded {
  /// A day's targets; `signals` holds each signal's limited value, in the pack's order.
  package struct NutritionTarget: Sendable {
    package var targets: MacroTargets
    package var adjustment: Double
    package var unclamped: Double
    package var isClamped: Bool
    package var signals: ValueRange
  }
}

extension Recorded.NutritionTarget: RecordedAward {
  package func payload(in log: borrowing AwardLog, pack: RulePack) -> NutritionTarget {
    NutritionTarget(self, values: log.values.slice(signals), pack: pack)
  }

  /// Writes ``NutritionTarget/write(_:)``'s fields straight from the record, the rationale
  /// sentence included (no arrays, no String built).
  package func writePayload(in log: borrowing AwardLog, pack: RulePack, to out: inout AwardJSONBuffer) {
    let values = log.values.slice(self.signals)
    let signals = pack.nutrition?.signals ?? []
    // The signals named (as many as both the pack and the record have), as the payload's are.
    let count = Swift.min(signals.count, values.count)
    targets.write("targets", to: &out)
    out.field("adjustment", adjustment)
    out.openObject("signals")
    for index in 0..<count { out.member(signals[index].name, values[values.startIndex + index], first: index == 0) }
    out.closeObject()
    out.field("clamped", isClamped)
    // ``NutritionTarget/rationale``, escaped as the string it is: only the names can need it.
    out.key("rationale")
    out.byte(UInt8(ascii: "\""))
    if adjustment == 0 && !values.prefix(count).contains(where: { $0 != 0 }) {
      out.append("baseline")
    } else {
      out.percent(adjustment)
      if isClamped {
        out.append(" (clamped from ")
        out.percent(unclamped)
        out.byte(UInt8(ascii: ")"))
      }
      // The signals that moved.
      var first = true
      for index in 0..<count where values[values.startIndex + index] != 0 {
        out.append(first ? ": " : ", ")
        first = false
        out.escaped(signals[index].name)
        out.byte(UInt8(ascii: " "))
        out.percent(values[values.startIndex + index])
      }
    }
    out.byte(UInt8(ascii: "\""))
  }
}

/// A day's applied nutrition targets and why.
public struct NutritionTarget: AwardPayload, KeepsWrittenOrder {
  /// `"nutritionTarget"`.
  public static let type = "nutritionTarget"
  /// The targets: baseline × (1 + adjustment), rounded to whole units.
  public var targets: MacroTargets
  /// The applied adjustment (a fraction: 0.08 is +8%).
  public var adjustment: Double
  /// The sum of the signals before the clamp.
  public var unclamped: Double
  /// Whether the clamp cut the adjustment.
  public var isClamped: Bool
  /// Each signal after its own limit.
  public var signals: [Contribution]

  /// "+8%: activity +10%, intake −2%" (the signals that moved), "+15% (clamped from +18%): …",
  /// or "baseline" when no signal moved (formatted on demand).
  public var rationale: String {
    let moved = signals.filter { $0.value != 0 }
    if moved.isEmpty && adjustment == 0 { return "baseline" }
    var text = NumberText.percent(adjustment)
    if isClamped { text += " (clamped from \(NumberText.percent(unclamped)))" }
    if !moved.isEmpty {
      text += ": " + moved.map { "\($0.name) \(NumberText.percent($0.value))" }.joined(separator: ", ")
    }
    return text
  }

  /// Creates the award.
  public init(targets: MacroTargets, adjustment: Double, unclamped: Double, isClamped: Bool, signals: [Contribution]) {
    self.targets = targets
    self.adjustment = adjustment
    self.unclamped = unclamped
    self.isClamped = isClamped
    self.signals = signals
  }

  init(_ record: Recorded.NutritionTarget, values: ArraySlice<Double>, pack: RulePack) {
    let names = pack.nutrition?.signals.map(\.name) ?? []
    self.init(
      targets: record.targets, adjustment: record.adjustment, unclamped: record.unclamped, isClamped: record.isClamped,
      signals: zip(names, values).map { Contribution($0, $1) })
  }

  enum CodingKeys: String, CodingKey {
    case targets, adjustment, signals, rationale
    case isClamped = "clamped"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    targets = try container.decode(MacroTargets.self, forKey: .targets)
    adjustment = try container.decode(Double.self, forKey: .adjustment)
    signals = try container.decode(Contributions.self, forKey: .signals).items
    isClamped = try container.decode(Bool.self, forKey: .isClamped)
    // The JSON form keeps the signals after their limits; the unclamped sum is their total.
    unclamped = signals.reduce(0) { $0 + $1.value }
  }

  /// Writes `targets`, `adjustment`, `signals`, `clamped`, `rationale`.
  public func write(_ w: inout JSONWriter) {
    targets.write("targets", to: &w)
    w.field("adjustment", adjustment)
    Contributions(signals).write("signals", &w)
    w.field("clamped", isClamped)
    w.field("rationale", rationale)
  }

  /// "targets 2,300 kcal, protein 150 g, …: +8%: activity +10%, intake −2%".
  public var explanation: String {
    let t = targets
    return
      "targets \(NumberText.short(t.kcal)) kcal, protein \(NumberText.short(t.proteinG)) g, carbs \(NumberText.short(t.carbsG)) g, fat \(NumberText.short(t.fatG)) g: \(rationale)"
  }

  /// The day settled: "/2026-01-05".
  public func subject(in award: Award) -> String { "/\(award.day.iso)" }

  mutating func restoreOrder(_ order: AwardJSONOrder) { signals = order.reorder(signals, "signals") }

  /// "target 2300 kcal (+8%)".
  public func token(in award: Award) -> String {
    "target \(NumberText.format(targets.kcal)) kcal (\(NumberText.percent(adjustment)))"
  }
}
