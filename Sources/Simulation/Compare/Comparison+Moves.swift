/// What moved, ranked by what matters to a designer.
///
/// Headline milestones (player levels and the first evolution) come first, then the other
/// milestones, then amounts. Milestones rank by how many days their median moved (a median that
/// appears or turns into "never" counts as the whole scenario) plus the change in how often they
/// happened, counted as that share of the scenario's days (level 25 reached in 35% of runs
/// instead of none weighs as 35% of the days); amounts rank by the relative change of their
/// median. A metric whose
/// median and share did not move is not listed, and milestones that moved exactly as one ranked
/// above them are folded into its row (``Comparison/Row/same``).
extension Comparison {
  /// The rows that moved, most important first (ties in metric order).
  public var moves: [Row] {
    let ranked = rows.enumerated().filter { $0.element.changed }.map {
      (offset: $0.offset, row: $0.element, key: rank($0.element))
    }
    let sorted = ranked.sorted { left, right in
      left.key != right.key ? left.key > right.key : left.offset < right.offset
    }
    var moves: [Row] = []
    for entry in sorted {
      if Metrics.isDay(entry.row.metric),
        let index = moves.firstIndex(where: {
          Metrics.isDay($0.metric) && $0.base == entry.row.base && $0.candidate == entry.row.candidate
        })
      {
        moves[index].same.append(entry.row.metric)
      } else {
        moves.append(entry.row)
      }
    }
    return moves
  }

  /// (group, size, tie-break): group 2 headline milestones, 1 other milestones, 0 amounts.
  private func rank(_ row: Row) -> (Int, Double, Double) {
    let share = abs(row.candidate.share - row.base.share)
    guard Metrics.isDay(row.metric) else {
      let relative = row.delta.map { abs($0) / Swift.max(1, abs(row.base.p50 ?? 0)) } ?? Double.infinity
      return (0, relative, share)
    }
    let headline = row.metric.hasPrefix("level.") || row.metric == "evolution.first"
    let days = row.delta.map(abs) ?? ((row.base.p50 == nil) != (row.candidate.p50 == nil) ? Double(scenario.days) : 0)
    return (headline ? 2 : 1, days + share * Double(scenario.days), share)
  }
}
