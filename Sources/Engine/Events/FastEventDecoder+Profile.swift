extension FastEventDecoder {
  /// A companion choice's species: its index in the pack's companions, found as the full reader
  /// finds it (by the name as a String); nil when the pack has none of that name. A name other
  /// than the species' own bytes is not the canonical line's.
  func species(_ scanner: inout FastEventScanner) -> Int? {
    guard let value = scanner.rawString(), !value.isEmpty, let rules = pack.companions else { return nil }
    let bytes = scanner.bytes(value)
    guard let index = rules.species(named: String(decoding: bytes, as: UTF8.self)) else { return nil }
    if !rules.species[index].id.hasSameBytes(as: bytes) { scanner.isCanonical = false }
    return index
  }

  /// A profile's targets: exactly `kcal`, `proteinG`, `carbsG` and `fatG`, each once and within
  /// the ranges ``EventValidator`` checks; written in that order.
  func decodeTargets(_ scanner: inout FastEventScanner) -> MacroTargets? {
    guard scanner.take(UInt8(ascii: "{")) else { return nil }
    var kcal: Double?
    var protein: Double?
    var carbs: Double?
    var fat: Double?
    var lastRank = -1
    repeat {
      let member: FastEventMember?
      switch lastRank {
      case -1: member = scanner.key(#""kcal":"#, .kcal)
      case 0: member = scanner.key(#""proteinG":"#, .proteinG)
      case 1: member = scanner.key(#""carbsG":"#, .carbsG)
      default: member = scanner.key(#""fatG":"#, .fatG)
      }
      let rank: Int
      switch member {
      case .kcal where kcal == nil:
        rank = 0
        kcal = scanner.number(in: 500...10_000)
        if kcal == nil { return nil }
      case .proteinG where protein == nil:
        rank = 1
        protein = scanner.number(in: 0...1_000)
        if protein == nil { return nil }
      case .carbsG where carbs == nil:
        rank = 2
        carbs = scanner.number(in: 0...2_000)
        if carbs == nil { return nil }
      case .fatG where fat == nil:
        rank = 3
        fat = scanner.number(in: 0...1_000)
        if fat == nil { return nil }
      default:
        return nil
      }
      if rank < lastRank { scanner.isCanonical = false }
      lastRank = rank
    } while scanner.take(UInt8(ascii: ","))
    guard scanner.take(UInt8(ascii: "}")), let kcal, let protein, let carbs, let fat else { return nil }
    return MacroTargets(kcal: kcal, proteinG: protein, carbsG: carbs, fatG: fat)
  }
}
