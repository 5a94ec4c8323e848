import RuleLanguage
import Simulation

extension ReplayDocument {
  /// The HTML report of the replay (`fitquest report --replay`).
  /// - Throws: a located error where the summary's lists are not as `fitquest replay` writes them.
  // Not optimized: Swift 6.3's optimizer fails its ownership verification on this function
  // ("Found ownership error", a compiler crash in release builds); it runs once per report.
  @_optimize(none)
  public func report(version: String) throws(DiagnosticError) -> ReplayReport {
    func fail(_ value: JSONValue?, _ message: String) -> DiagnosticError {
      DiagnosticError(
        Diagnostic(
          file: path,
          message: "\(message) (at byte \((value ?? summary).offset)); write it with 'fitquest replay --format json'"))
    }
    func count(_ name: String) -> Int { Int(metric(name) ?? 0) }
    let compared = count("compared")
    var identity: [(String, String)] = [("replay", path)]
    let rules = summary["rules"]
    guard let candidate = rules?["candidate"], let name = candidate["name"]?.string,
      let packVersion = candidate["version"]?.string,
      let digest = candidate["digest"]?.string
    else { throw fail(rules, "the summary's 'rules' lacks the candidate's name, version and digest") }
    identity.append(("candidate", "\(name) \(packVersion), digest \(digest)"))
    if let base = rules?["base"], let baseName = base["name"]?.string {
      identity.append(("base", "\(baseName) \(base["version"]?.string ?? ""), digest \(base["digest"]?.string ?? "")"))
    } else {
      identity.append(("base", rules?["base"]?.string ?? ReplayRules.ownPacks))
    }
    identity.append(
      (
        "players",
        "\(count("players")): \(compared) compared, \(count("skipped")) skipped, \(count("failed")) failed; \(count("events")) events"
      ))
    identity.append(("FitQuest", version))
    let counts = [
      ("demoted", "demoted"), ("levelDown", "lower level"), ("lostUnlocks", "lost an unlock"),
      ("levelUp", "higher level"),
      ("gainedUnlocks", "gained an unlock"), ("unchanged", "unchanged"),
    ].map { ReplayReport.Count(label: $0.1, players: count("\($0.0).count"), share: metric("\($0.0).share") ?? 0) }
    var deltas: [(delta: Int, players: Int)] = []
    for entry in summary["levelDelta"]?["counts"]?.elements ?? [] {
      guard let delta = entry["delta"]?.number.flatMap(Int.init(exactly:)),
        let players = entry["players"]?.number.flatMap(Int.init(exactly:))
      else { throw fail(entry, "a level delta count is not {\"delta\", \"players\"}") }
      deltas.append((delta, players))
    }
    let xp = ["mean", "p10", "p50", "p90"].map { ($0, metric("xpChangePercent.\($0)")) }
    var moved: [ReplayReport.Move] = []
    for entry in summary["moved"]?.elements ?? [] {
      guard let item = entry["item"].flatMap(ProgressItem.init), let gained = entry["gained"]?.number,
        let lost = entry["lost"]?.number
      else {
        throw fail(entry, "an entry of 'moved' is not {\"item\", \"gained\", \"lost\"}")
      }
      moved.append(ReplayReport.Move(item: item.key, gained: Int(gained), lost: Int(lost)))
    }
    var affected: [ReplayReport.Player] = []
    for id in summary["mostAffected"]?.elements ?? [] {
      guard let text = id.string,
        let player = players.first(where: { $0["player"]?.string?.utf8.elementsEqual(text.utf8) == true })
      else {
        throw fail(id, "'mostAffected' names a player the replay does not list")
      }
      affected.append(Self.row(player, id: text))
    }
    return ReplayReport(
      identity: identity, counts: counts, compared: compared, levelDeltas: deltas, xpChange: xp, mostAffected: affected,
      moved: moved)
  }

  /// A player's row: levels, XP, what it lost and gained.
  static func row(_ player: JSONValue, id: String) -> ReplayReport.Player {
    func pair(_ key: String) -> String {
      let (base, candidate) = (player["base"]?[key]?.number, player["candidate"]?[key]?.number)
      return "\(base.map { Format.grouped($0) } ?? "—") → \(candidate.map { Format.grouped($0) } ?? "—")"
    }
    func items(_ key: String) -> [String] { (player[key]?.elements ?? []).compactMap(ProgressItem.init).map(\.label) }
    return ReplayReport.Player(
      id: id, isDemoted: player["demoted"] == JSONValue(.bool(true)), level: pair("level"), xp: pair("xp"),
      lost: items("lost"),
      gained: items("gained"))
  }
}
