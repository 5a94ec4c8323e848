import Engine
import Foundation
import Import
import Testing

/// Each CSV layout and quirk of docs/import.md, in a file written by hand, with the events worked
/// out by hand. Ids are `FORMAT-START-FNV1a32(name)` (hashes checked with a separate FNV-1a
/// implementation); weights are lb × 0.45359237 rounded to 0.1 kg; a pack category vote goes to
/// the category of most working sets and cardio entries, ties to the first (strength).
@Suite struct CSVImportTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var file: String
    var format: ImportFormat
    var lines: [String]
    var notes: [String] = []
    var summary: String
    var testDescription: String { file }
  }

  static let cases: [Case] = [
    // Quoted commas, a line break inside quoted Workout Notes, newest first, `Workout #`,
    // Duration as `1h 3m` and `38min`, W and D set orders, RPE; the Running row (no reps) is
    // merged: 2.5 km, and strength (2 sets) outvotes cardio (1 entry).
    Case(
      file: "strong-quoted.csv", format: .strong,
      lines: [
        #"{"type":"workout","id":"strong-2024-05-01T07:05-02e055cf","date":"2024-05-01","category":"strength","durationMin":38,"distanceKm":2.5,"exercises":[{"name":"Bench Press","sets":[{"reps":5,"weightKg":80,"rpe":7},{"reps":5,"weightKg":80,"rpe":8}]}]}"#,
        #"{"type":"workout","id":"strong-2024-05-03T18:10-221bcce8","date":"2024-05-03","category":"strength","durationMin":63,"exercises":[{"name":"Deadlift","sets":[{"reps":5,"weightKg":60,"kind":"warm-up"},{"reps":5,"weightKg":140,"rpe":8.5}]},{"name":"Pull-up","sets":[{"reps":8,"weightKg":0},{"reps":5,"weightKg":0,"kind":"drop"}]}]}"#,
      ],
      notes: [
        "strong-quoted.csv: note: weights read as kg: the file does not say their unit (--weight-unit lb if they are pounds)"
      ],
      summary:
        "(Strong): 2 workouts, 6 sets, 1500 kg volume, 1 cardio or timed entry merged, 0 nutrition days; 0 of 7 rows skipped"
    ),
    // Semicolons, no quotes, CRLF, a decimal comma, Weight Unit and Distance Unit columns, a
    // 12-hour time with a narrow no-break space before PM (19:15); no Duration: 600 s of cycling
    // + 2 sets × 2.5 min = 15 min. 225 lb = 102.058… → 102.1 kg; 3.1 mi = 4.9889664 → 4.989 km.
    Case(
      file: "strong-semicolon.csv", format: .strong,
      lines: [
        #"{"type":"workout","id":"strong-2024-06-02T19:15-63e5b06d","date":"2024-06-02","category":"strength","durationMin":15,"distanceKm":4.989,"exercises":[{"name":"Back Squat","sets":[{"reps":5,"weightKg":102.1},{"reps":5,"weightKg":102.5}]}]}"#
      ],
      summary:
        "(Strong): 1 workout, 2 sets, 1023 kg volume, 1 cardio or timed entry merged, 0 nutrition days; 0 of 3 rows skipped; 1 duration estimated (none logged)"
    ),
    // Units in the headers: Duration (sec) 1860 = 31 min, Weight (lbs) with float noise
    // (149.99999999999997 lb = 68.04 kg → 68), Distance (meters) 2000 = 2 km; the time 00:12
    // stays on 5 March. One strength set, one cardio entry: the tie goes to strength.
    Case(
      file: "strong-header-units.csv", format: .strong,
      lines: [
        #"{"type":"workout","id":"strong-2017-03-05T00:12-49f5063b","date":"2017-03-05","category":"strength","durationMin":31,"distanceKm":2,"exercises":[{"name":"Bench Press","sets":[{"reps":8,"weightKg":68}]}]}"#
      ],
      summary:
        "(Strong): 1 workout, 1 set, 544 kg volume, 1 cardio or timed entry merged, 0 nutrition days; 0 of 2 rows skipped"
    ),
    // Every kind of bad row: an unquoted comma in an exercise name (recovered; the name is not
    // in the pack, so it is kept as unlisted), 0 reps, 1200 reps, an unreadable date, a row
    // that no join repairs, durations of 0 and of 25 h (clamped). Volume 120 + 400 + 300.
    Case(
      file: "strong-malformed.csv", format: .strong,
      lines: [
        #"{"type":"workout","id":"strong-2024-07-01T10:00-f0c9fffd","date":"2024-07-01","category":"strength","durationMin":45,"exercises":[{"name":"Curl, Hammer (Dumbbell)","unlisted":true,"sets":[{"reps":10,"weightKg":12}]},{"name":"Bench Press","sets":[{"reps":5,"weightKg":80}]}]}"#,
        #"{"type":"workout","id":"strong-2024-07-02T06:00-0b9c3383","date":"2024-07-02","category":"strength","durationMin":1,"exercises":[{"name":"Deadlift","sets":[{"reps":3,"weightKg":100}]}]}"#,
        #"{"type":"workout","id":"strong-2024-07-03T06:00-b8f6d8f9","date":"2024-07-03","category":"other","durationMin":1440,"distanceKm":42}"#,
      ],
      notes: [
        "strong-malformed.csv:2: recovered: an unquoted ',' in 'Exercise Name' ('Curl, Hammer (Dumbbell)')",
        "strong-malformed.csv:3: skipped: 0 reps",
        "strong-malformed.csv:4: skipped: 1200 reps (a set has at most 999)",
        "strong-malformed.csv:6: skipped: unreadable date 'yesterday'",
        "strong-malformed.csv:7: skipped: 13 fields where the header has 12",
        "strong-malformed.csv:8: clamped: duration 0 min of 'Zero' made 1 min",
        "strong-malformed.csv:9: clamped: duration 1500 min of 'Marathon Day' made 1440 min (a day)",
      ],
      summary:
        "(Strong): 3 workouts, 3 sets, 820 kg volume, 1 cardio or timed entry merged, 0 nutrition days; 4 of 8 rows skipped, 1 recovered"
    ),
    // Hevy: `15 Sep 2025, 07:48` dates, end − start = 64 and 30 min, warmup / normal / failure /
    // dropset, RPE; Treadmill (an alias of Running) merged as 1.5 km. Volume 400 + 320 + 480.
    Case(
      file: "hevy-kg.csv", format: .hevy,
      lines: [
        #"{"type":"workout","id":"hevy-2025-09-13T18:00-e6dac0b7","date":"2025-09-13","category":"cardio","durationMin":30,"distanceKm":5}"#,
        #"{"type":"workout","id":"hevy-2025-09-15T07:48-b2c244e7","date":"2025-09-15","category":"strength","durationMin":64,"distanceKm":1.5,"exercises":[{"name":"Bench Press","sets":[{"reps":10,"weightKg":40,"kind":"warm-up"},{"reps":5,"weightKg":80,"rpe":8},{"reps":4,"weightKg":80,"rpe":10},{"reps":8,"weightKg":60,"kind":"drop"}]}]}"#,
      ],
      summary:
        "(Hevy): 2 workouts, 4 sets, 1200 kg volume, 2 cardio or timed entries merged, 0 nutrition days; 0 of 6 rows skipped"
    ),
    // weight_lbs and distance_miles: 225 lb → 102.1 kg, 1 mi → 1.609 km; tie → strength.
    Case(
      file: "hevy-lbs.csv", format: .hevy,
      lines: [
        #"{"type":"workout","id":"hevy-2025-01-02T18:05-9979822c","date":"2025-01-02","category":"strength","durationMin":55,"distanceKm":1.609,"exercises":[{"name":"Back Squat","sets":[{"reps":5,"weightKg":102.1,"rpe":7.5}]}]}"#
      ],
      summary:
        "(Hevy): 1 workout, 1 set, 510.5 kg volume, 1 cardio or timed entry merged, 0 nutrition days; 0 of 2 rows skipped"
    ),
    // FitNotes: a day is a workout (id by date), Weight (kgs), a quoted comment, a cardio row with
    // distance and 0:20:00; no session length: 20 min + 2 sets × 2.5 = 25, and 1 × 2.5.
    Case(
      file: "fitnotes-kgs.csv", format: .fitnotes,
      lines: [
        #"{"type":"workout","id":"fitnotes-2023-11-18","date":"2023-11-18","category":"strength","durationMin":2.5,"exercises":[{"name":"Lat Pulldown","sets":[{"reps":10,"weightKg":50}]}]}"#,
        #"{"type":"workout","id":"fitnotes-2023-11-20","date":"2023-11-20","category":"strength","durationMin":25,"distanceKm":3,"exercises":[{"name":"Bench Press","sets":[{"reps":8,"weightKg":60},{"reps":6,"weightKg":62.5}]}]}"#,
      ],
      summary:
        "(FitNotes): 2 workouts, 3 sets, 1355 kg volume, 1 cardio or timed entry merged, 0 nutrition days; 0 of 4 rows skipped; 2 durations estimated (none logged)"
    ),
    // A Weight Unit column: 315 lbs = 142.88… → 142.9 kg; 10 mi = 16.09344 → 16.093 km;
    // 0:35:30 = 35.5 min + 2.5 = 38.
    Case(
      file: "fitnotes-unit-column.csv", format: .fitnotes,
      lines: [
        #"{"type":"workout","id":"fitnotes-2023-12-01","date":"2023-12-01","category":"strength","durationMin":38,"distanceKm":16.093,"exercises":[{"name":"Deadlift","sets":[{"reps":3,"weightKg":142.9}]}]}"#
      ],
      summary:
        "(FitNotes): 1 workout, 1 set, 428.7 kg volume, 1 cardio or timed entry merged, 0 nutrition days; 0 of 2 rows skipped; 1 duration estimated (none logged)"
    ),
    // A Duration that does not read is noted once for its workout (not once a row) and the
    // duration estimated: 2 sets × 2.5 min = 5.
    Case(
      file: "strong-unread-duration.csv", format: .strong,
      lines: [
        #"{"type":"workout","id":"strong-2024-08-01T09:00-9979822c","date":"2024-08-01","category":"strength","durationMin":5,"exercises":[{"name":"Back Squat","sets":[{"reps":5,"weightKg":100},{"reps":5,"weightKg":100}]}]}"#
      ],
      notes: ["strong-unread-duration.csv:2: ignored: duration 'soon' of 'Legs' not read (estimated instead)"],
      summary:
        "(Strong): 1 workout, 2 sets, 1000 kg volume, 0 nutrition days; 0 of 2 rows skipped; 1 duration estimated (none logged)"
    ),
    // A quote opened on line 3 and never closed: the rest of the file is that one field's row,
    // reported; the row before it is kept (1 set × 2.5 min).
    Case(
      file: "strong-open-quote.csv", format: .strong,
      lines: [
        #"{"type":"workout","id":"strong-2024-09-01T10:00-c40bf6cc","date":"2024-09-01","category":"strength","durationMin":2.5,"exercises":[{"name":"Back Squat","sets":[{"reps":5,"weightKg":100}]}]}"#
      ],
      notes: [
        "strong-open-quote.csv:3: skipped: a quoted field is never closed (the rest of the file was read as this row)"
      ],
      summary:
        "(Strong): 1 workout, 1 set, 500 kg volume, 0 nutrition days; 1 of 2 rows skipped; 1 duration estimated (none logged)"
    ),
    // An end_time that does not read: the duration is estimated (1 set × 2.5 min), and said.
    Case(
      file: "hevy-unread-end.csv", format: .hevy,
      lines: [
        #"{"type":"workout","id":"hevy-2025-02-03T18:00-f0c9fffd","date":"2025-02-03","category":"strength","durationMin":2.5,"exercises":[{"name":"Bench Press","sets":[{"reps":10,"weightKg":60}]}]}"#
      ],
      notes: ["hevy-unread-end.csv:2: ignored: end_time 'later' of 'Push' not read (duration estimated instead)"],
      summary:
        "(Hevy): 1 workout, 1 set, 600 kg volume, 0 nutrition days; 0 of 1 rows skipped; 1 duration estimated (none logged)"
    ),
  ]

  @Test(arguments: cases)
  func importsAsWorkedOut(_ c: Case) throws {
    let (lines, notes, result) = try ImportFixture.run(c.file, c.format)
    #expect(lines == c.lines)
    #expect(notes == c.notes)
    #expect(result.summary.hasSuffix(c.summary), "\(result.summary)")
    // `auto` recognises the same format and gives the same events.
    #expect(try ImportFixture.run(c.file, nil).lines == c.lines)
  }

  @Test func weightsWithoutAUnitFollowTheOption() throws {
    let (lines, notes, _) = try ImportFixture.run(
      "strong-quoted.csv", .strong, options: Importer.Options(weightUnit: .lb))
    // 140 lb = 63.5029… → 63.5 kg; 60 lb = 27.2155… → 27.2; 80 lb = 36.2873… → 36.3.
    #expect(lines[1].contains(#"{"reps":5,"weightKg":27.2,"kind":"warm-up"},{"reps":5,"weightKg":63.5,"rpe":8.5}"#))
    #expect(lines[0].contains(#"{"reps":5,"weightKg":36.3,"rpe":7}"#))
    #expect(notes.isEmpty)
  }

  @Test func everyEventNamesThePlayer() throws {
    let (lines, _, _) = try ImportFixture.run("hevy-lbs.csv", .hevy, options: Importer.Options(player: "ana"))
    #expect(
      lines == [
        #"{"type":"workout","id":"hevy-2025-01-02T18:05-9979822c","player":"ana","date":"2025-01-02","category":"strength","durationMin":55,"distanceKm":1.609,"exercises":[{"name":"Back Squat","sets":[{"reps":5,"weightKg":102.1,"rpe":7.5}]}]}"#
      ])
  }
}
