import Engine
import RuleLanguage

extension ImpactSummary {
  /// Every number of the summary by name — `demoted.share`, `levelDelta.p50` — in the order the
  /// JSON prints them; a check gates on them as `replay.NAME`. A value is nil when no player was
  /// compared (a mean, a percentile).
  public var metrics: [(name: String, value: Double?)] {
    var list: [(String, Double?)] = [
      ("players", Double(players)), ("compared", Double(compared)), ("skipped", Double(skipped)),
      ("failed", Double(failed)),
      ("events", Double(events)),
    ]
    for (name, count) in [
      ("demoted", demoted), ("levelDown", levelDown), ("levelUp", levelUp), ("lostUnlocks", lostUnlocks),
      ("gainedUnlocks", gainedUnlocks), ("unchanged", unchanged),
    ] {
      list.append(("\(name).count", Double(count)))
      list.append(("\(name).share", share(count)))
    }
    let levels = levelDeltas.percentiles([0, 0.1, 0.5, 0.9, 1])
    list += [
      ("levelDelta.mean", meanLevelDelta), ("levelDelta.min", levels[0]), ("levelDelta.p10", levels[1]),
      ("levelDelta.p50", levels[2]), ("levelDelta.p90", levels[3]), ("levelDelta.max", levels[4]),
    ]
    list += [
      ("xpDelta.mean", meanXPDelta), ("xpDelta.min", xpDeltaMin.map(Double.init)),
      ("xpDelta.max", xpDeltaMax.map(Double.init)),
    ]
    let percents = xpChangePercent.percentiles([0, 0.1, 0.5, 0.9, 1])
    let counted = xpChangePercent.runs
    let percentMean =
      counted == 0 ? nil : xpChangePercent.sorted.reduce(0.0) { $0 + $1.value * Double($1.count) } / Double(counted)
    list += [
      ("xpChangePercent.mean", percentMean), ("xpChangePercent.min", percents[0]), ("xpChangePercent.p10", percents[1]),
      ("xpChangePercent.p50", percents[2]), ("xpChangePercent.p90", percents[3]), ("xpChangePercent.max", percents[4]),
    ]
    return list
  }

  /// The names of ``metrics`` (the same for every summary).
  public static var metricNames: [String] { ImpactSummary().metrics.map(\.name) }

  /// Writes the summary object: the metrics (grouped by their first name: `"demoted":
  /// {"count": 3, "share": 0.03}`), the counts of each level delta, what moved, the most
  /// affected players and the rule packs compared.
  public func write(_ w: inout JSONWriter, rules: ReplayRules) {
    let metrics = self.metrics
    w.object { w in
      var index = 0
      while index < metrics.count {
        let parts = metrics[index].name.split(separator: ".", maxSplits: 1)
        let group = String(parts[0])
        guard parts.count == 2 else {
          w.key(group)
          Self.write(metrics[index].value, &w)
          index += 1
          continue
        }
        w.key(group)
        w.object { w in
          while index < metrics.count, metrics[index].name.hasPrefix(group + ".") {
            w.key(String(metrics[index].name.dropFirst(group.count + 1)))
            Self.write(metrics[index].value, &w)
            index += 1
          }
          if group == "levelDelta" {
            w.key("counts")
            w.array { w in
              for (delta, count) in levelDeltas.sorted {
                w.object { w in
                  w.field("delta", delta)
                  w.field("players", count)
                }
              }
            }
          }
        }
      }
      w.key("moved")
      w.array { w in
        for move in movedInOrder {
          w.object { w in
            w.key("item")
            move.item.write(&w)
            w.field("gained", move.gained)
            w.field("lost", move.lost)
          }
        }
      }
      w.key("mostAffected")
      w.array { w in
        for impact in mostAffected { w.string(impact.player) }
      }
      w.key("rules")
      rules.write(&w)
    }
  }

  private static func write(_ value: Double?, _ w: inout JSONWriter) {
    if let value { w.number(value) } else { w.null() }
  }
}

/// The rule packs a replay compares: the candidate, and the base (nil: each player's own pack).
public struct ReplayRules: Sendable {
  /// The base pack, when one was given for every player.
  public var base: PackStamp?
  /// The candidate pack.
  public var candidate: PackStamp

  /// Creates the description.
  public init(base: PackStamp?, candidate: PackStamp) {
    self.base = base
    self.candidate = candidate
  }

  /// `{"base": {"name", "version", "digest"} | "each player's own pack", "candidate": {…}}`.
  public func write(_ w: inout JSONWriter) {
    w.object { w in
      w.key("base")
      if let base { Self.write(base, &w) } else { w.string(Self.ownPacks) }
      w.key("candidate")
      Self.write(candidate, &w)
    }
  }

  /// What the base is when no `--base` was given.
  public static let ownPacks = "each player's own pack"

  static func write(_ stamp: PackStamp, _ w: inout JSONWriter) {
    w.object { w in
      w.field("name", stamp.name)
      w.field("version", stamp.version)
      w.field("digest", stamp.digest)
    }
  }
}
