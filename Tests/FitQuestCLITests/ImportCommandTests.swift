import FitQuestTestSupport
import Foundation
import Testing

/// `fitquest import` end to end: events `award` takes as they are, ids stable across imports and
/// exports, so each workout is applied once.
@Suite struct ImportCommandTests {
  static let first = """
    Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
    2026-01-07 18:00:00,B,40m,Bench Press (Barbell),1,60,5,,,,,8
    2026-01-05 18:00:00,A,45m,Squat (Barbell),1,80,5,,,,,7

    """
  /// A later export of the same account: newest first, one workout more.
  static let later = """
    Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
    2026-01-09 18:00:00,A,50m,Squat (Barbell),1,82.5,5,,,,,8
    2026-01-07 18:00:00,B,40m,Bench Press (Barbell),1,60,5,,,,,8
    2026-01-05 18:00:00,A,45m,Squat (Barbell),1,80,5,,,,,7

    """

  func importing(_ csv: String, in work: URL, name: String) throws -> String {
    try csv.write(to: work.appendingPathComponent(name), atomically: true, encoding: .utf8)
    let result = try CommandRunner.fitquest(["import", "strong", name, "--rules", Paths.rules], in: work)
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout
  }

  func award(_ events: String, in work: URL) throws -> [String] {
    let result = try CommandRunner.fitquest(
      ["award", "--rules", Paths.rules, "--state", "player.json", "--today", "2026-02-01", "-"], stdin: events, in: work
    )
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test func importingTwiceAwardsEachWorkoutOnceAndALaterExportOnlyItsNewWorkouts() throws {
    let work = Paths.temporaryDirectory("import")
    defer { try? FileManager.default.removeItem(at: work) }
    let events = try importing(Self.first, in: work, name: "strong.csv")
    let lines = events.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines[0].contains(#""date":"2026-01-05""#) && lines[1].contains(#""date":"2026-01-07""#))
    let applied = try award(events, in: work)
    #expect(applied.filter { $0.hasPrefix(#"{"type":"xp""#) }.count == 2)
    // The same file again: the same ids, nothing applied.
    let again = try award(try importing(Self.first, in: work, name: "strong.csv"), in: work)
    #expect(again.count == 2 && again.allSatisfy { $0.contains(#""reason":"already applied""#) })
    // A longer export: only the workout of the 9th is new.
    let later = try award(try importing(Self.later, in: work, name: "strong-later.csv"), in: work)
    #expect(later.filter { $0.contains(#""reason":"already applied""#) }.count == 2)
    let xp = later.filter { $0.hasPrefix(#"{"type":"xp""#) }
    #expect(xp.count == 1 && xp[0].contains(#""date":"2026-01-09""#))
  }

  @Test func usageAndFormatErrors() throws {
    let unknown = try CommandRunner.fitquest(["import", "strongg", "x.csv"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.hasPrefix("error: unknown format 'strongg'; did you mean 'strong'?"))
    let missing = try CommandRunner.fitquest(["import", "strong", "no-such-file.csv"])
    #expect(missing.status == 66)
    let unit = try CommandRunner.fitquest(["import", "strong", "x.csv", "--weight-unit", "stone"])
    #expect(unit.status == 64)
    #expect(unit.stderr.hasPrefix("error: option '--weight-unit' needs kg or lb; found 'stone'"))
  }
}
