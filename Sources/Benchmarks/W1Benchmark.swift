import Engine
import RuleLanguage

/// Workload W1: the engine running rules/w1 against the hand-written loop, same events, same
/// process; both must produce the same total XP, final level and unlock indexes.
public enum W1Benchmark {
  public static func run(count: Int, repetitions: Int, rules: String) throws -> BenchResult {
    let events = W1Events(count: count)
    let engineEvents = events.engineEvents()
    let engine = Engine(pack: try RulePackLoader.load(directory: rules))
    var engineTimes: [Double] = []
    var handTimes: [Double] = []
    var engineOutcome: W1Outcome?
    var handOutcome: W1Outcome?
    for _ in 0..<repetitions {
      let hand = Clock.measure { W1HandWritten.run(events) }
      handTimes.append(hand.seconds)
      handOutcome = hand.value
      let measured = try Clock.measure { try W1Engine.run(engineEvents, engine: engine) }
      engineTimes.append(measured.seconds)
      engineOutcome = measured.value
    }
    guard let engineOutcome, let handOutcome else { throw DiagnosticError(Diagnostic(message: "W1 did not run")) }
    guard engineOutcome == handOutcome else {
      throw DiagnosticError(
        Diagnostic(
          message:
            "W1: the engine and the hand-written loop disagree: engine \(engineOutcome.totalXP) XP level \(engineOutcome.finalLevel), hand-written \(handOutcome.totalXP) XP level \(handOutcome.finalLevel)"
        ))
    }
    let engineSeconds = Clock.median(engineTimes)
    let handSeconds = Clock.median(handTimes)
    let throughput = Double(count) / engineSeconds
    let handThroughput = Double(count) / handSeconds
    let ratio = handThroughput / throughput
    var result = BenchResult(
      name: "W1 engine (rules/w1)", size: "\(BenchFormat.grouped(Double(count))) events", seconds: engineSeconds,
      throughput: throughput, unit: "events/s", peakBytes: Clock.peakResidentBytes())
    result.extra = [
      ("totalXP", JSONValue(.integer(engineOutcome.totalXP))),
      ("finalLevel", JSONValue(.integer(Int64(engineOutcome.finalLevel)))),
      ("handWrittenThroughput", JSONValue(.double(handThroughput.rounded()))),
      ("ratio", JSONValue(.double((ratio * 100).rounded() / 100))),
      (
        "unlocks",
        JSONValue(
          .object(engineOutcome.unlocks.map { JSONMember(key: $0.name, value: JSONValue(.integer(Int64($0.index)))) }))
      ),
    ]
    result.notes = [
      "hand-written Swift: \(BenchFormat.grouped(handThroughput)) events/s (median \(NumberText.format(handSeconds, decimals: 4)) s); ratio hand-written ÷ engine = \(NumberText.format(ratio, decimals: 2))",
      "both: total XP \(engineOutcome.totalXP), final level \(engineOutcome.finalLevel), \(engineOutcome.unlocks.count) achievements unlocked at "
        + engineOutcome.unlocks.map { "\($0.name)@\($0.index)" }.joined(separator: " "),
    ]
    return result
  }
}
