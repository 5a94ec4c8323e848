import FitQuest
import Foundation

/// What an app keeps: the engine, the player, the file it is saved in. The screens call `log`
/// and `undo` and show the messages they return.
final class PlayerStore {
  let engine: Engine
  let file: URL
  private(set) var player: PlayerState

  init(rules: URL, file: URL) throws {
    engine = Engine(pack: try RulePack(contentsOf: rules))
    self.file = file
    if let data = try? Data(contentsOf: file) {
      player = try PlayerState(data: data)
    } else {
      player = engine.newPlayer()
    }
  }

  /// Applies something the user logged; returns what to show.
  func log(_ event: Event) throws -> [String] {
    let awards = try engine.apply(event, to: &player)
    try save()
    return awards.compactMap(Self.message)
  }

  /// Withdraws a workout logged by mistake; returns what to show.
  func undo(_ id: String, on day: Day) throws -> [String] {
    let awards = try engine.apply(.retraction(id: "undo-\(id)", day: day, of: id), to: &player)
    try save()
    return awards.compactMap(Self.message)
  }

  func save() throws {
    try player.data().write(to: file, options: .atomic)
  }

  /// The sentence a screen shows for an award, or nil for the bookkeeping ones.
  static func message(for award: Award) -> String? {
    switch award.payload {
    case let xp as XPAward: return "+\(xp.xp) XP"
    case let levelUp as LevelUp: return "Level \(levelUp.level)!"
    case let unlock as AchievementUnlock: return "Unlocked \(unlock.name)\(unlock.tierName.map { " (\($0))" } ?? "")"
    case let evolution as Evolution: return "Your \(evolution.from) evolved into \(evolution.to)!"
    case let joined as CompanionJoined: return "\(joined.species) joined you"
    case let target as NutritionTarget: return "Tomorrow: \(Int(target.targets.kcal)) kcal (\(target.rationale))"
    case let quest as QuestCompletion: return "Quest done: \(quest.name)"
    case let record as PersonalRecord: return "New record on \(record.exercise)"
    case let correction as Correction:
      let withdrawn = correction.withdrawn.compactMap(message).joined(separator: ", ")
      return "Withdrawn: \(withdrawn); total XP \(correction.xp.from) → \(correction.xp.to)"
    default: return nil
    }
  }
}
