import Engine
import FitQuestTestSupport
import Foundation
import Ledger
import RuleLanguage
import Testing

@Suite struct LedgerTests {
  let engine: Engine

  init() throws {
    engine = try Fixture.engine("mini")
  }

  func temporaryState() -> String {
    Paths.temporaryDirectory("ledger").appendingPathComponent("player.json").path
  }

  /// A mixed stream: workouts and nutrition over `days` days, seeded.
  func stream(days: Int, seed: UInt64) -> [Event] {
    var random = TestRandom(seed: seed)
    var events: [Event] = []
    for offset in 0..<days {
      let day = Fixture.day(offset)
      if Bool.random(using: &random) {
        let category = Bool.random(using: &random) ? "strength" : "cardio"
        events.append(
          Fixture.workout(
            "w\(offset)", day, category, minutes: Double(Int.random(in: 20...70, using: &random)),
            kcal: Double(Int.random(in: 100...700, using: &random))))
      }
      if Int.random(in: 0..<3, using: &random) > 0 {
        events.append(
          .nutrition(id: "n\(offset)", day: day, intakeKcal: Double(Int.random(in: 1500...2800, using: &random))))
      }
    }
    return events
  }

  func failingEngine() throws -> (Engine, URL) { try Fixture.failingEngine() }

  func applyInOrder(_ events: [Event]) throws -> PlayerProgress {
    var state = engine.newProgress()
    for event in events { _ = try engine.apply(event, to: &state) }
    return state
  }

  @Test func secondRunSkipsEverythingAndLeavesTheFilesUnchanged() throws {
    let path = temporaryState()
    let events = stream(days: 20, seed: 1)
    let ledger = try Ledger(store: FileStore(path: path), engine: engine)
    for event in events {
      guard case .applied = try ledger.apply(event) else { Issue.record("expected \(event.id) to apply"); return }
    }
    try ledger.commit()
    let files = [path, path + ".journal.1", path + ".ids"]
    let bytes = try files.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
    let again = try Ledger(store: FileStore(path: path), engine: engine)
    for event in events { #expect(try again.apply(event) == .duplicate) }
    try again.commit()
    #expect(try files.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == bytes)
    #expect(again.state.progress == (try applyInOrder(events)))
    #expect(again.state.appliedIDCount == events.count)
  }

  @Test(arguments: [UInt64(2), 3, 4, 5, 6])
  func lateEventsEndExactlyAsIfAppliedInDateOrder(seed: UInt64) throws {
    let events = stream(days: 30, seed: seed)
    var random = TestRandom(seed: seed &* 7919)
    let arrival = events.shuffled(using: &random)
    let path = temporaryState()
    let ledger = try Ledger(store: FileStore(path: path), engine: engine, windowDays: 60)
    var late = 0
    for (index, event) in arrival.enumerated() {
      switch try ledger.apply(event) {
      case .applied: break
      case .late: late += 1
      default: Issue.record("\(event.id) was not applied")
      }
      // Saving every few events exercises the journal's appends.
      if index % 7 == 0 { try ledger.commit() }
    }
    // Same-day events keep their arrival order; days are in date order.
    let reference = arrival.enumerated().sorted { ($0.element.day, $0.offset) < ($1.element.day, $1.offset) }.map(
      \.element)
    #expect(ledger.state.progress == (try applyInOrder(reference)))
    #expect(late > 0)
    try ledger.commit()
    let reopened = try Ledger(store: FileStore(path: path), engine: engine)
    #expect(reopened.state == ledger.state)
  }

  @Test func eventsBeforeTheWindowAreReportedNotApplied() throws {
    let path = temporaryState()
    let ledger = try Ledger(store: FileStore(path: path), engine: engine, windowDays: 7)
    for event in stream(days: 30, seed: 9) { _ = try ledger.apply(event) }
    try ledger.commit()
    let last = Fixture.day(29)
    #expect(ledger.state.windowStart == last.adding(-6))
    let early = Fixture.workout("late-and-new", Fixture.day(3))
    #expect(try ledger.apply(early) == .beforeWindow(windowStart: last.adding(-6)))
    // Only the window's events are kept: the state file does not grow with history.
    let reopened = try Ledger(store: FileStore(path: path), engine: engine)
    #expect(reopened.state.history.kept.allSatisfy { $0.day >= last.adding(-6) })
    #expect(reopened.state == ledger.state)
  }

  @Test func aDamagedFileIsRefusedNotReset() throws {
    let path = temporaryState()
    let ledger = try Ledger(store: FileStore(path: path), engine: engine)
    _ = try ledger.apply(Fixture.workout("w", Fixture.monday))
    try ledger.commit()
    var text = try String(contentsOfFile: path, encoding: .utf8)
    text = text.replacingOccurrences(of: "\"xp\":128", with: "\"xp\":999")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    #expect {
      _ = try Ledger(store: FileStore(path: path), engine: engine)
    } throws: { error in
      guard case LedgerError.corrupt(let diagnostic) = error else { return false }
      return diagnostic.message.hasPrefix("the state file is damaged: its checksum does not match")
    }
  }

  @Test func aFailingFormulaLeavesTheStateAsBefore() throws {
    let (failing, directory) = try failingEngine()
    defer { try? FileManager.default.removeItem(at: directory) }
    let ledger = try Ledger(store: FileStore(path: temporaryState()), engine: failing)
    _ = try ledger.apply(Fixture.workout("ok", Fixture.monday, minutes: 30))
    let before = ledger.state
    #expect {
      _ = try ledger.apply(Fixture.workout("boom", Fixture.day(1), minutes: 45))
    } throws: { error in
      guard case EngineError.formulaFailed(let diagnostic) = error else { return false }
      return diagnostic.message == "division by zero in '600 / (workout.durationMin - 45)'"
        && diagnostic.position == SourcePosition(line: 6, column: 56)
    }
    #expect(ledger.state == before)
  }

  @Test func afterARuleChangeARefusedEventLeavesTheLoadedStateExactly() throws {
    // Events kept in the file were applied with the old rules, under which they succeeded; the
    // new rules fail on them too. Undoing the refused event must not replay them.
    let path = temporaryState()
    let old = try Ledger(store: FileStore(path: path), engine: engine)
    _ = try old.apply(Fixture.workout("kept", Fixture.monday, minutes: 45))
    try old.commit()
    let (failing, directory) = try failingEngine()
    defer { try? FileManager.default.removeItem(at: directory) }
    let reopened = try Ledger(store: FileStore(path: path), engine: failing)
    let loaded = reopened.state.progress
    _ = try reopened.apply(Fixture.workout("fine", Fixture.day(1), minutes: 30))
    #expect {
      _ = try reopened.apply(Fixture.workout("boom", Fixture.day(2), minutes: 45))
    } throws: { error in
      guard case EngineError.formulaFailed = error else { return false }
      return true
    }
    // The state is the loaded one plus "fine", applied with the new rules.
    var expected = loaded
    _ = try reopened.engine.apply(Fixture.workout("fine", Fixture.day(1), minutes: 30), to: &expected)
    #expect(reopened.state.progress == expected)
  }
}
