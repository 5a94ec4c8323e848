/// Reads the members of a JSON object by name and reports the keys nobody asked for.
///
/// Ask for every key the format knows with ``required(_:)`` or ``optional(_:)``, then call
/// ``finish()``: each remaining key is an "unknown key" error with a "did you mean" hint drawn
/// from the keys asked for.
public final class ObjectReader {
  /// The object node.
  public let node: JSONNode
  /// The members in source order.
  public let members: [JSONMember]
  private var known: [String] = []
  private var used: Set<String> = []
  /// Required keys that were absent, reported by ``finish()`` (or when the reader goes away).
  private var missing: [String] = []
  private var finished = false

  init(node: JSONNode, members: [JSONMember]) {
    self.node = node
    self.members = members
  }

  private func member(_ key: String) -> JSONMember? {
    if !known.contains(key) { known.append(key) }
    guard let member = members.first(where: { $0.key == key }) else { return nil }
    used.insert(key)
    return member
  }

  /// Returns the member's node, or nil (reported as missing).
  public func required(_ key: String) -> JSONNode? {
    guard let member = member(key) else {
      missing.append(key)
      return nil
    }
    return node.child(member.value, key: key)
  }

  /// Returns the member's node, or nil when absent (not an error).
  public func optional(_ key: String) -> JSONNode? {
    guard let member = member(key) else { return nil }
    return node.child(member.value, key: key)
  }

  /// Whether the object has the key (and marks it as known).
  public func has(_ key: String) -> Bool { member(key) != nil }

  /// Whether a member the format does not know is a misspelling of `key` (reported by
  /// ``finish()`` with its hint): a check that `key` is missing then says nothing more.
  public func hasMisspelling(of key: String) -> Bool {
    members.contains { !known.contains($0.key) && $0.key != key && Suggestion.closest(to: $0.key, among: [key]) != nil }
  }

  /// Every member as a node, for objects used as maps (names chosen by the author).
  public var entries: [(key: String, node: JSONNode, keyOffset: Int)] {
    members.map { member in
      used.insert(member.key)
      return (member.key, node.child(member.value, key: member.key), member.keyOffset)
    }
  }

  /// Reports every key that was never asked for, with a "did you mean" hint, and the required
  /// keys that are missing. A missing key written with a typo (`"sead"` for `"seed"`) is reported
  /// once, as the unknown key with its hint.
  public func finish() {
    finished = true
    var typos: [String: String] = [:]
    for key in missing {
      let typo = members.first { member in
        !used.contains(member.key) && !known.contains(member.key) && typos[member.key] == nil
          && Suggestion.closest(to: member.key, among: [key]) != nil
      }
      if let typo { typos[typo.key] = key } else { reportMissing(key) }
    }
    missing = []
    for member in members where !used.contains(member.key) {
      let place = node.path.components.isEmpty ? "" : " in '\(node.path)'"
      let hint = typos[member.key].map { "; did you mean '\($0)'?" } ?? Suggestion.hint(for: member.key, among: known)
      // The member's own node knows its file (a scenario's `extends` or a `--set` may have added it).
      node.child(member.value, key: member.key).error(
        "unknown key '\(member.key)'\(place)\(hint)", at: member.keyOffset)
    }
  }

  private func reportMissing(_ key: String) {
    let place = node.path.components.isEmpty ? "" : " in '\(node.path)'"
    node.error("missing required key '\(key)'\(place)")
  }

  deinit {
    // Readers used only for lookups may never call finish(); missing keys are still errors.
    if !finished { missing.forEach(reportMissing) }
  }
}
