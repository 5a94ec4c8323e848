import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import Store
import Testing

/// A ``LedgerRun`` whose players follow different packs (``PlayerEngines``): each player ends
/// exactly where a store of that player's pack alone puts it.
@Suite struct PlayerEnginesTests {
  /// Players whose id ends in an odd digit follow `odd`, the others `even`.
  final class ByParity: PlayerEngines {
    let even: Engine
    let odd: Engine
    var asked = 0
    init(even: Engine, odd: Engine) {
      self.even = even
      self.odd = odd
    }
    func engine(for player: PlayerID) throws(LedgerError) -> Engine {
      asked += 1
      return (player.bytes.last ?? 0) % 2 == 1 ? odd : even
    }
  }

  @Test func eachPlayerEndsAsInAStoreOfItsOwnPack() throws {
    let base = try LiveOpsFixture.engine()
    let steeper = try LiveOpsFixture.engine(LiveOpsFixture.steeper)
    let events = try LiveOpsStoreFixture.traffic(players: 6, days: 40)
    let directory = Paths.temporaryDirectory("player-engines")
    defer { try? FileManager.default.removeItem(at: directory) }
    let mixedPath = directory.appendingPathComponent("mixed.sqlite").path
    let mixed = try SQLiteStore(path: mixedPath)
    let run = LedgerRun(store: mixed, engine: base)
    let chooser = ByParity(even: base, odd: steeper)
    run.engines = chooser
    var added = 0
    for event in events {
      try run.add(event)
      added += 1
      if run.pending >= 53 { #expect(try run.commit(deliver: { _ in }) == nil) }
    }
    #expect(try run.commit(deliver: { _ in }) == nil)
    #expect(chooser.asked >= added)
    try mixed.saveSnapshots()

    let alone = try [base, steeper].map { engine in
      let path = directory.appendingPathComponent("\(engine.pack.digest).sqlite").path
      return try LiveOpsStoreFixture.store(path, events, engine: engine, batch: 200)
    }
    let reread = try SQLiteStore(path: mixedPath, access: .readOnly)
    let players = try reread.players()
    #expect(players.count == 6)
    var onSteeper = 0
    for player in players {
      let odd = (player.bytes.last ?? 0) % 2 == 1
      let reference = try #require(try alone[odd ? 1 : 0].load(player: player))
      let state = try #require(try reread.load(player: player))
      #expect(state.pack.digest == (odd ? steeper : base).pack.digest)
      #expect(state.xp == reference.xp)
      #expect(state.level == reference.level)
      #expect(state.appliedCount == reference.appliedCount)
      #expect(try reread.history(of: player) == alone[odd ? 1 : 0].history(of: player))
      if odd { onSteeper += 1 }
    }
    // p1, p3, p5 follow the steeper curve; it gives fewer levels for the same XP.
    #expect(onSteeper == 3)
    #expect(base.pack.digest != steeper.pack.digest)
  }
}
