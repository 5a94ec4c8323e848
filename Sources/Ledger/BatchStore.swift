import Engine

/// Where a ``LedgerRun`` keeps players: one player in a state file (``FileStore``) or many in a
/// database (`SQLiteStore` of `FitQuestStore`). The run applies a batch in memory, then commits
/// it through the store: ``lock(for:)``, the awards delivered, ``record(_:)`` for each player,
/// ``commit()``. A store that keeps players between batches (a cache) hands them out again, and
/// hands them over rather than copying them: a state the batch changes is never also held by
/// the store (which would duplicate every array the batch touches); it comes back through
/// ``record(_:)`` or, unchanged, ``restore(_:_:)``.
public protocol BatchStore: AnyObject {
  /// Whether events are kept apart by their `player` (many players; an event must name one), or
  /// all belong to the one player the store holds.
  var keepsPlayersApart: Bool { get }

  /// A player's saved state as it was saved (not yet bound to `engine`), or nil for a new
  /// player; `player` is nil for a store of one player. A store that keeps the state hands it
  /// over: asked again before it comes back, it reads the player as committed.
  /// - Throws: ``LedgerError`` when it cannot be read or is damaged.
  func load(_ player: PlayerID?, engine: Engine) throws(LedgerError) -> PlayerState?

  /// Starts a commit: takes the store's write lock (waiting as the store was configured), and
  /// returns the players among `players` whose saved events changed since this store handed
  /// them out (another process applied events to them); the run applies their events again to
  /// the saved state (``load(_:engine:)`` inside the lock) before delivering anything.
  /// - Throws: ``LedgerError/locked(_:)`` when another writer holds the store.
  func lock(for players: [PlayerID?]) throws(LedgerError) -> Set<PlayerID?>

  /// Records what a batch did to one player, inside the commit ``lock(for:)`` started. The change
  /// is handed over (its state moves into the store, never copied).
  func record(_ change: consuming PlayerChange) throws(LedgerError)

  /// Takes back the state of a player ``load(_:engine:)`` handed out and no event changed (the
  /// same player as saved, perhaps bound to an engine).
  func restore(_ player: PlayerID?, _ state: consuming PlayerState)

  /// Makes everything recorded since ``lock(for:)`` durable at once, and releases the lock.
  func commit() throws(LedgerError)

  /// Abandons what was recorded since ``lock(for:)`` and releases the lock; players handed out
  /// since are read again from the store when next needed.
  func rollback()

  /// The memory a batch may take — its players' states and its queued events together — before
  /// it should be committed, in bytes (nil: no bound); a ``LedgerRun`` reads it once, when it
  /// starts. ``LedgerRun/isFull`` says when a batch reached it.
  var batchMemoryBudget: Int? { get }

  /// What holding a player's state in memory takes, estimated in bytes (what the store knows of
  /// the player, else a typical player's), for ``batchMemoryBudget``.
  func estimatedBytes(of player: PlayerID?) -> Int

  /// Called before a batch reads its players: a store that keeps players between batches makes
  /// room for them (`players`, whose queued events take `eventBytes`) by letting others go.
  func prepareBatch(players: [PlayerID?], eventBytes: Int)

  /// Waits until every ``commit()`` is durable. A store whose commit returns before it is (it
  /// finishes writing on another thread while the run reads its next batch) throws here what
  /// that commit failed with; its next ``lock(for:)`` or ``load(_:engine:)`` would too.
  func finishCommits() throws(LedgerError)

  /// Whether a batch may be applied while the last commit still finishes on another thread (the
  /// store keeps its players in memory and reads nothing while it applies): the caller then waits
  /// for that commit (``finishCommits()``) only before it delivers the batch. False: before it
  /// applies the batch.
  var appliesWhileCommitting: Bool { get }

  /// How long the last commit that finished on another thread held the write lock, once (nil:
  /// none did since asked, or the store's commits finish before they return): what
  /// ``LedgerRun/maxLockMilliseconds`` sizes parts of a batch by.
  func takeCommitHold() -> Duration?

  /// Whether ``record(_:)`` reads the change's ``PlayerChange/events`` (a store that appends them
  /// to a log). False: the store keeps what the state holds (a state file journals its kept
  /// events), and the run hands over changes without them (listing a batch's 10,000 events,
  /// each id and line retained and released, was 4% of `award --state`'s applying thread).
  var recordsEvents: Bool { get }
}

extension BatchStore {
  /// No bound: a batch ends at its size alone.
  public var batchMemoryBudget: Int? { nil }

  /// Nothing known.
  public func estimatedBytes(of player: PlayerID?) -> Int { 0 }

  /// Nothing to make room in.
  public func prepareBatch(players: [PlayerID?], eventBytes: Int) {}

  /// Commits are durable when they return.
  public func finishCommits() throws(LedgerError) {}

  /// Commits are waited for before a batch is applied.
  public var appliesWhileCommitting: Bool { false }

  /// Commits finish before they return.
  public func takeCommitHold() -> Duration? { nil }

  /// The events are handed over.
  public var recordsEvents: Bool { true }
}

/// What one batch (or one part of a batch committed in parts) did to one player: the events it
/// applied (in the order applied, each with its canonical line) and the state after them.
public struct PlayerChange: Sendable {
  /// The player (nil in a store of one player).
  public var player: PlayerID?
  /// The events applied, in order: everything a store appends to the player's history.
  public var events: [AppliedEvent]
  /// The state after the events (bound to the pack they were applied with, ``PlayerState/pack``);
  /// nil when a later part of the batch applies more events to the player (its state comes then).
  public var state: PlayerState?
  /// The engine that applied the events (a store keeps its pack with them); nil: the engine
  /// the player was loaded with.
  public var engine: Engine?
  /// The days of events the player keeps (the window the events were applied with); nil: the
  /// state's, or what the store knows of the player.
  public var windowDays: Int?

  /// Creates a change.
  public init(player: PlayerID?, events: [AppliedEvent], state: PlayerState?) {
    self.player = player
    self.events = events
    self.state = state
  }

  /// Creates a change with its engine and window (the state handed over, not copied).
  init(player: PlayerID?, events: [AppliedEvent], state: consuming PlayerState?, engine: Engine?, windowDays: Int?) {
    self.player = player
    self.events = events
    self.state = state
    self.engine = engine
    self.windowDays = windowDays
  }
}

/// An applied event as a store keeps it: its id, day and canonical JSON line.
public struct AppliedEvent: Sendable, Hashable {
  /// The event's id.
  public var id: String
  /// The event's day.
  public var day: Day
  /// The canonical JSON line (``Event/jsonLine`` of the event with the pack's names).
  public var line: String

  /// Creates an applied event.
  public init(id: String, day: Day, line: String) {
    self.id = id
    self.day = day
    self.line = line
  }
}
