import Engine

/// Finds a pack's exercise for a name an export writes: the name or an alias exactly, else the
/// same ignoring case and repeated spaces ("squat  (barbell)"). Answers are remembered, so a
/// name costs one lookup per import.
package struct ExerciseResolver {
  let pack: RulePack
  private var folded: [String: Int] = [:]
  private var cache: [[UInt8]: Int?] = [:]

  package init(pack: RulePack) {
    self.pack = pack
    for (index, exercise) in pack.exercises.enumerated() {
      for name in [exercise.name] + exercise.aliases {
        let key = ExerciseResolver.fold(name)
        if folded[key] == nil { folded[key] = index }
      }
    }
  }

  /// Lowercased, with runs of spaces made one and the ends trimmed.
  static func fold(_ name: String) -> String {
    name.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\u{00A0}" }).joined(separator: " ")
  }

  /// The pack's index of the exercise, or nil when the pack has no such name.
  package mutating func index(of name: String) -> Int? {
    let key = Array(name.utf8)
    if let known = cache[key] { return known }
    let found = pack.exercise(named: name) ?? folded[ExerciseResolver.fold(name)]
    cache[key] = found
    return found
  }
}
