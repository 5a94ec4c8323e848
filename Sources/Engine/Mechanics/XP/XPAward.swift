import RuleLanguage

extension Recorded {
  /// XP for a workout; `breakdown` holds the term values, the factor values, then (index,
  /// amount) pairs of the bonuses that applied, when explained.
  package struct XP: RecordedAward {
    package var xp: Int64
    package var raw: Double
    package var rounded: Int64
    package var cap: XPCap?
    package var uncapped: Int64
    package var breakdown: ValueRange

    package func payload(in log: borrowing AwardLog, pack: RulePack) -> XPAward {
      XPAward(self, values: log.values.slice(breakdown), pack: pack)
    }

    /// Writes ``XPAward/write(_:)``'s fields straight from the record (no arrays of names).
    package func writePayload(in log: borrowing AwardLog, pack: RulePack, to out: inout AwardJSONBuffer) {
      let values = log.values.slice(breakdown)
      let rules = pack.xp
      let hasTerms = Self.hasTerms(values, rules)
      out.field("xp", xp)
      out.field("raw", raw)
      out.field("rounded", rounded)
      // By index: iterating the rules' formulas would copy (retain) each for its name alone.
      let terms = rules.terms
      let factors = rules.factors
      out.openObject("terms")
      if hasTerms {
        for index in terms.indices {
          out.member(terms[index].name, values[values.startIndex + index], first: index == 0)
        }
      }
      out.closeObject()
      out.openObject("factors")
      if hasTerms {
        let start = values.startIndex + terms.count
        for index in factors.indices {
          out.member(factors[index].name, values[start + index], first: index == 0)
        }
      }
      out.closeObject()
      out.openObject("bonuses")
      var first = true
      Self.forEachBonus(values, rules, hasTerms: hasTerms) { name, amount in
        out.member(name, amount, first: first)
        first = false
      }
      out.closeObject()
      if let cap {
        out.field("cap", cap.rawValue)
        out.field("uncapped", uncapped)
      }
    }

    /// Whether the explanation numbers hold the terms' and factors' values (then the bonuses).
    static func hasTerms(_ values: ArraySlice<Double>, _ rules: XPRules) -> Bool {
      values.count >= rules.terms.count + rules.factors.count
    }

    /// The bonuses that applied, named, in their recorded order.
    static func forEachBonus(
      _ values: ArraySlice<Double>, _ rules: XPRules, hasTerms: Bool, _ body: (String, Double) -> Void
    ) {
      var position = values.startIndex + (hasTerms ? rules.terms.count + rules.factors.count : 0)
      while position + 1 < values.endIndex {
        let index = Int(values[position])
        if index >= 0, index < rules.bonuses.count { body(rules.bonuses[index].name, values[position + 1]) }
        position += 2
      }
    }
  }
}

/// XP for a workout: `round((Σ terms) × Π factors) + bonuses`, then caps.
public struct XPAward: AwardPayload, KeepsWrittenOrder {
  /// `"xp"`.
  public static let type = "xp"
  /// The XP granted.
  public var xp: Int64
  /// Σ terms × Π factors, before rounding.
  public var raw: Double
  /// `raw` rounded by the pack's rounding mode.
  public var rounded: Int64
  /// Each term's value.
  public var terms: [Contribution]
  /// Each factor's value.
  public var factors: [Contribution]
  /// Bonuses that applied, with their XP.
  public var bonuses: [Contribution]
  /// The cap that cut the award, if any.
  public var cap: XPCap?
  /// The XP before the cap.
  public var uncapped: Int64

  /// Creates an XP award.
  public init(
    xp: Int64, raw: Double, rounded: Int64, terms: [Contribution] = [], factors: [Contribution] = [],
    bonuses: [Contribution] = [], cap: XPCap? = nil, uncapped: Int64
  ) {
    self.xp = xp
    self.raw = raw
    self.rounded = rounded
    self.terms = terms
    self.factors = factors
    self.bonuses = bonuses
    self.cap = cap
    self.uncapped = uncapped
  }

  init(_ record: Recorded.XP, values: ArraySlice<Double>, pack: RulePack) {
    let rules = pack.xp
    var terms: [Contribution] = []
    var factors: [Contribution] = []
    var bonuses: [Contribution] = []
    let hasTerms = Recorded.XP.hasTerms(values, rules)
    if hasTerms {
      var position = values.startIndex
      for term in rules.terms {
        terms.append(Contribution(term.name, values[position]))
        position += 1
      }
      for factor in rules.factors {
        factors.append(Contribution(factor.name, values[position]))
        position += 1
      }
    }
    Recorded.XP.forEachBonus(values, rules, hasTerms: hasTerms) { bonuses.append(Contribution($0, $1)) }
    self.init(
      xp: record.xp, raw: record.raw, rounded: record.rounded, terms: terms, factors: factors, bonuses: bonuses,
      cap: record.cap, uncapped: record.uncapped)
  }

  enum CodingKeys: String, CodingKey {
    case xp, raw, rounded, terms, factors, bonuses, cap, uncapped
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    xp = try container.decode(Int64.self, forKey: .xp)
    raw = try container.decode(Double.self, forKey: .raw)
    rounded = try container.decode(Int64.self, forKey: .rounded)
    terms = try container.decode(Contributions.self, forKey: .terms).items
    factors = try container.decode(Contributions.self, forKey: .factors).items
    bonuses = try container.decode(Contributions.self, forKey: .bonuses).items
    cap = try container.decodeIfPresent(XPCap.self, forKey: .cap)
    uncapped = try container.decodeIfPresent(Int64.self, forKey: .uncapped) ?? xp
  }

  /// Writes `xp`, `raw`, `rounded`, `terms`, `factors`, `bonuses`, and `cap` with `uncapped`.
  public func write(_ w: inout JSONWriter) {
    w.field("xp", xp)
    w.field("raw", raw)
    w.field("rounded", rounded)
    Contributions(terms).write("terms", &w)
    Contributions(factors).write("factors", &w)
    Contributions(bonuses).write("bonuses", &w)
    if let cap {
      w.field("cap", cap.rawValue)
      w.field("uncapped", uncapped)
    }
  }

  /// The event says it all: "".
  public func subject(in award: Award) -> String { "" }

  /// "xp w4-1 +268".
  public func token(in award: Award) -> String { "xp \(award.eventID) +\(xp)" }

  mutating func restoreOrder(_ order: AwardJSONOrder) {
    terms = order.reorder(terms, "terms")
    factors = order.reorder(factors, "factors")
    bonuses = order.reorder(bonuses, "bonuses")
  }

  /// "+204 XP = round((base 50 + duration 82.5 …) × category 1.2 = 184.31) = 184 + firstOfWeek bonus 20".
  public var explanation: String {
    var parts = terms.map { "\($0.name) \(NumberText.short($0.value))" }.joined(separator: " + ")
    if parts.isEmpty { parts = NumberText.short(raw) }
    if !factors.isEmpty {
      parts = "(\(parts)) × " + factors.map { "\($0.name) \(NumberText.short($0.value))" }.joined(separator: " × ")
    }
    var text = "+\(xp) XP = round(\(parts) = \(NumberText.short(raw))) = \(rounded)"
    for bonus in bonuses { text += " + \(bonus.name) bonus \(NumberText.short(bonus.value))" }
    if let cap { text += "; capped (\(cap.rawValue)) from \(uncapped)" }
    return text
  }
}

/// Which cap cut an XP award.
public enum XPCap: String, Sendable, Hashable, Codable, BitwiseCopyable {
  case perWorkout, perDay
}
