import RuleLanguage

extension Recorded {
  package struct CompanionJoined: Sendable {
    package var species: Int
    package var isDefaultStarter: Bool
  }

  package struct CompanionXP: Sendable {
    package var species: Int
    package var xp: Int64
    package var share: Int64
    package var affinityBonus: Int64
    package var total: Int64
  }

  package struct CompanionLevelUp: Sendable {
    package var species: Int
    package var level: Int
    package var threshold: Int64
    package var stats: Stats
  }

  /// An evolution; `values` holds (slot, value) pairs of what its condition read.
  package struct Evolution: Sendable {
    package var from: Int
    package var to: Int
    package var level: Int
    package var atLevel: Int
    package var values: ValueRange
    package var stats: Stats
  }
}

extension Recorded.CompanionJoined: RecordedAward {
  package func payload(in log: borrowing AwardLog, pack: RulePack) -> CompanionJoined {
    CompanionJoined(self, pack: pack)
  }
}

extension Recorded.CompanionXP: RecordedAward {
  package func payload(in log: borrowing AwardLog, pack: RulePack) -> CompanionXPAward {
    CompanionXPAward(self, pack: pack)
  }
}

extension Recorded.CompanionLevelUp: RecordedAward {
  package func payload(in log: borrowing AwardLog, pack: RulePack) -> CompanionLevelUp {
    CompanionLevelUp(self, pack: pack)
  }
}

extension Recorded.Evolution: RecordedAward {
  package func payload(in log: borrowing AwardLog, pack: RulePack) -> Evolution {
    Evolution(self, values: log.values.slice(self.values), pack: pack)
  }

  /// Writes ``Evolution/write(_:)``'s fields straight from the record.
  package func writePayload(in log: borrowing AwardLog, pack: RulePack, to out: inout AwardJSONBuffer) {
    let species = pack.companions?.species
    out.field("from", species?[from].id ?? "")
    out.field("to", species?[to].id ?? "")
    out.field("level", level)
    out.field("atLevel", atLevel)
    if let condition = species?[from].evolution?.condition?.source {
      out.field("condition", condition)
      out.namedValues("values", log.values.slice(values), pack: pack)
    }
    stats.writeMember(&out)
  }
}

/// A companion joined the collection.
public struct CompanionJoined: AwardPayload, FieldListPayload {
  /// `"companionJoined"`.
  public static let type = "companionJoined"
  /// The species id.
  public var species: String
  /// The species' element id.
  public var element: String
  /// Whether it was the pack's default starter (given with the first workout).
  public var isDefaultStarter: Bool

  /// Creates the award.
  public init(species: String, element: String, isDefaultStarter: Bool) {
    self.species = species
    self.element = element
    self.isDefaultStarter = isDefaultStarter
  }

  init(_ record: Recorded.CompanionJoined, pack: RulePack) {
    let rules = pack.companions
    let species = rules?.species[record.species]
    self.init(
      species: species?.id ?? "", element: species.flatMap { rules?.elements[$0.element].id } ?? "",
      isDefaultStarter: record.isDefaultStarter)
  }

  enum CodingKeys: String, CodingKey {
    case species, element
    case isDefaultStarter = "defaultStarter"
  }

  /// Writes its fields (docs/events.md).
  public func write(_ w: inout JSONWriter) { writeFields(&w) }

  /// ``write(_:)``'s fields, into any sink (an award line too).
  package func writeFields<Sink: JSONFieldSink & ~Copyable>(_ w: inout Sink) {
    w.field("species", species)
    w.field("element", element)
    w.field("defaultStarter", isDefaultStarter)
  }

  /// Why it happened, in a sentence.
  public var explanation: String {
    "\(species) (\(element)) joined\(isDefaultStarter ? " as the default starter" : "")"
  }
  /// A few words for a snapshot line.
  public func token(in award: Award) -> String { "joined \(species)" }

  /// What the award is about, for its id.
  public func subject(in award: Award) -> String { "/\(species)" }
}

/// XP for the active companion from a workout.
public struct CompanionXPAward: AwardPayload, FieldListPayload {
  /// `"companionXP"`.
  public static let type = "companionXP"
  /// The species id.
  public var species: String
  /// The XP the companion gained.
  public var xp: Int64
  /// The share of the workout's XP.
  public var share: Int64
  /// The affinity bonus (0 when the category is not one of the element's affinities).
  public var affinityBonus: Int64
  /// The companion's total XP after the award.
  public var total: Int64

  /// Creates the award.
  public init(species: String, xp: Int64, share: Int64, affinityBonus: Int64, total: Int64) {
    self.species = species
    self.xp = xp
    self.share = share
    self.affinityBonus = affinityBonus
    self.total = total
  }

  init(_ record: Recorded.CompanionXP, pack: RulePack) {
    self.init(
      species: pack.companions?.species[record.species].id ?? "", xp: record.xp, share: record.share,
      affinityBonus: record.affinityBonus, total: record.total)
  }

  enum CodingKeys: String, CodingKey {
    case species, xp, share, affinityBonus
    case total = "totalXP"
  }

  /// Writes its fields (docs/events.md).
  public func write(_ w: inout JSONWriter) { writeFields(&w) }

  /// ``write(_:)``'s fields, into any sink (an award line too).
  package func writeFields<Sink: JSONFieldSink & ~Copyable>(_ w: inout Sink) {
    w.field("species", species)
    w.field("xp", xp)
    w.field("share", share)
    w.field("affinityBonus", affinityBonus)
    w.field("totalXP", total)
  }

  /// Why it happened, in a sentence.
  public var explanation: String {
    let bonus = affinityBonus > 0 ? " + affinity \(affinityBonus)" : ""
    return "\(species) +\(xp) XP = share \(share)\(bonus) (total \(total))"
  }

  /// A few words for a snapshot line.
  public func token(in award: Award) -> String { "companion +\(xp)" }

  /// What the award is about, for its id.
  public func subject(in award: Award) -> String { "/\(species)" }
}

/// The active companion reached a level; its stats are recomputed.
public struct CompanionLevelUp: AwardPayload, FieldListPayload {
  /// `"companionLevelUp"`.
  public static let type = "companionLevelUp"
  /// The species id.
  public var species: String
  /// The companion level reached.
  public var level: Int
  /// The companion XP that level needs.
  public var threshold: Int64
  /// The companion's stats at the new level.
  public var stats: Stats

  /// Creates the award.
  public init(species: String, level: Int, threshold: Int64, stats: Stats) {
    self.species = species
    self.level = level
    self.threshold = threshold
    self.stats = stats
  }

  init(_ record: Recorded.CompanionLevelUp, pack: RulePack) {
    self.init(
      species: pack.companions?.species[record.species].id ?? "", level: record.level, threshold: record.threshold,
      stats: record.stats)
  }

  /// Writes its fields (docs/events.md).
  public func write(_ w: inout JSONWriter) { writeFields(&w) }

  /// ``write(_:)``'s fields, into any sink (an award line too).
  package func writeFields<Sink: JSONFieldSink & ~Copyable>(_ w: inout Sink) {
    w.field("species", species)
    w.field("level", level)
    w.field("threshold", threshold)
    stats.writeMember(&w)
  }

  /// Why it happened, in a sentence.
  public var explanation: String { "\(species) reached level \(level): \(stats.description)" }
  /// A few words for a snapshot line.
  public func token(in award: Award) -> String { "companion level \(level)" }

  /// What the award is about, for its id.
  public func subject(in award: Award) -> String { "/\(species)/\(level)" }
}

/// The active companion evolved.
public struct Evolution: AwardPayload, KeepsWrittenOrder {
  /// `"evolution"`.
  public static let type = "evolution"
  /// The species before.
  public var from: String
  /// The species after.
  public var to: String
  /// The companion level reached.
  public var level: Int
  /// The level the rule asks for.
  public var atLevel: Int
  /// The extra condition as written, if any.
  public var condition: String?
  /// The variables the condition read, with their values.
  public var values: [Contribution]
  /// The companion's stats at the new level.
  public var stats: Stats

  /// Creates the award.
  public init(
    from: String, to: String, level: Int, atLevel: Int, condition: String?, values: [Contribution], stats: Stats
  ) {
    self.from = from
    self.to = to
    self.level = level
    self.atLevel = atLevel
    self.condition = condition
    self.values = values
    self.stats = stats
  }

  init(_ record: Recorded.Evolution, values: ArraySlice<Double>, pack: RulePack) {
    let species = pack.companions?.species
    self.init(
      from: species?[record.from].id ?? "", to: species?[record.to].id ?? "", level: record.level,
      atLevel: record.atLevel,
      condition: species?[record.from].evolution?.condition?.source, values: pack.namedValues(values),
      stats: record.stats)
  }

  enum CodingKeys: String, CodingKey {
    case from, to, level, atLevel, condition, values, stats
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    from = try container.decode(String.self, forKey: .from)
    to = try container.decode(String.self, forKey: .to)
    level = try container.decode(Int.self, forKey: .level)
    atLevel = try container.decode(Int.self, forKey: .atLevel)
    condition = try container.decodeIfPresent(String.self, forKey: .condition)
    values = try container.decodeIfPresent(Contributions.self, forKey: .values)?.items ?? []
    stats = try container.decode(Stats.self, forKey: .stats)
  }

  /// Writes its fields (docs/events.md).
  public func write(_ w: inout JSONWriter) {
    w.field("from", from)
    w.field("to", to)
    w.field("level", level)
    w.field("atLevel", atLevel)
    if let condition {
      w.field("condition", condition)
      Contributions(values).write("values", &w)
    }
    stats.write(&w)
  }

  /// Why it happened, in a sentence.
  public var explanation: String {
    let read = values.map { "\($0.name) = \(NumberText.short($0.value))" }.joined(separator: ", ")
    let condition = self.condition.map { " and \($0) (\(read))" } ?? ""
    return "\(from) evolved into \(to): level \(level) ≥ \(atLevel)\(condition); \(stats.description)"
  }

  /// A few words for a snapshot line.
  public func token(in award: Award) -> String { "evolved \(from) → \(to)" }

  /// What the award is about, for its id.
  public func subject(in award: Award) -> String { "/\(from)/\(to)" }

  mutating func restoreOrder(_ order: AwardJSONOrder) { values = order.reorder(values, "values") }
}

extension Stats {
  /// Writes its member, `"stats":{"hp":…,"attack":…,"defense":…,"speed":…}` (docs/events.md).
  public func write(_ w: inout JSONWriter) { writeMember(&w) }

  /// ``write(_:)``'s member, into any sink (an award line too).
  func writeMember<Sink: JSONFieldSink & ~Copyable>(_ w: inout Sink) {
    w.openObject("stats")
    w.field("hp", hp)
    w.field("attack", attack)
    w.field("defense", defense)
    w.field("speed", speed)
    w.closeObject()
  }

  /// "HP 52, attack 14, defense 11, speed 12".
  public var description: String {
    "HP \(NumberText.short(hp)), attack \(NumberText.short(attack)), defense \(NumberText.short(defense)), speed \(NumberText.short(speed))"
  }
}
