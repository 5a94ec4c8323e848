// Lists a state keeps one entry per name of the pack (categories, exercises, achievements,
// quests), compared by their names' bytes (never as Swift Strings, which compare canonically).

import RuleLanguage

extension Array {
  /// Whether the entries carry exactly `names`, in order.
  package func hasNames(_ names: [String], _ name: (Element) -> String) -> Bool {
    count == names.count && zip(self, names).allSatisfy { name($0.0).hasSameBytes(as: $0.1) }
  }

  /// Re-aligns the entries to `names`: each name keeps its entry (the first with that name), a
  /// new name gets `make(name)`, entries of other names are dropped. Returns the names dropped.
  package mutating func align(to names: [String], _ name: (Element) -> String, make: (String) -> Element) -> [String] {
    var byName: [[UInt8]: Int] = [:]
    for (index, entry) in enumerated() where byName[[UInt8](name(entry).utf8)] == nil {
      byName[[UInt8](name(entry).utf8)] = index
    }
    let wanted = Set(names.map { [UInt8]($0.utf8) })
    let dropped = map(name).filter { !wanted.contains([UInt8]($0.utf8)) }
    self = names.map { byName[[UInt8]($0.utf8)].map { self[$0] } ?? make($0) }
    return dropped
  }
}
