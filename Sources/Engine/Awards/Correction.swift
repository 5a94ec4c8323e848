import RuleLanguage

/// What changed in the past when a late event was placed among earlier ones or an event was
/// withdrawn: the awards of other events that no longer hold (`withdrawn`) and those granted in
/// their place (`granted`, an award whose amount moved appears in both), with the player's total
/// XP and level before and after. An app removes what was withdrawn and shows what was granted.
///
/// A late event's own awards come before its correction as ordinary awards; a retraction's
/// correction withdraws the retracted event's awards too.
public struct Correction: AwardPayload {
  /// `"correction"`.
  public static let type = "correction"

  /// Why the past changed.
  public enum Reason: String, Sendable, Hashable, Decodable {
    /// An event dated before others was placed in date order.
    case late
    /// An event was withdrawn.
    case retraction
  }

  /// A value before and after.
  public struct Change<Value: Sendable & Hashable & Decodable>: Sendable, Hashable, Decodable {
    /// The value before.
    public var from: Value
    /// The value after.
    public var to: Value

    /// Creates a change.
    public init(from: Value, to: Value) {
      self.from = from
      self.to = to
    }
  }

  /// Why the past changed.
  public var reason: Reason
  /// Later events whose outcome was recomputed.
  public var replayed: Int
  /// Total XP and level before and after.
  public var xp: Change<Int64>
  /// The player level before and after.
  public var level: Change<Int>
  /// Awards announced before that no longer hold, in the order they were announced.
  public var withdrawn: [Award]
  /// Awards of other events that hold now and did not before (or hold with other values).
  public var granted: [Award]

  /// Creates a correction.
  public init(
    reason: Reason, replayed: Int, xp: Change<Int64>, level: Change<Int>, withdrawn: [Award], granted: [Award]
  ) {
    self.reason = reason
    self.replayed = replayed
    self.xp = xp
    self.level = level
    self.withdrawn = withdrawn
    self.granted = granted
  }

  /// Writes `reason`, `replayed`, `xp`, `level`, `withdrawn`, `granted`.
  public func write(_ w: inout JSONWriter) {
    w.field("reason", reason.rawValue)
    w.field("replayed", replayed)
    w.key("xp")
    w.object { w in
      w.field("from", xp.from)
      w.field("to", xp.to)
    }
    w.key("level")
    w.object { w in
      w.field("from", level.from)
      w.field("to", level.to)
    }
    for (key, list) in [("withdrawn", withdrawn), ("granted", granted)] {
      w.key(key)
      w.array { w in
        for award in list { award.write(to: &w) }
      }
    }
  }

  /// "placed in date order; 2 later event(s) replayed; total XP 900 → 950; …".
  public var explanation: String {
    var parts = ["total XP \(xp.from) → \(xp.to)"]
    if level.from != level.to { parts.append("level \(level.from) → \(level.to)") }
    if !withdrawn.isEmpty { parts.append("withdrawn: " + withdrawn.map(\.token).joined(separator: ", ")) }
    if !granted.isEmpty { parts.append("granted: " + granted.map(\.token).joined(separator: ", ")) }
    let what = reason == .retraction ? "withdrawn" : "placed in date order"
    return "\(what); \(replayed) later event(s) replayed; " + parts.joined(separator: "; ")
  }

  /// The event says it all: "".
  public func subject(in award: Award) -> String { "" }

  /// "correction 900 → 950 XP".
  public func token(in award: Award) -> String { "correction \(xp.from) → \(xp.to) XP" }

  /// The awards of `old` that `new` does not have (by id, or with other values), and those of
  /// `new` that `old` does not have, each in its list's order.
  static func difference(old: [Award], new: [Award]) -> (withdrawn: [Award], granted: [Award]) {
    // Keyed by the ids' bytes: two events whose ids are canonically equivalent text are two
    // events, not one (a String key would merge them and hide one's awards).
    var oldByID: [ByteKey: [Award]] = [:]
    var newByID: [ByteKey: [Award]] = [:]
    for award in old { oldByID[ByteKey(award.id), default: []].append(award) }
    for award in new { newByID[ByteKey(award.id), default: []].append(award) }
    let withdrawn = old.filter { !(newByID[ByteKey($0.id)]?.contains($0) ?? false) }
    let granted = new.filter { !(oldByID[ByteKey($0.id)]?.contains($0) ?? false) }
    return (withdrawn, granted)
  }
}
