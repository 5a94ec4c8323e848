import RuleLanguage

extension ReplayReport {
  /// The share of players at each level delta (every delta from the least to the greatest, so
  /// the gaps show), as bars, with the table under them.
  func levelSection() -> String {
    guard compared > 0, let low = levelDeltas.first?.delta, let high = levelDeltas.last?.delta else {
      return "<p>No player was compared.</p>"
    }
    let bins = Array(Swift.min(low, 0)...Swift.max(high, 0))
    let players = Dictionary(uniqueKeysWithValues: levelDeltas.map { ($0.delta, $0.players) })
    let shares = bins.map { Double(players[$0] ?? 0) / Double(compared) }
    let plot = SVGPlot(xLow: 0, xHigh: Double(bins.count), yLow: 0, yHigh: Swift.max(shares.max() ?? 0, 0.05))
    let title = "Players by level delta (candidate − base)"
    var svg = SVGPlot.open(title, id: "level-deltas") + plot.yAxis("share of players", percent: true)
    let every = Swift.max(1, bins.count / 12)
    let ticks = bins.enumerated().filter { $0.offset % every == 0 }.map {
      (Double($0.offset) + 0.5, Self.signed($0.element), String?.none)
    }
    svg += plot.xAxis("levels under the candidate minus levels under the base", ticks: ticks)
    let width = (plot.x(1) - plot.x(0)) * 0.8
    for (index, share) in shares.enumerated() where share > 0 {
      let role = bins[index] < 0 ? "candidate" : "base"
      let x = plot.x(Double(index)) + (plot.x(1) - plot.x(0)) * 0.1
      svg +=
        "<rect class=\"bar \(role)\" x=\"\(fmt(x))\" y=\"\(fmt(plot.y(share)))\" width=\"\(fmt(width))\" height=\"\(fmt(plot.y(0) - plot.y(share)))\">"
      svg += "<title>\(Self.signed(bins[index])): \(Ticks.label(share, percent: true))</title></rect>"
    }
    svg += "</svg>"
    var table = "<table class=\"level-deltas\"><tr><th>level delta</th><th>players</th><th>share</th></tr>"
    for (index, delta) in bins.enumerated() where (players[delta] ?? 0) > 0 {
      table +=
        "<tr data-delta=\"\(delta)\"><td>\(Self.signed(delta))</td><td>\(Format.grouped(Double(players[delta] ?? 0)))</td><td>\(Ticks.label(shares[index], percent: true))</td></tr>"
    }
    table += "</table>"
    return
      "<figure><figcaption>\(HTML.escape(title))</figcaption>\(svg)<details open><summary>table</summary>\(table)</details></figure>"
  }

  /// "+2", "0", "−1".
  static func signed(_ value: Int) -> String { value > 0 ? "+\(value)" : value < 0 ? "\u{2212}\(-value)" : "0" }
}
