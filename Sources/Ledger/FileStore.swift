import Engine
import Foundation
import RuleLanguage

/// One player's state in a file, for `fitquest award`:
///
/// - `PATH`: a header line `{"fitquestLedger":2,"checksum":"…"}`, then the state as JSON (the
///   progress, the checkpoint, the window's bookkeeping). Replaced atomically at each save.
/// - `PATH.journal.G`: the kept events, one `SEQ<TAB>EVENT` line each, as received; only new
///   events are appended at a save, and the file is rewritten (as generation G + 1) when most of
///   its lines left the window.
/// - `PATH.ids`: every applied event id's 16-byte fingerprint, appended in application order.
///
/// The state file records the length and checksum of what is valid in the other two, which are
/// appended (and flushed) before it is replaced: after a crash, bytes past the recorded length
/// are ignored and cut at the next save. A save costs the size of the state plus what is new.
/// The header's checksum (FNV-1a 64 of the body) catches truncation and hand edits; format 1
/// files (FitQuest 1) still load and are saved as format 2.
public final class FileStore: PlayerStore, @unchecked Sendable {
  /// The state file's path (symbolic links resolved by the caller; see ``resolve(_:)``).
  public let path: String
  private let mutex = NSLock()
  /// What the files on disk hold, after the last load or save.
  private var marks: Marks?
  /// The player as last loaded or committed through ``BatchStore``, and what a commit will save.
  private var kept: PlayerState?
  private var recorded: PlayerState?
  /// Whether ``commit()`` returns before its save is durable: the save finishes on another
  /// thread while the run applies its next batch (the player is in memory), and
  /// ``finishCommits()`` waits for it. A save that failed is thrown there, and by every later
  /// commit or read of the files.
  public var savesAside = false
  /// The save in flight, and the failure of the last one (used by the run's thread alone).
  private var saving: AsideSave?
  private var asideFailure: LedgerError?

  /// A store for the file at `path` (the `player` of ``load(player:)`` is ignored).
  public init(path: String) {
    self.path = path
  }

  /// The file format this version writes.
  public static let format = 2

  struct Marks: Codable, Equatable, Sendable {
    var generation: Int
    var lines: Int
    var bytes: Int
    var checksum: UInt64
    var epoch: Int
    /// Kept events with an arrival number below this are in the journal.
    var journaledSeq: Int
    var ids: Int
    var idsChecksum: UInt64
  }

  struct Body: Codable, Sendable {
    var player: PlayerState
    var marks: Marks
    var keptCount: Int
  }

  func journalPath(_ generation: Int) -> String { "\(path).journal.\(generation)" }
  var idsPath: String { "\(path).ids" }

  /// Reads the state file and the files beside it; nil when there is no state file.
  public func load(player: String) throws(LedgerError) -> PlayerState? {
    // The files as the last save left them (a failed save left the state before it).
    awaitSave()
    mutex.lock()
    defer { mutex.unlock() }
    marks = nil
    guard FileSystem.exists(path) || FileSystem.isSymbolicLink(path) else { return nil }
    let source: SourceFile
    do {
      source = try FileSystem.read(path)
    } catch {
      throw .unreadable(error.diagnostics.first ?? Diagnostic(file: path, message: "cannot read"))
    }
    let (format, body) = try LedgerFormat.split(source)
    if format == 1 {
      return try LedgerFormat.decode(PlayerState.self, from: body, source)
    }
    let decoded = try LedgerFormat.decode(Body.self, from: body, source)
    let kept = try readJournal(decoded)
    let ids = try readIDs(decoded.marks)
    guard decoded.keptCount == kept.count,
      let state = decoded.player.restoringHistoryLog(kept: kept, ids: ids)
    else {
      throw .corrupt(
        Diagnostic(
          file: path,
          message:
            "the journal \(journalPath(decoded.marks.generation)) does not match the state file; restore both from a backup"
        ))
    }
    marks = decoded.marks
    return state
  }

  /// Appends new kept events and ids, then replaces the state file atomically.
  public func save(_ state: PlayerState, player: String) throws(LedgerError) {
    try write(prepare(state))
  }

  /// What a save writes, made from the state on the caller's thread (``prepare(_:)``) and
  /// written on any (``write(_:)``): the journal's and the ids' new bytes and where they go, and
  /// the state file's body — the state without its kept events and ids, so that a save written
  /// on another thread shares none of the arrays the next batch appends to. The body's checksums
  /// of the journal and the ids are completed where the save is written (hashing the new bytes
  /// byte by byte, a few megabytes a batch, was 2.6% of `award --state`'s applying thread): its
  /// marks hold the checksums of the bytes before, which ``write(_:)`` extends.
  struct Save: Sendable {
    var journal: String
    var journalBytes: [UInt8]
    var journalAfter: Int
    var idBytes: [UInt8]
    var idsAfter: Int
    var body: Body
    /// The journal of the generation before, removed once this save is durable.
    var replacedJournal: String?
  }

  /// The bytes a save of `state` appends and the body it writes, after what the files hold.
  private func prepare(_ state: PlayerState) -> Save {
    mutex.lock()
    defer { mutex.unlock() }
    let history = state.history
    let previous = marks
    var next: Marks
    let journal: String
    let journalBytes: [UInt8]
    let journalAfter: Int
    if let previous, previous.epoch == history.epoch,
      previous.lines - history.kept.count <= max(4096, history.kept.count)
    {
      let new = Self.journalBytes(of: history.kept, from: previous.journaledSeq)
      journalBytes = new.bytes
      journal = journalPath(previous.generation)
      journalAfter = previous.bytes
      next = previous
      next.lines += new.count
      next.bytes += journalBytes.count
    } else {
      let generation = (previous?.generation ?? 0) + 1
      journalBytes = Self.journalBytes(of: history.kept, from: .min).bytes
      journal = journalPath(generation)
      journalAfter = 0
      next = Marks(
        generation: generation, lines: history.kept.count, bytes: journalBytes.count,
        checksum: RunningHash().value, epoch: history.epoch, journaledSeq: 0, ids: previous?.ids ?? 0,
        idsChecksum: previous?.idsChecksum ?? RunningHash().value)
    }
    next.journaledSeq = history.nextSeq
    let ordered = history.ids.ordered
    let fresh = previous == nil ? 0 : next.ids
    let idBytes = Fingerprint.bytes(of: ordered[fresh...])
    next.ids = ordered.count
    if previous == nil { next.idsChecksum = RunningHash().value }
    let replaced = previous.flatMap { $0.generation != next.generation ? journalPath($0.generation) : nil }
    return Save(
      journal: journal, journalBytes: journalBytes, journalAfter: journalAfter, idBytes: idBytes,
      idsAfter: fresh * 16, body: Body(player: state.withoutHistoryLog, marks: next, keptCount: history.kept.count),
      replacedJournal: replaced)
  }

  /// Appends a save's journal lines and ids (flushed), then replaces the state file atomically.
  private func write(_ prepared: Save) throws(LedgerError) {
    var save = prepared
    save.body.marks.checksum = RunningHash(save.body.marks.checksum).adding(save.journalBytes)
    save.body.marks.idsChecksum = RunningHash(save.body.marks.idsChecksum).adding(save.idBytes)
    mutex.lock()
    defer { mutex.unlock() }
    do {
      try AppendFile.append(save.journalBytes, to: save.journal, after: save.journalAfter)
      try AppendFile.append(save.idBytes, to: idsPath, after: save.idsAfter)
      try AtomicFile.write(try LedgerFormat.encode(save.body, format: Self.format), to: path)
    } catch {
      throw .io(error.diagnostics.first ?? Diagnostic(file: path, message: "cannot save"))
    }
    if let replaced = save.replacedJournal { unlink(replaced) }
    marks = save.body.marks
  }

  /// The journal lines of the kept events whose arrival number is `seq` or later, in arrival
  /// order, `SEQ<TAB>EVENT` each, and how many. The events are read in place (filtering the
  /// collection copied every kept event, retaining its strings, at every save) and the lines'
  /// bytes appended as they are stored (an array made of each line first copied it byte by byte).
  static func journalBytes(of kept: KeptEvents, from seq: Int) -> (bytes: [UInt8], count: Int) {
    kept.withEvents { events in
      var positions: [Int] = []
      var size = 0
      var sorted = true
      for position in events.indices where events[position].seq >= seq {
        if let last = positions.last, events[last].seq > events[position].seq { sorted = false }
        positions.append(position)
        size += events[position].line.utf8.count + 12
      }
      // Late events sit among the earlier ones in replay order; the journal keeps arrival order.
      if !sorted { positions.sort { events[$0].seq < events[$1].seq } }
      var bytes: [UInt8] = []
      bytes.reserveCapacity(size)
      for position in positions {
        bytes.append(contentsOf: String(events[position].seq).utf8)
        bytes.append(0x09)
        bytes.append(contentsOf: events[position].line.utf8)
        bytes.append(0x0A)
      }
      return (bytes, positions.count)
    }
  }

  private func readJournal(_ body: Body) throws(LedgerError) -> [KeptEvent] {
    let path = journalPath(body.marks.generation)
    let bytes: [UInt8]
    do {
      bytes = try AppendFile.read(path, length: body.marks.bytes)
    } catch {
      throw .corrupt(error.diagnostics.first ?? Diagnostic(file: path, message: "cannot read"))
    }
    guard bytes.count == body.marks.bytes, RunningHash().adding(bytes) == body.marks.checksum else {
      throw .corrupt(
        Diagnostic(
          file: path, message: "the journal of \(self.path) is missing or damaged; restore both files from a backup"))
    }
    let history = body.player.history
    let start = history.latestDay.map { $0.adding(-(history.windowDays - 1)) }
    let withdrawn = Set(history.retracted.map(\.seq))
    let decoder = EventDecoder(pack: nil)
    var kept: [KeptEvent] = []
    var lineNumber = 0
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() {
      lineNumber += 1
      guard let tab = line.firstIndex(of: 0x09), let seq = Int(String(decoding: line[..<tab], as: UTF8.self)) else {
        throw .corrupt(
          Diagnostic(file: path, position: SourcePosition(line: lineNumber, column: 1), message: "not a journal line"))
      }
      let text = Array(line[(tab + 1)...])
      do {
        let event = try decoder.decode(line: text, file: path, lineNumber: lineNumber)
        guard !withdrawn.contains(seq), start.map({ event.day >= $0 }) ?? true else { continue }
        kept.append(KeptEvent(event, line: String(decoding: text, as: UTF8.self), seq: seq))
      } catch {
        throw .corrupt(error.diagnostics.first ?? Diagnostic(file: path, message: "invalid journal line"))
      }
    }
    guard lineNumber == body.marks.lines else {
      throw .corrupt(
        Diagnostic(
          file: path, message: "the journal has \(lineNumber) lines where the state file says \(body.marks.lines)"))
    }
    return kept
  }

  private func readIDs(_ marks: Marks) throws(LedgerError) -> [Fingerprint] {
    let bytes: [UInt8]
    do {
      bytes = try AppendFile.read(idsPath, length: marks.ids * 16)
    } catch {
      throw .corrupt(error.diagnostics.first ?? Diagnostic(file: idsPath, message: "cannot read"))
    }
    guard bytes.count == marks.ids * 16, RunningHash().adding(bytes) == marks.idsChecksum else {
      throw .corrupt(
        Diagnostic(
          file: idsPath, message: "the event ids of \(path) are missing or damaged; restore both files from a backup"))
    }
    return Fingerprint.list(from: bytes)
  }
}

/// FNV-1a 64 over bytes, continued across appends.
struct RunningHash {
  private(set) var value: UInt64

  init(_ value: UInt64 = 0xcbf2_9ce4_8422_2325) { self.value = value }

  func adding(_ bytes: [UInt8]) -> UInt64 {
    var hash = value
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }
}

extension FileStore: BatchStore {
  /// A state file holds one player: every event is its.
  public var keepsPlayersApart: Bool { false }

  /// The player: kept between batches and handed over (read from the files when not kept).
  public func load(_ player: PlayerID?, engine: Engine) throws(LedgerError) -> PlayerState? {
    // Not after a save that failed on its thread: the player kept is one the files never held.
    if asideFailure != nil { kept = nil }
    if let state = kept.take() { return state }
    return try load(player: "")
  }

  /// Keeps the player handed out by ``load(_:engine:)`` again.
  public func restore(_ player: PlayerID?, _ state: consuming PlayerState) {
    if kept == nil { kept = state }
  }

  /// Nothing to lock: the caller holds the state file's lock (``FileLock``) for the run.
  public func lock(for players: [PlayerID?]) throws(LedgerError) -> Set<PlayerID?> { [] }

  /// The state's kept events are journaled: the change's list of events is not read.
  public var recordsEvents: Bool { false }

  /// Keeps the state to save at ``commit()``.
  public func record(_ change: consuming PlayerChange) throws(LedgerError) {
    if let state = change.state.take() { recorded = state }
  }

  /// Saves the recorded state (journal and ids appended, the state file replaced atomically);
  /// with ``savesAside``, on another thread, after the save before it is durable.
  public func commit() throws(LedgerError) {
    guard let state = recorded else { return }
    try settle()
    recorded = nil
    guard savesAside else {
      try save(state, player: "")
      kept = state
      return
    }
    // Prepared here: the save's thread holds the state without its kept events and ids, so the
    // next batch's first event copies none of them (a review measured 6 MB of ids copied per
    // batch at 250,000 events when the thread held the whole state).
    let prepared = prepare(state)
    kept = state
    saving = AsideSave { [self] () throws(LedgerError) in try write(prepared) }
  }

  /// Waits until the last save is durable; throws what it failed with.
  public func finishCommits() throws(LedgerError) {
    try settle()
  }

  /// With ``savesAside``: the player is in memory, and nothing is read while a batch applies.
  public var appliesWhileCommitting: Bool { savesAside }

  /// Waits for the save in flight, if one is: its failure is thrown, now and by every later call.
  private func settle() throws(LedgerError) {
    awaitSave()
    if let asideFailure { throw asideFailure }
  }

  /// Waits for the save in flight, if one is, and keeps its failure.
  private func awaitSave() {
    if let job = saving.take(), let error = job.wait() { asideFailure = error }
  }

  /// Forgets the recorded state.
  public func rollback() {
    recorded = nil
  }
}
