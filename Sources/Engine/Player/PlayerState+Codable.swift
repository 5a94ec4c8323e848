import Foundation
import RuleLanguage

// The saved form of a player. Format 3:
//
//   {"format":3,"pack":{…},"windowDays":60,"appliedCount":…,"latestDay":"2026-03-01",
//    "replayFloor":null,"nextSeq":…,"progress":{…},"checkpoint":{…},
//    "kept":[{"seq":12,"line":"{\"type\":\"workout\",…}"},…],"retracted":[{"seq":…,"day":…}],
//    "ids":"<base64 of 16-byte fingerprints, in application order>"}
//
// The progress and the checkpoint keep each mechanic's state under its own key
// (PlayerProgress+Codable.swift): a mechanic added later needs no new format. Format 2 is the
// same with activity's fields at the top of the progress; format 1 is the body of FitQuest 1's
// `fitquest award` state file (no "format" key). Both still decode. A decoded state is checked
// (ProgressCheck): values no events can produce, and entries listed twice, are refused with
// their path.

extension PlayerState: Codable {
  enum CodingKeys: String, CodingKey {
    case format, pack, windowDays, appliedCount, latestDay, replayFloor, nextSeq, epoch, progress, checkpoint, kept,
      retracted, ids
    // Format 1.
    case state, events, watermark
  }

  struct KeptLine: Codable {
    var seq: Int
    var line: String
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(Self.formatVersion, forKey: .format)
    try c.encode(pack, forKey: .pack)
    try c.encode(history.windowDays, forKey: .windowDays)
    try c.encode(history.appliedCount, forKey: .appliedCount)
    try c.encodeIfPresent(history.latestDay, forKey: .latestDay)
    try c.encodeIfPresent(history.replayFloor, forKey: .replayFloor)
    try c.encode(history.nextSeq, forKey: .nextSeq)
    try c.encode(history.epoch, forKey: .epoch)
    try c.encode(live.progress, forKey: .progress)
    try c.encode(history.checkpoint, forKey: .checkpoint)
    try c.encode(history.kept.map { KeptLine(seq: $0.seq, line: $0.line) }, forKey: .kept)
    try c.encode(history.retracted, forKey: .retracted)
    try c.encode(Data(Fingerprint.bytes(of: history.ids.ordered)).base64EncodedString(), forKey: .ids)
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    guard let format = try c.decodeIfPresent(Int.self, forKey: .format) else {
      self = try Self.decodeFormat1(c)
      try check(at: decoder.codingPath, isFlat: true)
      return
    }
    guard format == 2 || format == 3 else {
      throw DecodingError.dataCorruptedError(
        forKey: .format, in: c,
        debugDescription: format > Self.formatVersion
          ? "format \(format) is newer than this FitQuest reads (\(Self.formatVersion)); update FitQuest"
          : "unknown format \(format)")
    }
    let progress = try c.decode(PlayerProgress.self, forKey: .progress)
    let windowDays = try c.decode(Int.self, forKey: .windowDays)
    var history = History(windowDays: windowDays, checkpoint: try c.decode(PlayerProgress.self, forKey: .checkpoint))
    history.appliedCount = try c.decode(Int.self, forKey: .appliedCount)
    history.latestDay = try c.decodeIfPresent(Day.self, forKey: .latestDay)
    history.replayFloor = try c.decodeIfPresent(Day.self, forKey: .replayFloor)
    history.nextSeq = try c.decode(Int.self, forKey: .nextSeq)
    history.epoch = try c.decodeIfPresent(Int.self, forKey: .epoch) ?? 0
    history.retracted = try c.decode([Withdrawn].self, forKey: .retracted)
    let lines = try c.decode([KeptLine].self, forKey: .kept)
    history.kept = KeptEvents(
      try lines.enumerated().map { index, kept in
        KeptEvent(try Self.event(kept.line, at: "kept[\(index)].line", c), line: kept.line, seq: kept.seq)
      })
    guard let ids = Data(base64Encoded: try c.decode(String.self, forKey: .ids)), ids.count % 16 == 0 else {
      throw DecodingError.dataCorruptedError(
        forKey: .ids, in: c, debugDescription: "not a list of 16-byte fingerprints in base64")
    }
    history.ids = AppliedIDs(ordered: ids.withUnsafeBytes { Fingerprint.list(from: $0) })
    self.init(progress: progress, pack: try c.decode(PackStamp.self, forKey: .pack), history: history)
    try check(at: decoder.codingPath, isFlat: format < 3)
  }

  /// Reads an event line of the history.
  private static func event(_ line: String, at path: String, _ c: KeyedDecodingContainer<CodingKeys>) throws -> Event {
    do {
      return try EventDecoder(pack: nil).decode(line: Array(line.utf8), file: path, lineNumber: 1)
    } catch {
      throw DecodingError.dataCorruptedError(
        forKey: .kept, in: c, debugDescription: "\(path): \(error.diagnostics.first?.message ?? "invalid event")")
    }
  }

  /// FitQuest 1's ledger body: the state, the checkpoint, the kept events as lines, the
  /// watermark. Ids applied before the window were not kept then; quests did not exist (their
  /// state starts empty, like any mechanic a saved progress lacks).
  private static func decodeFormat1(_ c: KeyedDecodingContainer<CodingKeys>) throws -> PlayerState {
    let progress = try c.decode(PlayerProgress.self, forKey: .state)
    var history = History(
      windowDays: try c.decode(Int.self, forKey: .windowDays),
      checkpoint: try c.decode(PlayerProgress.self, forKey: .checkpoint))
    history.appliedCount = try c.decode(Int.self, forKey: .appliedCount)
    let lines = try c.decode([String].self, forKey: .events)
    history.kept = KeptEvents(
      try lines.enumerated().map { index, line in
        KeptEvent(try event(line, at: "events[\(index)]", c), line: line, seq: index)
      })
    history.nextSeq = lines.count
    history.ids = AppliedIDs(ordered: history.kept.map { Fingerprint($0.id) })
    history.latestDay = history.kept.last?.day ?? progress.today.day
    history.replayFloor = try c.decodeIfPresent(Day.self, forKey: .watermark)
    return PlayerState(progress: progress, pack: try c.decode(PackStamp.self, forKey: .pack), history: history)
  }

  /// Refuses values no events produce, in the progress, the checkpoint and the history.
  /// `isFlat`: formats 1 and 2, whose progress kept activity's fields at its top level.
  private func check(at codingPath: [any CodingKey], isFlat: Bool) throws {
    var checker = ProgressCheck("progress")
    checker.check(live.progress, isFlat: isFlat)
    var checkpoint = ProgressCheck("checkpoint")
    checkpoint.check(history.checkpoint, isFlat: isFlat)
    let problems = checker.problems + checkpoint.problems + history.problems
    guard let first = problems.first else { return }
    let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
    throw DecodingError.dataCorrupted(
      .init(codingPath: codingPath + PathKey.keys(first.path), debugDescription: first.message + more))
  }

  /// Reads a saved player (the JSON ``data()`` writes, or any earlier format).
  public init(data: Data) throws {
    self = try JSONDecoder().decode(PlayerState.self, from: data)
  }

  /// The player as JSON (keys sorted, so equal states give equal bytes).
  public func data() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self)
  }
}

/// A coding key for a field named in a check's path (`progress.categories[0].workouts`).
private struct PathKey: CodingKey {
  var stringValue: String
  var intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
  }

  init(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }

  static func keys(_ path: String) -> [any CodingKey] {
    var keys: [any CodingKey] = []
    for part in path.split(separator: ".") {
      let name = part.prefix { $0 != "[" }
      if !name.isEmpty { keys.append(PathKey(stringValue: String(name))) }
      for index in part.dropFirst(name.count).split(separator: "[").compactMap({ Int($0.dropLast()) }) {
        keys.append(PathKey(intValue: index))
      }
    }
    return keys
  }
}
