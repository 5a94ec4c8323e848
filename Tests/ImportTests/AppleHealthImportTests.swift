import Engine
import Foundation
import Import
import RuleLanguage
import Testing

/// Apple Health exports written by hand: an old layout (totals as attributes, a document type
/// declaration with an internal subset, a Correlation whose records are repeated at the top
/// level) and a new one (WorkoutStatistics, nested WorkoutActivity statistics), plain, zipped
/// and stored.
@Suite struct AppleHealthImportTests {
  @Test func readsTheOldLayout() throws {
    let (lines, notes, result) = try ImportFixture.run("export-old.xml", .appleHealth)
    // Strength: 1.1 h = 66 min, 1046 kJ / 4.184 = 250 kcal, at 18:00 −0500 on 4 March (local).
    // Running at 00:12 +0200 is 5 March, not 4 March in UTC. Nutrition on the 5th: 520 kcal
    // (once, though the Correlation's records are repeated) + 2928.8 kJ (700 kcal) = 1220 kcal,
    // protein 30 g (once), carbohydrates 85.5 g; on the 6th only fat: 9 × 40 = 360 kcal.
    #expect(
      lines == [
        #"{"type":"workout","id":"apple-health-2017-03-04T18:00-a68bed64","date":"2017-03-04","category":"strength","durationMin":66,"activeKcal":250}"#,
        #"{"type":"workout","id":"apple-health-2017-03-05T00:12-c8bb0af1","date":"2017-03-05","category":"cardio","durationMin":31.5,"activeKcal":320,"distanceKm":5.2}"#,
        #"{"type":"nutrition","id":"apple-health-nutrition-2017-03-05","date":"2017-03-05","intakeKcal":1220,"proteinG":30,"carbsG":85.5}"#,
        #"{"type":"nutrition","id":"apple-health-nutrition-2017-03-06","date":"2017-03-06","intakeKcal":360,"fatG":40}"#,
      ])
    #expect(
      notes == ["export-old.xml:28: estimated: no energy logged on 2017-03-06: intake taken from its macros (360 kcal)"]
    )
    #expect(
      result.summary.hasSuffix(
        "(Apple Health): 2 workouts, 0 sets, 0 kg volume, 2 nutrition days; 0 of 9 rows skipped, 2 repeated records counted once"
      ))
  }

  /// The new layout: energy and distance from the workout's own statistics (410 Cal, 18.5 km;
  /// the WorkoutActivity's copies are not added), a duration of 0 and one over a day clamped,
  /// Yoga an alias of the pack's Yoga Flow (flexibility), Hiking "other", 25 mi = 40.2336 km.
  static let newLines = [
    #"{"type":"workout","id":"apple-health-2024-03-10T23:30-8b5aad3f","date":"2024-03-10","category":"cardio","durationMin":45,"activeKcal":410,"distanceKm":18.5}"#,
    #"{"type":"workout","id":"apple-health-2024-03-12T07:00-d170c552","date":"2024-03-12","category":"flexibility","durationMin":1}"#,
    #"{"type":"workout","id":"apple-health-2024-03-13T06:00-a76f6916","date":"2024-03-13","category":"other","durationMin":1440,"distanceKm":40.234}"#,
  ]

  @Test(arguments: ["export-new.xml", "export.zip", "export-stored.zip"])
  func readsTheNewLayoutPlainOrZipped(_ file: String) throws {
    let (lines, notes, _) = try ImportFixture.run(file, .appleHealth)
    #expect(lines == Self.newLines)
    let source = file.hasSuffix(".zip") ? "\(file)/apple_health_export/export.xml" : file
    #expect(
      notes == [
        "\(source):15: clamped: duration 0 min of 'HKWorkoutActivityTypeYoga' made 1 min",
        "\(source):16: clamped: duration 1560 min of 'HKWorkoutActivityTypeHiking' made 1440 min (a day)",
      ])
  }

  /// Amounts given but not read (not a number, or a unit not known) are noted and left out; a
  /// duration not read is taken from the dates (07:00 to 07:40: 40 min; 07:00 to 08:00: 60).
  @Test func amountsNotReadAreNoted() throws {
    let (lines, notes, _) = try ImportFixture.run("export-unread.xml", .appleHealth)
    #expect(
      lines == [
        #"{"type":"workout","id":"apple-health-2024-04-01T07:00-c8bb0af1","date":"2024-04-01","category":"cardio","durationMin":40,"activeKcal":300}"#,
        #"{"type":"workout","id":"apple-health-2024-04-02T07:00-8b5aad3f","date":"2024-04-02","category":"cardio","durationMin":60,"distanceKm":20}"#,
      ])
    #expect(
      notes == [
        "export-unread.xml:3: ignored: duration 'abc min' not read (not a number)",
        "export-unread.xml:3: ignored: totalDistance '5 furlong' not read (unit not known)",
        "export-unread.xml:4: ignored: duration '1 fortnight' not read (unit not known)",
        "export-unread.xml:5: ignored: active energy 'lots kcal' not read (not a number)",
      ])
  }

  @Test func aDamagedArchiveIsRefused() throws {
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: ImportFixture.path("export-stored.zip"))))
    // Flip a byte inside the stored export.xml: its CRC-32 no longer matches.
    let marker = Array("HKWorkoutActivityTypeYoga".utf8)
    let at = try #require(
      (0..<(bytes.count - marker.count)).first { bytes[$0..<($0 + marker.count)].elementsEqual(marker) })
    bytes[at + 21] = UInt8(ascii: "X")
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("damaged-\(UUID().uuidString).zip").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let error = try #require(throws: DiagnosticError.self) {
      try Importer.run(nil, path: path, pack: ImportFixture.pack)
    }
    #expect(
      error.diagnostics.map(\.headline) == [
        "\(path)/apple_health_export/export.xml: error: the archive member is damaged (its size or CRC-32 does not match the archive's directory)"
      ])
  }
}
