/// What a rule change does to one player: the player under the base pack and under the
/// candidate, what the candidate gives that the base did not (`gained`) and takes away (`lost`),
/// and whether the player is **demoted** — a lower level, or a lost unlock (an achievement tier
/// or an evolution).
public struct PlayerImpact: Sendable {
  /// Why a player has no comparison.
  public enum Problem: Sendable, Equatable {
    /// Its history cannot be replayed as a whole (a player imported with part of its history).
    case skipped(String)
    /// A pack refuses one of its events: which side, and the event.
    case failed(side: String, ReplayFailure)

    /// "skipped: …" / "candidate: event 'w-1' (…): …".
    public var message: String {
      switch self {
      case .skipped(let reason): return reason
      case .failed(let side, let failure): return "\(side): \(failure.description)"
      }
    }
  }

  /// The player's id (its bytes as text: always valid UTF-8).
  public var player: String
  /// The player under the base pack (nil when it could not be replayed).
  public var base: ReplaySide?
  /// The player under the candidate pack (nil when it could not be replayed).
  public var candidate: ReplaySide?
  /// What the candidate gives and the base does not, in a fixed order: achievement tiers (by id
  /// bytes, then tier), evolutions (by companion), quests (by id bytes).
  public var gained: [ProgressItem] = []
  /// What the base gives and the candidate does not, in the same order.
  public var lost: [ProgressItem] = []
  /// Why there is no comparison, when there is none.
  public var problem: Problem?
  /// Events in the player's history.
  public var events: Int
  /// Whether the base side is the player's stored progress rather than a replay (the same
  /// outcome; what the tests check the shortcut by). Not part of any output.
  package var isBaseStored = false

  /// The impact of a replay on both sides.
  public init(player: String, base: ReplaySide, candidate: ReplaySide, events: Int) {
    self.player = player
    self.base = base
    self.candidate = candidate
    self.events = events
    (gained, lost) = Self.difference(base: base, candidate: candidate)
  }

  /// A player without a comparison.
  public init(player: String, problem: Problem, base: ReplaySide? = nil, candidate: ReplaySide? = nil, events: Int) {
    self.player = player
    self.problem = problem
    self.base = base
    self.candidate = candidate
    self.events = events
  }

  /// Whether the player is compared (both sides replayed).
  public var isCompared: Bool {
    // Patterns, not `==`: comparing the optionals copied both sides on every call.
    guard case nil = problem, case .some = base, case .some = candidate else { return false }
    return true
  }

  /// A lower level under the candidate, or an unlock lost.
  public var isDemoted: Bool {
    guard isCompared, let base, let candidate else { return false }
    return candidate.level < base.level || lost.contains(where: \.isUnlock)
  }

  /// Candidate level minus base level (0 without a comparison).
  public var levelDelta: Int { isCompared ? (candidate?.level ?? 0) - (base?.level ?? 0) : 0 }

  /// Candidate XP minus base XP (0 without a comparison).
  public var xpDelta: Int64 { isCompared ? (candidate?.xp ?? 0) - (base?.xp ?? 0) : 0 }

  /// Items of one side missing from the other: `(gained, lost)` of the candidate against the base.
  static func difference(base: ReplaySide, candidate: ReplaySide) -> (gained: [ProgressItem], lost: [ProgressItem]) {
    var gained: [ProgressItem] = []
    var lost: [ProgressItem] = []
    // Achievement tiers, by id bytes.
    for (id, baseTier, candidateTier) in Self.differing(
      base.tiers.map { ($0.id, $0.tier) }, candidate.tiers.map { ($0.id, $0.tier) })
    {
      if candidateTier > baseTier { gained += (baseTier + 1...candidateTier).map { .achievement(id: id, tier: $0) } }
      if baseTier > candidateTier { lost += (candidateTier + 1...baseTier).map { .achievement(id: id, tier: $0) } }
    }
    // Evolutions, companion by companion in the order they joined.
    for index in 0..<Swift.max(base.companions.count, candidate.companions.count) {
      let old = index < base.companions.count ? base.companions[index] : nil
      let new = index < candidate.companions.count ? candidate.companions[index] : nil
      let oldCount = old?.evolutions ?? 0
      let newCount = new?.evolutions ?? 0
      let sameSpecies = old.map { o in new.map { o.species.utf8.elementsEqual($0.species.utf8) } ?? false } ?? false
      if let old, oldCount > 0, oldCount > newCount || (oldCount == newCount && !sameSpecies) {
        lost.append(.evolution(species: old.species))
      }
      if let new, newCount > 0, newCount > oldCount || (oldCount == newCount && !sameSpecies) {
        gained.append(.evolution(species: new.species))
      }
    }
    // Quest completions, by id bytes.
    for (id, baseCount, candidateCount) in Self.differing(
      base.questCompletions.map { ($0.id, $0.completions) }, candidate.questCompletions.map { ($0.id, $0.completions) })
    {
      if candidateCount > baseCount { gained.append(.quest(id: id, completions: candidateCount - baseCount)) }
      if baseCount > candidateCount { lost.append(.quest(id: id, completions: baseCount - candidateCount)) }
    }
    return (gained, lost)
  }

  /// The ids whose counts differ between two lists of (id, count), a missing id counting 0, in
  /// id byte order: ``merge(_:_:)`` without the equal ones. Two lists of the same ids in the same
  /// order (both sides built from one pack's order: the usual case) are compared pairwise and only
  /// the ids that differ sorted, instead of sorting both lists whole (1.7% of a replay's instructions).
  static func differing(_ a: [(String, Int)], _ b: [(String, Int)]) -> [(String, Int, Int)] {
    if a.count == b.count, zip(a, b).allSatisfy({ $0.0.hasSameBytes(as: $1.0) }) {
      return zip(a, b).filter { $0.1 != $1.1 }.map { ($0.0, $0.1, $1.1) }
        .sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
    }
    return merge(a, b).filter { $0.1 != $0.2 }
  }

  /// Two lists of (id, count) merged by id bytes, in byte order, a missing id counting 0.
  static func merge(_ a: [(String, Int)], _ b: [(String, Int)]) -> [(String, Int, Int)] {
    let left = a.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
    let right = b.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
    var merged: [(String, Int, Int)] = []
    var i = 0
    var j = 0
    while i < left.count || j < right.count {
      if j == right.count || (i < left.count && left[i].0.utf8.lexicographicallyPrecedes(right[j].0.utf8)) {
        merged.append((left[i].0, left[i].1, 0))
        i += 1
      } else if i == left.count || right[j].0.utf8.lexicographicallyPrecedes(left[i].0.utf8) {
        merged.append((right[j].0, 0, right[j].1))
        j += 1
      } else {
        merged.append((left[i].0, left[i].1, right[j].1))
        i += 1
        j += 1
      }
    }
    return merged
  }
}
