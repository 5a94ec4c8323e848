/// The member names the fast event decoder reads, told apart by one switch on a name's length
/// and first byte and one comparison of its bytes as two words (rather than comparing it with
/// each name in turn, byte by byte).
enum FastEventMember {
  // An event's members.
  case type, id, player, date, category, durationMin, rpe, activeKcal, distanceKm, sets, reps, volumeKg
  case exercises, intakeKcal, proteinG, carbsG, fatG, species, targets
  // A profile's targets (`proteinG`, `carbsG` and `fatG` above are theirs too).
  case kcal
  // An exercise's and a set's (`sets`, `reps` and `rpe` above are theirs too).
  case name, weightKg, kind
  /// Any other name.
  case other
}

extension FastEventMember {
  /// The event member a writer's line has after this one when the event logs it (after
  /// `.other`: the first), with its quotes and colon: the members in the written order.
  @inline(__always)
  var next: (StaticString, FastEventMember) {
    switch self {
    case .other: return (#""type":"#, .type)
    case .type: return (#""id":"#, .id)
    case .id: return (#""player":"#, .player)
    case .player: return (#""date":"#, .date)
    case .date: return (#""category":"#, .category)
    case .category: return (#""durationMin":"#, .durationMin)
    case .durationMin: return (#""rpe":"#, .rpe)
    case .rpe: return (#""activeKcal":"#, .activeKcal)
    case .activeKcal: return (#""exercises":"#, .exercises)
    case .distanceKm: return (#""sets":"#, .sets)
    case .sets: return (#""reps":"#, .reps)
    case .reps: return (#""volumeKg":"#, .volumeKg)
    case .intakeKcal: return (#""proteinG":"#, .proteinG)
    case .proteinG: return (#""carbsG":"#, .carbsG)
    case .carbsG: return (#""fatG":"#, .fatG)
    case .volumeKg, .exercises, .fatG, .name, .weightKg, .kind, .species, .targets, .kcal: return (#""type":"#, .type)
    }
  }
}

extension FastEventScanner {
  /// Reads a member's name and its colon: `guess` (a name with its quotes and colon, as a writer
  /// writes the member that usually comes next) in one comparison when the bytes are exactly it,
  /// any other name otherwise. Nil when no string and colon follow.
  @inline(__always)
  mutating func key(_ guess: StaticString, _ guessed: FastEventMember) -> FastEventMember? {
    let count = guess.utf8CodeUnitCount
    if index + count <= bytes.count, let base = bytes.baseAddress,
      Self.words(UnsafeRawPointer(base + index), count: count)
        == Self.words(UnsafeRawPointer(guess.utf8Start), count: count)
    {
      index += count
      return guessed
    }
    guard let key = rawString(), take(UInt8(ascii: ":")) else { return nil }
    return member(key)
  }

  /// The member a key (a string's byte range from ``rawString()``) names.
  @inline(__always)
  func member(_ key: Range<Int>) -> FastEventMember {
    guard !key.isEmpty else { return .other }
    let first = bytes[key.lowerBound]
    let guess: FastEventMember
    let name: StaticString
    switch (key.count, first) {
    case (2, UInt8(ascii: "i")): (guess, name) = (.id, "id")
    case (3, UInt8(ascii: "r")): (guess, name) = (.rpe, "rpe")
    case (4, UInt8(ascii: "t")): (guess, name) = (.type, "type")
    case (4, UInt8(ascii: "d")): (guess, name) = (.date, "date")
    case (4, UInt8(ascii: "s")): (guess, name) = (.sets, "sets")
    case (4, UInt8(ascii: "r")): (guess, name) = (.reps, "reps")
    case (4, UInt8(ascii: "f")): (guess, name) = (.fatG, "fatG")
    case (4, UInt8(ascii: "n")): (guess, name) = (.name, "name")
    case (4, UInt8(ascii: "k")):
      (guess, name) = bytes[key.lowerBound + 1] == UInt8(ascii: "i") ? (.kind, "kind") : (.kcal, "kcal")
    case (6, UInt8(ascii: "p")): (guess, name) = (.player, "player")
    case (6, UInt8(ascii: "c")): (guess, name) = (.carbsG, "carbsG")
    case (7, UInt8(ascii: "s")): (guess, name) = (.species, "species")
    case (7, UInt8(ascii: "t")): (guess, name) = (.targets, "targets")
    case (8, UInt8(ascii: "c")): (guess, name) = (.category, "category")
    case (8, UInt8(ascii: "v")): (guess, name) = (.volumeKg, "volumeKg")
    case (8, UInt8(ascii: "p")): (guess, name) = (.proteinG, "proteinG")
    case (8, UInt8(ascii: "w")): (guess, name) = (.weightKg, "weightKg")
    case (9, UInt8(ascii: "e")): (guess, name) = (.exercises, "exercises")
    case (10, UInt8(ascii: "a")): (guess, name) = (.activeKcal, "activeKcal")
    case (10, UInt8(ascii: "d")): (guess, name) = (.distanceKm, "distanceKm")
    case (10, UInt8(ascii: "i")): (guess, name) = (.intakeKcal, "intakeKcal")
    case (11, UInt8(ascii: "d")): (guess, name) = (.durationMin, "durationMin")
    default: return .other
    }
    guard let base = bytes.baseAddress else { return .other }
    let words = Self.words(UnsafeRawPointer(base + key.lowerBound), count: key.count)
    return words == Self.words(UnsafeRawPointer(name.utf8Start), count: key.count) ? guess : .other
  }

  /// The bytes of a name of 1 to 16 bytes as two words, read without going past its end:
  /// two texts of the same length are equal when their words are.
  @inline(__always)
  static func words(_ base: UnsafeRawPointer, count: Int) -> (UInt64, UInt64) {
    switch count {
    case 8...16:
      return (base.loadUnaligned(as: UInt64.self), base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    case 4..<8:
      let first = base.loadUnaligned(as: UInt32.self)
      return (UInt64(first), UInt64(base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
    case 2..<4:
      let first = base.loadUnaligned(as: UInt16.self)
      return (UInt64(first), UInt64(base.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)))
    case 1: return (UInt64(base.load(as: UInt8.self)), 0)
    default: return (0, 0)
    }
  }
}
