import Engine
import Ledger
import RuleLanguage

/// What an `award` run did, counted, and how each outcome is printed: awards as NDJSON (or text
/// lines), and notices for events skipped, placed late or dropped.
struct AwardCounts {
  let format: OutputFormat
  var applied = 0
  var skipped = 0
  var late = 0
  var dropped = 0
  var retracted = 0
  /// Events of players in other partitions (`--partition`), not read further.
  var otherPartition = 0
  private var writer = JSONWriter()

  init(format: OutputFormat) { self.format = format }

  /// Takes over the totals counted so far (for counts of a batch that may be abandoned).
  mutating func absorbTotals(of other: AwardCounts) {
    applied = other.applied
    skipped = other.skipped
    late = other.late
    dropped = other.dropped
    retracted = other.retracted
    otherPartition = other.otherPartition
  }

  /// Prints an outcome and counts it; `json`: its awards already written as NDJSON lines (its
  /// award list is then empty); `event`: its event, asked for only when a notice names it.
  mutating func report(_ outcome: Ledger.Outcome, json: ArraySlice<UInt8> = [], event: () -> ResolvedEvent) {
    if !json.isEmpty { Console.output.write(bytes: json) }
    switch outcome {
    case .applied(let awards):
      applied += 1
      for award in awards { print(award) }
    case .late(let awards, _):
      applied += 1
      late += 1
      for award in awards { print(award) }
      notice(event(), "late", nil, text: "placed in date order")
    case .retracted(let awards, _):
      applied += 1
      retracted += 1
      for award in awards { print(award) }
    case .duplicate:
      skipped += 1
      notice(event(), "skipped", "\"reason\":\"already applied\"", text: "skipped: already applied")
    case .beforeWindow(let start):
      dropped += 1
      let reason = "dated before the replay window, which starts on \(start.iso)"
      notice(event(), "dropped", "\"reason\":\(JSONWriter.quoted(reason))", text: "not applied: \(reason)")
    }
  }

  mutating func print(_ award: Award) {
    if format == .text {
      Console.output.line(award.textLine)
      return
    }
    writer.reset()
    award.write(to: &writer)
    Console.output.line(bytes: writer.bytes)
  }

  private func notice(_ event: ResolvedEvent, _ type: String, _ fields: String?, text: String) {
    let player = event.player.map { " \($0)" } ?? ""
    if format == .text {
      Console.output.line(Award.escapingControls("\(event.day.iso)\(player) \(event.id) \(text)"))
      return
    }
    let who = event.player.map { ",\"player\":\(JSONWriter.quoted($0))" } ?? ""
    let extra = fields.map { "," + $0 } ?? ""
    Console.output.line(
      "{\"type\":\"\(type)\",\"event\":\(JSONWriter.quoted(event.id))\(who),\"date\":\"\(event.day.iso)\"\(extra)}")
  }

  /// Writes out the awards printed so far; when standard output fails, exit 74 before the
  /// `unsaved` events that produced them are saved (a rerun applies them again).
  static func flushAwards(unsaved: Int) throws {
    guard Console.output.flush() else {
      let why = Console.output.failureDescription ?? "write failed"
      throw CommandFailure(
        code: ExitCode.ioError,
        message:
          "cannot write the awards to standard output (\(why)); the last \(unsaved) event(s) were not saved, so a rerun applies them again"
      )
    }
  }

  /// "applied 5 event(s), 2 already applied, …".
  var summary: String {
    var parts = ["applied \(applied) event(s)"]
    if late > 0 { parts.append("\(late) placed in date order") }
    if retracted > 0 { parts.append("\(retracted) retraction(s)") }
    if skipped > 0 { parts.append("\(skipped) already applied") }
    if dropped > 0 { parts.append("\(dropped) dated before the window, not applied") }
    if otherPartition > 0 { parts.append("\(otherPartition) of players in other partitions") }
    return parts.joined(separator: ", ")
  }
}
