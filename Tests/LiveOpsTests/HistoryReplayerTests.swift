import Engine
import FitQuestTestSupport
import LiveOps
import RuleLanguage
import Testing

/// A history replayed under a pack gives the state applying the same events one by one to a new
/// player with that pack gives — on the fast path (in date order) and the batch path (late
/// events, retractions), whatever the chunks.
@Suite struct HistoryReplayerTests {
  @Test(arguments: [0, 1, 2, 3, 4, 5, 6])
  func inOrderHistoryReplaysUnderACandidateAsFreshPlayerWould(player: Int) throws {
    let base = try LiveOpsFixture.engine()
    let candidate = try LiveOpsFixture.engine(LiveOpsFixture.steeper)
    let events = try LiveOpsFixture.events(player: player, days: 90)
    let logged = try LiveOpsFixture.history(events, engine: base, chunk: 37).history
    let fresh = try LiveOpsFixture.history(events, engine: candidate).state
    let replayer = HistoryReplayer(engine: candidate)
    #expect(try replayer.progress(of: logged) == fresh.progress)
    #expect(try replayer.state(of: logged).progress == fresh.progress)
    #expect(try replayer.state(of: logged).appliedCount == events.count)
  }

  /// The straight path (in date order: each event applied once, the window derived) gives the
  /// batch path's whole state — progress, checkpoint, kept events, ids, counts — also when the
  /// chunks' windows grow and shrink (events folded under a short window stay folded).
  @Test(arguments: [0, 2, 4, 6])
  func inOrderHistoryGivesTheBatchPathsWholeState(player: Int) throws {
    let base = try LiveOpsFixture.engine()
    let candidate = try LiveOpsFixture.engine(LiveOpsFixture.steeper)
    let events = try LiveOpsFixture.events(player: player, days: 90)
    var logged = try LiveOpsFixture.history(events, engine: base, chunk: 23).history
    for index in logged.chunks.indices { logged.chunks[index].windowDays = [60, 14, 90, 3, 30][index % 5] }
    let replayer = HistoryReplayer(engine: candidate)
    let batch = try replayer.state(of: logged, events: try replayer.resolve(logged))
    let straight = try replayer.state(of: logged)
    #expect(straight == batch)
    #expect(straight.history.checkpoint == batch.history.checkpoint)
    #expect(straight.windowDays == batch.windowDays)
    #expect(straight.history.kept.map(\.seq) == batch.history.kept.map(\.seq))
    // The window folded events, and kept some.
    #expect(straight.history.kept.count > 0 && straight.history.kept.count < events.count)
    #expect(straight.history.checkpoint != candidate.newProgress())
  }

  @Test func anEmptyHistoryGivesANewPlayerWithTheLastChunksWindow() throws {
    let replayer = HistoryReplayer(engine: try LiveOpsFixture.engine())
    let empty = EventHistory(chunks: [.init(windowDays: 90, lines: []), .init(windowDays: 30, lines: [])])
    let state = try replayer.state(of: empty)
    #expect(state == (try replayer.state(of: empty, events: [])))
    #expect(state.appliedCount == 0 && state.windowDays == 30 && state.latestDay == nil)
  }

  @Test(arguments: [10, 11, 12, 13])
  func lateEventsAndRetractionsReplayOnTheBatchPath(seed: UInt64) throws {
    let base = try LiveOpsFixture.engine()
    let candidate = try LiveOpsFixture.engine(LiveOpsFixture.generous)
    let events = LiveOpsFixture.disordered(try LiveOpsFixture.events(player: Int(seed), days: 60), seed: seed)
    #expect(events.contains { if case .retraction = $0.kind { return true } else { return false } })
    let logged = try LiveOpsFixture.history(events, engine: base, chunk: 25).history
    let fresh = try LiveOpsFixture.history(events, engine: candidate).state
    let replayer = HistoryReplayer(engine: candidate)
    #expect(try replayer.progress(of: logged) == fresh.progress)
    let state = try replayer.state(of: logged)
    #expect(state.progress == fresh.progress)
    #expect(state.appliedCount == fresh.appliedCount)
    #expect(state.latestDay == fresh.latestDay)
  }

  @Test func decodingOnceForBothPacksGivesWhatSeparateReplaysGive() throws {
    let base = try LiveOpsFixture.engine()
    let candidate = try LiveOpsFixture.engine(LiveOpsFixture.steeper)
    #expect(HistoryReplayer(engine: base).resolvesAlike(HistoryReplayer(engine: candidate)))
    let mini = try Engine(
      rulesDirectory: Paths.repository.appendingPathComponent("Tests/EngineTests/Fixtures/mini").path)
    #expect(!HistoryReplayer(engine: base).resolvesAlike(HistoryReplayer(engine: mini)))
    var replayer = ImpactReplayer(candidate: candidate)
    for player in 0..<7 {
      let events = LiveOpsFixture.disordered(try LiveOpsFixture.events(player: player, days: 60), seed: UInt64(player))
      let history = try LiveOpsFixture.history(events, engine: base).history
      let impact = replayer.impact(player: "p\(player)", history: history, base: base)
      let old = ReplaySide(try HistoryReplayer(engine: base).progress(of: history), pack: base.pack)
      let new = ReplaySide(try HistoryReplayer(engine: candidate).progress(of: history), pack: candidate.pack)
      #expect(impact.base == old && impact.candidate == new)
      #expect(impact.lost == PlayerImpact(player: "x", base: old, candidate: new, events: 0).lost)
    }
  }

  @Test func anEventTheCandidateCannotReadIsAFailureNamingIt() throws {
    let engine = try LiveOpsFixture.engine()
    let history = EventHistory(lines: [
      #"{"type":"workout","id":"w-1","date":"2026-01-05","category":"strength","durationMin":30}"#,
      #"{"type":"workout","id":"w-2","date":"2026-01-06","category":"yoga","durationMin":30}"#,
    ])
    #expect(throws: ReplayFailure.self) { try HistoryReplayer(engine: engine).progress(of: history) }
    do {
      _ = try HistoryReplayer(engine: engine).progress(of: history)
    } catch {
      #expect(error.index == 1)
      #expect(error.message.contains("unknown category 'yoga'"))
      #expect(error.description.hasPrefix("event number 2 of the history: "))
    }
  }
}
