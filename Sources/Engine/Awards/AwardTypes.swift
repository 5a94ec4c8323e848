/// Every kind of award: the engine's own (corrections) and each mechanic's, from
/// ``Mechanics/all``. The one table the JSON decoder and the record converter read.
package enum AwardTypes {
  /// Payload types by their JSON `type`.
  static let byName: [String: any AwardPayload.Type] = {
    var table: [String: any AwardPayload.Type] = [Correction.type: Correction.self]
    for recorded in recordedTypes { table[recorded.payloadType.type] = recorded.payloadType }
    return table
  }()

  /// Every mechanic's recorded award types, in the list's order.
  package static let recordedTypes: [any RecordedAward.Type] = Mechanics.all.flatMap { $0.awards }

  /// Every `type` an award may have, sorted.
  package static var names: [String] { byName.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } }
}

extension RecordedAward {
  static var payloadType: any AwardPayload.Type { Payload.self }
}
