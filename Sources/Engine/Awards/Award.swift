import RuleLanguage

/// Something the engine granted or decided for an event; awards explain themselves.
///
/// An envelope: the event that caused it, its day, and its ``payload`` (what was awarded, one
/// type per kind of award: ``XPAward``, ``LevelUp``, ``QuestCompletion``…). The JSON form is one
/// object with `type`, `event`, `date`, then the payload's own fields (docs/events.md). Read a
/// payload with ``payload(as:)``: `award.payload(as: XPAward.self)?.xp`.
public struct Award: Sendable, Hashable, Identifiable {
  /// The event that caused the award.
  public var eventID: String
  /// The player the event named, when it named one (multi-player streams).
  public var player: String?
  /// The day the award belongs to.
  public var day: Day
  /// What was awarded.
  public var payload: any AwardPayload

  /// Creates an award.
  public init(eventID: String, player: String? = nil, day: Day, payload: any AwardPayload) {
    self.eventID = eventID
    self.player = player
    self.day = day
    self.payload = payload
  }

  /// The payload, when it is of the given type.
  public func payload<Payload: AwardPayload>(as type: Payload.Type) -> Payload? { payload as? Payload }

  /// A stable id, unique within a player's history: the event, the type, and what the award is
  /// about (`w-0001/levelUp/5`, `w-0001/achievement/iron-month/2`).
  public var id: String { "\(eventID)/\(typeName)\(payload.subject(in: self))" }

  /// The `type` field of the JSON form.
  public var typeName: String { payload.typeName }

  /// A sentence a person reads to learn why the award happened.
  public var explanation: String { payload.explanation }

  /// A few words for a snapshot's day line ("xp w4-1 +268", "level 3").
  public var token: String { payload.token(in: self) }

  /// Equal awards: the same event and player ids, **byte for byte** (two canonically
  /// equivalent ids are two events), the same day and the same payload.
  public static func == (a: Award, b: Award) -> Bool {
    guard a.eventID.hasSameBytes(as: b.eventID), a.day == b.day else { return false }
    switch (a.player, b.player) {
    case (nil, nil): break
    case (let x?, let y?): guard x.hasSameBytes(as: y) else { return false }
    default: return false
    }
    return a.payload.hashable == b.payload.hashable
  }

  public func hash(into hasher: inout Hasher) {
    eventID.hashBytes(into: &hasher)
    hasher.combine(player != nil)
    player?.hashBytes(into: &hasher)
    hasher.combine(day)
    hasher.combine(payload.hashable)
  }
}

extension AwardLog {
  /// The recorded awards as public values.
  package func awards(eventID: String, player: String? = nil, pack: RulePack) -> [Award] {
    records.map { $0.award(eventID: eventID, player: player, log: self, pack: pack) }
  }
}
