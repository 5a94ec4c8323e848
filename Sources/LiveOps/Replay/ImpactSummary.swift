import Simulation

/// A replay's impact over all its players, folded player by player in id order: counts and
/// shares (of the players compared), the distribution of level deltas and of XP change, what
/// moved (each item with the players who gained and lost it), and the most affected players.
/// Memory is bounded by the pack (levels, items) and ``mostAffectedLimit``, not by the players.
public struct ImpactSummary: Sendable {
  /// Players considered (compared, skipped and failed).
  public private(set) var players = 0
  /// Players replayed under both packs.
  public private(set) var compared = 0
  /// Players whose history cannot be replayed as a whole.
  public private(set) var skipped = 0
  /// Players one of the packs refuses an event of.
  public private(set) var failed = 0
  /// Events in the histories of the players compared.
  public private(set) var events = 0
  /// Players with a lower level or a lost unlock under the candidate.
  public private(set) var demoted = 0
  /// Players with a lower level under the candidate.
  public private(set) var levelDown = 0
  /// Players with a higher level under the candidate.
  public private(set) var levelUp = 0
  /// Players who lose an unlock (an achievement tier or an evolution).
  public private(set) var lostUnlocks = 0
  /// Players who gain an unlock.
  public private(set) var gainedUnlocks = 0
  /// Players for whom nothing compared differs.
  public private(set) var unchanged = 0
  /// Candidate level minus base level, per player compared.
  public private(set) var levelDeltas = Histogram()
  /// XP change in whole percent of the base XP (clamped to −100…1,000; players with no base XP
  /// count as 0 when their candidate XP is 0 too, and are left out otherwise).
  public private(set) var xpChangePercent = Histogram()
  /// Sum, least and greatest of the XP deltas.
  public private(set) var xpDeltaSum = 0.0
  public private(set) var xpDeltaMin: Int64?
  public private(set) var xpDeltaMax: Int64?
  /// What moved: each item (quests without their count) with the players who gained and lost it.
  public private(set) var moved: [Move] = []
  private var movedIndex: [[UInt8]: Int] = [:]
  /// The most affected players, most first (see ``isMoreAffected(_:than:)``).
  public private(set) var mostAffected: [PlayerImpact] = []
  /// The first players skipped or failed, in id order (at most ``mostAffectedLimit``).
  public private(set) var problems: [PlayerImpact] = []
  /// How many of the most affected players are kept.
  public static let mostAffectedLimit = 10

  /// An item that moved and how many players gained and lost it.
  public struct Move: Sendable {
    /// The item (a quest's completions: 1).
    public var item: ProgressItem
    /// Players who gained it.
    public var gained: Int
    /// Players who lost it.
    public var lost: Int
  }

  /// Creates an empty summary.
  public init() {}

  /// Folds one player in.
  public mutating func add(_ impact: PlayerImpact) {
    players += 1
    if impact.problem != nil, problems.count < Self.mostAffectedLimit { problems.append(impact) }
    switch impact.problem {
    case .skipped?:
      skipped += 1
      return
    case .failed?:
      failed += 1
      return
    case nil: break
    }
    guard let base = impact.base, let candidate = impact.candidate else { return }
    compared += 1
    events += impact.events
    if impact.isDemoted { demoted += 1 }
    if candidate.level < base.level { levelDown += 1 }
    if candidate.level > base.level { levelUp += 1 }
    if impact.lost.contains(where: \.isUnlock) { lostUnlocks += 1 }
    if impact.gained.contains(where: \.isUnlock) { gainedUnlocks += 1 }
    if base == candidate { unchanged += 1 }
    levelDeltas.add(Double(impact.levelDelta))
    let delta = impact.xpDelta
    xpDeltaSum += Double(delta)
    xpDeltaMin = Swift.min(xpDeltaMin ?? delta, delta)
    xpDeltaMax = Swift.max(xpDeltaMax ?? delta, delta)
    if base.xp > 0 {
      let percent = (Double(delta) / Double(base.xp) * 100).rounded(.toNearestOrAwayFromZero)
      xpChangePercent.add(Swift.min(Swift.max(percent, -100), 1000))
    } else if candidate.xp == 0 {
      xpChangePercent.add(0)
    }
    for item in impact.gained { count(item, gained: 1) }
    for item in impact.lost { count(item, lost: 1) }
    rank(impact)
  }

  private mutating func count(_ item: ProgressItem, gained: Int = 0, lost: Int = 0) {
    let key = Array(item.key.utf8)
    if let index = movedIndex[key] {
      moved[index].gained += gained
      moved[index].lost += lost
      return
    }
    var plain = item
    if case .quest(let id, _) = item { plain = .quest(id: id, completions: 1) }
    movedIndex[key] = moved.count
    moved.append(Move(item: plain, gained: gained, lost: lost))
  }

  private mutating func rank(_ impact: PlayerImpact) {
    guard
      impact.isDemoted || impact.levelDelta != 0 || !impact.lost.isEmpty || !impact.gained.isEmpty
        || impact.xpDelta != 0
    else { return }
    // The list is in order: most players are less affected than its last and are not kept.
    if mostAffected.count == Self.mostAffectedLimit, let last = mostAffected.last,
      !Self.isMoreAffected(impact, than: last)
    {
      return
    }
    let position = mostAffected.firstIndex { Self.isMoreAffected(impact, than: $0) } ?? mostAffected.count
    guard position < Self.mostAffectedLimit else { return }
    mostAffected.insert(impact, at: position)
    if mostAffected.count > Self.mostAffectedLimit { mostAffected.removeLast() }
  }

  /// The order of the most affected: demoted first, then the larger level change, the more
  /// unlocks lost, the larger XP change, and the id's bytes.
  public static func isMoreAffected(_ a: PlayerImpact, than b: PlayerImpact) -> Bool {
    if a.isDemoted != b.isDemoted { return a.isDemoted }
    if abs(a.levelDelta) != abs(b.levelDelta) { return abs(a.levelDelta) > abs(b.levelDelta) }
    let aLost = a.lost.filter(\.isUnlock).count
    let bLost = b.lost.filter(\.isUnlock).count
    if aLost != bLost { return aLost > bLost }
    if a.xpDelta.magnitude != b.xpDelta.magnitude { return a.xpDelta.magnitude > b.xpDelta.magnitude }
    return a.player.utf8.lexicographicallyPrecedes(b.player.utf8)
  }

  /// What moved, most players first (then by the item's key bytes).
  public var movedInOrder: [Move] {
    moved.sorted { a, b in
      let (x, y) = (a.gained + a.lost, b.gained + b.lost)
      return x != y ? x > y : a.item.key.utf8.lexicographicallyPrecedes(b.item.key.utf8)
    }
  }

  /// A count as a share of the players compared (0 when none were).
  public func share(_ count: Int) -> Double { compared == 0 ? 0 : Double(count) / Double(compared) }

  /// The mean level delta (nil when no player was compared).
  public var meanLevelDelta: Double? {
    compared == 0 ? nil : levelDeltas.sorted.reduce(0.0) { $0 + $1.value * Double($1.count) } / Double(compared)
  }

  /// The mean XP delta (nil when no player was compared).
  public var meanXPDelta: Double? { compared == 0 ? nil : xpDeltaSum / Double(compared) }
}
