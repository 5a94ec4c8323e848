import RuleLanguage
import Simulation

/// A replay's output, written as the players stream past (in id byte order): JSON — one object,
/// `"players"` then `"summary"`; CSV — a row per player; text — the summary for people.
public struct ReplayWriter {
  /// The output formats.
  public enum Format: String, Sendable, CaseIterable {
    /// The summary for people.
    case text
    /// One object: every player, then the summary.
    case json
    /// A row per player.
    case csv
  }

  /// The format written.
  public let format: Format
  private var isFirst = true

  /// A writer of a format.
  public init(format: Format) {
    self.format = format
  }

  /// What comes before the first player.
  public func header() -> String {
    switch format {
    case .json: return "{\"players\":["
    case .csv: return Self.csvHeader + "\n"
    case .text: return ""
    }
  }

  /// The CSV columns.
  public static let csvHeader =
    "player,status,base_level,candidate_level,level_delta,base_xp,candidate_xp,xp_delta,base_companion_stage,candidate_companion_stage,base_achievements,candidate_achievements,base_quests,candidate_quests,demoted,gained,lost,problem"

  /// What one player adds (nothing in text).
  public mutating func player(_ impact: PlayerImpact) -> String {
    switch format {
    case .text: return ""
    case .csv: return Self.csvRow(impact) + "\n"
    case .json:
      var w = JSONWriter()
      Self.write(impact, &w)
      defer { isFirst = false }
      return (isFirst ? "" : ",") + w.output
    }
  }

  /// What comes after the last player: the summary.
  public func footer(_ summary: ImpactSummary, rules: ReplayRules) -> String {
    switch format {
    case .csv: return ""
    case .text: return ReplayText.render(summary, rules: rules)
    case .json:
      var w = JSONWriter()
      summary.write(&w, rules: rules)
      return "],\"summary\":" + w.output + "}\n"
    }
  }

  /// One player as the issue shows it: `{"player", "base", "candidate", "demoted", "gained",
  /// "lost"}`, then `"skipped"` or `"error"` with the reason for a player not compared.
  public static func write(_ impact: PlayerImpact, _ w: inout JSONWriter) {
    w.object { w in
      w.field("player", impact.player)
      for (key, side) in [("base", impact.base), ("candidate", impact.candidate)] {
        w.key(key)
        guard let side else {
          w.null()
          continue
        }
        w.object { w in
          w.field("level", side.level)
          w.field("xp", side.xp)
          w.field("companionStage", side.companionStage)
          w.field("achievements", side.achievements)
          w.field("quests", side.quests)
        }
      }
      w.field("demoted", impact.isDemoted)
      for (key, items) in [("gained", impact.gained), ("lost", impact.lost)] {
        w.key(key)
        w.array { w in
          for item in items { item.write(&w) }
        }
      }
      switch impact.problem {
      case .skipped(let reason)?: w.field("skipped", reason)
      case .failed?: w.field("error", impact.problem?.message ?? "")
      case nil: break
      }
    }
  }

  static func csvRow(_ impact: PlayerImpact) -> String {
    let status: String
    switch impact.problem {
    case .skipped?: status = "skipped"
    case .failed?: status = "failed"
    case nil: status = "compared"
    }
    func number<T: BinaryInteger>(_ value: T?) -> String { value.map { String($0) } ?? "" }
    let (b, c) = (impact.base, impact.candidate)
    let compared = impact.isCompared
    let cells: [String] = [
      impact.player, status, number(b?.level), number(c?.level), compared ? String(impact.levelDelta) : "",
      number(b?.xp), number(c?.xp),
      compared ? String(impact.xpDelta) : "", number(b?.companionStage), number(c?.companionStage),
      number(b?.achievements),
      number(c?.achievements), number(b?.quests), number(c?.quests), impact.isDemoted ? "true" : "false",
      impact.gained.map(\.csvKey).joined(separator: ";"), impact.lost.map(\.csvKey).joined(separator: ";"),
      impact.problem?.message ?? "",
    ]
    return cells.map { Simulation.Format.csv($0) }.joined(separator: ",")
  }
}

extension ProgressItem {
  /// The CSV form: the key, with a quest's count (`quest/daily-move/3`).
  var csvKey: String {
    if case .quest(_, let completions) = self { return "\(key)/\(completions)" }
    return key
  }
}
