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
  public var finalState: PlayerState
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
    var state = engine.newPlayer()
    var events: [Event] = []
    var awards: [Award] = []
    var kept: [Event] = []
    for index in 1...scenario.days {
      events.removeAll(keepingCapacity: true)
      generator.events(forDay: index, state: state, into: &events)
      if recording.events { kept += events }
      for event in events {
        awards.removeAll(keepingCapacity: true)
        do {
          try engine.apply(event, to: &state, awards: &awards)
        } catch {
          throw DiagnosticError(
            Diagnostic(
              file: scenario.path,
              message: "day \(index) (\(scenario.day(index).iso)) of the run with seed \(seed): \(error.description)",
              notes: error.notes))
        }
        recorder.record(awards, dayIndex: index)
      }
      recorder.endDay(index, day: scenario.day(index), state: state)
    }
    recorder.finish(state, days: scenario.days)
    return RunResult(
      seed: seed, summary: recorder.summary, timeline: recorder.timeline, awardLines: recorder.awardLines,
      dayLines: recorder.dayLines, events: kept,
      digest: recorder.digest.hex, finalState: state)
  }
}
