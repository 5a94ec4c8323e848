import Engine
import Ledger
import Testing

@testable import Store

/// The cache's order of leaving on the access pattern of a stream interleaved by date: every
/// player, in the same order, every day.
@Suite struct PlayerCacheTests {
  static let state = StoreFixture.engine.newPlayer()
  static let players = (0..<10).compactMap { PlayerID("p\($0)") }
  /// What one of them takes in the cache: its state, and the cache's slots, box and id bytes.
  static let heldSize = state.estimatedBytes + PlayerCache.heldBytes(players[0])

  /// Visits the ten players in order for `rounds` rounds, two per batch, with room for five;
  /// after each batch the cache goes down to four (as the store does: to 4/5 of its budget).
  /// Returns the hits of each round and the players cached after each round.
  static func cycle(rounds: Int) -> (hits: [Int], cached: [Set<PlayerID>]) {
    let size = heldSize
    var cache = PlayerCache(limit: 5 * size)
    var hits: [Int] = []
    var cached: [Set<PlayerID>] = []
    for _ in 0..<rounds {
      var hit = 0
      for (index, player) in players.enumerated() {
        if cache.entry(player) != nil {
          hit += 1
        } else {
          cache.put(player, state: state, head: 0, at: 0, isNew: false, verified: 0)
        }
        guard index % 2 == 1, cache.isOverBudget else { continue }
        cache.shrink(downTo: 4 * size, keeping: [])
        for leaving in cache.leaving(downTo: 4 * size) { cache.remove(leaving) }
      }
      hits.append(hit)
      cached.append(Set(cache.entries.keys))
    }
    return (hits, cached)
  }

  @Test func aCycleOverMorePlayersThanFitKeepsAStablePartCached() {
    // Least recently used would evict each player just before its turn: no hit ever. With a
    // fixed order, the players that stay are the same every round, and each round finds them.
    let (hits, cached) = Self.cycle(rounds: 6)
    #expect(hits[0] == 0)
    for round in 2..<6 {
      #expect(hits[round] >= 2, "round \(round): \(hits)")
      #expect(cached[round] == cached[1])
    }
    #expect(cached[1].count == 4)
  }

  @Test func theOrderOfLeavingIsAFixedHashOfTheIdsBytes() {
    // Composed and decomposed forms are different ids, and rank differently.
    let composed = PlayerCache.rank(PlayerID("\u{E9}") ?? Self.players[0])
    let decomposed = PlayerCache.rank(PlayerID("e\u{301}") ?? Self.players[0])
    #expect(composed != decomposed)
    #expect(PlayerCache.rank(Self.players[3]) == PlayerCache.rank(PlayerID("p3") ?? Self.players[0]))
  }

  @Test func playersNotUsedSinceTheLastPressureLeaveFirst() {
    let size = Self.heldSize
    var cache = PlayerCache(limit: 3 * size)
    for player in Self.players[0..<3] {
      cache.put(player, state: Self.state, head: 0, at: 0, isNew: false, verified: 0)
    }
    _ = cache.leaving(downTo: 3 * size)  // Nothing leaves; the three are now the older batch.
    _ = cache.entry(Self.players[0])
    cache.put(Self.players[3], state: Self.state, head: 0, at: 0, isNew: false, verified: 0)
    let leaving = cache.leaving(downTo: 3 * size)
    #expect(leaving.count == 1)
    #expect(leaving.allSatisfy { [Self.players[1], Self.players[2]].contains($0) })
  }
}

/// The cache counts what holding a player costs besides its state's own estimate: a player
/// entered before its state (a new one) counts its entry, a held one its entry, slot and box,
/// and removing either gives back exactly what it counted.
@Suite struct PlayerCacheAccountingTests {
  @Test func holdingAPlayerCountsTheCachesOwnBytes() throws {
    let state = StoreFixture.engine.newPlayer()
    let player = try #require(PlayerID("a-player-id"))
    var cache = PlayerCache(limit: 1 << 30)
    cache.putNew(player, verified: 0)
    // An entry slot: 8/3 of (8 + 88) bytes = 256 (the entry: seven 8-byte fields and the flag
    // padded to 8 = 64, then the saved ids' count and commit and their optional's tag = 17,
    // the whole padded to 8);
    // the id's 11 bytes after a 32-byte array header and glibc's 8 = 51, rounded up to 16: a
    // 64-byte block.
    #expect(MemoryLayout<PlayerCache.Entry>.stride == 88)
    #expect(PlayerCache.entryBytes(player) == 256 + 64)
    #expect(cache.bytes == 320)
    cache.put(player, state: state, head: 1, at: 0, isNew: false, verified: 1)
    // Its state, the entry, a 3 × 16-byte slot share and a 16-byte box header.
    #expect(cache.bytes == state.estimatedBytes + 320 + 48 + 16)
    #expect(cache.estimatedBytes(of: player) == cache.bytes)
    #expect(cache.take(player) != nil)
    #expect(!cache.holdsState(of: player))
    cache.remove(player)
    #expect(cache.bytes == 0)
    #expect(cache.entries.isEmpty)
  }
}
