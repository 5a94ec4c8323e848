import Engine
import FitQuestTestSupport
import RuleLanguage
import Testing

struct BadEventCase: Sendable, CustomTestStringConvertible {
  var marked: String
  var message: String
  var testDescription: String { message }
  init(_ marked: String, _ message: String) {
    self.marked = marked
    self.message = message
  }
}

@Suite struct EventDecoderTests {
  let decoder: EventDecoder

  init() throws {
    decoder = EventDecoder(pack: try RulePackLoader.load(directory: Fixture.path("mini")))
  }

  static let prefix = #""id":"w1","date":"2026-01-05","#

  static let bad: [BadEventCase] = [
    BadEventCase(
      #"{"type":"workout",\#(prefix)"category":1️⃣"cardo","durationMin":30}"#,
      "unknown category 'cardo'; did you mean 'cardio'?"),
    BadEventCase(
      #"{"type":"workout",\#(prefix)"category":"cardio",1️⃣"durationMins":30}"#,
      "unknown key 'durationMins'; did you mean 'durationMin'?"),
    BadEventCase(#"1️⃣{"type":"workout",\#(prefix)"category":"cardio"}"#, "missing required key 'durationMin'"),
    BadEventCase(
      #"{"type":"workout",\#(prefix)"category":"cardio","durationMin":30,1️⃣"durationMins":30}"#,
      "unknown key 'durationMins'; did you mean 'durationMin'?"),
    BadEventCase(
      #"{"type":"workout",\#(prefix)"category":"cardio","durationMin":1️⃣0}"#, "'durationMin' must be above 0; found 0"),
    BadEventCase(
      #"{"type":"workout",\#(prefix)"category":"cardio","durationMin":1️⃣2000}"#,
      "'durationMin' must be between 0 and 1440; found 2000"),
    BadEventCase(
      #"{"type":"workout",\#(prefix)"category":"cardio","durationMin":30,"rpe":1️⃣11}"#,
      "'rpe' must be between 1 and 10; found 11"),
    BadEventCase(
      #"{"type":"workout",\#(prefix)"category":"strength","durationMin":30,"exercises":[{"name":"Squat","sets":[{"reps":1️⃣0,"weightKg":50}]}]}"#,
      "'exercises[0].sets[0].reps' must be between 1 and 999; found 0"),
    BadEventCase(
      #"{"type":"workout",\#(prefix)"category":"strength","durationMin":30,"exercises":[{"name":"Squat","sets":[{"reps":1️⃣1000,"weightKg":50}]}]}"#,
      "'exercises[0].sets[0].reps' must be between 1 and 999; found 1000"),
    BadEventCase(
      #"{"type":"workout",\#(prefix)"category":"strength","durationMin":30,"exercises":[{"name":"Squat","sets":[{"reps":1️⃣-0,"weightKg":50}]}]}"#,
      "'exercises[0].sets[0].reps' must be between 1 and 999; found 0"),
    BadEventCase(
      #"{"type":"workout",\#(prefix)"category":"strength","durationMin":30,"exercises":[{"name":"Squat","sets":[{"reps":1️⃣5.5,"weightKg":50}]}]}"#,
      "'exercises[0].sets[0].reps' must be a whole number; found 5.5"),
    BadEventCase(
      #"{"type":"workout",\#(prefix)"category":"strength","durationMin":30,"exercises":[{"name":"Squat","sets":[{"reps":5,"weightKg":1️⃣-2.5}]}]}"#,
      "'exercises[0].sets[0].weightKg' must be between 0 and 9999.9; found -2.5"),
    BadEventCase(
      #"{"type":"workout",\#(prefix)"category":"strength","durationMin":30,"exercises":[{"name":"Squat","sets":[{"reps":5,"weightKg":1️⃣10000}]}]}"#,
      "'exercises[0].sets[0].weightKg' must be between 0 and 9999.9; found 10000"),
    BadEventCase(
      #"{"type":"workout",\#(prefix)"category":"strength","durationMin":30,"exercises":[{"name":"Squat","sets":[{"reps":5,"weightKg":50,"kind":1️⃣"warmup"}]}]}"#,
      "'exercises[0].sets[0].kind' must be one of 'warm-up', 'working', 'drop'; did you mean 'warm-up'?"),
    BadEventCase(
      #"{"type":"workout",\#(prefix)"category":"strength","durationMin":30,"exercises":[{"name":1️⃣"Sqat","sets":[{"reps":5,"weightKg":50}]}]}"#,
      "unknown exercise 'Sqat'; did you mean 'Squat'?"),
    BadEventCase(
      #"{"type":"workout",\#(prefix)"category":"strength","durationMin":30,"sets":3,"exercises":1️⃣[]}"#,
      "give either 'exercises' or the summary ('sets', 'reps', 'volumeKg'), not both"),
    BadEventCase(
      #"{"type":1️⃣"workot",\#(prefix)"category":"strength","durationMin":30}"#,
      "unknown event type 'workot'; did you mean 'workout'?"),
    BadEventCase(
      #"{"type":"workout","id":"w1","date":1️⃣"2026-02-30","category":"strength","durationMin":30}"#,
      #"'date' must be an ISO date such as "2026-01-05"; found "2026-02-30""#),
    BadEventCase(
      #"{"type":"workout","id":1️⃣"","date":"2026-01-05","category":"strength","durationMin":30}"#,
      #"'id' must be a non-empty string; found """#),
    BadEventCase(#"1️⃣[1, 2]"#, "an event must be a JSON object; found an array"),
    BadEventCase(
      #"{"type":"nutrition",\#(prefix)"intakeKcal":1️⃣"2000"}"#, "'intakeKcal' must be a number; found a string"),
    BadEventCase(
      #"{"type":"companion",\#(prefix)"species":1️⃣"cindr"}"#, "unknown species 'cindr'; did you mean 'cinder'?"),
    BadEventCase(
      #"{"type":"workout",\#(prefix)"category":"strength","durationMin":1️⃣1e400}"#, "number '1e400' is out of range"),
    BadEventCase(
      #"{"type":"workout",\#(prefix)"category":"strength","durationMin":30,1️⃣}"#,
      "trailing comma before '}' is not allowed"),
  ]

  @Test(arguments: bad)
  func rejectsWithPosition(_ testCase: BadEventCase) throws {
    let marked = MarkedText(testCase.marked)
    let error = try #require(throws: DiagnosticError.self) {
      try decoder.decode(line: Array(marked.text.utf8), file: "events.ndjson", lineNumber: 17)
    }
    let position = try #require(marked.position())
    #expect(error.diagnostics.map(\.headline) == ["events.ndjson:17:\(position.column): error: \(testCase.message)"])
  }

  @Test func roundTripsThroughItsJSONForm() throws {
    let events: [Event] = [
      .workout(
        id: "w-1", day: Fixture.monday, category: "strength", durationMin: 55, rpe: 8, activeKcal: 320,
        exercises: [
          Exercise(
            name: "Squat",
            sets: [
              ExerciseSet(reps: 5, weightKg: 60, kind: .warmUp), ExerciseSet(reps: 5, weightKg: 102.5, rpe: 8.5),
              ExerciseSet(reps: 8, weightKg: 80, kind: .drop),
            ])
        ]),
      .workout(
        id: "w-2", day: Fixture.monday, player: "ana", category: "cardio", durationMin: 30.5, distanceKm: 5.2,
        summary: Workout.Summary(sets: 0, reps: 0, volumeKg: 0)),
      .retraction(id: "r", day: Fixture.monday, of: "w-1"),
      .nutrition(id: "n", day: Fixture.monday, intakeKcal: 2350, proteinG: 150),
      .companion(id: "c", day: Fixture.monday, species: "drip"),
      .profile(id: "p", day: Fixture.monday, targets: MacroTargets(kcal: 2500, proteinG: 160, carbsG: 280, fatG: 80)),
      .dayClosed(id: "d", day: Fixture.monday),
    ]
    for event in events {
      let line = event.jsonLine
      #expect(try decoder.decode(line: Array(line.utf8), file: "x", lineNumber: 1) == event, "\(line)")
    }
    #expect(
      events[0].jsonLine
        == #"{"type":"workout","id":"w-1","date":"2026-01-05","category":"strength","durationMin":55,"rpe":8,"activeKcal":320,"exercises":[{"name":"Squat","sets":[{"reps":5,"weightKg":60,"kind":"warm-up"},{"reps":5,"weightKg":102.5,"rpe":8.5},{"reps":8,"weightKg":80,"kind":"drop"}]}]}"#
    )
  }

  @Test func datesAreISOCalendarDays() {
    #expect(Day(iso: "1970-01-01")?.number == 0)
    #expect(Day(iso: "2026-01-05")?.weekday == 1)
    #expect(Day(iso: "2024-02-29") != nil)
    #expect(Day(iso: "2023-02-29") == nil)
    #expect(Day(iso: "2026-1-05") == nil)
    #expect(Day(iso: "0000-01-01") == nil)
    #expect(Day(year: 2000, month: 3, day: 1)?.iso == "2000-03-01")
    #expect(Day(year: 2026, month: 2, day: 31) == nil)
    #expect(Day(year: 2024, month: 2, day: 29)?.iso == "2024-02-29")
    #expect(Day(year: 2023, month: 2, day: 29) == nil)
    #expect(Day(year: 0, month: 1, day: 1) == nil && Day(year: 2026, month: 13, day: 1) == nil)
    #expect(Day(iso: "1969-12-31")?.number == -1)
    // 2026-03-01 is 55 days after 2026-01-05: 26 to the end of January, 28 of February, 1.
    #expect(Day(iso: "2026-03-01")?.number == (Day(iso: "2026-01-05")?.number ?? 0) + 55)
    #expect(Day(iso: "0001-01-01")?.number == -719_162 && Day(iso: "9999-12-31")?.number == 2_932_896)
    // A byte that is not a digit, in each of the eight places (below '0', above '9', a space).
    for text in [
      "/026-01-05", "2:26-01-05", "20 6-01-05", "202a-01-05", "2026-x1-05", "2026-0/-05", "2026-01-:5",
      "2026-01-0 ", "2026/01-05", "2026-01_05", "2026-13-01", "2026-00-10", "2026-04-31", "2026-01-00",
      // ':' and ';' are the bytes after '9': read as digits 10 and 11 they would make month 10
      // and day 21, both valid, so only the digit check refuses them.
      "2026-0:-05", "2026-01-1;",
    ] {
      #expect(Day(iso: text) == nil, "\(text)")
    }
    // 2026-01-04 is a Sunday, 2026-01-05 a Monday: different ISO weeks.
    #expect(Day(iso: "2026-01-04")?.week != Day(iso: "2026-01-05")?.week)
    #expect(Day(iso: "2026-01-05")?.week == Day(iso: "2026-01-11")?.week)
  }
}
