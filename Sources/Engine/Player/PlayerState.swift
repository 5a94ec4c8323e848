/// One player, everything an app saves: the progress the rules built (XP, level, streak,
/// companions…), which rule pack built it, and the recent history that lets the engine place a
/// late event in date order, withdraw a mistaken one and never apply an id twice.
///
/// A value: copy it, compare it, save it (`Codable`, or ``data()`` / ``init(data:)``). Only the
/// engine changes it (``Engine/apply(_:to:)``); read its progress through its properties —
/// `player.xp`, `player.level`, `player.streak.current` — or ``progress``.
///
/// Saved states carry ``formatVersion``; every earlier format still decodes. A state used with a
/// pack other than the one that built it is re-aligned by name (new achievements start locked,
/// removed ones are dropped) the first time the engine applies an event to it, and a state built
/// by a pack of another name is refused with ``EngineError/packMismatch(saved:current:)``.
@dynamicMemberLookup
public struct PlayerState: Sendable {
  /// The format ``data()`` and `Codable` write. 1 was the `fitquest award` state file of
  /// FitQuest 1; 2 adds the lifetime event ids, quests and the pack stamp; 3 keeps each
  /// mechanic's state under its own key (a mechanic added later needs no new format).
  public static let formatVersion = 3

  /// The progress and the derived data the engine keeps with it.
  package var live: LivePlayer
  /// The pack that built the progress.
  public package(set) var pack: PackStamp
  package var history: History
  /// The digest of the pack `live`'s derived data was built for ("" until an engine binds it).
  var boundDigest = ""

  package init(progress: PlayerProgress, pack: PackStamp, history: History) {
    live = LivePlayer(progress: progress, cursors: [])
    self.pack = pack
    self.history = history
  }

  /// What the rules built: XP, level, totals, streak, records, companions, nutrition, quests.
  public var progress: PlayerProgress { live.progress }

  /// A field of ``progress``: `player.xp`, `player.companions.members`.
  public subscript<Value>(dynamicMember path: KeyPath<PlayerProgress, Value>) -> Value {
    live.progress[keyPath: path]
  }

  /// Days of events kept to place late events and withdraw mistaken ones.
  public var windowDays: Int { history.windowDays }
  /// Events applied over the player's life (retractions included, duplicates not).
  public var appliedCount: Int { history.appliedCount }
  /// The latest day an applied event was dated.
  public var latestDay: Day? { history.latestDay }
  /// The earliest day a late event may be dated; nil before the first event.
  public var windowStart: Day? { history.windowStart }
  /// Event ids applied over the player's life.
  public var appliedIDCount: Int { history.ids.count }

  /// Whether an event with this id was applied (ids are compared as bytes).
  public func hasApplied(_ id: String) -> Bool { history.ids.contains(Fingerprint(id)) }
}

/// Which rule pack built a state: its name, version and digest.
public struct PackStamp: Sendable, Hashable, Codable {
  /// The pack's name.
  public var name: String
  /// The pack's version.
  public var version: String
  /// FNV-1a 64 of the pack's files (and overrides), as 16 hex digits.
  public var digest: String

  /// Creates a stamp.
  public init(name: String, version: String, digest: String) {
    self.name = name
    self.version = version
    self.digest = digest
  }

  /// The stamp of a pack.
  public init(_ pack: RulePack) {
    self.init(name: pack.name, version: pack.version, digest: pack.digest)
  }
}

extension PlayerState: Hashable {
  public static func == (a: PlayerState, b: PlayerState) -> Bool {
    a.live.progress == b.live.progress && a.pack == b.pack && a.history == b.history
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(live.progress)
    hasher.combine(pack)
    hasher.combine(history)
  }
}

extension PlayerState {
  /// The state without its kept events and ids, for stores that keep those apart (a journal).
  package var withoutHistoryLog: PlayerState {
    var copy = self
    copy.history.kept = []
    copy.history.ids = AppliedIDs()
    copy.history.snapshots = [:]
    return copy
  }

  /// Puts back kept events and ids a store kept apart; nil when they do not fit the state (an
  /// event after the latest day, an arrival number never given, two events at one position).
  package func restoringHistoryLog(kept: [KeptEvent], ids: [Fingerprint]) -> PlayerState? {
    var copy = self
    let sorted = kept.sorted { $0.key < $1.key }
    let latest = history.latestDay
    guard
      !sorted.contains(where: { event in
        event.seq < 0 || event.seq >= history.nextSeq || latest.map { event.day > $0 } ?? true
      }),
      !zip(sorted, sorted.dropFirst()).contains(where: { $0.seq == $1.seq })
    else { return nil }
    copy.history.kept = KeptEvents(sorted)
    copy.history.ids = AppliedIDs(ordered: ids)
    return copy
  }
}
