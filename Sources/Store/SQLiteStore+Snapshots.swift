import Engine
import Foundation
import Ledger

/// Writing players' snapshots inside the open transaction: one at a time (a player whose log
/// reached ``Options/snapshotEvery`` in a batch), or many (a run's end, players leaving the
/// cache), the next few encoded on a second thread while this one writes the rows of the
/// previous few. The bytes written, and their order, are the same either way.
extension SQLiteStore {
  /// A snapshot about to be encoded and written: its player's event ids are already appended.
  struct PendingSnapshot: Sendable {
    let player: PlayerID
    let isNew: Bool
    let state: PlayerState
    /// The pack whose defaults the snapshot leaves out (nil: the store lacks its files).
    let pack: RulePack?
    /// The player's logged lines the snapshot may refer to instead of holding them.
    let logged: LoggedLines?
    /// How many event ids the store holds once the snapshot is written.
    let savedIDs: Int
    /// A new player's progress in the pack's binary form, when the state's checkpoint may still
    /// be that (``History/newPlayerDigest``), under the pack's digest.
    let newPlayer: (digest: String, bytes: [UInt8])?

    /// The snapshot's bytes.
    func encode() -> [UInt8] { PlayerSnapshot.encode(state, pack: pack, logged: logged, newPlayer: newPlayer) }
  }

  /// Players whose snapshots are encoded together (on the second thread) while the previous
  /// group's rows are written: about 1 MB of snapshots in flight.
  package static let snapshotGroup = 64

  /// Writes a cached player's snapshot (and the event ids since the last one).
  func writeSnapshot(_ player: PlayerID, _ entry: PlayerCache.Entry, _ state: PlayerState) throws(SQLiteError) {
    guard let pending = try prepareSnapshot(player, entry, state) else { return }
    try finishSnapshot(pending, pending.encode())
  }

  /// Writes the snapshots of cached players, in their order: a group is encoded on another
  /// thread while the rows of the group before it are written here. `touching`: the players
  /// count as used now (for the cache's choice of who leaves); false for players leaving.
  func writeSnapshots(_ players: [PlayerID], touching: Bool) throws(SQLiteError) {
    var next = players.startIndex
    func prepareGroup() throws(SQLiteError) -> [PendingSnapshot] {
      var group: [PendingSnapshot] = []
      while group.count < Self.snapshotGroup, next < players.endIndex {
        let player = players[next]
        next += 1
        if let entry = touching ? cache.entry(player) : cache.entries[player], let state = cache.states[player],
          let pending = try prepareSnapshot(player, entry, state, referring: touching)
        {
          group.append(pending)
        }
      }
      return group
    }
    var group = try prepareGroup()
    var job = SnapshotEncoding(group)
    defer { job.wait() }
    // The last three tenths of each group after the first are encoded here, after the rows of
    // the group before: appending a player's ids and writing its row take about 40% as long as
    // encoding its snapshot (callgrind: 95k and 264k instructions), so the other thread would
    // otherwise keep this one waiting.
    var own: [[UInt8]] = []
    while !group.isEmpty {
      let following = try prepareGroup()
      let encoded = job.wait() + own
      let split = following.count - following.count * 3 / 10
      job = SnapshotEncoding(Array(following[..<split]))
      for (pending, bytes) in zip(group, encoded) { try finishSnapshot(pending, bytes) }
      own = following[split...].map { $0.encode() }
      group = following
    }
  }

  /// Appends the player's event ids since its last snapshot and makes sure the store holds its
  /// pack; nil when another process wrote a later snapshot (kept: the player counts as saved).
  /// `referring`: the snapshot refers to the log for the lines it can (``LoggedLines``); false
  /// for a player leaving the cache, likely read back soon: its snapshot holds its lines, and
  /// reading it reads no rows before it.
  ///
  /// Runs in a transaction that counts as a commit, with `generation` the store's. The player's
  /// row and ids are read only when another process committed since this one last knew them.
  private func prepareSnapshot(
    _ player: PlayerID, _ entry: PlayerCache.Entry, _ state: PlayerState, referring: Bool = true
  ) throws(SQLiteError) -> PendingSnapshot? {
    let ids = state.history.ids.ordered
    let saved: Int
    if let known = entry.saved, known.asOf >= foreignGeneration, known.count <= ids.count, !entry.isNew {
      // As this process left them: the row's snapshot covers `entry.at` < the state's events.
      saved = known.count
    } else {
      saved = try savedIDCount(player)
      if !entry.isNew, let row = try playerRow(player), row.at >= state.appliedCount || saved > ids.count {
        cache.snapshotted(player, saved: nil)
        return nil
      }
    }
    if saved < ids.count { try appendIDs(player, first: saved, ids[saved...]) }
    if let engine = currentEngine, engine.pack.digest == state.pack.digest { _ = try packID(for: engine) }
    let pack = try storedPack(digest: state.pack.digest)
    return PendingSnapshot(
      player: player, isNew: entry.isNew, state: state, pack: pack,
      logged: referring ? cache.logged[player] : nil, savedIDs: Swift.max(saved, ids.count),
      newPlayer: pack.flatMap { newPlayerProgress(of: state, pack: $0) })
  }

  /// The binary form of a new player's progress of `pack` (``PlayerProgress/binary(for:)``,
  /// made by the store's engine of that pack, once per pack), when the state's checkpoint may
  /// still be one (``History/newPlayerDigest`` is the pack's): a snapshot writes those bytes as
  /// its checkpoint. Players younger than their window have such a checkpoint; writing it from
  /// the progress took about 74,000 instructions a player, most of them comparing each list's
  /// entries with the pack's names and with a new entry to find that none is to be written.
  func newPlayerProgress(of state: PlayerState, pack: RulePack) -> (digest: String, bytes: [UInt8])? {
    guard let digest = state.history.newPlayerDigest, digest.hasSameBytes(as: pack.digest),
      let id = packs.idByDigest[digest], let entry = packs.byID[id], let engine = entry.engine,
      engine.pack.digest.hasSameBytes(as: digest)
    else { return nil }
    if let bytes = entry.newPlayer { return (digest, bytes) }
    let bytes = engine.newProgress().binary(for: pack)
    packs.byID[id]?.newPlayer = bytes
    return (digest, bytes)
  }

  /// Writes an encoded snapshot's row (known as the store's once the transaction commits, as
  /// the commit after `generation`).
  private func finishSnapshot(_ pending: PendingSnapshot, _ bytes: [UInt8]) throws(SQLiteError) {
    try writePlayerRow(pending.player, at: pending.state.appliedCount, snapshot: bytes, isNew: pending.isNew)
    cache.snapshotted(pending.player, saved: PlayerCache.SavedIDs(count: pending.savedIDs, asOf: generation + 1))
  }
}

/// The snapshots of a group of players, encoded on a thread started for them.
private final class SnapshotEncoding: @unchecked Sendable {
  private var encoded: [[UInt8]] = []
  private let done = DispatchSemaphore(value: 0)
  private var isTaken = false

  init(_ group: [SQLiteStore.PendingSnapshot]) {
    guard !group.isEmpty else {
      isTaken = true
      return
    }
    // A thread of its own, not Dispatch's pool: a caller on a pool thread, waiting below while
    // it holds the store, could otherwise wait for a pool with no thread left to run this.
    let thread = Thread {
      // Written here, read by the caller only after `done` is signalled.
      self.encoded = group.map { $0.encode() }
      self.done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
  }

  /// The group's snapshots, in its order, once encoded (empty for an empty group, or when
  /// already taken).
  @discardableResult
  func wait() -> [[UInt8]] {
    guard !isTaken else { return [] }
    isTaken = true
    done.wait()
    return encoded
  }
}
