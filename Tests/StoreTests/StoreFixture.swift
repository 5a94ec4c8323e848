import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import RuleLanguage
import Store

/// Stores in temporary directories, seeded multi-player event streams, and the state each
/// player reaches alone in a single-player ledger (the reference every store must equal).
enum StoreFixture {
  static let engine: Engine = {
    do {
      return try Engine(rulesDirectory: Paths.rules)
    } catch {
      preconditionFailure("the shipped rules do not load: \(error)")
    }
  }()

  static func id(_ text: String) -> PlayerID {
    guard let id = PlayerID(text) else { preconditionFailure("'\(text)' is not a player id") }
    return id
  }

  /// `players` players' events over `days` days, interleaved by day as a backend receives them,
  /// seeded: workouts with sets of the pack's exercises, meals, closures, and now and then an
  /// event sent twice, one sent days late, and a retraction of an earlier one.
  static func traffic(players: [String], days: Int, seed: UInt64) -> [Event] {
    var random = TestRandom(seed: seed)
    let exercises = engine.pack.exercises.map(\.name)
    let categories = engine.pack.categories.map(\.name)
    guard let start = Day(year: 2026, month: 3, day: 2) else { return [] }
    var events: [Event] = []
    var held: [Event] = []
    var applied: [[UInt8]: [String]] = [:]  // by bytes: lookalike ids are different players
    for offset in 0..<days {
      let day = start.adding(offset)
      for player in players {
        let prefix = "\(player)-\(offset)"
        if Int.random(in: 0..<10, using: &random) < 7 {
          let category = categories[Int.random(in: 0..<categories.count, using: &random)]
          let exercise = exercises[Int.random(in: 0..<exercises.count, using: &random)]
          let sets = (0..<Int.random(in: 1...4, using: &random)).map { _ in
            ExerciseSet(
              reps: Int.random(in: 3...12, using: &random), weightKg: Double(Int.random(in: 20...120, using: &random)),
              rpe: Double(Int.random(in: 6...10, using: &random)))
          }
          let event = Event.workout(
            id: prefix + "-w", day: day, player: player, category: category,
            durationMin: Double(Int.random(in: 20...90, using: &random)),
            rpe: Double(Int.random(in: 5...9, using: &random)),
            exercises: category == "strength" ? [Exercise(name: exercise, sets: sets)] : [])
          if Int.random(in: 0..<15, using: &random) == 0 {
            held.append(event)
          } else {
            events.append(event)
            applied[Array(player.utf8), default: []].append(event.id)
          }
        }
        events.append(
          .nutrition(
            id: prefix + "-n", day: day, player: player, intakeKcal: Double(Int.random(in: 1600...2900, using: &random))
          ))
        if Int.random(in: 0..<20, using: &random) == 0, let last = events.last { events.append(last) }
        if Int.random(in: 0..<25, using: &random) == 0, let target = applied[Array(player.utf8)]?.popLast() {
          events.append(.retraction(id: prefix + "-r", day: day, player: player, of: target))
        }
        events.append(.dayClosed(id: prefix + "-c", day: day, player: player))
      }
      if offset % 6 == 5 {
        events += held
        held = []
      }
    }
    return events + held
  }

  /// A fresh store file's path in a new temporary directory.
  static func storePath(_ label: String) -> (directory: URL, path: String) {
    let directory = Paths.temporaryDirectory(label)
    return (directory, directory.appendingPathComponent("players.sqlite").path)
  }

  /// An event the engine refused where none should be.
  struct Refused: Error, CustomStringConvertible {
    var event: String
    var error: EngineError
    var description: String { "event '\(event)' refused: \(error.message)" }
  }

  /// Applies events to a store in batches of `batch` (fewer when they fill the store's memory,
  /// ``LedgerRun/isFull``), through a ``LedgerRun``.
  /// - Throws: ``Refused`` when the engine refuses one.
  static func award(
    _ events: [Event], to store: some BatchStore, batch: Int, engine: Engine = engine, maxLock: Int? = nil
  ) throws {
    let run = LedgerRun(store: store, engine: engine)
    run.maxLockMilliseconds = maxLock
    var queued: [Event] = []
    func commit() throws {
      if let refusal = try run.commit(deliver: { _ in }) {
        throw Refused(event: queued[refusal.index].id, error: refusal.error)
      }
      queued.removeAll()
    }
    for event in events {
      try run.add(event)
      queued.append(event)
      if run.pending >= batch || run.isFull { try commit() }
    }
    try commit()
    try run.finishCommits()
  }

  /// Each player's state after its own events alone, applied in a single-player ledger (by the
  /// bytes of the player's id: Swift's String keys would merge lookalike ids).
  static func alone(_ events: [Event], players: [String], engine: Engine = engine) throws -> [[UInt8]: PlayerState] {
    var states: [[UInt8]: PlayerState] = [:]
    for player in players {
      let directory = Paths.temporaryDirectory("alone")
      defer { try? FileManager.default.removeItem(at: directory) }
      let store = FileStore(path: directory.appendingPathComponent("state.json").path)
      try award(
        events.filter { $0.player.map { Array($0.utf8) } == Array(player.utf8) }, to: store, batch: 10_000,
        engine: engine)
      states[Array(player.utf8)] = try store.load(nil, engine: engine)
    }
    return states
  }

  /// Every player's state in a store, by the bytes of its id (read by a fresh connection:
  /// nothing cached).
  static func states(_ path: String, engine: Engine? = nil) throws -> [[UInt8]: PlayerState] {
    let store = try SQLiteStore(path: path, access: .readOnly)
    var states: [[UInt8]: PlayerState] = [:]
    for player in try store.players() { states[player.bytes] = try store.load(player: player, engine: engine) }
    return states
  }

  /// Runs SQL on a store file (to damage it as a disk or an editor would).
  static func sql(_ path: String, _ statement: String, blob: [UInt8]? = nil, _ numbers: [Int64] = []) throws {
    let database = try SQLiteDatabase(path: path, access: .readWrite(create: false), waitMilliseconds: 1000)
    let prepared = try database.prepare(statement)
    var index: Int32 = 1
    if let blob {
      try prepared.bind(index, blob)
      index += 1
    }
    for number in numbers {
      try prepared.bind(index, number)
      index += 1
    }
    try prepared.run()
  }

  /// An integer column of one row (0 without a row).
  static func integer(_ path: String, _ query: String) throws -> Int {
    let database = try SQLiteDatabase(path: path, access: .readOnly, waitMilliseconds: 1000)
    let row = try database.prepare(query)
    guard try row.step() else { return 0 }
    defer { row.reset() }
    return Int(row.int(0))
  }

  /// A blob column of one row.
  static func blob(_ path: String, _ query: String) throws -> [UInt8] {
    let database = try SQLiteDatabase(path: path, access: .readOnly, waitMilliseconds: 1000)
    let row = try database.prepare(query)
    guard try row.step() else { return [] }
    defer { row.reset() }
    return row.blob(0)
  }
}
