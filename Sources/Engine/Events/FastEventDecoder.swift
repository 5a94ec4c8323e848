import RuleLanguage

/// The fast path of ``EventDecoder``: workouts, nutrition logs and day closures in their common
/// form, validated by the same rules. Returns nil for anything else (including every invalid
/// line), so the full decoder produces the event or the located error.
public struct FastEventDecoder {
  public let pack: RulePack?

  /// Creates a decoder.
  public init(pack: RulePack?) { self.pack = pack }

  /// Decodes a common event line, or returns nil (the full reader then decides).
  public func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Event? {
    var scanner = FastEventScanner(bytes: bytes)
    guard scanner.take(UInt8(ascii: "{")) else { return nil }
    var type: Range<Int>?
    var id: String?
    var day: Day?
    var category: String?
    var duration: Double?
    var rpe: Double?
    var activeKcal: Double?
    var distance: Double?
    var sets: Double?
    var reps: Double?
    var volume: Double?
    var exercises: [Exercise]?
    var intake: Double?
    var protein: Double?
    var carbs: Double?
    var fat: Double?
    var seen: UInt32 = 0
    if scanner.take(UInt8(ascii: "}")) { return nil }
    repeat {
      guard let key = scanner.rawString(), scanner.take(UInt8(ascii: ":")) else { return nil }
      let bit: UInt32
      if scanner.equals(key, "type") {
        bit = 1
        guard let value = scanner.rawString() else { return nil }
        type = value
      } else if scanner.equals(key, "id") {
        bit = 2
        guard let value = scanner.string(), !value.isEmpty, value.utf8.count <= 200 else { return nil }
        id = value
      } else if scanner.equals(key, "date") {
        bit = 4
        guard let value = scanner.string(), let parsed = Day(iso: value) else { return nil }
        day = parsed
      } else if scanner.equals(key, "category") {
        bit = 8
        guard let value = scanner.string(), !value.isEmpty else { return nil }
        category = value
      } else if scanner.equals(key, "durationMin") {
        bit = 16
        guard let value = scanner.number(in: 0...1_440), value > 0 else { return nil }
        duration = value
      } else if scanner.equals(key, "rpe") {
        bit = 32
        rpe = scanner.number(in: 1...10)
        if rpe == nil { return nil }
      } else if scanner.equals(key, "activeKcal") {
        bit = 64
        activeKcal = scanner.number(in: 0...20_000)
        if activeKcal == nil { return nil }
      } else if scanner.equals(key, "distanceKm") {
        bit = 128
        distance = scanner.number(in: 0...1_000)
        if distance == nil { return nil }
      } else if scanner.equals(key, "sets") {
        bit = 256
        sets = scanner.number(in: 0...10_000, whole: true)
        if sets == nil { return nil }
      } else if scanner.equals(key, "reps") {
        bit = 512
        reps = scanner.number(in: 0...1_000_000, whole: true)
        if reps == nil { return nil }
      } else if scanner.equals(key, "volumeKg") {
        bit = 1024
        volume = scanner.number(in: 0...100_000_000)
        if volume == nil { return nil }
      } else if scanner.equals(key, "exercises") {
        bit = 2048
        guard let list = decodeExercises(&scanner) else { return nil }
        exercises = list
      } else if scanner.equals(key, "intakeKcal") {
        bit = 4096
        intake = scanner.number(in: 0...20_000)
        if intake == nil { return nil }
      } else if scanner.equals(key, "proteinG") {
        bit = 8192
        protein = scanner.number(in: 0...2_000)
        if protein == nil { return nil }
      } else if scanner.equals(key, "carbsG") {
        bit = 16384
        carbs = scanner.number(in: 0...2_000)
        if carbs == nil { return nil }
      } else if scanner.equals(key, "fatG") {
        bit = 32768
        fat = scanner.number(in: 0...2_000)
        if fat == nil { return nil }
      } else {
        return nil
      }
      guard seen & bit == 0 else { return nil }
      seen |= bit
    } while scanner.take(UInt8(ascii: ","))
    guard scanner.take(UInt8(ascii: "}")), scanner.atEnd(), let type, let id, let day else { return nil }
    let workoutFields: UInt32 = 8 | 16 | 32 | 64 | 128 | 256 | 512 | 1024 | 2048
    let nutritionFields: UInt32 = 4096 | 8192 | 16384 | 32768
    if scanner.equals(type, "workout") {
      guard seen & nutritionFields == 0, let category, let duration else { return nil }
      if let pack, pack.category(named: category) == nil { return nil }
      var workout = Workout(
        id: id, day: day, category: category, durationMin: duration, rpe: rpe, activeKcal: activeKcal,
        distanceKm: distance)
      if let exercises {
        guard sets == nil, reps == nil, volume == nil else { return nil }
        workout.exercises = exercises
      } else if sets != nil || reps != nil || volume != nil {
        workout.summary = Workout.Summary(sets: Int(sets ?? 0), reps: Int(reps ?? 0), volumeKg: volume ?? 0)
      }
      return .workoutLogged(workout)
    }
    if scanner.equals(type, "nutrition") {
      guard seen & workoutFields == 0, let intake else { return nil }
      return .nutritionLogged(NutritionLog(id: id, day: day, intakeKcal: intake, proteinG: protein, carbsG: carbs, fatG: fat))
    }
    if scanner.equals(type, "dayClosed") {
      guard seen & (workoutFields | nutritionFields) == 0 else { return nil }
      return .dayClosed(DayClosure(id: id, day: day))
    }
    return nil
  }

  private func decodeExercises(_ scanner: inout FastEventScanner) -> [Exercise]? {
    guard scanner.take(UInt8(ascii: "[")) else { return nil }
    var exercises: [Exercise] = []
    if scanner.take(UInt8(ascii: "]")) { return exercises }
    repeat {
      guard exercises.count < 100, scanner.take(UInt8(ascii: "{")) else { return nil }
      var name: String?
      var sets: [ExerciseSet]?
      repeat {
        guard let key = scanner.rawString(), scanner.take(UInt8(ascii: ":")) else { return nil }
        if scanner.equals(key, "name"), name == nil {
          guard let value = scanner.string(), !value.isEmpty else { return nil }
          if let pack, pack.exercise(named: value) == nil { return nil }
          name = value
        } else if scanner.equals(key, "sets"), sets == nil {
          guard let list = decodeSets(&scanner) else { return nil }
          sets = list
        } else {
          return nil
        }
      } while scanner.take(UInt8(ascii: ","))
      guard scanner.take(UInt8(ascii: "}")), let name, let sets else { return nil }
      exercises.append(Exercise(name: name, sets: sets))
    } while scanner.take(UInt8(ascii: ","))
    guard scanner.take(UInt8(ascii: "]")) else { return nil }
    return exercises
  }

  private func decodeSets(_ scanner: inout FastEventScanner) -> [ExerciseSet]? {
    guard scanner.take(UInt8(ascii: "[")) else { return nil }
    var sets: [ExerciseSet] = []
    repeat {
      guard sets.count < 100, scanner.take(UInt8(ascii: "{")) else { return nil }
      var reps: Double?
      var weight: Double?
      var rpe: Double?
      var kind: ExerciseSet.Kind?
      repeat {
        guard let key = scanner.rawString(), scanner.take(UInt8(ascii: ":")) else { return nil }
        if scanner.equals(key, "reps"), reps == nil {
          reps = scanner.number(in: 1...999, whole: true)
          if reps == nil { return nil }
        } else if scanner.equals(key, "weightKg"), weight == nil {
          weight = scanner.number(in: 0...9_999.9)
          if weight == nil { return nil }
        } else if scanner.equals(key, "rpe"), rpe == nil {
          rpe = scanner.number(in: 1...10)
          if rpe == nil { return nil }
        } else if scanner.equals(key, "kind"), kind == nil {
          guard let value = scanner.string(), let parsed = ExerciseSet.Kind(rawValue: value) else { return nil }
          kind = parsed
        } else {
          return nil
        }
      } while scanner.take(UInt8(ascii: ","))
      guard scanner.take(UInt8(ascii: "}")), let reps, let weight else { return nil }
      sets.append(ExerciseSet(reps: Int(reps), weightKg: weight, rpe: rpe, kind: kind ?? .working))
    } while scanner.take(UInt8(ascii: ","))
    guard scanner.take(UInt8(ascii: "]")), !sets.isEmpty else { return nil }
    return sets
  }
}
