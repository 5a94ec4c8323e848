/// A player's applied events as a store logged them: every event in the order it was applied,
/// in chunks (one per batch that applied events to the player), each with the window of days the
/// batch kept for late events. Replaying a history under a rule pack gives the state a store
/// built from the same events with that pack would hold.
public struct EventHistory: Sendable {
  /// Events one batch applied to the player.
  public struct Chunk: Sendable {
    /// Days of events kept for late events while the batch applied these (1–3,650).
    public var windowDays: Int
    /// The events' canonical JSON lines, in the order applied.
    public var lines: [ArraySlice<UInt8>]

    /// Creates a chunk.
    public init(windowDays: Int, lines: [ArraySlice<UInt8>]) {
      self.windowDays = windowDays
      self.lines = lines
    }
  }

  /// The chunks, in the order applied.
  public var chunks: [Chunk]

  /// Creates a history.
  public init(chunks: [Chunk]) {
    self.chunks = chunks
  }

  /// A history of one chunk of lines (a window of 60 days unless given).
  public init(lines: [String], windowDays: Int = 60) {
    chunks = [Chunk(windowDays: windowDays, lines: lines.map { Array($0.utf8)[...] })]
  }

  /// The number of events. O(chunks).
  public var eventCount: Int { chunks.reduce(0) { $0 + $1.lines.count } }
}

/// Why a history does not replay under a rule pack: the event (its position in the history and
/// its id) and the engine's reason.
public struct ReplayFailure: Error, Sendable, Equatable {
  /// The event's position in the history, from 0.
  public var index: Int
  /// The event's id ("" when the line could not be read).
  public var eventID: String
  /// Why: a lowercase phrase.
  public var message: String

  /// Creates a failure.
  public init(index: Int, eventID: String, message: String) {
    self.index = index
    self.eventID = eventID
    self.message = message
  }

  /// "event 'w-12' (number 13 of the history): …".
  public var description: String {
    eventID.isEmpty
      ? "event number \(index + 1) of the history: \(message)"
      : "event '\(eventID)' (number \(index + 1) of the history): \(message)"
  }
}
