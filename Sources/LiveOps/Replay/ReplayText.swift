import Engine
import RuleLanguage
import Simulation

/// A replay's summary for people: who is demoted, the distribution of level deltas, XP change,
/// the most affected players and what moved.
enum ReplayText {
  static func render(_ summary: ImpactSummary, rules: ReplayRules) -> String {
    var lines: [String] = []
    let base = rules.base.map(label) ?? ReplayRules.ownPacks
    lines.append("replay of \(count(summary.players, "player")) under \(label(rules.candidate)) against \(base)")
    var scope = "  compared \(Format.grouped(Double(summary.compared))) (\(count(summary.events, "event")))"
    if summary.skipped > 0 { scope += " · skipped \(Format.grouped(Double(summary.skipped)))" }
    if summary.failed > 0 { scope += " · failed \(Format.grouped(Double(summary.failed)))" }
    lines.append(scope)
    func part(_ name: String, _ value: Int) -> String {
      "\(name) \(Format.grouped(Double(value))) (\(percent(summary.share(value))))"
    }
    lines.append("  \(part("demoted", summary.demoted)): a lower level or a lost unlock")
    lines.append(
      "  \(part("level down", summary.levelDown)) · \(part("level up", summary.levelUp)) · \(part("unchanged", summary.unchanged))"
    )
    lines.append(
      "  \(part("lost an unlock", summary.lostUnlocks)) · \(part("gained an unlock", summary.gainedUnlocks))")
    if summary.compared > 0 {
      lines.append("level delta (candidate − base), players:")
      let rows = summary.levelDeltas.sorted
      let widest = rows.map(\.count).max() ?? 1
      for (delta, players) in rows {
        let bar = String(repeating: "█", count: max(1, players * 40 / max(1, widest)))
        lines.append(
          "  \(Format.pad(signed(delta), 5, right: true))  \(Format.pad(Format.grouped(Double(players)), 9, right: true))  \(bar)"
        )
      }
      let metrics = Dictionary(uniqueKeysWithValues: summary.metrics.map { ($0.name, $0.value) })
      let xp = ["mean", "p10", "p50", "p90"].map { name in
        "\(name) \(metrics["xpChangePercent.\(name)"].flatMap { $0 }.map { signed($0.rounded(.toNearestOrAwayFromZero)) + "%" } ?? "—")"
      }
      lines.append("XP change: \(xp.joined(separator: ", "))")
    }
    if !summary.mostAffected.isEmpty {
      lines.append("most affected:")
      let width = summary.mostAffected.map { Award.escapingControls($0.player).count }.max() ?? 0
      for impact in summary.mostAffected {
        lines.append("  \(Format.pad(Award.escapingControls(impact.player), width))  \(describe(impact))")
      }
    }
    let moved = summary.movedInOrder
    if !moved.isEmpty {
      lines.append("what moved (players who gain / lose it):")
      let width = moved.prefix(15).map(\.item.key.count).max() ?? 0
      for move in moved.prefix(15) {
        lines.append(
          "  \(Format.pad(move.item.key, width))  +\(Format.grouped(Double(move.gained)))  \u{2212}\(Format.grouped(Double(move.lost)))"
        )
      }
      if moved.count > 15 { lines.append("  … \(moved.count - 15) more (see --format json)") }
    }
    if !summary.problems.isEmpty {
      lines.append("not compared:")
      for impact in summary.problems {
        let kind = if case .skipped? = impact.problem { "skipped" } else { "failed" }
        lines.append(
          "  \(Award.escapingControls(impact.player)): \(kind): \(Award.escapingControls(impact.problem?.message ?? ""))"
        )
      }
      let more = summary.skipped + summary.failed - summary.problems.count
      if more > 0 { lines.append("  … \(more) more (see --format json)") }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// "level 7 → 5, XP 2,300 → 1,800; lost achievement iron-month tier 2".
  static func describe(_ impact: PlayerImpact) -> String {
    guard let base = impact.base, let candidate = impact.candidate else { return impact.problem?.message ?? "" }
    var text =
      "level \(base.level) → \(candidate.level), XP \(Format.grouped(Double(base.xp))) → \(Format.grouped(Double(candidate.xp)))"
    if impact.isDemoted { text = "demoted: " + text }
    if !impact.lost.isEmpty { text += "; lost \(impact.lost.map(\.label).joined(separator: ", "))" }
    if !impact.gained.isEmpty { text += "; gained \(impact.gained.map(\.label).joined(separator: ", "))" }
    return Award.escapingControls(text)
  }

  static func label(_ stamp: PackStamp) -> String { "'\(stamp.name)' \(stamp.version) (\(stamp.digest))" }

  static func count(_ value: Int, _ noun: String) -> String {
    "\(Format.grouped(Double(value))) \(noun)\(value == 1 ? "" : "s")"
  }

  static func percent(_ share: Double) -> String {
    NumberText.short((share * 1000).rounded(.toNearestOrAwayFromZero) / 10) + "%"
  }

  /// "+2", "0", "−1".
  static func signed(_ value: Double) -> String {
    value > 0 ? "+" + NumberText.short(value) : value < 0 ? "\u{2212}" + NumberText.short(-value) : "0"
  }
}
