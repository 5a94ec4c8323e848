import RuleLanguage

/// How achievements are checked cheaply.
///
/// A tier whose condition is `fact >= constant` (or `>`), or whose metric is one fact, on a fact
/// that never decreases (workouts, total XP, best streak…) is *indexed*: the tiers on each fact
/// are sorted by threshold, and a per-player cursor points at the first locked one, so checking
/// costs one comparison per fact, whatever the number of achievements. Other achievements are
/// evaluated each event (their next locked tier only).
struct AchievementPlan: Sendable {
  struct Entry: Sendable {
    var bound: Double
    var inclusive: Bool
    var achievement: Int
    var tier: Int

    @inline(__always)
    func isMet(by value: Double) -> Bool { inclusive ? value >= bound : value > bound }
  }

  struct Group: Sendable {
    var slot: Int
    var fact: Fact
    var entries: [Entry]
  }

  let groups: [Group]
  /// Achievements checked by evaluating their formulas.
  let general: [Int]
  let generalSlots: [Int]

  init(pack: RulePack) {
    var bySlot: [Int: [Entry]] = [:]
    var general: [Int] = []
    var generalSlots = Set<Int>()
    for (index, rule) in pack.achievements.enumerated() {
      var entries: [Entry] = []
      for (tierIndex, tier) in rule.tiers.enumerated() {
        switch tier.condition {
        case .formula(let formula):
          if let threshold = formula.threshold, pack.facts.entries[threshold.slot].fact.isMonotonic {
            entries.append(Entry(bound: threshold.bound, inclusive: threshold.inclusive, achievement: index, tier: tierIndex))
          }
        case .metric(let formula, let atLeast):
          if let slot = formula.singleSlot, pack.facts.entries[slot].fact.isMonotonic {
            entries.append(Entry(bound: atLeast, inclusive: true, achievement: index, tier: tierIndex))
          }
        }
      }
      if entries.count == rule.tiers.count {
        for (tierIndex, tier) in rule.tiers.enumerated() {
          let slot: Int
          switch tier.condition {
          case .formula(let formula): slot = formula.threshold?.slot ?? 0
          case .metric(let formula, _): slot = formula.singleSlot ?? 0
          }
          bySlot[slot, default: []].append(entries[tierIndex])
        }
      } else {
        general.append(index)
        for tier in rule.tiers {
          switch tier.condition {
          case .formula(let formula): generalSlots.formUnion(formula.slots)
          case .metric(let formula, _): generalSlots.formUnion(formula.slots)
          }
        }
      }
    }
    groups = bySlot.keys.sorted().map { slot in
      let entries = (bySlot[slot] ?? []).sorted {
        ($0.bound, $0.inclusive ? 0 : 1, $0.achievement, $0.tier) < ($1.bound, $1.inclusive ? 0 : 1, $1.achievement, $1.tier)
      }
      return Group(slot: slot, fact: pack.facts.entries[slot].fact, entries: entries)
    }
    self.general = general
    self.generalSlots = generalSlots.sorted()
  }

  /// The first locked entry of each group for a state.
  func cursors(for state: PlayerState) -> [Int] {
    groups.map { group in
      group.entries.firstIndex { entry in
        entry.achievement >= state.achievements.count || state.achievements[entry.achievement].tier <= entry.tier
      } ?? group.entries.count
    }
  }
}
