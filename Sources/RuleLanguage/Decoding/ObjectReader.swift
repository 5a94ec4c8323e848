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
      node.error("missing required key '\(key)' in '\(node.path)'")
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

  /// Every member as a node, for objects used as maps (names chosen by the author).
  public var entries: [(key: String, node: JSONNode, keyOffset: Int)] {
    members.map { member in
      used.insert(member.key)
      return (member.key, node.child(member.value, key: member.key), member.keyOffset)
    }
  }

  /// Reports every key that was never asked for, with a "did you mean" hint.
  public func finish() {
    for member in members where !used.contains(member.key) {
      let place = node.path.components.isEmpty ? "" : " in '\(node.path)'"
      node.error(
        "unknown key '\(member.key)'\(place)\(Suggestion.hint(for: member.key, among: known))",
        at: member.keyOffset)
    }
  }
}
