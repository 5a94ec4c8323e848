import Engine
import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

/// The fast path must agree with the full reader: same event for every line it accepts, and it
/// must never accept a line the full reader rejects (it declines instead).
@Suite struct FastEventDecoderTests {
  let decoder: EventDecoder
  let pack: RulePack

  init() throws {
    pack = try RulePackLoader.load(directory: Paths.rules)
    decoder = EventDecoder(pack: pack)
  }

  static let lines = [
    #"{"type":"workout","id":"w-0001","date":"2026-01-05","category":"strength","durationMin":55,"rpe":8,"activeKcal":320,"exercises":[{"name":"Back Squat","sets":[{"reps":5,"weightKg":100},{"reps":5,"weightKg":102.5,"rpe":8,"kind":"working"}]}]}"#,
    #"{"type":"nutrition","id":"n-0001","date":"2026-01-05","intakeKcal":2350,"proteinG":150}"#,
    #"{"type":"workout","id":"w2","date":"2026-01-06","category":"cardio","durationMin":40.5,"distanceKm":7.2,"sets":0,"volumeKg":0}"#,
    #"{ "id": "d1", "type": "dayClosed", "date": "2026-01-06" }"#,
    #"{"type":"workout","id":"w3","date":"2026-01-07","category":"strength","durationMin":30,"exercises":[{"name":"Pull-up","sets":[{"reps":8,"weightKg":0,"kind":"warm-up"},{"reps":6,"weightKg":0,"rpe":9.5,"kind":"drop"}]}]}"#,
    #"{"type":"companion","id":"c1","date":"2026-01-05","species":"emberling"}"#,
    #"{"type":"profile","id":"p1","player":"ana","date":"2026-01-05","targets":{"kcal":2900,"proteinG":180,"carbsG":320,"fatG":85.5}}"#,
  ]

  /// Resolved events compare through their public form (unlogged fields are NaN when resolved).
  func full(_ line: String) -> Event? {
    (try? decoder.resolveFully(line: Array(line.utf8), file: "x", lineNumber: 1))?.event(pack: pack)
  }

  func fast(_ line: String) -> Event? {
    Array(line.utf8).withUnsafeBufferPointer { FastEventDecoder(pack: pack).decode($0) }?.event(pack: pack)
  }

  @Test func commonLinesTakeTheFastPathAndAgree() throws {
    for line in Self.lines {
      let expected = try #require(full(line), "\(line)")
      #expect(fast(line) == expected, "\(line)")
    }
  }

  /// Every exercise name and alias of the pack takes the fast path to the exercise the pack names;
  /// a name in another case is left to the full reader.
  @Test func everyNameAndAliasResolvesOnItsBytesAsThePackResolvesIt() throws {
    func line(category: String, exercise: String) -> String {
      #"{"type":"workout","id":"w","date":"2026-01-05","category":"\#(category)","durationMin":30,"#
        + #""exercises":[{"name":"\#(exercise)","sets":[{"reps":5,"weightKg":20}]}]}"#
    }
    var names = 0
    for exercise in pack.exercises {
      let category = pack.categories[exercise.category].name
      for name in [exercise.name] + exercise.aliases {
        let quick = try #require(fast(line(category: category, exercise: name)), "\(name)")
        guard case .workout(let workout) = quick.kind else {
          Issue.record("\(name): not a workout")
          continue
        }
        #expect(workout.exercises.map(\.name) == [exercise.name], "\(name)")
        #expect(quick == full(line(category: category, exercise: name)))
        names += 1
      }
    }
    #expect(names > pack.exercises.count)
    #expect(fast(line(category: "strength", exercise: "back squat")) == nil)
    #expect(fast(line(category: "Strength", exercise: "Back Squat")) == nil)
    #expect(fast(line(category: "strength", exercise: "Back Squat")) != nil)
  }

  /// A pack name that is not ASCII but equals an ASCII name under String equality (U+037E GREEK
  /// QUESTION MARK is ";") is still found for the ASCII spelling, as the full reader finds it: the
  /// byte table holds only ASCII names and a miss asks the pack's String index.
  @Test func aNameEqualToAnASCIISpellingIsFoundAsThePackFindsIt() throws {
    var files: [String: [UInt8]] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: Paths.rules) where name.hasSuffix(".json") {
      files[name] = Array(try Data(contentsOf: URL(fileURLWithPath: Paths.rules + "/" + name)))
    }
    let exercises = String(decoding: try #require(files["exercises.json"]), as: UTF8.self)
    files["exercises.json"] = Array(
      exercises.replacingOccurrences(of: #""Back Squat":"#, with: "\"Back Squat\u{037E}\":").utf8)
    let odd = try RulePackLoader.load(files: files)
    let index = try #require(odd.exercise(named: "Back Squat;"))
    #expect(Array(odd.exercises[index].name.utf8) == Array("Back Squat\u{037E}".utf8))
    let line =
      #"{"type":"workout","id":"w","date":"2026-01-05","category":"strength","durationMin":30,"#
      + #""exercises":[{"name":"Back Squat;","sets":[{"reps":5,"weightKg":20}]}]}"#
    let quick = try #require(Array(line.utf8).withUnsafeBufferPointer { FastEventDecoder(pack: odd).decode($0) })
    #expect(quick.exercises == [Int32(index)])
    // Found by String equality (";" and U+037E are canonically equivalent), not the pack's spelling.
    let found = Array("Back Squat;".utf8).withUnsafeBufferPointer { odd.exercise(spelled: $0) }
    #expect(found?.index == index && found?.isSpelling == false)
    #expect(Array("back squat;".utf8).withUnsafeBufferPointer { odd.exercise(spelled: $0) } == nil)
  }

  /// Dates read from bytes follow the String reader: valid days, and nil for the same mistakes.
  @Test func datesFromBytesAreStrict() throws {
    for text in ["2026-01-05", "2024-02-29", "0001-01-01", "9999-12-31"] {
      let day = try #require(Day(iso: text))
      #expect(Array(text.utf8).withUnsafeBufferPointer { Day(iso: $0) } == day)
    }
    #expect(Day(iso: "2026-01-05")?.number == 20_458)
    for text in ["2025-02-29", "2026-13-01", "2026-00-10", "0000-01-01", "2026-1-05", "2026-01-05 ", "2026/01/05"] {
      #expect(Day(iso: text) == nil, "\(text)")
      #expect(Array(text.utf8).withUnsafeBufferPointer { Day(iso: $0) } == nil, "\(text)")
    }
  }

  /// Names with escapes or beyond ASCII, and numbers in other spellings: the fast path declines
  /// what it does not read (the full reader reads it) and reads the rest alike.
  @Test func escapesAndOtherSpellingsAgreeWithTheFullReader() throws {
    func workout(_ name: String, reps: String = "5", weight: String = "20") -> String {
      #"{"type":"workout","id":"w","date":"2026-01-05","category":"strength","durationMin":30,"#
        + #""exercises":[{"name":"\#(name)","sets":[{"reps":\#(reps),"weightKg":\#(weight)}]}]}"#
    }
    for declined in [workout(#"Back\u0020Squat"#), workout(#"Back Squat\u00e9"#), workout("Back Squat\u{E9}")] {
      #expect(fast(declined) == nil, "\(declined)")
    }
    let escaped = full(workout(#"Back\u0020Squat"#))
    #expect(escaped != nil && escaped == full(workout("Back Squat")))
    let spellings = [
      ("5", "102.5"), ("5.0", "1.025e2"), ("5e0", "102.50"), ("500e-2", "0.1025E3"), ("5", "-0"), ("999", "9999.9"),
      ("5", "0.30000000000000004"), ("5", "99.999999999999999"),
    ]
    for (reps, weight) in spellings {
      let line = workout("Back Squat", reps: reps, weight: weight)
      let quick = try #require(fast(line), "\(line)")
      #expect(quick == full(line), "\(line)")
    }
    let read = try #require(
      Array(workout("Back Squat", reps: "5e0", weight: "99.999999999999999").utf8).withUnsafeBufferPointer {
        FastEventDecoder(pack: pack).decode($0)
      })
    #expect(read.sets.map(\.reps) == [5])
    #expect(read.sets.map(\.weightKg) == [100])
    // A negative zero reads as zero on both paths (== cannot tell them apart: the bits can).
    for weight in ["-0.0", "-0e0", "-1e-400"] {
      let line = Array(workout("Back Squat", weight: weight).utf8)
      let quick = try #require(line.withUnsafeBufferPointer { FastEventDecoder(pack: pack).decode($0) }, "\(weight)")
      let slow = try decoder.resolveFully(line: line, file: "x", lineNumber: 1)
      #expect(quick.sets.map(\.weightKg.bitPattern) == [0], "\(weight)")
      #expect(slow.sets.map(\.weightKg.bitPattern) == [0], "\(weight)")
    }
    let rejected = [
      workout("Back Squat", reps: "5.5"), workout("Back Squat", reps: "1000"), workout("Back Squat", weight: "1e5"),
    ]
    for line in rejected { #expect(fast(line) == nil && full(line) == nil, "\(line)") }
  }

  /// Companion choices and profiles the full reader refuses, the fast path declines: a missing,
  /// repeated or unknown target, one out of range, an unknown species, members of another type.
  @Test func companionsAndProfilesTheFullReaderRefusesAreDeclined() throws {
    let head = #"{"type":"profile","id":"p1","date":"2026-01-05","targets":"#
    let refused = [
      head + #"{"kcal":2900,"proteinG":180,"carbsG":320}}"#,
      head + #"{"kcal":2900,"proteinG":180,"carbsG":320,"fatG":85,"kcal":2900}}"#,
      head + #"{"kcal":2900,"proteinG":180,"carbsG":320,"fatG":85,"fiberG":30}}"#,
      head + #"{"kcal":400,"proteinG":180,"carbsG":320,"fatG":85}}"#,
      head + #"{"kcal":2900,"proteinG":180,"carbsG":2001,"fatG":85}}"#,
      // A profile's protein and fat stop at 1,000 g (a meal's at 2,000).
      head + #"{"kcal":2900,"proteinG":1000.5,"carbsG":320,"fatG":85}}"#,
      head + #"{"kcal":2900,"proteinG":180,"carbsG":320,"fatG":1001}}"#,
      head + #"{"kcal":2900,"proteinG":180,"carbsG":320,"fatG":"85"}}"#,
      #"{"type":"profile","id":"p1","date":"2026-01-05"}"#,
      #"{"type":"companion","id":"c1","date":"2026-01-05","species":"dragon"}"#,
      #"{"type":"companion","id":"c1","date":"2026-01-05","species":""}"#,
      #"{"type":"companion","id":"c1","date":"2026-01-05","species":"emberling","intakeKcal":2000}"#,
      #"{"type":"nutrition","id":"n1","date":"2026-01-05","intakeKcal":2000,"species":"emberling"}"#,
      #"{"type":"dayClosed","id":"d1","date":"2026-01-05","targets":{"kcal":2900,"proteinG":180,"carbsG":320,"fatG":85}}"#,
    ]
    for line in refused {
      #expect(fast(line) == nil, "\(line)")
      #expect(full(line) == nil, "\(line)")
    }
    let profile = try #require(
      Array((head + #"{"fatG":85,"carbsG":320,"proteinG":180,"kcal":2900}}"#).utf8).withUnsafeBufferPointer {
        FastEventDecoder(pack: pack).decode($0)
      })
    #expect(profile.kind == .profile)
    #expect(profile.targets == MacroTargets(kcal: 2900, proteinG: 180, carbsG: 320, fatG: 85))
    let companion = try #require(
      Array(Self.lines[5].utf8).withUnsafeBufferPointer { FastEventDecoder(pack: pack).decode($0) })
    #expect(companion.kind == .companion)
    #expect(companion.species >= 0 && pack.companions?.species[Int(companion.species)].id == "emberling")
  }

  @Test func mutatedLinesNeverDisagree() {
    var random = TestRandom(seed: 99)
    let alphabet = Array(#"{}[],:"0123456789.-eE+ abtrue\nx"#.utf8) + [0xC3, 0xA9, 0x00]
    var accepted = 0
    for _ in 0..<20_000 {
      var bytes = Array(Self.lines.randomElement(using: &random).unsafelyUnwrapped.utf8)
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let position = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes.remove(at: position)
        case 1: bytes.insert(alphabet.randomElement(using: &random).unsafelyUnwrapped, at: position)
        default: bytes[position] = alphabet.randomElement(using: &random).unsafelyUnwrapped
        }
        if bytes.isEmpty { bytes = [0x7B] }
      }
      let line = String(decoding: bytes, as: UTF8.self)
      guard Array(line.utf8) == bytes else { continue }
      if let quick = fast(line) {
        accepted += 1
        #expect(full(line) == quick, "fast path accepted '\(line)' differently")
      }
    }
    #expect(accepted > 100)
  }
}
