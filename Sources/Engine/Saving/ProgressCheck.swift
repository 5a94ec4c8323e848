import RuleLanguage

/// Checks a saved progress for values no sequence of events can produce (a negative count, a
/// level of a million, an active companion that does not exist, a week number past year 9999)
/// and for an entry listed twice (one category, exercise, species, achievement or quest twice): a
/// state edited by hand, or damaged, is refused with the field's path rather than crashing or
/// misbehaving later. Each mechanic checks its own state (`check` of its `NAMEMechanic`); the
/// pack-dependent shape (one entry per category…) is aligned by ``Engine/reconcile(_:)`` instead.
///
/// Paths are built only for a problem: a state that passes costs comparisons, nothing more.
package struct ProgressCheck {
  package private(set) var problems: [(path: String, message: String)] = []
  /// What the paths start with ("progress", "checkpoint").
  let prefix: String
  /// The path of the state being checked, under the prefix (its mechanic's key).
  var section = ""

  /// The largest exact integer of a Double; counts and XP stay below it.
  static let exact = 9_007_199_254_740_992.0
  /// Day numbers of 0001-01-01 and 9999-12-31, and the ISO weeks between them.
  package static let days = -719_162...2_932_896
  static let weeks = (-719_162 + 3) / 7 - 1...(2_932_896 + 3) / 7

  package init(_ prefix: String) { self.prefix = prefix }

  /// Checks every mechanic's state of a progress. `isFlat`: the progress was saved before
  /// mechanics had keys (formats 1 and 2), with activity's fields at its top level. `mechanics`:
  /// only these mechanics' states (the others were not read: a new player's, valid as made).
  package mutating func check(
    _ progress: PlayerProgress, isFlat: Bool = false, mechanics: [any Mechanic.Type]? = nil
  ) {
    for mechanic in Mechanics.all where mechanics?.contains(where: { $0 == mechanic }) ?? true {
      section = isFlat && mechanic == ActivityMechanic.self ? "" : mechanic.stateKey
      mechanic.check(in: progress, &self)
    }
  }

  package mutating func fail(_ path: String, _ message: String) {
    problems.append((full(path), message))
  }

  /// A path under the prefix and the section: `progress.activity.categories[0]`.
  func full(_ path: String) -> String {
    [prefix, section, path].filter { !$0.isEmpty }.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
  }

  /// A whole number within a range (0 up to 2^53 by default).
  @inline(__always)
  package mutating func count(
    _ path: @autoclosure () -> String, _ value: some BinaryInteger, _ range: ClosedRange<Double> = 0...exact
  ) {
    if !range.contains(Double(value)) {
      fail(path(), "\(value) is outside \(Int64(range.lowerBound))…\(Int64(range.upperBound))")
    }
  }

  /// A finite number within a range (0 up to 2^53 by default).
  @inline(__always)
  package mutating func amount(
    _ path: @autoclosure () -> String, _ value: Double, _ range: ClosedRange<Double> = 0...exact
  ) {
    if !value.isFinite || !range.contains(value) {
      fail(path(), "\(value) is not a number in \(range.lowerBound)…\(range.upperBound)")
    }
  }

  /// An ISO week number of years 1–9999.
  package mutating func week(_ path: @autoclosure () -> String, _ value: Int?) {
    if let value, !Self.weeks.contains(value) { fail(path(), "week \(value) is outside years 1–9999") }
  }

  /// A day number of years 1–9999.
  package mutating func period(_ path: @autoclosure () -> String, _ value: Int?) {
    if let value, !Self.days.contains(value) { fail(path(), "\(value) is outside years 1–9999") }
  }

  /// Refuses a name listed twice (compared as bytes): `list[i]` names what `list[j]` named first.
  package mutating func unique<Entry>(_ list: [Entry], _ path: String, what: String, name: (Entry) -> String) {
    guard list.count > 1 else { return }
    var first: [UInt64: Int] = [:]
    first.reserveCapacity(list.count)
    for (index, entry) in list.enumerated() {
      let key = name(entry)
      let hash = WordHash.names([key])
      if let earlier = first[hash], name(list[earlier]).hasSameBytes(as: key) {
        fail("\(path)[\(index)]", "\(what) '\(key)' is listed twice (first at index \(earlier))")
        return
      }
      if first[hash] == nil { first[hash] = index }
    }
  }
}

extension Mechanic {
  /// Checks this mechanic's state of a progress.
  static func check(in progress: PlayerProgress, _ checker: inout ProgressCheck) {
    check(progress[keyPath: state], &checker)
  }
}
