import Engine
import RuleLanguage

/// The `persona` command's library side: reads a history, fits the scenario, places its `rules`
/// path relative to where the scenario is written.
package enum PersonaFile {
  /// The events of an NDJSON file (checked against the pack; lines that are not events are
  /// errors, located), all of one player.
  package static func readHistory(_ path: String, pack: RulePack) throws(DiagnosticError) -> TrainingHistory {
    let reader = try LineReader(path: path)
    let decoder = EventDecoder(pack: pack)
    var events: [Event] = []
    var players: [String] = []
    while let line = try reader.nextLine() {
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
      let event = try decoder.decode(line: Array(line), file: path, lineNumber: reader.lineNumber)
      if let player = event.player, !players.contains(where: { $0.utf8.elementsEqual(player.utf8) }) {
        players.append(player)
      }
      events.append(event)
    }
    guard players.count <= 1 else {
      throw DiagnosticError(
        Diagnostic(
          file: path,
          message:
            "the events are of \(players.count) players (\(players.prefix(3).joined(separator: ", "))…); a persona is fitted to one player's history"
        ))
    }
    do {
      return try TrainingHistory(
        events: events.enumerated().sorted { ($0.element.day, $0.offset) < ($1.element.day, $1.offset) }.map(\.element))
    } catch {
      throw DiagnosticError(Diagnostic(file: path, message: error.diagnostics.first?.message ?? "no workouts"))
    }
  }

  /// `target` written relative to the directory of `file` (both relative to `base`, or absolute).
  package static func relativePath(to target: String, from file: String, base: String) -> String {
    func components(_ path: String) -> [String] {
      var parts: [String] = []
      for part in (path.hasPrefix("/") ? path : base + "/" + path).split(separator: "/") {
        if part == "." || part.isEmpty { continue }
        if part == "..", !parts.isEmpty { parts.removeLast() } else { parts.append(String(part)) }
      }
      return parts
    }
    let to = components(target)
    let from = components(file).dropLast()
    var common = 0
    while common < min(to.count, from.count), to[common] == from[common] { common += 1 }
    let path = Array(repeating: "..", count: from.count - common) + to[common...]
    return path.isEmpty ? "." : path.joined(separator: "/")
  }
}
