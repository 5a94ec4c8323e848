// The JSON (Codable) form of a progress: one key per mechanic, its state under it, and the state
// version of the writer:
//
//   {"stateVersion":3,"activity":{"totals":{…},"today":{…},…},"xp":633,"level":3,
//    "streak":{…},"records":[…],…,"quests":{…}}
//
// A key that is absent starts its mechanic empty (so a state saved before a mechanic existed
// loads, and the engine aligns it to the pack); a key no mechanic of this build knows is refused,
// naming the state version that wrote it. Formats 1 and 2 (before mechanics had keys) kept
// activity's fields at the top level; they are read from there.

extension PlayerProgress: Codable {
  /// A key of the progress object.
  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    static let stateVersion = Key("stateVersion")
    /// Activity's fields in formats 1 and 2.
    static let flatActivity = ["totals", "today", "week", "firstWeek", "categories"]
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(Mechanics.stateVersion, forKey: .stateVersion)
    for mechanic in Mechanics.all { try mechanic.encodeState(of: self, into: &container) }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    self.init()
    let version = try container.decodeIfPresent(Int.self, forKey: .stateVersion)
    let isFlat = version == nil && !container.contains(Key(ActivityMechanic.stateKey))
    var known = Set(Mechanics.all.map { $0.stateKey } + [Key.stateVersion.stringValue])
    if isFlat {
      activity = try ActivityState(flatIn: container)
      known.formUnion(Key.flatActivity)
    }
    for mechanic in Mechanics.all where !(isFlat && mechanic == ActivityMechanic.self) {
      try mechanic.decodeState(into: &self, from: container)
    }
    let unknown = container.allKeys.map(\.stringValue).filter { !known.contains($0) }.sorted {
      $0.utf8.lexicographicallyPrecedes($1.utf8)
    }
    guard let first = unknown.first else { return }
    let writer = version ?? 2
    let message =
      writer > Mechanics.stateVersion
      ? "'\(first)' is the state of a mechanic this FitQuest does not know: the state was written by FitQuest state version \(writer), this one reads up to \(Mechanics.stateVersion); update FitQuest"
      : "unknown key '\(first)' in a progress of state version \(writer)"
    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath + [Key(first)], debugDescription: message))
  }
}

extension Mechanic {
  static func encodeState(of progress: PlayerProgress, into container: inout KeyedEncodingContainer<PlayerProgress.Key>)
    throws
  {
    try container.encode(progress[keyPath: state], forKey: PlayerProgress.Key(stateKey))
  }

  static func decodeState(
    into progress: inout PlayerProgress, from container: KeyedDecodingContainer<PlayerProgress.Key>
  ) throws {
    progress[keyPath: state] =
      try container.decodeIfPresent(State.self, forKey: PlayerProgress.Key(stateKey)) ?? emptyState
  }
}

extension ActivityState {
  /// Activity's fields as formats 1 and 2 kept them, at the progress's top level.
  init(flatIn container: KeyedDecodingContainer<PlayerProgress.Key>) throws {
    typealias Key = PlayerProgress.Key
    self.init()
    totals = try container.decode(Totals.self, forKey: Key("totals"))
    today = try container.decode(DayState.self, forKey: Key("today"))
    week = try container.decode(WeekState.self, forKey: Key("week"))
    firstWeek = try container.decodeIfPresent(Int.self, forKey: Key("firstWeek"))
    categories = try container.decode([CategoryTotals].self, forKey: Key("categories"))
  }
}
