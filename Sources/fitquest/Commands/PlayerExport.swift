import Engine
import Foundation
import Ledger
import RuleLanguage
import Store

/// `players export`: a player's whole history from the store, replayed with the rules — the
/// workouts (sets, reps, volume, XP), the personal records and every award.
enum PlayerExport {
  struct Row {
    var event: Event
    var awards: [Award]
  }

  static func run(_ store: SQLiteStore, _ player: PlayerID, engine: Engine, format: String) throws -> Int32 {
    let id = player.text
    let lines = try store.history(of: player)
    let exists = try !lines.isEmpty || store.load(player: player, engine: engine) != nil
    guard exists else {
      throw CommandFailure(
        code: ExitCode.dataError, message: "no player '\(Award.escapingControls(id))' in \(store.path)")
    }
    // The history as it stands: withdrawn events and their retractions left out, the rest in date
    // order (a day's closure last), so each workout shows the XP it finally earned.
    let decoder = EventDecoder(pack: engine.pack)
    var events: [Event] = []
    for (index, line) in lines.enumerated() {
      events.append(
        try decoder.decode(line: Array(line.utf8), file: "\(store.path) (history of '\(id)')", lineNumber: index + 1))
    }
    var withdrawn = Set<[UInt8]>()
    for event in events { if case .retraction(let target) = event.kind { withdrawn.insert(Array(target.utf8)) } }
    let standing = events.enumerated().filter { _, event in
      if case .retraction = event.kind { return false }
      return !withdrawn.contains(Array(event.id.utf8))
    }.sorted { a, b in
      (a.element.day, a.element.kind == .dayClosed ? 1 : 0, a.offset) < (
        b.element.day, b.element.kind == .dayClosed ? 1 : 0, b.offset
      )
    }.map(\.element)
    var player = engine.newPlayer(windowDays: 3650)
    var rows: [Row] = []
    for event in standing {
      let awards: [Award]
      do {
        awards = try engine.apply(event, to: &player)
      } catch {
        throw CommandFailure(
          code: ExitCode.dataError,
          message: "the history of '\(id)' does not replay under these rules: event '\(event.id)': \(error.message)")
      }
      rows.append(Row(event: event, awards: awards))
    }
    if format == "json" { json(id, rows, player) } else { csv(rows) }
    return ExitCode.success
  }

  static func csv(_ rows: [Row]) {
    Console.output.line("date,event,category,durationMin,exercises,sets,reps,volumeKg,xp,prs")
    for row in rows {
      guard case .workout(let workout) = row.event.kind else { continue }
      let working = workout.exercises.flatMap(\.sets).filter { $0.kind != .warmUp }
      let sets = workout.summary?.sets ?? working.count
      let reps = workout.summary?.reps ?? working.reduce(0) { $0 + $1.reps }
      let volume = workout.summary?.volumeKg ?? working.reduce(0.0) { $0 + Double($1.reps) * $1.weightKg }
      let xp = row.awards.reduce(Int64(0)) { total, award in
        if let xp = award.payload(as: XPAward.self) { return total + xp.xp }
        return total
      }
      let prs = row.awards.filter { $0.typeName == "personalRecord" }.count
      let cells = [
        row.event.day.iso, field(row.event.id), field(workout.category), NumberText.format(workout.durationMin),
        String(workout.exercises.count), String(sets), String(reps), NumberText.format(volume), String(xp), String(prs),
      ]
      Console.output.line(cells.joined(separator: ","))
    }
  }

  /// A CSV field, quoted when it holds a comma, a quote or a line break.
  static func field(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  static func json(_ id: String, _ rows: [Row], _ player: PlayerState) {
    var writer = JSONWriter(pretty: true)
    writer.object { w in
      w.field("player", id)
      w.key("workouts")
      w.array { w in
        for row in rows {
          guard case .workout = row.event.kind else { continue }
          row.event.write(to: &w)
        }
      }
      w.key("records")
      w.array { w in
        for record in player.records where record.sessions > 0 {
          w.object { w in
            w.field("exercise", record.exercise)
            w.field("sessions", record.sessions)
            w.field("heaviestKg", record.heaviestKg)
            w.field("bestEstimatedOneRepMaxKg", record.bestEstimatedOneRepMaxKg)
          }
        }
      }
      w.key("awards")
      w.array { w in
        for row in rows {
          for award in row.awards { award.write(to: &w) }
        }
      }
    }
    Console.output.line(writer.output)
  }
}
