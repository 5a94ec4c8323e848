import Engine
import LiveOps
import RuleLanguage
import Testing

/// What a rule change does to a player (gained, lost, demoted) and to all of them (the summary),
/// on hand-built sides with the expected values worked out by hand.
@Suite struct ImpactTests {
  /// Ana: level 5 → 4, a tier of 'dedication' lost, 'streak-7' and an evolution gained, two
  /// completions of 'daily' lost and one of 'weekly' gained.
  static let ana = PlayerImpact(
    player: "ana",
    base: ReplaySide(
      level: 5, xp: 1000, companionStage: 1, tiers: [("first-workout", 1), ("dedication", 2)],
      companions: [("emberling", 0)],
      questCompletions: [("daily", 5)]),
    candidate: ReplaySide(
      level: 4, xp: 900, companionStage: 2, tiers: [("first-workout", 1), ("dedication", 1), ("streak-7", 1)],
      companions: [("blazewing", 1)], questCompletions: [("daily", 3), ("weekly", 1)]),
    events: 10)
  static let bo = PlayerImpact(
    player: "bo", base: ReplaySide(level: 3, xp: 400), candidate: ReplaySide(level: 3, xp: 400), events: 20)
  static let chen = PlayerImpact(
    player: "chen", base: ReplaySide(level: 2, xp: 200), candidate: ReplaySide(level: 4, xp: 500), events: 30)
  static let dara = PlayerImpact(
    player: "dara", problem: .skipped("its history before the import is not in the store"), events: 4)
  static let eve = PlayerImpact(
    player: "eve",
    problem: .failed(side: "candidate", ReplayFailure(index: 2, eventID: "w-3", message: "unknown category 'yoga'")),
    events: 5)

  @Test func gainedAndLostInTheirOrderAndDemotion() {
    #expect(
      Self.ana.gained == [
        .achievement(id: "streak-7", tier: 1), .evolution(species: "blazewing"), .quest(id: "weekly", completions: 1),
      ])
    #expect(Self.ana.lost == [.achievement(id: "dedication", tier: 2), .quest(id: "daily", completions: 2)])
    #expect(Self.ana.isDemoted)
    #expect(Self.ana.levelDelta == -1)
    #expect(Self.ana.xpDelta == -100)
    #expect(!Self.bo.isDemoted && Self.bo.gained.isEmpty && Self.bo.lost.isEmpty)
    #expect(!Self.chen.isDemoted)
    #expect(!Self.dara.isDemoted && !Self.dara.isCompared)
  }

  @Test func sidesWithTheSameIdsInTheSameOrderDifferInIdByteOrder() {
    // Pack order zeta, alpha, mid on both sides: zeta and alpha gain tier 2, mid loses tier 2;
    // weekly gains one completion and daily two. Each list in byte order of the ids (alpha, mid,
    // zeta; daily, weekly), not in the pack's.
    let impact = PlayerImpact(
      player: "z",
      base: ReplaySide(
        level: 3, xp: 50, tiers: [("zeta", 1), ("alpha", 1), ("mid", 2)],
        questCompletions: [("weekly", 1), ("daily", 1)]),
      candidate: ReplaySide(
        level: 3, xp: 50, tiers: [("zeta", 2), ("alpha", 2), ("mid", 1)],
        questCompletions: [("weekly", 2), ("daily", 3)]),
      events: 1)
    #expect(
      impact.gained == [
        .achievement(id: "alpha", tier: 2), .achievement(id: "zeta", tier: 2), .quest(id: "daily", completions: 2),
        .quest(id: "weekly", completions: 1),
      ])
    #expect(impact.lost == [.achievement(id: "mid", tier: 2)])
    // One id each, equal as Swift strings but not as bytes (C3 85 and E2 84 AB): two ids.
    let forms = PlayerImpact(
      player: "u", base: ReplaySide(level: 1, xp: 0, tiers: [("\u{212B}", 1)]),
      candidate: ReplaySide(level: 1, xp: 0, tiers: [("\u{00C5}", 1)]), events: 1)
    func bytes(_ items: [ProgressItem]) -> [[UInt8]] {
      items.map { item in
        guard case .achievement(let id, _) = item else { return [] }
        return Array(id.utf8)
      }
    }
    #expect(bytes(forms.gained) == [[0xC3, 0x85]])
    #expect(bytes(forms.lost) == [[0xE2, 0x84, 0xAB]])
  }

  @Test func aLostQuestCompletionAloneDemotesNoOne() {
    let impact = PlayerImpact(
      player: "x", base: ReplaySide(level: 2, xp: 10, questCompletions: [("daily", 2)]),
      candidate: ReplaySide(level: 2, xp: 10, questCompletions: [("daily", 1)]), events: 1)
    #expect(impact.lost == [.quest(id: "daily", completions: 1)])
    #expect(!impact.isDemoted)
    let evolved = PlayerImpact(
      player: "y", base: ReplaySide(level: 2, xp: 10, companions: [("blazewing", 1)]),
      candidate: ReplaySide(level: 3, xp: 20, companions: [("emberling", 0)]), events: 1)
    #expect(evolved.lost == [.evolution(species: "blazewing")])
    #expect(evolved.isDemoted)
  }

  @Test func summaryCountsSharesDistributionsMovesAndMostAffected() throws {
    var summary = ImpactSummary()
    for impact in [Self.ana, Self.bo, Self.chen, Self.dara, Self.eve] { summary.add(impact) }
    let metrics = Dictionary(uniqueKeysWithValues: summary.metrics.map { ($0.name, $0.value) })
    let expected: [String: Double?] = [
      "players": 5, "compared": 3, "skipped": 1, "failed": 1, "events": 60,
      "demoted.count": 1, "demoted.share": 1.0 / 3, "levelDown.count": 1, "levelUp.count": 1, "unchanged.count": 1,
      "lostUnlocks.count": 1, "gainedUnlocks.count": 1,
      // Level deltas −1, 0, +2: nearest ranks 1, 2 and 3 of 3.
      "levelDelta.mean": 1.0 / 3, "levelDelta.min": -1, "levelDelta.p10": -1, "levelDelta.p50": 0, "levelDelta.p90": 2,
      "levelDelta.max": 2,
      "xpDelta.mean": 200.0 / 3, "xpDelta.min": -100, "xpDelta.max": 300,
      // −100/1000 = −10%, 0%, +300/200 = +150%.
      "xpChangePercent.mean": 140.0 / 3, "xpChangePercent.p10": -10, "xpChangePercent.p50": 0,
      "xpChangePercent.p90": 150,
    ]
    for (name, value) in expected { #expect(metrics[name] == value, "\(name)") }
    #expect(
      summary.movedInOrder.map(\.item.key) == [
        "achievement/dedication/2", "achievement/streak-7/1", "evolution/blazewing", "quest/daily", "quest/weekly",
      ])
    #expect(summary.mostAffected.map(\.player) == ["ana", "chen"])
    #expect(summary.problems.map(\.player) == ["dara", "eve"])
  }

  @Test func emptySummaryHasNoMeans() {
    let metrics = Dictionary(uniqueKeysWithValues: ImpactSummary().metrics.map { ($0.name, $0.value) })
    #expect(metrics["demoted.share"] == 0)
    #expect(metrics["levelDelta.mean"] == .some(nil))
    #expect(metrics["xpChangePercent.p50"] == .some(nil))
  }

  @Test func jsonShowsEachPlayerAsTheIssueDoesThenTheSummary() throws {
    var writer = ReplayWriter(format: .json)
    var summary = ImpactSummary()
    var text = writer.header()
    for impact in [Self.ana, Self.dara] {
      summary.add(impact)
      text += writer.player(impact)
    }
    let stamp = PackStamp(name: "default", version: "1.1.0", digest: "0123456789abcdef")
    text += writer.footer(summary, rules: ReplayRules(base: nil, candidate: stamp))
    let document = try JSONReader.parse(text)
    let ana = try #require(document["players"]?.elements?.first)
    #expect(ana.members?.map(\.key) == ["player", "base", "candidate", "demoted", "gained", "lost"])
    #expect(ana["base"]?.members?.map(\.key) == ["level", "xp", "companionStage", "achievements", "quests"])
    #expect(ana["base"]?["achievements"]?.number == 3)
    #expect(ana["candidate"]?["quests"]?.number == 4)
    #expect(ana["demoted"] == JSONValue(.bool(true)))
    #expect(
      ana["lost"]?.elements?.first == (try JSONReader.parse(#"{"type":"achievement","id":"dedication","tier":2}"#)))
    let dara = try #require(document["players"]?.elements?.last)
    #expect(dara["skipped"]?.string == "its history before the import is not in the store")
    #expect(dara["base"] == JSONValue(.null))
    #expect(document["summary"]?["demoted"]?["share"]?.number == 1)
    #expect(document["summary"]?["levelDelta"]?["counts"] == (try JSONReader.parse(#"[{"delta":-1,"players":1}]"#)))
    #expect(document["summary"]?["rules"]?["base"]?.string == "each player's own pack")
    #expect(document["summary"]?["mostAffected"] == (try JSONReader.parse(#"["ana"]"#)))
  }

  @Test func csvRowPerPlayer() {
    var writer = ReplayWriter(format: .csv)
    #expect(writer.header() == ReplayWriter.csvHeader + "\n")
    #expect(
      writer.player(Self.ana)
        == "ana,compared,5,4,-1,1000,900,-100,1,2,3,3,5,4,true,achievement/streak-7/1;evolution/blazewing;quest/weekly/1,achievement/dedication/2;quest/daily/2,\n"
    )
    #expect(
      writer.player(Self.eve)
        == "eve,failed,,,,,,,,,,,,,false,,,candidate: event 'w-3' (number 3 of the history): unknown category 'yoga'\n")
  }
}
