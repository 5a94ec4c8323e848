import Engine
import Ledger

/// A rule pack kept in a store under a name (`fitquest packs --store S add NAME DIR`): its files
/// are in the store's `packs` table, so the store does not depend on the directory it came from.
public struct NamedPack: Sendable, Equatable {
  /// The name it was added under.
  public var name: String
  /// The pack's digest.
  public var digest: String
  /// The pack's own name and version (`pack.json`).
  public var packName: String
  /// The pack's version.
  public var version: String
}

// Cohorts live in three tables created by the first `packs add` or `cohorts set`, so a store
// that never ran cohorts keeps schema 4 exactly (an older FitQuest ignores the tables):
// - `pack_names(name, pack, checksum)`: a name for a row of `packs`;
// - `cohort_plans(version, plan, checksum)`: every cohorts plan set, the newest in force;
// - `cohort_members(player, cohort, version, checksum)`: players pinned to a cohort when a plan
//   replaced the one they were assigned by (so a change of weights moves nobody).
extension SQLiteStore {
  static let cohortTables = """
    CREATE TABLE IF NOT EXISTS pack_names (name TEXT PRIMARY KEY, pack INTEGER NOT NULL, checksum INTEGER NOT NULL)
      WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS cohort_plans (version INTEGER PRIMARY KEY, plan TEXT NOT NULL, checksum INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS cohort_members (player BLOB PRIMARY KEY, cohort TEXT NOT NULL, version INTEGER NOT NULL,
      checksum INTEGER NOT NULL) WITHOUT ROWID;
    """

  /// Whether the cohort tables exist (a read-only store that never ran cohorts has none).
  private func hasCohortTables() throws(SQLiteError) -> Bool {
    let table = try database.cached("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'pack_names'")
    defer { table.reset() }
    return try table.step()
  }

  private func reading<T>(_ doing: String, empty: T, _ body: () throws(SQLiteError) -> T) throws(LedgerError) -> T {
    mutex.lock()
    defer { mutex.unlock() }
    try settle()
    do {
      guard try hasCohortTables() else { return empty }
      return try body()
    } catch {
      throw failure(error, doing)
    }
  }

  /// The store's named packs, in name byte order.
  public func namedPacks() throws(LedgerError) -> [NamedPack] {
    try reading("cannot read the named packs", empty: []) { () throws(SQLiteError) in
      let rows = try database.prepare(
        "SELECT n.name, n.pack, n.checksum, p.digest, p.name, p.version FROM pack_names n JOIN packs p ON p.id = n.pack ORDER BY CAST(n.name AS BLOB)"
      )
      var list: [NamedPack] = []
      while try rows.step() {
        let name = rows.text(0)
        guard Self.nameChecksum(name, rows.int(1)) == rows.int(2) else {
          throw .damaged("the name '\(name)' of a pack does not match its checksum")
        }
        list.append(NamedPack(name: name, digest: rows.text(3), packName: rows.text(4), version: rows.text(5)))
      }
      return list
    }
  }

  /// Names an engine's pack (its files stored with it when new); replaces the name's pack when
  /// it named another one.
  public func name(_ name: String, pack engine: Engine) throws(LedgerError) {
    try writing("cannot add pack '\(name)'") { () throws(SQLiteError) in
      try database.execute(Self.cohortTables)
      let id = try packID(for: engine)
      let insert = try database.cached("INSERT OR REPLACE INTO pack_names (name, pack, checksum) VALUES (?, ?, ?)")
      try insert.bind(1, name)
      try insert.bind(2, id)
      try insert.bind(3, Self.nameChecksum(name, id))
      try insert.run()
    }
  }

  /// Removes a pack's name (its files stay: the events applied with it replay under it).
  /// Returns false when there was no such name.
  public func removeName(_ name: String) throws(LedgerError) -> Bool {
    guard try hasNamedPacks() else { return false }
    return try writing("cannot remove pack '\(name)'") { () throws(SQLiteError) -> Bool in
      let delete = try database.cached("DELETE FROM pack_names WHERE name = ?")
      try delete.bind(1, name)
      try delete.run()
      return try changes() > 0
    }
  }

  private func hasNamedPacks() throws(LedgerError) -> Bool {
    try reading("cannot read the named packs", empty: false) { () throws(SQLiteError) in true }
  }

  /// The engine of a named pack (compiled once from its stored files), or nil for no such name.
  public func namedEngine(_ name: String) throws(LedgerError) -> Engine? {
    try reading("cannot read pack '\(name)'", empty: nil) { () throws(SQLiteError) -> Engine? in
      let row = try database.cached("SELECT pack, checksum FROM pack_names WHERE name = ?")
      try row.bind(1, name)
      guard try row.step() else { return nil }
      let id = row.int(0)
      let checksum = row.int(1)
      row.reset()
      guard Self.nameChecksum(name, id) == checksum else {
        throw .damaged("the name '\(name)' of a pack does not match its checksum")
      }
      return try engine(forPack: id, current: nil)
    }
  }

  /// The cohorts plan in force (its canonical JSON) and its version, or nil.
  public func cohortPlan() throws(LedgerError) -> (version: Int, json: String)? {
    try reading("cannot read the cohorts", empty: nil) { () throws(SQLiteError) -> (version: Int, json: String)? in
      let row = try database.cached("SELECT version, plan, checksum FROM cohort_plans ORDER BY version DESC LIMIT 1")
      defer { row.reset() }
      guard try row.step() else { return nil }
      let version = row.int(0)
      let json = row.text(1)
      guard Self.planChecksum(version, json) == row.int(2) else {
        throw .damaged("the cohorts plan \(version) does not match its checksum")
      }
      return (Int(version), json)
    }
  }

  /// Puts a new cohorts plan in force, in one write transaction. Unless `reassign`, every player
  /// of the store not pinned yet is first pinned to its cohort under the plan in force
  /// (`cohortOf`), so that the new plan decides only for players the store does not hold yet;
  /// with `reassign`, the pins are dropped and the new plan decides for everyone. A plan of no
  /// cohorts (`json` nil) ends the cohorts: pins and plans are dropped. Returns the players pinned.
  public func setCohortPlan(_ json: String?, reassign: Bool, cohortOf: (PlayerID) -> String?) throws(LedgerError)
    -> Int
  {
    try writing("cannot set the cohorts") { () throws(SQLiteError) -> Int in
      try database.execute(Self.cohortTables)
      let current = try database.cached("SELECT coalesce(max(version), 0) FROM cohort_plans")
      _ = try current.step()
      let version = current.int(0)
      current.reset()
      guard let json, !reassign else {
        try database.execute("DELETE FROM cohort_members")
        if json == nil { try database.execute("DELETE FROM cohort_plans") }
        if let json { try insertPlan(version + 1, json) }
        return 0
      }
      var pinned = 0
      if version > 0 {
        let players = try database.prepare(
          "SELECT id FROM players WHERE id NOT IN (SELECT player FROM cohort_members) ORDER BY id")
        let insert = try database.cached(
          "INSERT INTO cohort_members (player, cohort, version, checksum) VALUES (?, ?, ?, ?)")
        while try players.step() {
          guard let player = PlayerID(bytes: players.blob(0)), let cohort = cohortOf(player) else { continue }
          try insert.bind(1, player.bytes)
          try insert.bind(2, cohort)
          try insert.bind(3, version)
          try insert.bind(4, Self.memberChecksum(player, cohort, version))
          try insert.run()
          pinned += 1
        }
      }
      try insertPlan(version + 1, json)
      return pinned
    }
  }

  private func insertPlan(_ version: Int64, _ json: String) throws(SQLiteError) {
    let insert = try database.cached("INSERT INTO cohort_plans (version, plan, checksum) VALUES (?, ?, ?)")
    try insert.bind(1, version)
    try insert.bind(2, json)
    try insert.bind(3, Self.planChecksum(version, json))
    try insert.run()
    try database.execute("UPDATE fitquest_head SET generation = generation + 1")
    generation += 1
  }

  /// The cohort a player was pinned to when the plan changed, or nil (the plan in force decides).
  public func pinnedCohort(of player: PlayerID) throws(LedgerError) -> String? {
    try reading("cannot read the cohort of player '\(player)'", empty: nil) { () throws(SQLiteError) -> String? in
      let row = try database.cached("SELECT cohort, version, checksum FROM cohort_members WHERE player = ?")
      try row.bind(1, player.bytes)
      defer { row.reset() }
      guard try row.step() else { return nil }
      let cohort = row.text(0)
      guard Self.memberChecksum(player, cohort, row.int(1)) == row.int(2) else {
        throw .damaged("the cohort of player '\(Award.escapingControls(player.text))' does not match its checksum")
      }
      return cohort
    }
  }

  /// The cohorts players are pinned to, each with its count, in name byte order.
  public func pinnedCohorts() throws(LedgerError) -> [(cohort: String, players: Int)] {
    try reading("cannot read the cohorts", empty: []) { () throws(SQLiteError) in
      let rows = try database.prepare(
        "SELECT cohort, count(*) FROM cohort_members GROUP BY cohort ORDER BY CAST(cohort AS BLOB)")
      var list: [(cohort: String, players: Int)] = []
      while try rows.step() { list.append((rows.text(0), Int(rows.int(1)))) }
      return list
    }
  }

  private func changes() throws(SQLiteError) -> Int {
    let row = try database.cached("SELECT changes()")
    defer { row.reset() }
    _ = try row.step()
    return Int(row.int(0))
  }

  static func nameChecksum(_ name: String, _ pack: Int64) -> Int64 {
    var checksum = RowChecksum()
    checksum.add(Array(name.utf8))
    checksum.add(pack)
    return checksum.stored
  }

  static func planChecksum(_ version: Int64, _ json: String) -> Int64 {
    var checksum = RowChecksum()
    checksum.add(version)
    checksum.add(Array(json.utf8))
    return checksum.stored
  }

  static func memberChecksum(_ player: PlayerID, _ cohort: String, _ version: Int64) -> Int64 {
    checksum(player, [version], Array(cohort.utf8))
  }
}
