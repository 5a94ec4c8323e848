import Engine
import RuleLanguage

/// The outcome of one run.
public struct RunResult: Sendable {
  public var seed: UInt64
  public var summary: RunSummary
  public var timeline: [TimelineRow]
  public var awardLines: [String]
  /// Per day, when digests were recorded: "DAY DATE DIGEST tokens".
  public var dayLines: [String]
  /// The generated events, when recorded.
  public var events: [Event]
  /// FNV-1a 64 of the whole award stream (when digests were recorded).
  public var digest: String
  public var finalState: PlayerProgress
}

/// Runs scenarios: generates each day's events, feeds the engine, records the outcome.
public enum SimulationRunner {
  /// Runs a scenario once with a seed.
  public static func run(
    _ scenario: Scenario, engine: Engine, seed: UInt64? = nil, recording: RecordingOptions = .summary
  ) throws(DiagnosticError) -> RunResult {
    let seed = seed ?? scenario.seed
    var generator = DayGenerator(scenario: scenario, engine: engine, seed: seed)
    var recorder = RunRecorder(options: recording, engine: engine, days: scenario.days)
    var player = engine.live(engine.newProgress())
    var events: [ResolvedEvent] = []
    var log = AwardLog(recording.awards || recording.digests ? .explained : .records)
    var kept: [Event] = []
    for index in 1...scenario.days {
      events.removeAll(keepingCapacity: true)
      generator.events(forDay: index, state: player.progress, into: &events)
      if recording.events { kept += events.map { $0.event(pack: engine.pack) } }
      for position in events.indices {
        log.removeAll()
        do {
          try events.withUnsafeBufferPointer { buffer throws(EngineError) in
            try engine.apply(buffer.baseAddress.unsafelyUnwrapped + position, to: &player, log: &log)
          }
        } catch {
          throw DiagnosticError(
            Diagnostic(
              file: scenario.path,
              message:
                "day \(index) (\(scenario.day(index).iso)) of the run with seed \(seed): event '\(events[position].id)': \(error.message)",
              notes: error.notes))
        }
        recorder.record(log, eventID: events[position].id, dayIndex: index)
      }
      recorder.endDay(index, day: scenario.day(index), state: player.progress)
    }
    recorder.finish(player.progress, days: scenario.days)
    return RunResult(
      seed: seed, summary: recorder.summary, timeline: recorder.timeline, awardLines: recorder.awardLines,
      dayLines: recorder.dayLines, events: kept, digest: recorder.digest.hex, finalState: player.progress)
  }
}
