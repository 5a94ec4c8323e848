import Engine
import Ledger

/// A player's headline figures — what `fitquest players show` prints — read as cheaply as the
/// store allows (``SQLiteStore/summary(of:)``).
public struct PlayerSummary: Sendable, Equatable {
  /// The active companion: its species and level.
  public struct ActiveCompanion: Sendable, Equatable {
    /// The species' id in the pack.
    public var species: String
    /// The companion's level.
    public var level: Int
  }

  /// The player's level.
  public var level: Int
  /// Total XP.
  public var xp: Int64
  /// Workouts logged.
  public var workouts: Int
  /// Training days in the current streak.
  public var streak: Int
  /// The longest streak ever.
  public var bestStreak: Int
  /// Achievement tiers unlocked.
  public var achievementTiers: Int
  /// Personal records set.
  public var personalRecords: Int
  /// Quest completions.
  public var questCompletions: Int
  /// The active companion, if any.
  public var companion: ActiveCompanion?
  /// Events applied.
  public var appliedCount: Int
  /// Event ids kept to refuse duplicates.
  public var appliedIDCount: Int
  /// The rule pack the player is on.
  public var pack: PackStamp

  /// The mechanics whose saved state a summary reads: each field it takes from them is a number
  /// or a name the snapshot holds itself, not one of the pack's lists.
  static var mechanics: [any Mechanic.Type] {
    [
      ActivityMechanic.self, XPMechanic.self, LevelsMechanic.self, StreaksMechanic.self, CompanionsMechanic.self,
      QuestsMechanic.self,
    ]
  }

  /// A summary of the figures given.
  init(
    level: Int, xp: Int64, workouts: Int, streak: Int, bestStreak: Int, achievementTiers: Int, personalRecords: Int,
    questCompletions: Int, companion: ActiveCompanion?, appliedCount: Int, appliedIDCount: Int, pack: PackStamp
  ) {
    self.level = level
    self.xp = xp
    self.workouts = workouts
    self.streak = streak
    self.bestStreak = bestStreak
    self.achievementTiers = achievementTiers
    self.personalRecords = personalRecords
    self.questCompletions = questCompletions
    self.companion = companion
    self.appliedCount = appliedCount
    self.appliedIDCount = appliedIDCount
    self.pack = pack
  }

  /// The summary of a player's progress (read in place: taken owned, as an initializer takes
  /// its arguments by default, the progress was copied whole, every array retained, for each
  /// log row).
  init(_ progress: borrowing PlayerProgress, pack: PackStamp, appliedCount: Int, appliedIDCount: Int) {
    level = progress.level
    xp = progress.xp
    workouts = progress.activity.totals.workouts
    streak = progress.streak.current
    bestStreak = progress.streak.best
    achievementTiers = progress.activity.totals.achievements
    personalRecords = progress.activity.totals.prs
    questCompletions = progress.quests.completions
    let members = progress.companions.members
    companion = progress.companions.active.flatMap { members.indices.contains($0) ? members[$0] : nil }.map {
      ActiveCompanion(species: $0.species, level: $0.level)
    }
    self.appliedCount = appliedCount
    self.appliedIDCount = appliedIDCount
    self.pack = pack
  }

  /// The summary of a player's whole state.
  public init(_ state: borrowing PlayerState) {
    self.init(
      state.live.progress, pack: state.pack, appliedCount: state.appliedCount, appliedIDCount: state.appliedIDCount)
  }
}

extension PlayerState {
  /// The player's summary (``PlayerSummary/init(_:)``), for a caller that reads it in place
  /// (`state?.summary` on an optional state, rather than binding it: a copy).
  var summary: PlayerSummary { PlayerSummary(self) }
}

extension SQLiteStore {
  /// A player's summary, or nil when the store has no such player. When its snapshot covers its
  /// whole log — the usual case — only the snapshot's header and the summary's sections of its
  /// progress are decoded (the row's and the progress's checksums verified, the event ids
  /// checked by their checksums), and no rule pack is compiled. When events were logged after
  /// its snapshot, the summary their last `log` row holds (``LogSummary``) is read, the rows
  /// after the snapshot checked (checksums, ranges, each starting where the previous ended) but
  /// not replayed; a row without one (written before schema 4) has the player read whole, as
  /// ``load(player:engine:)`` reads it.
  /// - Throws: ``LedgerError/corrupt(_:)`` naming the player when its rows are damaged.
  public func summary(of player: PlayerID) throws(LedgerError) -> PlayerSummary? {
    mutex.lock()
    defer { mutex.unlock() }
    try settle()
    if let state = cache.states[player] { return PlayerSummary(state) }
    do {
      return try database.reading { () throws(SQLiteError) -> PlayerSummary? in
        guard let row = try playerRow(player) else { return nil }
        if let logged = try tailSummary(player, row: row) { return logged }
        return try progressRows(player, row: row, mechanics: PlayerSummary.mechanics, withPack: false).map {
          PlayerSummary($0.progress, pack: $0.pack, appliedCount: $0.appliedCount, appliedIDCount: $0.appliedIDCount)
        }
      }
    } catch {
      throw error.isAboutContents ? damaged(player, error.message) : failure(error, "cannot read player '\(player)'")
    }
  }

  /// The summary of the last `log` row of a player (whose row is `row`) with events logged after
  /// its snapshot, when that row has one; nil otherwise (a snapshot covering the log, a row
  /// without a summary). The rows after the snapshot are checked, and the event ids by their
  /// checksums, as a replay would check them.
  func tailSummary(_ player: PlayerID, row: PlayerRow) throws(SQLiteError) -> PlayerSummary? {
    if let first = try firstLogged(player), first < 0 { throw .damaged("its log has a row at event \(first)") }
    guard let last = try logChunks(player, from: row.at).last else { return nil }
    let summary = try database.cached("SELECT summary FROM log WHERE player = ? AND seq = ?")
    try summary.bind(1, player.bytes)
    try summary.bind(2, Int64(last.seq))
    guard try summary.step(), !summary.isNull(0) else {
      summary.reset()
      return nil
    }
    let bytes = summary.blob(0)
    summary.reset()
    let ids = try checkedIDCount(player)
    guard ids <= row.at else { throw .damaged("it has \(ids) event ids for \(row.at) events") }
    return try LogSummary.decode(bytes, player: player, seq: last.seq, head: last.seq + last.lines.count)
  }
}
