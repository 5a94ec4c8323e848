import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Testing

@testable import Store

/// While every event a player applied is in its window, its checkpoint is still the progress
/// its pack gives a new player: a snapshot writes it as that pack's bytes, encoded once by the
/// store (``SQLiteStore/PendingSnapshot/newPlayer``), which are the bytes writing it gives. The
/// shortcut holds only while the checkpoint is that progress, and only for that pack.
@Suite struct StoreNewPlayerCheckpointTests {
  let engine = StoreFixture.engine

  /// One player's 20 days of traffic (workouts, meals, closures, a late event, a retraction)
  /// applied under a window of `window` days.
  static func player(window: Int) throws -> PlayerState {
    let engine = StoreFixture.engine
    var state = engine.newPlayer(windowDays: window)
    for event in StoreFixture.traffic(players: ["ana"], days: 20, seed: 5) {
      _ = try engine.record(event, to: &state)
    }
    return state
  }

  var newPlayerBytes: (digest: String, bytes: [UInt8]) {
    (engine.pack.digest, engine.newProgress().binary(for: engine.pack))
  }

  @Test func aNewPlayersCheckpointIsKnownUntilItChanges() throws {
    let fresh = engine.newPlayer()
    #expect(fresh.history.newPlayerDigest == engine.pack.digest)
    // 20 days within a 60-day window: nothing folded, the checkpoint untouched.
    let young = try Self.player(window: 60)
    #expect(young.history.newPlayerDigest == engine.pack.digest)
    #expect(young.history.checkpoint == engine.newProgress())
    // A 5-day window folds the first 15 days into the checkpoint.
    let folded = try Self.player(window: 5)
    #expect(folded.history.newPlayerDigest == nil)
    #expect(folded.history.checkpoint != engine.newProgress())
    // Any change forgets it, even one back to the same value.
    var changed = young
    changed.history.checkpoint.xp += 0
    #expect(changed.history.newPlayerDigest == nil)
    var replaced = young
    replaced.history.checkpoint = engine.newProgress()
    #expect(replaced.history.newPlayerDigest == nil)
  }

  @Test func theBytesAreThoseWritingTheCheckpointGives() throws {
    let young = try Self.player(window: 60)
    let pack = engine.pack
    let written = PlayerSnapshot.encode(young, pack: pack)
    #expect(PlayerSnapshot.encode(young, pack: pack, newPlayer: newPlayerBytes) == written)
    // Without the pack (a store lacking its files) every entry is written: the bytes of the
    // pack's form would be wrong there, and are not used.
    let bare = PlayerSnapshot.encode(young, pack: nil)
    #expect(bare != written)
    #expect(PlayerSnapshot.encode(young, pack: nil, newPlayer: newPlayerBytes) == bare)
  }

  @Test func otherBytesAreNeverWritten() throws {
    let pack = engine.pack
    let bogus: [UInt8] = [0xFB, 1, 2, 3]
    // Another pack's digest: not this checkpoint's.
    let young = try Self.player(window: 60)
    let other = String(repeating: "0", count: pack.digest.utf8.count)
    #expect(
      PlayerSnapshot.encode(young, pack: pack, newPlayer: (other, bogus)) == PlayerSnapshot.encode(young, pack: pack))
    // A folded checkpoint is no longer the new player's.
    let folded = try Self.player(window: 5)
    #expect(
      PlayerSnapshot.encode(folded, pack: pack, newPlayer: (pack.digest, bogus))
        == PlayerSnapshot.encode(folded, pack: pack))
    // The bytes given are used when the digests agree (the store gives only its engine's).
    let used = PlayerSnapshot.encode(young, pack: pack, newPlayer: (pack.digest, bogus))
    #expect(used != PlayerSnapshot.encode(young, pack: pack))
  }

  /// Through a store: the snapshots its run wrote read back as the players' states alone, and
  /// are byte for byte what encoding the states read back (which know nothing of new players)
  /// gives.
  @Test func aStoresSnapshotsAreTheBytesOfTheFullEncoding() throws {
    let (directory, path) = StoreFixture.storePath("new-player-checkpoint")
    defer { try? FileManager.default.removeItem(at: directory) }
    let players = ["ana", "bo", "\u{212B}", "\u{00C5}"]
    let events = StoreFixture.traffic(players: players, days: 20, seed: 11)
    let store = try SQLiteStore(path: path)
    try StoreFixture.award(events, to: store, batch: 50)
    try store.saveSnapshots(minimum: 1)
    #expect(try StoreFixture.states(path) == StoreFixture.alone(events, players: players))
    // The run's snapshots took the shortcut: its pack's entry holds the bytes it made for them
    // (they are made only when a snapshot asks), the bytes of a new player's progress.
    let id = try #require(store.packs.idByDigest[engine.pack.digest])
    let made = try #require(store.packs.byID[id]?.newPlayer)
    #expect(made == newPlayerBytes.bytes)
    let young = try Self.player(window: 60)
    let known = try #require(store.newPlayerProgress(of: young, pack: engine.pack))
    #expect(known.digest == engine.pack.digest && known.bytes == made)
    #expect(store.newPlayerProgress(of: try Self.player(window: 5), pack: engine.pack) == nil)
    let reader = try SQLiteStore(path: path, access: .readOnly)
    for name in players {
      let player = StoreFixture.id(name)
      let state = try #require(try reader.load(player: player))
      #expect(state.history.newPlayerDigest == nil)
      var logged = LoggedLines()
      logged.append(try reader.history(of: player), from: 0)
      let snapshot = try StoreFixture.blob(path, "SELECT snapshot FROM players WHERE id = X'\(hex(player.bytes))'")
      let full = PlayerSnapshot.encode(state, pack: try reader.storedPack(digest: state.pack.digest), logged: logged)
      #expect(snapshot == full, "\(name)")
    }
  }

  private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02X", $0) }.joined() }
}
