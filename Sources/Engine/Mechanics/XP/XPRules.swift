import RuleLanguage

/// How a workout earns XP: `round((Σ terms) × Π factors) + bonuses`, then caps.
public final class XPRules: Sendable {
  /// Summed left to right.
  public let terms: [NamedFormula]
  /// Multiplied left to right onto the sum.
  public let factors: [NamedFormula]
  /// Rounding of the product to whole XP.
  public let rounding: RoundingMode
  /// Extra XP, each when its condition holds.
  public let bonuses: [Bonus]
  /// Most XP one workout can give, if capped.
  public let perWorkoutCap: Int?
  /// Most XP a day's workouts can give together, if capped.
  public let perDayCap: Int?

  init(
    terms: [NamedFormula], factors: [NamedFormula], rounding: RoundingMode, bonuses: [Bonus], perWorkoutCap: Int?,
    perDayCap: Int?
  ) {
    self.terms = terms
    self.factors = factors
    self.rounding = rounding
    self.bonuses = bonuses
    self.perWorkoutCap = perWorkoutCap
    self.perDayCap = perDayCap
  }

  /// A conditional amount of XP.
  public struct Bonus: Sendable {
    /// The bonus name, shown in breakdowns.
    public let name: String
    /// When the bonus applies (true/false).
    public let condition: Formula
    /// How much XP it adds (rounded like the rest).
    public let amount: Formula
  }

  /// Every formula XP evaluates on the event's slots.
  var formulas: [Formula] {
    terms.map(\.formula) + factors.map(\.formula) + bonuses.flatMap { [$0.condition, $0.amount] }
  }

  /// Reads xp.json's rules (its categories are read by the pack decoder first).
  static func decode(_ decoder: PackDecoder) -> XPRules? {
    guard let object = decoder.documents["xp"]?.object else { return nil }
    defer { object.finish() }
    _ = object.has("categories")
    let terms = decoder.namedFormulas(object.required("terms"), .workout, .number)
    let factors = decoder.namedFormulas(object.optional("factors"), .workout, .number) ?? []
    var rounding = RoundingMode.halfAwayFromZero
    if let node = object.optional("rounding"),
      let name = node.choice(RoundingMode.allCases.map(\.rawValue), what: "rounding mode"),
      let mode = RoundingMode(rawValue: name)
    {
      rounding = mode
    }
    var bonuses: [XPRules.Bonus] = []
    if let bonusObject = object.optional("bonuses")?.object {
      for entry in bonusObject.entries {
        guard let fields = entry.node.object else { continue }
        defer { fields.finish() }
        let condition = decoder.formula(fields.required("when"), .workout, .bool)
        let amount = decoder.formula(fields.required("xp"), .workout, .number)
        if let condition, let amount {
          bonuses.append(XPRules.Bonus(name: entry.key, condition: condition, amount: amount))
        }
      }
    }
    var perWorkout: Int?
    var perDay: Int?
    if let caps = object.optional("caps")?.object {
      defer { caps.finish() }
      perWorkout = caps.optional("perWorkout")?.integer(in: 1...1_000_000_000)
      perDay = caps.optional("perDay")?.integer(in: 1...1_000_000_000)
    }
    guard let terms else { return nil }
    return XPRules(
      terms: terms, factors: factors, rounding: rounding, bonuses: bonuses, perWorkoutCap: perWorkout, perDayCap: perDay
    )
  }
}

enum XPFacts {
  static func facts(_ names: FactNames) -> [Fact] {
    [
      Fact("workout.xp", .number, [.companionXP], "the XP the player got for this workout", event: \.facts.xp),
      Fact("player.xp", .number, FactScope.all, "total XP", monotonic: true, player: \.xp),
      Fact("player.xpToday", .number, FactScope.all, "XP earned today", player: \.activity.today.xp),
    ]
  }
}
