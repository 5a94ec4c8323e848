import RuleLanguage

/// `fitquest report --replay`: a rule change replayed on a store's real players, as one
/// self-contained HTML page in the balance report's style — who would be demoted, the
/// distribution of level deltas, XP change, the most affected players and what moved. The page
/// renders numbers it is given (LiveOps reads them from `fitquest replay --format json`); every
/// chart has its table.
public struct ReplayReport: Sendable {
  /// A headline count: what it counts, how many players, their share of those compared.
  public struct Count: Sendable {
    /// What it counts ("demoted").
    public var label: String
    /// Players counted.
    public var players: Int
    /// Their share of the players compared.
    public var share: Double
    /// Creates a count.
    public init(label: String, players: Int, share: Double) {
      self.label = label
      self.players = players
      self.share = share
    }
  }

  /// One of the most affected players.
  public struct Player: Sendable {
    /// The player's id.
    public var id: String
    /// Whether the candidate demotes the player.
    public var isDemoted: Bool
    /// "7 → 5".
    public var level: String
    /// "2,300 → 1,800".
    public var xp: String
    /// What the player loses.
    public var lost: [String]
    /// What the player gains.
    public var gained: [String]
    /// Creates a row.
    public init(id: String, isDemoted: Bool, level: String, xp: String, lost: [String], gained: [String]) {
      self.id = id
      self.isDemoted = isDemoted
      self.level = level
      self.xp = xp
      self.lost = lost
      self.gained = gained
    }
  }

  /// An item that moved: players who gain it, players who lose it.
  public struct Move: Sendable {
    /// The item ("achievement/iron-month/2").
    public var item: String
    /// Players who gain it.
    public var gained: Int
    /// Players who lose it.
    public var lost: Int
    /// Creates a move.
    public init(item: String, gained: Int, lost: Int) {
      self.item = item
      self.gained = gained
      self.lost = lost
    }
  }

  /// The identity rows: replay file, packs, players, version.
  public var identity: [(String, String)]
  /// Demoted, level down and up, unlocks lost and gained, unchanged.
  public var counts: [Count]
  /// Players compared.
  public var compared: Int
  /// Each level delta with its players, ascending.
  public var levelDeltas: [(delta: Int, players: Int)]
  /// XP change in percent: mean, p10, p50, p90 (nil: none compared).
  public var xpChange: [(String, Double?)]
  /// The most affected players, most first.
  public var mostAffected: [Player]
  /// What moved, most players first.
  public var moved: [Move]

  /// Creates a report.
  public init(
    identity: [(String, String)], counts: [Count], compared: Int, levelDeltas: [(delta: Int, players: Int)],
    xpChange: [(String, Double?)], mostAffected: [Player], moved: [Move]
  ) {
    self.identity = identity
    self.counts = counts
    self.compared = compared
    self.levelDeltas = levelDeltas
    self.xpChange = xpChange
    self.mostAffected = mostAffected
    self.moved = moved
  }

  /// The whole document.
  public func html() -> String {
    let rows = identity.map {
      "<dt>\(HTML.escape($0.0))</dt><dd data-identity=\"\(HTML.escape($0.0))\">\(HTML.escape($0.1))</dd>"
    }
    var body = "<header><h1>FitQuest replay report</h1><dl class=\"identity\">\(rows.joined())</dl></header>\n"
    body += "<section id=\"impact\"><h2>Who is affected</h2>\(countsTable())</section>\n"
    body += "<section id=\"levels\"><h2>Level deltas</h2>\(levelSection())\(xpSection())</section>\n"
    body += "<section id=\"players\"><h2>Most affected players</h2>\(playersTable())</section>\n"
    body += "<section id=\"moved\"><h2>What moved</h2>\(movedTable())</section>\n"
    return """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
      <title>FitQuest replay report</title>
      <style>\(HTMLReport.css)</style></head>
      <body>
      \(body)<footer>every number is also in a table · shares are of the players compared (replayed under both packs) · demoted: a lower level or a lost unlock</footer>
      <script>\(HTMLReport.script)</script>
      </body></html>

      """
  }

  func countsTable() -> String {
    var table = "<table class=\"counts\"><tr><th>players</th><th>count</th><th>share</th></tr>"
    for count in counts {
      table +=
        "<tr data-count=\"\(HTML.escape(count.label))\"><td>\(HTML.escape(count.label))</td><td>\(Format.grouped(Double(count.players)))</td>"
      table += "<td>\(Ticks.label(count.share, percent: true))</td></tr>"
    }
    return table + "</table>"
  }

  func playersTable() -> String {
    guard !mostAffected.isEmpty else { return "<p>No player's outcome changed.</p>" }
    var table = "<table class=\"players\"><tr><th>player</th><th>level</th><th>XP</th><th>lost</th><th>gained</th></tr>"
    for player in mostAffected {
      table +=
        "<tr data-player=\"\(HTML.escape(player.id))\"\(player.isDemoted ? " class=\"demoted\"" : "")><td>\(HTML.escape(player.id))\(player.isDemoted ? " (demoted)" : "")</td>"
      table += "<td>\(HTML.escape(player.level))</td><td>\(HTML.escape(player.xp))</td>"
      table +=
        "<td>\(HTML.escape(player.lost.joined(separator: ", ")))</td><td>\(HTML.escape(player.gained.joined(separator: ", ")))</td></tr>"
    }
    return table + "</table>"
  }

  func movedTable() -> String {
    guard !moved.isEmpty else {
      return "<p>Nothing moved: every player has the same unlocks and quest completions under both packs.</p>"
    }
    let head = "<tr><th>item</th><th>players who gain it</th><th>players who lose it</th></tr>"
    func rows(_ list: ArraySlice<Move>) -> String {
      list.map {
        "<tr data-item=\"\(HTML.escape($0.item))\"><td>\(HTML.escape($0.item))</td><td>\(Format.grouped(Double($0.gained)))</td><td>\(Format.grouped(Double($0.lost)))</td></tr>"
      }.joined()
    }
    var out = "<table class=\"moved\">\(head)\(rows(moved.prefix(20)))</table>"
    if moved.count > 20 {
      out +=
        "<details><summary>\(moved.count - 20) more that moved</summary><table class=\"moved-more\">\(head)\(rows(moved.dropFirst(20)))</table></details>"
    }
    return out
  }

  func xpSection() -> String {
    var table =
      "<h3>XP change</h3><table class=\"xp\"><tr>" + xpChange.map { "<th>\(HTML.escape($0.0))</th>" }.joined()
      + "</tr><tr>"
    table += xpChange.map { "<td>\($0.1.map { Ticks.label($0 / 100, percent: true) } ?? "—")</td>" }.joined()
    return table + "</tr></table>"
  }
}
