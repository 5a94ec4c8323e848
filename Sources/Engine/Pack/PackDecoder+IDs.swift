import RuleLanguage

extension PackDecoder {
  /// Reads the `id` of an entry of a list (a quest, a season): a non-empty string, unique in the
  /// list (`seen` remembers each id's line; a duplicate is an error naming the first).
  /// - Returns: the id, and whether it repeats an earlier one.
  func uniqueID(of entry: JSONNode, _ fields: ObjectReader, seen: inout [String: Int], what: String) -> (
    id: String?, isDuplicate: Bool
  ) {
    guard let node = fields.required("id"), let id = node.nonEmptyString else { return (nil, false) }
    if let line = seen[id] {
      node.error("duplicate \(what) id '\(id)'; it is first defined on line \(line)")
      return (id, true)
    }
    seen[id] = entry.source.position(of: node.offset).line
    return (id, false)
  }

  /// Reads an ISO date (`"2026-03-01"`).
  func day(_ node: JSONNode?) -> Day? {
    guard let node, let text = node.string else { return nil }
    guard let day = Day(iso: text) else {
      node.error("'\(node.path)' must be an ISO date such as \"2026-03-01\"; found \"\(text)\"")
      return nil
    }
    return day
  }
}
