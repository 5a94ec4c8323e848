/// Gathers an export's rows into sessions: rows with the same start and name (compared as
/// bytes) are one session, wherever they are in the file.
package struct SessionAssembler {
  private struct Key: Hashable {
    var start: LocalDateTime
    var name: [UInt8]
  }

  /// The sessions, in the order their first rows appear.
  package private(set) var sessions: [SourceSession] = []
  private var lookup: [Key: Int] = [:]

  package init() {}

  /// The index of the session with this start and name; `make` creates it when new.
  package mutating func session(start: LocalDateTime, name: String, make: () -> SourceSession) -> Int {
    let key = Key(start: start, name: Array(name.utf8))
    if let index = lookup[key] { return index }
    sessions.append(make())
    lookup[key] = sessions.count - 1
    return sessions.count - 1
  }

  /// Adds a row to a session.
  package mutating func add(_ set: SourceSet, to index: Int) { sessions[index].sets.append(set) }
}
