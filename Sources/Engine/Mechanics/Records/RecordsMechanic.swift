import RuleLanguage

/// Personal records per exercise (records.json): heaviest weight, estimated one-rep max, reps at
/// a weight.
package enum RecordsMechanic: Mechanic {
  package static let name = "records"
  package static var index: Int { 1 }
  package static func decode(_ decoder: PackDecoder) -> RecordRules? { RecordRules.decode(decoder) }
  package static func facts(_ names: FactNames) -> [Fact] { RecordFacts.facts(names) }
  package static func formulas(_ rules: RecordRules, pack: RulePack) -> [[Formula]] { [] }

  package static let stateKey = "records"
  package static let since = 1
  package static var state: WritableKeyPath<PlayerProgress, [ExerciseRecord]> { \.records }
  package static var emptyState: [ExerciseRecord] { [] }

  package static func isAligned(_ state: [ExerciseRecord], to pack: RulePack) -> Bool {
    pack.isAligned(state, name: \.exercise)
  }

  package static func align(_ state: inout [ExerciseRecord], to pack: RulePack) -> [String] {
    let aligned = pack.aligned(state, name: \.exercise, make: ExerciseRecord.init)
    state = aligned.list
    return aligned.dropped
  }

  package static func check(_ state: [ExerciseRecord], _ check: inout ProgressCheck) {
    for (index, record) in state.enumerated() {
      check.count("[\(index)].sessions", record.sessions)
      check.amount("[\(index)].heaviestKg", record.heaviestKg)
      check.amount("[\(index)].bestEstimatedOneRepMaxKg", record.bestEstimatedOneRepMaxKg)
      for (entry, reps) in record.repsAtWeight.enumerated() {
        check.amount("[\(index)].repsAtWeight[\(entry)].weightKg", reps.weightKg)
        check.count("[\(index)].repsAtWeight[\(entry)].reps", reps.reps, 0...999)
      }
    }
    check.unique(state, "", what: "exercise", name: \.exercise)
  }

  package static func write(_ state: [ExerciseRecord], to w: inout BinaryWriter, pack: RulePack?) {
    w.entries(
      state, packNames: pack?.nameLists.exercises, name: \.exercise,
      isNew: { $0 == ExerciseRecord(exercise: $0.exercise) }
    ) { w, record in
      w.int(record.sessions)
      w.double(record.heaviestKg)
      w.double(record.bestEstimatedOneRepMaxKg)
      w.list(record.repsAtWeight) { w, entry in
        w.double(entry.weightKg)
        w.int(entry.reps)
      }
    }
  }

  package static func read(from r: inout BinaryReader, pack: RulePack?) throws(BinaryFormatError) -> [ExerciseRecord] {
    try r.entries(packNames: pack?.nameLists.exercises, make: ExerciseRecord.init) {
      r, record throws(BinaryFormatError) in
      record.sessions = try r.int()
      record.heaviestKg = try r.double()
      record.bestEstimatedOneRepMaxKg = try r.double()
      record.repsAtWeight = try r.list { r throws(BinaryFormatError) in
        RepsAtWeight(weightKg: try r.double(), reps: try r.int())
      }
    }
  }

  package static let phases = ["updateRecords"]
  package static let awards: [any RecordedAward.Type] = [Recorded.PersonalRecord.self]
}

extension RulePack {
  /// Personal record rules, when the pack has them.
  public var records: RecordRules? { rules(RecordsMechanic.self) }
}
