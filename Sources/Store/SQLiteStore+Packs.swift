import Engine
import Ledger
import RuleLanguage

/// The rule packs a store's events were applied with, by row id: their stamps, and the engines
/// compiled from their stored files when events logged under them must replay (a player's
/// events applied under yesterday's rules, loaded by a run with today's).
struct PackRegistry {
  struct Entry {
    var digest: String
    var engine: Engine?
    /// A new player's progress of the engine's pack in its binary form, once a snapshot needed
    /// it (``SQLiteStore/PendingSnapshot/newPlayer``).
    var newPlayer: [UInt8]?
  }

  var byID: [Int64: Entry] = [:]
  var idByDigest: [String: Int64] = [:]
  /// The engine ``SQLiteStore/packID(for:)`` last answered for, and its answer: every change a
  /// batch records asks for its engine's pack, which otherwise hashed the pack's 64-character
  /// digest each time. Part of the registry, so a rollback (which restores the registry) forgets
  /// an id the transaction made.
  var last: (engine: Engine, id: Int64)?
}

extension SQLiteStore {
  /// The row id of an engine's pack, stored with its files when new.
  func packID(for engine: Engine) throws(SQLiteError) -> Int64 {
    if let last = packs.last, last.engine === engine { return last.id }
    if let id = packs.idByDigest[engine.pack.digest], packs.byID[id]?.engine != nil {
      packs.last = (engine, id)
      return id
    }
    let pack = engine.pack
    let files = pack.files.flatMap {
      [Array(($0.name.split(separator: "/").last.map(String.init) ?? $0.name).utf8), $0.bytes]
    }
    let body = ByteList.encode(
      [Array(String(pack.files.count).utf8)] + files + pack.overrides.map { Array($0.text.utf8) })
    let id = try packID(PackStamp(pack), files: body)
    packs.byID[id] = PackRegistry.Entry(digest: pack.digest, engine: engine)
    packs.last = (engine, id)
    return id
  }

  /// The row id of a pack stamp, inserting the stamp (with `files`, or none: a pack whose events
  /// are kept as history only) when new; files are added to a row that has none.
  func packID(_ stamp: PackStamp, files: [UInt8]?) throws(SQLiteError) -> Int64 {
    if let id = packs.idByDigest[stamp.digest], files == nil { return id }
    let find = try database.cached("SELECT id, files IS NULL FROM packs WHERE digest = ?")
    try find.bind(1, stamp.digest)
    if try find.step() {
      let id = find.int(0)
      let lacksFiles = find.int(1) != 0
      find.reset()
      if lacksFiles, let files {
        let update = try database.cached("UPDATE packs SET files = ?, checksum = ? WHERE id = ?")
        try update.bind(1, files)
        try update.bind(2, Self.packChecksum(stamp, files))
        try update.bind(3, id)
        try update.run()
      }
      packs.idByDigest[stamp.digest] = id
      return id
    }
    let insert = try database.cached(
      "INSERT INTO packs (digest, name, version, files, checksum) VALUES (?, ?, ?, ?, ?)")
    try insert.bind(1, stamp.digest)
    try insert.bind(2, stamp.name)
    try insert.bind(3, stamp.version)
    if let files { try insert.bind(4, files) } else { try insert.bindNull(4) }
    try insert.bind(5, Self.packChecksum(stamp, files))
    try insert.run()
    let id = try lastRowID()
    packs.idByDigest[stamp.digest] = id
    return id
  }

  /// The rule pack of a digest when the store has its files (compiled once), else nil. An
  /// engine of that digest (`current`, else the run's) is used instead of compiling the files.
  func storedPack(digest: String, current: Engine? = nil) throws(SQLiteError) -> RulePack? {
    // A pack this connection compiled already: no statement (a replay reads one per player).
    if let id = packs.idByDigest[digest], let engine = packs.byID[id]?.engine { return engine.pack }
    let find = try database.cached("SELECT id, files IS NULL FROM packs WHERE digest = ?")
    try find.bind(1, digest)
    guard try find.step() else { return nil }
    let id = find.int(0)
    let lacksFiles = find.int(1) != 0
    find.reset()
    return lacksFiles ? nil : try engine(forPack: id, current: current ?? currentEngine).pack
  }

  static func packChecksum(_ stamp: PackStamp, _ files: [UInt8]?) -> Int64 {
    var checksum = RowChecksum()
    checksum.add(Array(stamp.digest.utf8))
    checksum.add(Array(stamp.name.utf8))
    checksum.add(Array(stamp.version.utf8))
    if let files { checksum.add(files) } else { checksum.add(-1) }
    return checksum.stored
  }

  func lastRowID() throws(SQLiteError) -> Int64 {
    let row = try database.cached("SELECT last_insert_rowid()")
    defer { row.reset() }
    guard try row.step() else { throw .damaged("no row id") }
    return row.int(0)
  }

  /// The engine for events logged under pack row `id`: `current` when the digests agree, else
  /// one compiled from the files stored with the pack.
  func engine(forPack id: Int64, current: Engine?) throws(SQLiteError) -> Engine {
    if let known = packs.byID[id] {
      if let current, known.digest == current.pack.digest { return current }
      if let engine = known.engine { return engine }
    }
    let row = try database.cached("SELECT digest, name, version, files, checksum FROM packs WHERE id = ?")
    try row.bind(1, id)
    guard try row.step() else { throw .damaged("its events name rule pack \(id), which the store does not have") }
    let stamp = PackStamp(name: row.text(1), version: row.text(2), digest: row.text(0))
    let files = row.isNull(3) ? nil : row.blob(3)
    let checksum = row.int(4)
    row.reset()
    guard Self.packChecksum(stamp, files) == checksum else {
      throw .damaged("rule pack \(id) of the store is damaged (checksum)")
    }
    packs.idByDigest[stamp.digest] = id
    if let current, stamp.digest == current.pack.digest {
      packs.byID[id] = PackRegistry.Entry(digest: stamp.digest, engine: current)
      return current
    }
    guard let files else {
      throw .damaged(
        "its events were applied with rule pack '\(stamp.name)' \(stamp.version) (\(stamp.digest)), whose files the store does not have"
      )
    }
    let engine = try Self.compile(files, stamp)
    packs.byID[id] = PackRegistry.Entry(digest: stamp.digest, engine: engine)
    return engine
  }

  /// An engine from a pack's stored files; its digest must be the stamp's.
  private static func compile(_ body: [UInt8], _ stamp: PackStamp) throws(SQLiteError) -> Engine {
    let what = "rule pack '\(stamp.name)' \(stamp.version) (\(stamp.digest)) stored with its events"
    guard let entries = ByteList.decode(body), let first = entries.first,
      let count = Int(String(decoding: first, as: UTF8.self)),
      count >= 0, entries.count >= 1 + 2 * count
    else { throw .damaged("\(what) is damaged") }
    var files: [String: [UInt8]] = [:]
    for index in 0..<count {
      files[String(decoding: entries[1 + 2 * index], as: UTF8.self)] = Array(entries[2 + 2 * index])
    }
    do {
      var overrides: [JSONOverride] = []
      for text in entries[(1 + 2 * count)...] {
        overrides.append(try JSONOverride(parsing: String(decoding: text, as: UTF8.self)))
      }
      let pack = try RulePackLoader.load(
        files: files, source: "\(stamp.name) \(stamp.version) (stored)", overrides: overrides)
      guard pack.digest == stamp.digest else { throw SQLiteError.damaged("\(what) compiles to digest \(pack.digest)") }
      return Engine(pack: pack)
    } catch let error as SQLiteError {
      throw error
    } catch {
      throw .damaged(
        "\(what) does not compile: \((error as? DiagnosticError)?.diagnostics.first?.message ?? "invalid")")
    }
  }
}
