import RuleLanguage

/// How achievements are checked cheaply.
///
/// A tier whose condition is `fact >= constant` (or `>`), or whose metric is one fact, on a fact
/// that never decreases (workouts, total XP, best streak…) is *indexed*: the tiers on each fact
/// are sorted by threshold, and a per-player cursor points at the first locked one, so checking
/// costs one comparison per fact, whatever the number of achievements. Other achievements are
/// evaluated (their next locked tier only) on the events that can move one of their facts
/// (``FactChange``), and all of them on a player's first event.
package struct AchievementPlan: Sendable {
  package struct Entry: Sendable {
    var bound: Double
    var inclusive: Bool
    var achievement: Int
    var tier: Int

    @inline(__always)
    func isMet(by value: Double) -> Bool { inclusive ? value >= bound : value > bound }
  }

  /// A non-indexed achievement: per tier, a condition (true/false) or a metric and its bound.
  struct General: Sendable {
    var achievement: Int
    var conditions: [(formula: Formula, atLeast: Double?)]
  }

  /// Each group's slot (one group per fact), and where its entries end in `entries`.
  let groups: [Int]
  let groupEnds: [Int]
  /// All indexed entries, grouped, each group sorted by threshold.
  let entries: [Entry]
  let general: [General]
  let tierCount: Int
  /// The groups an event can move, by ``eventKey(category:categories:isNutrition:)``: a workout
  /// moves no other category's per-category facts, a nutrition log no workout totals. The last
  /// list (key `categories + 2`) has every group.
  let eventGroups: [[Int]]
  /// The non-indexed achievements (positions in ``general``) an event can change, by the same
  /// key: those reading a fact the event can move (see ``FactChange``). The last list has all.
  let eventGeneral: [[Int]]

  init(pack: RulePack) {
    var bySlot: [Int: [Entry]] = [:]
    var general: [General] = []
    let facts = pack.facts.facts
    for (index, rule) in pack.achievements.enumerated() {
      var entries: [(slot: Int, entry: Entry)] = []
      for (tierIndex, tier) in rule.tiers.enumerated() {
        let formula = tier.condition.formula
        if let atLeast = tier.condition.atLeast {
          if let slot = formula.singleSlot, facts[slot].isMonotonic {
            entries.append((slot, Entry(bound: atLeast, inclusive: true, achievement: index, tier: tierIndex)))
          }
        } else if let threshold = formula.threshold, facts[threshold.slot].isMonotonic {
          entries.append(
            (
              threshold.slot,
              Entry(bound: threshold.bound, inclusive: threshold.inclusive, achievement: index, tier: tierIndex)
            ))
        }
      }
      if entries.count == rule.tiers.count {
        for item in entries { bySlot[item.slot, default: []].append(item.entry) }
      } else {
        let conditions = rule.tiers.map { (formula: $0.condition.formula, atLeast: $0.condition.atLeast) }
        general.append(General(achievement: index, conditions: conditions))
      }
    }
    var flat: [Entry] = []
    var ends: [Int] = []
    let slots = bySlot.keys.sorted()
    for slot in slots {
      flat += (bySlot[slot] ?? []).sorted {
        ($0.bound, $0.inclusive ? 0 : 1, $0.achievement, $0.tier) < (
          $1.bound, $1.inclusive ? 0 : 1, $1.achievement, $1.tier
        )
      }
      ends.append(flat.count)
    }
    groups = slots
    groupEnds = ends
    let categories = pack.categories.count
    func moves(_ key: Int, _ fact: Fact) -> Bool {
      if key == categories + 2 { return true }
      switch fact.changes {
      case .anyEvent: return true
      case .workouts: return key < categories
      case .workoutsOfCategory: return key == fact.argument
      case .nutrition: return key == categories
      }
    }
    eventGroups = (0..<categories + 3).map { key in
      slots.indices.filter { group in moves(key, facts[slots[group]]) }
    }
    // A condition none of whose facts the event moves keeps the value it had at the previous
    // check (false, or it would have unlocked then); a constant one is decided at the first.
    eventGeneral = (0..<categories + 3).map { key in
      general.indices.filter { index in
        key == categories + 2
          || general[index].conditions.contains { condition in
            condition.formula.slots.contains { moves(key, facts[$0]) }
          }
      }
    }
    entries = flat
    self.general = general
    tierCount = pack.achievements.reduce(0) { $0 + $1.tiers.count }
  }

  /// The ``eventGroups`` key of an event: its category for a workout, then nutrition, then others.
  @inline(__always)
  static func eventKey(category: Int, categories: Int, isNutrition: Bool) -> Int {
    category >= 0 ? category : isNutrition ? categories : categories + 1
  }

  /// The formulas of non-indexed achievements, evaluated on the event's slots.
  var formulas: [Formula] { general.flatMap { $0.conditions.map(\.formula) } }

  /// The first locked entry of each group for a state.
  func cursors(for state: PlayerProgress) -> [Int] {
    groups.indices.map { group in
      let start = group == 0 ? 0 : groupEnds[group - 1]
      return (start..<groupEnds[group]).first { index in
        let entry = entries[index]
        return entry.achievement >= state.achievements.count || state.achievements[entry.achievement].tier <= entry.tier
      } ?? groupEnds[group]
    }
  }
}
