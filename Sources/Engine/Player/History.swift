import RuleLanguage

/// An event kept for late events and retractions: its JSON line (as received, so a store writes
/// it without encoding it again), its arrival number, and its resolved form once known.
package struct KeptEvent: Sendable {
  package let id: String
  package let day: Day
  package let isClosure: Bool
  /// The order of arrival over the player's life (ties between events of a day keep it).
  package let seq: Int
  package let line: String
  /// The event resolved against the pack of ``History/resolvedDigest`` (nil until needed).
  var resolved: ResolvedEvent? {
    get { box?.event }
    set { box = newValue.map(ResolvedBox.init) }
  }
  /// The resolved form out of line: a kept event takes 72 bytes in its array rather than 312,
  /// and a player shed of its resolved forms (``PlayerState/shrink()``) gives all of them back.
  private var box: ResolvedBox?

  /// A kept event from its resolved form, holding it unless `keepingResolved` is false (then
  /// resolved again from its line when a replay needs it).
  package init(_ resolved: ResolvedEvent, line: String, seq: Int, keepingResolved: Bool = true) {
    id = resolved.id
    day = resolved.day
    isClosure = resolved.kind == .dayClosed
    self.seq = seq
    self.line = line
    box = keepingResolved ? ResolvedBox(resolved) : nil
  }

  /// A kept event read back from a saved history (resolved when first replayed).
  package init(_ event: Event, line: String, seq: Int) {
    id = event.id
    day = event.day
    isClosure = event.kind == .dayClosed
    self.seq = seq
    self.line = line
  }

  /// A kept event from its saved parts (resolved from its line when first replayed).
  package init(id: String, day: Day, isClosure: Bool, seq: Int, line: String) {
    self.id = id
    self.day = day
    self.isClosure = isClosure
    self.seq = seq
    self.line = line
  }

  /// An empty event, holding nothing on the heap: what a storage keeps in the places of events
  /// moved out of it (``KeptEvents/removeFirst(_:)``).
  static let placeholder = KeptEvent(id: "", day: Day(0), isClosure: false, seq: 0, line: "")

  /// Replay order: by day, a day's closure after its other events, then by arrival.
  var key: (Int, Int, Int) { (day.number, isClosure ? 1 : 0, seq) }
}

/// A resolved event on the heap, shared by the copies of a kept event.
private final class ResolvedBox: Sendable {
  let event: ResolvedEvent
  init(_ event: ResolvedEvent) { self.event = event }
}

extension KeptEvent: Hashable {
  package static func == (a: KeptEvent, b: KeptEvent) -> Bool { a.seq == b.seq && a.line == b.line }
  package func hash(into hasher: inout Hasher) { hasher.combine(seq) }
}

/// What a player's state remembers besides its progress: the recent window of events (so a late
/// event is placed in date order and a mistaken one withdrawn), the state before that window, and
/// every event id ever applied (so no id is applied twice).
///
/// The window is days, anchored at the latest day applied: an event dated `windowDays` or more
/// days before it can no longer be placed, and events that old are folded into ``checkpoint``.
package struct History: Sendable {
  package var windowDays: Int
  /// The progress before the first kept event.
  package var checkpoint: PlayerProgress {
    didSet { newPlayerDigest = nil }
  }
  /// The digest of the pack whose new player's progress ``checkpoint`` still is, as
  /// ``Engine/newPlayer(windowDays:)`` made it (nil once it changed in any way, and for a player
  /// decoded from a snapshot or a state file; one a store replays from its log alone starts as
  /// a new player and keeps it): a store writes such a checkpoint as that pack's bytes, encoded
  /// once, rather than walking every list of it for each player (a fifth of a snapshot's cost).
  package internal(set) var newPlayerDigest: String?
  /// The kept events in replay order.
  package var kept = KeptEvents()
  package var ids = AppliedIDs()
  /// The latest day of an applied event (the window's anchor).
  package var latestDay: Day?
  /// No late event may be placed before this day (set when the rules changed: events before the
  /// change are not replayed under the new rules).
  package var replayFloor: Day?
  package var appliedCount = 0
  package var nextSeq = 0
  /// Kept events withdrawn by retractions, while they would still be in the window (for stores
  /// that journal kept events).
  package var retracted: [Withdrawn] = []
  /// Changes when the kept events are replaced wholesale (the rules changed), so a store that
  /// journals them starts its journal over.
  package var epoch = 0
  /// The digest of the pack the kept events' `resolved` forms belong to.
  var resolvedDigest = ""
  /// Day number → the progress before that day's first kept event (derived; rebuilt on demand).
  var snapshots: [Int: PlayerProgress] = [:]
  /// Whether every kept day has its snapshot (false after loading, until rebuilt).
  var hasAllSnapshots = false

  package init(windowDays: Int, checkpoint: PlayerProgress) {
    self.windowDays = windowDays
    self.checkpoint = checkpoint
  }

  /// What no sequence of events leaves in a history (a window out of range, kept events out of
  /// order or numbered beyond the count), each with its field: a saved one is checked on load.
  package var problems: [(path: String, message: String)] {
    var problems: [(path: String, message: String)] = []
    if !(1...3650).contains(windowDays) { problems.append(("windowDays", "\(windowDays) is outside 1…3650")) }
    if appliedCount < kept.count || appliedCount < 0 {
      problems.append(("appliedCount", "\(appliedCount) is fewer than the \(kept.count) kept events"))
    }
    if kept.contains(where: { $0.seq < 0 || $0.seq >= nextSeq }) {
      problems.append(("kept", "an arrival number is outside 0…\(nextSeq - 1)"))
    }
    if zip(kept, kept.dropFirst()).contains(where: { !($0.key < $1.key) }) {
      problems.append(("kept", "the events are not in date order"))
    }
    if let latest = latestDay, kept.contains(where: { $0.day > latest }) {
      problems.append(("latestDay", "\(latest.iso) is before a kept event"))
    }
    return problems
  }

  /// The first day a late event may be dated.
  package var windowStart: Day? {
    guard let latestDay else { return nil }
    let start = latestDay.adding(-(windowDays - 1))
    return replayFloor.map { Swift.max($0, start) } ?? start
  }

  /// Where an event with this replay key goes among the kept ones.
  func insertionIndex(_ key: (Int, Int, Int)) -> Int { kept.insertionIndex(key) }

  /// The first day whose events stay kept: earlier ones are folded into the checkpoint.
  var foldDay: Day? { latestDay.map { $0.adding(-(windowDays - 1)) } }

  /// The index of the kept event with this id (compared as bytes).
  func index(ofID id: String) -> Int? {
    kept.firstIndex { $0.id.hasSameBytes(as: id) }
  }
}

/// A kept event that a retraction withdrew: its arrival number and day.
package struct Withdrawn: Sendable, Hashable, Codable {
  package var seq: Int
  package var day: Day

  package init(seq: Int, day: Day) {
    self.seq = seq
    self.day = day
  }
}

extension History: Hashable {
  package static func == (a: History, b: History) -> Bool {
    a.windowDays == b.windowDays && a.checkpoint == b.checkpoint && a.kept == b.kept && a.ids == b.ids
      && a.latestDay == b.latestDay && a.replayFloor == b.replayFloor && a.appliedCount == b.appliedCount
      && a.nextSeq == b.nextSeq && a.retracted == b.retracted && a.epoch == b.epoch
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(appliedCount)
    hasher.combine(kept.count)
    hasher.combine(latestDay)
  }
}
