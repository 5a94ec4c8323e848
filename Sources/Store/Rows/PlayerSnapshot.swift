import Engine
import RuleLanguage

/// The one seam between the store and a player's saved form: a snapshot's bytes from a state,
/// and a state from them. A snapshot holds the whole player except its lifetime of event ids
/// (kept in the `ids` table) and the per-day progress copies the engine derives again.
///
/// Form 3 (written): a format byte, the pack stamp, the history's numbers, the progress and the
/// checkpoint in the engine's binary form (``PlayerProgress/binary(for:)``: each mechanic's
/// section, entries equal to a new player's left out when the pack is given, its own checksum),
/// then the kept events (arrival number, id, day, whether a closure, and the canonical line:
/// either the line itself, or the position of the same line in the player's log with a 32-bit
/// check of its bytes, ``LoggedLines``) and the withdrawn ones; all of it written with
/// ``BinaryWriter``. The lines were nine tenths of a snapshot, all of them already in the log.
/// Form 2 is form 3 with every line held in the snapshot, without the tag saying so (read,
/// no longer written). (Form 1, the compact form of the state's `Codable` structure, was never
/// released.) The row's checksum covers the bytes.
enum PlayerSnapshot {
  static let format: UInt8 = 3
  /// The form without references to the log (stores of schema 4).
  static let formWithLines: UInt8 = 2

  /// The snapshot of a state; `pack` is the state's pack when the store has its files (its
  /// defaults are then left out of the progress), nil otherwise. A kept event whose line is
  /// among `logged` refers to it in the log. `newPlayer`: the bytes of a new player's progress
  /// (``PlayerProgress/binary(for:)`` with `pack`) under the digest of the pack that made it,
  /// written as the checkpoint when the state's checkpoint is still that progress
  /// (``History/newPlayerDigest``) of that same pack: the bytes writing it would give.
  static func encode(
    _ state: PlayerState, pack: RulePack?, logged: LoggedLines? = nil,
    newPlayer: (digest: String, bytes: [UInt8])? = nil
  ) -> [UInt8] {
    let history = state.history
    let references = logged?.references(for: history.kept) ?? []
    var writer = BinaryWriter(capacity: 4096 + history.kept.count * (references.isEmpty ? 300 : 16))
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
    if let newPlayer, let pack, let digest = history.newPlayerDigest, digest.hasSameBytes(as: newPlayer.digest),
      digest.hasSameBytes(as: pack.digest)
    {
      writer.append(newPlayer.bytes)
    } else {
      history.checkpoint.write(to: &writer, pack: pack)
    }
    writer.unsigned(UInt64(history.kept.count))
    // In place: iterating the kept events would copy (retain and release) each one.
    history.kept.withEvents { events in
      for index in events.indices {
        writer.int(events[index].seq)
        writer.string(events[index].id)
        writer.day(events[index].day)
        writer.bool(events[index].isClosure)
        let offset = index - events.startIndex
        if offset < references.count, let position = references[offset] {
          writer.byte(1)
          writer.int(position)
          writer.unsigned(UInt64(LoggedLines.check(events[index].line)))
        } else {
          writer.byte(0)
          writer.string(events[index].line)
        }
      }
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
  /// `logged` gives the player's logged lines at positions (ascending, each once) that kept
  /// events refer to.
  /// - Throws: a message naming what is wrong when the bytes are not a valid state.
  static func decode(
    _ bytes: [UInt8], pack: (String) throws(SQLiteError) -> RulePack?,
    logged: ([Int]) throws(SQLiteError) -> [String] = { _ in [] }
  ) throws(SQLiteError) -> PlayerState {
    guard let form = bytes.first, form == format || form == formWithLines else {
      throw .damaged("its snapshot has an unknown form \(bytes.first.map(String.init) ?? "(empty)")")
    }
    var state = try decodeBinary(bytes, pack: pack, tagged: form == format)
    try state.fillLines(logged)
    return state.state
  }

  /// A decoded state whose kept events may still lack lines found in the log.
  private struct Decoded {
    var state: PlayerState
    var kept: [(seq: Int, id: String, day: Day, isClosure: Bool, line: Line)]

    enum Line {
      case held(String)
      /// A log position and the check of the line there.
      case logged(Int, UInt32)
    }

    /// Reads the lines kept events refer to and installs the kept events.
    mutating func fillLines(_ logged: ([Int]) throws(SQLiteError) -> [String]) throws(SQLiteError) {
      var positions: [Int] = []
      for event in kept { if case .logged(let position, _) = event.line { positions.append(position) } }
      positions = Array(Set(positions)).sorted()
      let lines = positions.isEmpty ? [] : try logged(positions)
      guard lines.count == positions.count else { throw .damaged("its snapshot refers to events its log lacks") }
      var events: [KeptEvent] = []
      events.reserveCapacity(kept.count)
      for event in kept {
        let line: String
        switch event.line {
        case .held(let held): line = held
        case .logged(let position, let check):
          var low = 0
          var high = positions.count
          while low < high {
            let middle = (low + high) / 2
            if positions[middle] < position { low = middle + 1 } else { high = middle }
          }
          line = lines[low]
          guard LoggedLines.check(line) == check else {
            throw .damaged("its snapshot's kept event '\(event.id)' does not match its logged event \(position)")
          }
        }
        events.append(KeptEvent(id: event.id, day: event.day, isClosure: event.isClosure, seq: event.seq, line: line))
      }
      state.history.kept = KeptEvents(events)
      if let problem = state.history.problems.first {
        throw SQLiteError.damaged("its snapshot's '\(problem.path)' is invalid: \(problem.message)")
      }
    }
  }

  private static func decodeBinary(
    _ bytes: [UInt8], pack: (String) throws(SQLiteError) -> RulePack?, tagged: Bool
  ) throws(SQLiteError) -> Decoded {
    try reading(bytes) { (reader: inout BinaryReader) throws -> Decoded in
      let header = try Header(&reader, pack: pack)
      let progress = try PlayerProgress(from: &reader, pack: header.rules)
      var history = History(
        windowDays: header.windowDays, checkpoint: try PlayerProgress(from: &reader, pack: header.rules))
      history.appliedCount = header.appliedCount
      history.nextSeq = header.nextSeq
      history.epoch = header.epoch
      history.latestDay = header.latestDay
      history.replayFloor = header.replayFloor
      let kept = try reader.list { (reader: inout BinaryReader) throws(BinaryFormatError) in
        let seq = try reader.int()
        let id = try reader.string()
        let day = try reader.day()
        let isClosure = try reader.bool()
        let line: Decoded.Line
        let tag: UInt8 = try tagged ? reader.byte() : 0
        switch tag {
        case 0: line = .held(try reader.string())
        case 1:
          let position = try reader.int()
          let check = try reader.unsigned()
          guard position >= 0, position < header.appliedCount, check <= UInt64(UInt32.max) else {
            throw BinaryFormatError("a kept event refers to log position \(position)", at: reader.offset)
          }
          line = .logged(position, UInt32(check))
        case let tag: throw BinaryFormatError("unknown kept-line tag \(tag)", at: reader.offset)
        }
        return (seq: seq, id: id, day: day, isClosure: isClosure, line: line)
      }
      history.retracted = try reader.list { (reader: inout BinaryReader) throws(BinaryFormatError) in
        Withdrawn(seq: try reader.int(), day: try reader.day())
      }
      guard reader.isAtEnd else { throw BinaryFormatError("bytes after the snapshot", at: reader.offset) }
      return Decoded(state: PlayerState(progress: progress, pack: header.stamp, history: history), kept: kept)
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
    guard let form = bytes.first, form == format || form == formWithLines else {
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
