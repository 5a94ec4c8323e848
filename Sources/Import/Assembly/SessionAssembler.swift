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
  /// The last session asked for: rows of a session are usually together, so most rows are
  /// found without hashing.
  private var last: (start: LocalDateTime, name: String, index: Int)?

  package init() {}

  /// The index of the session with this start and name; `make` creates it when new.
  package mutating func session(start: LocalDateTime, name: String, make: () -> SourceSession) -> Int {
    if let last, last.start == start, last.name.utf8.elementsEqual(name.utf8) { return last.index }
    let key = Key(start: start, name: Array(name.utf8))
    let index: Int
    if let found = lookup[key] {
      index = found
    } else {
      sessions.append(make())
      index = sessions.count - 1
      lookup[key] = index
    }
    last = (start, name, index)
    return index
  }

  /// Adds a row to a session.
  package mutating func add(_ set: SourceSet, to index: Int) { sessions[index].sets.append(set) }
}
