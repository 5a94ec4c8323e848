import Engine
import RuleLanguage

/// The one seam between the store and a player's saved form: a snapshot's bytes from a state,
/// and a state from them. A snapshot holds the whole player except its lifetime of event ids
/// (kept in the `ids` table) and the per-day progress copies the engine derives again.
///
/// Form 2 (written): a format byte, the pack stamp, the history's numbers, the progress and the
/// checkpoint in the engine's binary form (``PlayerProgress/binary(for:)``: each mechanic's
/// section, entries equal to a new player's left out when the pack is given, its own checksum),
/// then the kept events (arrival number, id, day, whether a closure, canonical line) and the
/// withdrawn ones; all of it written with ``BinaryWriter``. (Form 1, the compact form of the
/// state's `Codable` structure, was never released.) The row's checksum covers the bytes.
enum PlayerSnapshot {
  static let format: UInt8 = 2

  /// The snapshot of a state; `pack` is the state's pack when the store has its files (its
  /// defaults are then left out of the progress), nil otherwise.
  static func encode(_ state: PlayerState, pack: RulePack?) -> [UInt8] {
    let history = state.history
    var writer = BinaryWriter(capacity: 4096 + history.kept.count * 300)
    writer.byte(format)
    writer.string(state.pack.name)
    writer.string(state.pack.version)
    writer.string(state.pack.digest)
    writer.bool(pack != nil)
    writer.int(history.windowDays)
    writer.int(history.appliedCount)
    writer.int(history.nextSeq)
    writer.int(history.epoch)
    writer.optional(history.latestDay) { $0.day($1) }
    writer.optional(history.replayFloor) { $0.day($1) }
    state.progress.write(to: &writer, pack: pack)
    history.checkpoint.write(to: &writer, pack: pack)
    writer.unsigned(UInt64(history.kept.count))
    for event in history.kept {
      writer.int(event.seq)
      writer.string(event.id)
      writer.day(event.day)
      writer.bool(event.isClosure)
      writer.string(event.line)
    }
    writer.unsigned(UInt64(history.retracted.count))
    for item in history.retracted {
      writer.int(item.seq)
      writer.day(item.day)
    }
    return writer.bytes
  }

  /// The state of a snapshot, without its event ids. `pack` gives the rule pack of a digest (nil
  /// when the store has no files for it); a snapshot written against its pack needs it.
  /// - Throws: a message naming what is wrong when the bytes are not a valid state.
  static func decode(_ bytes: [UInt8], pack: (String) throws(SQLiteError) -> RulePack?) throws(SQLiteError)
    -> PlayerState
  {
    guard bytes.first == format else {
      throw .damaged("its snapshot has an unknown form \(bytes.first.map(String.init) ?? "(empty)")")
    }
    return try decodeBinary(bytes, pack: pack)
  }

  private static func decodeBinary(_ bytes: [UInt8], pack: (String) throws(SQLiteError) -> RulePack?)
    throws(SQLiteError) -> PlayerState
  {
    try reading(bytes) { (reader: inout BinaryReader) throws -> PlayerState in
      let header = try Header(&reader, pack: pack)
      let progress = try PlayerProgress(from: &reader, pack: header.rules)
      var history = History(
        windowDays: header.windowDays, checkpoint: try PlayerProgress(from: &reader, pack: header.rules))
      history.appliedCount = header.appliedCount
      history.nextSeq = header.nextSeq
      history.epoch = header.epoch
      history.latestDay = header.latestDay
      history.replayFloor = header.replayFloor
      history.kept = KeptEvents(
        try reader.list { (reader: inout BinaryReader) throws(BinaryFormatError) in
          let seq = try reader.int()
          return KeptEvent(
            id: try reader.string(), day: try reader.day(), isClosure: try reader.bool(), seq: seq,
            line: try reader.string())
        })
      history.retracted = try reader.list { (reader: inout BinaryReader) throws(BinaryFormatError) in
        Withdrawn(seq: try reader.int(), day: try reader.day())
      }
      guard reader.isAtEnd else { throw BinaryFormatError("bytes after the snapshot", at: reader.offset) }
      if let problem = history.problems.first {
        throw SQLiteError.damaged("its snapshot's '\(problem.path)' is invalid: \(problem.message)")
      }
      return PlayerState(progress: progress, pack: header.stamp, history: history)
    }
  }

  /// Only the progress of a snapshot, its pack, the events it covers and its pack changes
  /// (the history's epoch): the header and the
  /// progress section are decoded (the progress with its own checksum), the rest — checkpoint,
  /// kept events — is left unread (the row's checksum covers it). For a reader that needs the
  /// progress alone (a migration compares the old progress with the replayed one).
  /// `mechanics`: only their sections of the progress are read (nil: all). `withPack` false:
  /// the progress is read without its pack, whose names its lists of the pack's names
  /// (categories, exercises, achievements, quests) then lack — they hold only the entries that
  /// differ from a new player's — for a reader of its other fields alone (a summary), which then
  /// needs no pack compiled.
  static func decodeProgress(
    _ bytes: [UInt8], mechanics: [any Mechanic.Type]? = nil, withPack: Bool = true,
    pack: (String) throws(SQLiteError) -> RulePack?
  ) throws(SQLiteError) -> (progress: PlayerProgress, pack: PackStamp, appliedCount: Int, epoch: Int) {
    guard bytes.first == format else {
      throw .damaged("its snapshot has an unknown form \(bytes.first.map(String.init) ?? "(empty)")")
    }
    return try reading(bytes) { (reader: inout BinaryReader) throws in
      let header = try Header(&reader, pack: pack, needsPack: withPack)
      return (
        try PlayerProgress(from: &reader, pack: header.rules, mechanics: mechanics), header.stamp,
        header.appliedCount, header.epoch
      )
    }
  }

  /// A snapshot's fields before its progress.
  private struct Header {
    var stamp: PackStamp
    var rules: RulePack?
    var windowDays: Int
    var appliedCount: Int
    var nextSeq: Int
    var epoch: Int
    var latestDay: Day?
    var replayFloor: Day?

    /// `needsPack` false: a snapshot written against its pack is read without it (`pack` is not
    /// asked).
    init(_ reader: inout BinaryReader, pack: (String) throws(SQLiteError) -> RulePack?, needsPack: Bool = true) throws {
      _ = try reader.byte()
      stamp = PackStamp(name: try reader.string(), version: try reader.string(), digest: try reader.string())
      let isPacked = try reader.bool()
      rules = isPacked && needsPack ? try pack(stamp.digest) : nil
      if isPacked && rules == nil && needsPack {
        throw SQLiteError.damaged("its snapshot needs rule pack \(stamp.digest), which the store does not have")
      }
      windowDays = try reader.int()
      appliedCount = try reader.int()
      nextSeq = try reader.int()
      epoch = try reader.int()
      latestDay = try reader.optional { (reader: inout BinaryReader) throws(BinaryFormatError) in try reader.day() }
      replayFloor = try reader.optional { (reader: inout BinaryReader) throws(BinaryFormatError) in try reader.day() }
    }
  }

  /// Runs `body` on a reader of the bytes, turning its errors into located messages.
  private static func reading<Value>(_ bytes: [UInt8], _ body: (inout BinaryReader) throws -> Value)
    throws(SQLiteError) -> Value
  {
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(SQLiteError) -> Value in
        var reader = BinaryReader(buffer)
        do {
          return try body(&reader)
        } catch let error as BinaryFormatError {
          throw SQLiteError.damaged("its snapshot is invalid at byte \(error.offset): \(error.message)")
        } catch let error as SQLiteError {
          throw error
        } catch {
          throw SQLiteError.damaged("its snapshot is invalid: \(error)")
        }
      }
    }
    return try result.get()
  }

  /// A decoding error as a phrase with the field's path.
  static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context),
      DecodingError.valueNotFound(_, let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return path.isEmpty ? context.debugDescription : "'\(path)': \(context.debugDescription)"
    case DecodingError.keyNotFound(let key, let context):
      return "'\((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))' is missing"
    default:
      return "\(error)"
    }
  }
}
