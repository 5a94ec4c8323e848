import Engine
import Ledger

/// The `summary` column of a `log` row: the player's headline figures (``PlayerSummary``) after
/// the row's events, written with the row by the batch that applied them. `players show` of a
/// player whose snapshot is older than its log reads them from its last row instead of
/// compiling the rule pack to replay the tail (schema 4; rows written before, or by a batch whose
/// player's state came in a later part, have none, and the tail is replayed).
///
/// Form: a format byte (1), the figures as variable-length integers, the active companion
/// (optional: species, level), the pack stamp (name, version, digest), then the row checksum of
/// the player's id, the row's first event number and those bytes (8 bytes, little-endian).
package enum LogSummary {
  static let format: UInt8 = 1

  /// The column's bytes for a player's summary after the row starting at event `seq`.
  package static func encode(_ summary: PlayerSummary, player: PlayerID, seq: Int) -> [UInt8] {
    var writer = BinaryWriter(capacity: 128)
    writer.byte(format)
    writer.int(summary.level)
    writer.int64(summary.xp)
    for figure in [
      summary.workouts, summary.streak, summary.bestStreak, summary.achievementTiers, summary.personalRecords,
      summary.questCompletions, summary.appliedCount, summary.appliedIDCount,
    ] {
      writer.int(figure)
    }
    writer.optional(summary.companion) { writer, companion in
      writer.string(companion.species)
      writer.int(companion.level)
    }
    writer.string(summary.pack.name)
    writer.string(summary.pack.version)
    writer.string(summary.pack.digest)
    writer.raw64(UInt64(bitPattern: SQLiteStore.checksum(player, [Int64(seq)], writer.bytes)))
    return writer.bytes
  }

  /// The summary a row's column holds, checked: its checksum, its format, its ranges, and that
  /// it counts the events up to the row's end (`head`).
  /// - Throws: ``SQLiteError/damaged(_:)`` when it is damaged.
  static func decode(_ bytes: [UInt8], player: PlayerID, seq: Int, head: Int) throws(SQLiteError) -> PlayerSummary {
    let damaged = SQLiteError.damaged("the summary of its log row at event \(seq) is damaged")
    guard bytes.count > 8 else { throw damaged }
    let body = Array(bytes[..<(bytes.count - 8)])
    let stored = bytes.withUnsafeBytes {
      UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: body.count, as: UInt64.self))
    }
    guard SQLiteStore.checksum(player, [Int64(seq)], body) == Int64(bitPattern: stored) else { throw damaged }
    do {
      return try body.withUnsafeBytes { buffer throws(BinaryFormatError) -> PlayerSummary in
        var reader = BinaryReader(buffer)
        guard try reader.byte() == format else { throw BinaryFormatError("an unknown summary format", at: 0) }
        let level = try reader.int()
        let xp = try reader.int64()
        var figures: [Int] = []
        for _ in 0..<8 { figures.append(try reader.int()) }
        let companion = try reader.optional { reader throws(BinaryFormatError) in
          PlayerSummary.ActiveCompanion(species: try reader.string(), level: try reader.int())
        }
        let pack = PackStamp(name: try reader.string(), version: try reader.string(), digest: try reader.string())
        guard reader.isAtEnd, level >= 0, xp >= 0, figures.allSatisfy({ $0 >= 0 }), figures[6] == head,
          figures[7] <= head, (companion?.level ?? 0) >= 0
        else { throw BinaryFormatError("a value out of range", at: 0) }
        return PlayerSummary(
          level: level, xp: xp, workouts: figures[0], streak: figures[1], bestStreak: figures[2],
          achievementTiers: figures[3], personalRecords: figures[4], questCompletions: figures[5],
          companion: companion, appliedCount: figures[6], appliedIDCount: figures[7], pack: pack)
      }
    } catch {
      throw damaged
    }
  }
}
