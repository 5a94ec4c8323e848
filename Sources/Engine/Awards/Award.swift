import RuleLanguage

/// Something the engine granted or decided for an event; awards explain themselves.
///
/// An envelope: the event that caused it, its day, and its ``Kind``. The JSON form is one object
/// with `type`, `event`, `date`, then the kind's own fields (docs/events.md).
public struct Award: Sendable, Hashable, Identifiable {
  /// The event that caused the award.
  public var eventID: String
  /// The player the event named, when it named one (multi-player streams).
  public var player: String?
  /// The day the award belongs to.
  public var day: Day
  /// What was awarded.
  public var kind: Kind

  /// What was awarded.
  public enum Kind: Sendable, Hashable {
    case xp(XPAward)
    case levelUp(LevelUp)
    case streak(StreakUpdate)
    case personalRecord(PersonalRecord)
    case achievement(AchievementUnlock)
    case companionJoined(CompanionJoined)
    case companionXP(CompanionXPAward)
    case companionLevelUp(CompanionLevelUp)
    case evolution(Evolution)
    case nutritionTarget(NutritionTarget)
    case loadSuggestion(LoadSuggestion)
    case questCompleted(QuestCompletion)
    case correction(Correction)
  }

  /// Creates an award.
  public init(eventID: String, player: String? = nil, day: Day, kind: Kind) {
    self.eventID = eventID
    self.player = player
    self.day = day
    self.kind = kind
  }

  /// A stable id, unique within a player's history: the event, the type, and what the award is
  /// about (`w-0001/levelUp/5`, `w-0001/achievement/iron-month/2`).
  public var id: String {
    let subject: String
    switch kind {
    case .xp, .correction: subject = ""
    case .streak(let a): subject = "/\(a.change.rawValue)"
    case .levelUp(let a): subject = "/\(a.level)"
    case .personalRecord(let a):
      subject = "/\(a.exercise)/\(a.kind.rawValue)" + (a.weightKg.map { "/\(NumberText.format($0))" } ?? "")
    case .achievement(let a): subject = "/\(a.id)/\(a.tier)"
    case .companionJoined(let a): subject = "/\(a.species)"
    case .companionXP(let a): subject = "/\(a.species)"
    case .companionLevelUp(let a): subject = "/\(a.species)/\(a.level)"
    case .evolution(let a): subject = "/\(a.from)/\(a.to)"
    case .nutritionTarget: subject = "/\(day.iso)"
    case .loadSuggestion(let a): subject = "/\(a.exercise)"
    case .questCompleted(let a): subject = "/\(a.id)"
    }
    return "\(eventID)/\(typeName)\(subject)"
  }

  /// The `type` field of the JSON form.
  public var typeName: String {
    switch kind {
    case .xp: return "xp"
    case .levelUp: return "levelUp"
    case .streak: return "streak"
    case .personalRecord: return "personalRecord"
    case .achievement: return "achievement"
    case .companionJoined: return "companionJoined"
    case .companionXP: return "companionXP"
    case .companionLevelUp: return "companionLevelUp"
    case .evolution: return "evolution"
    case .nutritionTarget: return "nutritionTarget"
    case .loadSuggestion: return "loadSuggestion"
    case .questCompleted: return "questCompleted"
    case .correction: return "correction"
    }
  }

  /// Writes the kind's own fields.
  func writeFields(_ w: inout JSONWriter) {
    switch kind {
    case .xp(let a): a.write(&w)
    case .levelUp(let a): a.write(&w)
    case .streak(let a): a.write(&w)
    case .personalRecord(let a): a.write(&w)
    case .achievement(let a): a.write(&w)
    case .companionJoined(let a): a.write(&w)
    case .companionXP(let a): a.write(&w)
    case .companionLevelUp(let a): a.write(&w)
    case .evolution(let a): a.write(&w)
    case .nutritionTarget(let a): a.write(&w)
    case .loadSuggestion(let a): a.write(&w)
    case .questCompleted(let a): a.write(&w)
    case .correction(let a): a.write(&w)
    }
  }

  /// A sentence a person reads to learn why the award happened.
  public var explanation: String {
    switch kind {
    case .xp(let a): return a.explanation
    case .levelUp(let a): return a.explanation
    case .streak(let a): return a.explanation
    case .personalRecord(let a): return a.explanation
    case .achievement(let a): return a.explanation
    case .companionJoined(let a): return a.explanation
    case .companionXP(let a): return a.explanation
    case .companionLevelUp(let a): return a.explanation
    case .evolution(let a): return a.explanation
    case .nutritionTarget(let a): return a.explanation
    case .loadSuggestion(let a): return a.explanation
    case .questCompleted(let a): return a.explanation
    case .correction(let a): return a.explanation
    }
  }

  /// A few words for a snapshot's day line ("xp w4-1 +268", "level 3").
  public var token: String {
    switch kind {
    case .xp(let a): return "xp \(eventID) +\(a.xp)"
    case .levelUp(let a): return a.token
    case .streak(let a): return a.token
    case .personalRecord(let a): return a.token
    case .achievement(let a): return a.token
    case .companionJoined(let a): return a.token
    case .companionXP(let a): return a.token
    case .companionLevelUp(let a): return a.token
    case .evolution(let a): return a.token
    case .nutritionTarget(let a): return a.token
    case .loadSuggestion(let a): return a.token
    case .questCompleted(let a): return a.token
    case .correction(let a): return a.token
    }
  }
}

extension AwardRecord {
  /// The public award of a record, with names from the pack.
  package func award(eventID: String, player: String? = nil, values: [Double], pack: RulePack) -> Award {
    func slice(_ range: ValueRange) -> ArraySlice<Double> {
      let end = Int(range.start + range.count)
      guard range.count > 0, end <= values.count else { return [] }
      return values[Int(range.start)..<end]
    }
    let kind: Award.Kind
    switch payload {
    case .xp(let r): kind = .xp(XPAward(r, values: slice(r.breakdown), pack: pack))
    case .levelUp(let r): kind = .levelUp(r)
    case .streak(let r): kind = .streak(r)
    case .personalRecord(let r): kind = .personalRecord(PersonalRecord(r, pack: pack))
    case .achievement(let r): kind = .achievement(AchievementUnlock(r, values: slice(r.values), pack: pack))
    case .companionJoined(let r): kind = .companionJoined(CompanionJoined(r, pack: pack))
    case .companionXP(let r): kind = .companionXP(CompanionXPAward(r, pack: pack))
    case .companionLevelUp(let r): kind = .companionLevelUp(CompanionLevelUp(r, pack: pack))
    case .evolution(let r): kind = .evolution(Evolution(r, values: slice(r.values), pack: pack))
    case .nutritionTarget(let r): kind = .nutritionTarget(NutritionTarget(r, values: slice(r.signals), pack: pack))
    case .loadSuggestion(let r): kind = .loadSuggestion(LoadSuggestion(r, pack: pack))
    case .questCompleted(let r): kind = .questCompleted(QuestCompletion(r, pack: pack))
    }
    return Award(eventID: eventID, player: player, day: day, kind: kind)
  }
}

extension AwardLog {
  /// The recorded awards as public values.
  package func awards(eventID: String, player: String? = nil, pack: RulePack) -> [Award] {
    records.map { $0.award(eventID: eventID, player: player, values: values, pack: pack) }
  }
}
