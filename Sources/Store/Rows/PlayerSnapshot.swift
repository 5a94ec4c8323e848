import Engine

/// The one seam between the store and a player's saved form: a snapshot's bytes from a state,
/// and a state from them. A snapshot holds the whole player except its lifetime of event ids
/// (kept in the `ids` table) and the per-day progress copies the engine derives again.
///
/// Form 1: a format byte (1), then the state in the compact form of its `Codable` structure
/// (``CompactEncoder``). The engine's hand-written binary form of each mechanic's state, once it
/// exists, replaces this body behind the same two functions (a new format byte; form 1 still
/// reads). The row's checksum covers these bytes (``RowChecksum``).
enum PlayerSnapshot {
  static let format: UInt8 = 1

  /// The snapshot of a state.
  static func encode(_ state: PlayerState) throws(SQLiteError) -> [UInt8] {
    var copy = state
    copy.history.ids = AppliedIDs()
    do {
      return [format] + (try CompactEncoder.encode(copy))
    } catch {
      throw SQLiteError.damaged("cannot encode the state: \(error)")
    }
  }

  /// The state of a snapshot, without its event ids.
  /// - Throws: a message naming the field when the bytes are not a valid state.
  static func decode(_ bytes: [UInt8]) throws(SQLiteError) -> PlayerState {
    guard bytes.first == format else {
      throw SQLiteError.damaged("its snapshot has an unknown format \(bytes.first.map(String.init) ?? "(empty)")")
    }
    do {
      return try CompactDecoder.decode(PlayerState.self, from: Array(bytes.dropFirst()))
    } catch {
      throw SQLiteError.damaged("its snapshot is invalid: \(Self.describe(error))")
    }
  }

  /// A decoding error as a phrase with the field's path.
  static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context),
      DecodingError.valueNotFound(_, let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return path.isEmpty ? context.debugDescription : "'\(path)': \(context.debugDescription)"
    case DecodingError.keyNotFound(let key, let context):
      return "'\((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))' is missing"
    default:
      return "\(error)"
    }
  }
}
