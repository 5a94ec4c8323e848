import RuleLanguage

/// The fast path of ``EventDecoder``: workouts, nutrition logs, day closures, companion choices
/// and profiles in their common form, checked by the rules of ``EventValidator`` and resolved against the pack in one pass.
/// Returns nil for anything else (including every invalid line), so the full decoder produces
/// the event or the located error.
package struct FastEventDecoder {
  package let pack: RulePack

  /// Creates a decoder.
  package init(pack: RulePack) { self.pack = pack }

  /// Decodes and resolves a common event line, or returns nil (the full reader then decides).
  package func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> ResolvedEvent? {
    var canonical = false
    return decode(bytes, canonical: &canonical)
  }

  /// ``decode(_:)``, and whether the line is already the event's canonical line
  /// (``ResolvedEvent/canonicalLine(_:)`` with this pack, byte for byte): members in the written
  /// order, no whitespace, names as the pack spells them, numbers as the writer spells them, no
  /// member the writer would leave out. A writer's own lines are; a caller then keeps the line
  /// as it came instead of writing it again.
  package func decode(_ bytes: UnsafeBufferPointer<UInt8>, canonical: inout Bool) -> ResolvedEvent? {
    var scanner = FastEventScanner(bytes: bytes)
    // The members' written order: by bit, but `player` (65536) between `id` (2) and `date` (4).
    var lastRank: UInt32 = 0
    guard scanner.take(UInt8(ascii: "{")) else { return nil }
    var type: Range<Int>?
    var id: String?
    var player: String?
    var day: Day?
    var category: Int?
    var duration: Double?
    var rpe: Double?
    var activeKcal: Double?
    var distance: Double?
    var sets: Double?
    var reps: Double?
    var volume: Double?
    var exercises: ([Int32], [ResolvedSet])?
    var intake: Double?
    var protein: Double?
    var carbs: Double?
    var fat: Double?
    var species: Int?
    var targets: MacroTargets?
    var seen: UInt32 = 0
    if scanner.take(UInt8(ascii: "}")) { return nil }
    var previous = FastEventMember.other
    repeat {
      let (guess, guessed) = previous.next
      guard let member = scanner.key(guess, guessed) else { return nil }
      previous = member
      let bit: UInt32
      switch member {
      case .type:
        bit = 1
        guard let value = scanner.rawString() else { return nil }
        type = value
      case .id:
        bit = 2
        guard let value = scanner.string(), !value.isEmpty, value.utf8.count <= 200 else { return nil }
        id = value
      case .player:
        bit = 65536
        guard let value = scanner.string(), !value.isEmpty, value.utf8.count <= 200 else { return nil }
        player = value
      case .date:
        bit = 4
        guard let parsed = scanner.day() else { return nil }
        day = parsed
      case .category:
        bit = 8
        guard let value = scanner.rawString(), let found = pack.category(spelled: scanner.bytes(value)) else {
          return nil
        }
        if !found.isSpelling { scanner.isCanonical = false }
        category = found.index
      case .durationMin:
        bit = 16
        guard let value = scanner.number(in: 0...1_440), value > 0 else { return nil }
        duration = value
      case .rpe:
        bit = 32
        rpe = scanner.number(in: 1...10)
        if rpe == nil { return nil }
      case .activeKcal:
        bit = 64
        activeKcal = scanner.number(in: 0...20_000)
        if activeKcal == nil { return nil }
      case .distanceKm:
        bit = 128
        distance = scanner.number(in: 0...1_000)
        if distance == nil { return nil }
      case .sets:
        bit = 256
        sets = scanner.number(in: 0...10_000, whole: true)
        if sets == nil { return nil }
      case .reps:
        bit = 512
        reps = scanner.number(in: 0...1_000_000, whole: true)
        if reps == nil { return nil }
      case .volumeKg:
        bit = 1024
        volume = scanner.number(in: 0...100_000_000)
        if volume == nil { return nil }
      case .exercises:
        bit = 2048
        guard let list = decodeExercises(&scanner) else { return nil }
        exercises = list
      case .intakeKcal:
        bit = 4096
        intake = scanner.number(in: 0...20_000)
        if intake == nil { return nil }
      case .proteinG:
        bit = 8192
        protein = scanner.number(in: 0...2_000)
        if protein == nil { return nil }
      case .carbsG:
        bit = 16384
        carbs = scanner.number(in: 0...2_000)
        if carbs == nil { return nil }
      case .fatG:
        bit = 32768
        fat = scanner.number(in: 0...2_000)
        if fat == nil { return nil }
      case .species:
        bit = 131_072
        guard let found = self.species(&scanner) else { return nil }
        species = found
      case .targets:
        bit = 262_144
        guard let found = decodeTargets(&scanner) else { return nil }
        targets = found
      case .name, .weightKg, .kind, .kcal, .other:
        return nil
      }
      guard seen & bit == 0 else { return nil }
      seen |= bit
      let rank = bit == 65536 ? 3 : bit
      if rank < lastRank { scanner.isCanonical = false }
      lastRank = rank
    } while scanner.take(UInt8(ascii: ","))
    guard scanner.take(UInt8(ascii: "}")), scanner.atEnd(), let type, let id, let day else { return nil }
    let workoutFields: UInt32 = 8 | 16 | 32 | 64 | 128 | 256 | 512 | 1024 | 2048
    let nutritionFields: UInt32 = 4096 | 8192 | 16384 | 32768
    let companionFields: UInt32 = 131_072
    let profileFields: UInt32 = 262_144
    if scanner.equals(type, "workout") {
      guard seen & (nutritionFields | companionFields | profileFields) == 0, let category, let duration else {
        return nil
      }
      // A list or a summary, never both (checked before the event is made: no path drops it).
      guard exercises == nil || (sets == nil && reps == nil && volume == nil) else { return nil }
      var event = ResolvedEvent(kind: .workout, id: id, day: day, player: player)
      event.category = Int32(category)
      event.durationMin = duration
      if let rpe {
        event.rpe = rpe
        event.hasRPE = true
      }
      event.activeKcal = activeKcal ?? .nan
      event.distanceKm = distance ?? .nan
      if let exercises {
        event.exercises = exercises.0
        event.sets = exercises.1
        // An empty list is not written.
        canonical = scanner.isCanonical && !exercises.0.isEmpty
      } else if sets != nil || reps != nil || volume != nil {
        // The writer writes all three of a summary.
        canonical = scanner.isCanonical && sets != nil && reps != nil && volume != nil
        event.hasSummary = true
        event.summarySets = Int(sets ?? 0)
        event.summaryReps = Int(reps ?? 0)
        event.summaryVolumeKg = volume ?? 0
      } else {
        canonical = scanner.isCanonical
      }
      return event
    }
    if scanner.equals(type, "nutrition") {
      guard seen & (workoutFields | companionFields | profileFields) == 0, let intake else { return nil }
      var event = ResolvedEvent(kind: .nutrition, id: id, day: day, player: player)
      event.intakeKcal = intake
      event.proteinG = protein ?? .nan
      event.carbsG = carbs ?? .nan
      event.fatG = fat ?? .nan
      canonical = scanner.isCanonical
      return event
    }
    if scanner.equals(type, "dayClosed") {
      guard seen & (workoutFields | nutritionFields | companionFields | profileFields) == 0 else { return nil }
      canonical = scanner.isCanonical
      return ResolvedEvent(kind: .dayClosed, id: id, day: day, player: player)
    }
    if scanner.equals(type, "companion") {
      guard seen & (workoutFields | nutritionFields | profileFields) == 0, let species else { return nil }
      var event = ResolvedEvent(kind: .companion, id: id, day: day, player: player)
      event.species = Int32(species)
      canonical = scanner.isCanonical
      return event
    }
    if scanner.equals(type, "profile") {
      guard seen & (workoutFields | nutritionFields | companionFields) == 0, let targets else { return nil }
      var event = ResolvedEvent(kind: .profile, id: id, day: day, player: player)
      event.targets = targets
      canonical = scanner.isCanonical
      return event
    }
    return nil
  }

  private func decodeExercises(_ scanner: inout FastEventScanner) -> ([Int32], [ResolvedSet])? {
    guard scanner.take(UInt8(ascii: "[")) else { return nil }
    var exercises: [Int32] = []
    var allSets: [ResolvedSet] = []
    if scanner.take(UInt8(ascii: "]")) { return (exercises, allSets) }
    // Room for a usual workout, so the lists grow once at most.
    exercises.reserveCapacity(8)
    allSets.reserveCapacity(32)
    repeat {
      guard exercises.count < 100, scanner.take(UInt8(ascii: "{")) else { return nil }
      var name: Int?
      var hasSets = false
      repeat {
        let member = name == nil ? scanner.key(#""name":"#, .name) : scanner.key(#""sets":"#, .sets)
        switch member {
        case .name where name == nil:
          guard let value = scanner.rawString(), let found = pack.exercise(spelled: scanner.bytes(value)) else {
            return nil
          }
          if hasSets || !found.isSpelling { scanner.isCanonical = false }
          name = found.index
        case .sets where !hasSets:
          // Appended in place: each exercise's sets follow the previous exercise's.
          guard decodeSets(&scanner, exercise: Int32(exercises.count), into: &allSets) else { return nil }
          hasSets = true
        default:
          return nil
        }
      } while scanner.take(UInt8(ascii: ","))
      guard scanner.take(UInt8(ascii: "}")), let name, hasSets else { return nil }
      exercises.append(Int32(name))
    } while scanner.take(UInt8(ascii: ","))
    guard scanner.take(UInt8(ascii: "]")) else { return nil }
    return (exercises, allSets)
  }

  /// Appends an exercise's sets (1 to 100) to `sets`; false when they are not in the common form.
  private func decodeSets(_ scanner: inout FastEventScanner, exercise: Int32, into sets: inout [ResolvedSet]) -> Bool {
    guard scanner.take(UInt8(ascii: "[")) else { return false }
    var count = 0
    repeat {
      guard count < 100, scanner.take(UInt8(ascii: "{")) else { return false }
      var reps: Double?
      var weight: Double?
      var rpe: Double?
      var kind: ExerciseSet.Kind?
      // Written as reps, weightKg, rpe, kind (not "working").
      var lastRank = -1
      repeat {
        let key: FastEventMember?
        switch lastRank {
        case -1: key = scanner.key(#""reps":"#, .reps)
        case 0: key = scanner.key(#""weightKg":"#, .weightKg)
        case 1: key = scanner.key(#""rpe":"#, .rpe)
        default: key = scanner.key(#""kind":"#, .kind)
        }
        guard let member = key else { return false }
        let rank: Int
        switch member {
        case .reps: rank = 0
        case .weightKg: rank = 1
        case .rpe: rank = 2
        default: rank = 3
        }
        if rank <= lastRank { scanner.isCanonical = false }
        lastRank = rank
        switch member {
        case .reps where reps == nil:
          reps = scanner.number(in: 1...999, whole: true)
          if reps == nil { return false }
        case .weightKg where weight == nil:
          weight = scanner.number(in: 0...9_999.9)
          if weight == nil { return false }
        case .rpe where rpe == nil:
          rpe = scanner.number(in: 1...10)
          if rpe == nil { return false }
        case .kind where kind == nil:
          guard let value = scanner.rawString() else { return false }
          if scanner.equals(value, "working") {
            kind = .working
            scanner.isCanonical = false
          } else if scanner.equals(value, "warm-up") {
            kind = .warmUp
          } else if scanner.equals(value, "drop") {
            kind = .drop
          } else {
            return false
          }
        default:
          return false
        }
      } while scanner.take(UInt8(ascii: ","))
      guard scanner.take(UInt8(ascii: "}")), let reps, let weight else { return false }
      sets.append(
        ResolvedSet(exercise: exercise, reps: Int32(reps), weightKg: weight, rpe: rpe ?? 0, kind: kind ?? .working))
      count += 1
    } while scanner.take(UInt8(ascii: ","))
    return scanner.take(UInt8(ascii: "]"))
  }
}
