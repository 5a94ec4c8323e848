// Personal records per exercise, from working and drop sets (warm-ups never count): heaviest
// weight, best estimated one-rep max (a formula of weight and reps, for sets of at most
// `maxRepsForEstimate` reps, or capped at it) and most reps at a weight. The first session of an exercise sets the
// records without awards unless `awardFirst` is true.

extension Engine {
  func updateRecords(
    _ event: UnsafePointer<ResolvedEvent>, _ context: inout EventContext, _ state: inout PlayerProgress,
    _ log: inout AwardLog
  )
    throws(EngineError)
  {
    let workout = EventView(event)
    guard workout.exerciseCount > 0, let rules = pack.records else { return }
    let count = try workout.withSets { sets throws(EngineError) -> Int in
      var count = 0
      var start = 0
      for position in 0..<workout.exerciseCount {
        var end = start
        while end < sets.count, sets[end].exercise == Int32(position) { end += 1 }
        let exerciseSets = UnsafeBufferPointer(rebasing: sets[start..<end])
        start = end
        let index = pack.entry(
          of: workout, at: position, in: &state.records, name: \.exercise, make: ExerciseRecord.init)
        // Changed in place (one access to the list: no copy of the record, its name or its
        // reps-at-weight list).
        count += try updateRecord(&state.records[index], index, exerciseSets, rules, context, &log)
      }
      return count
    }
    context.facts.prs = count
    state.totals.prs += count
  }

  /// Updates the records of an exercise (its entry `index`) from its sets; returns the records
  /// set.
  @inline(__always)
  private func updateRecord(
    _ record: inout ExerciseRecord, _ index: Int, _ sets: UnsafeBufferPointer<ResolvedSet>, _ rules: RecordRules,
    _ context: borrowing EventContext, _ log: inout AwardLog
  ) throws(EngineError) -> Int {
    let name = index < pack.exercises.count ? nil : record.exercise
    let counts = record.sessions > 0 || rules.awardFirst
    var count = 0
    var sessionHeaviest = 0.0
    var sessionEstimate = 0.0
    var hadWorkingSet = false
    var repsAwards: [Recorded.PersonalRecord] = []
    // Straight sets repeat a weight and reps: the previous set's estimate, and the entry of its
    // weight (rounded to 0.1 kg), serve the next set of the same numbers (the formula is a pure
    // function of them, and an entry's position moves only when one is inserted before it). The
    // weight is compared bit for bit (−0 and 0 round apart); NaN never matches an entry.
    var estimated = (weight: Double.nan, reps: 0, value: 0.0)
    var entry = (bits: Double.nan.bitPattern, weight: Double.nan, slot: 0)
    for set in sets where !set.isWarmUp {
      hadWorkingSet = true
      sessionHeaviest = max(sessionHeaviest, set.weightKg)
      if rules.tracksEstimate, let reps = rules.estimateReps(Int(set.reps)), set.weightKg > 0 {
        if set.weightKg != estimated.weight || reps != estimated.reps {
          estimated = (set.weightKg, reps, try estimateOneRepMax(set.weightKg, reps, rules, context))
        }
        sessionEstimate = max(sessionEstimate, estimated.value)
      }
      guard rules.tracksRepsAtWeight else { continue }
      let bits = set.weightKg.bitPattern
      let weight = bits == entry.bits ? entry.weight : RoundingMode.halfAwayFromZero(set.weightKg * 10) / 10
      let found =
        bits == entry.bits && !weight.isNaN
        ? entry.slot : record.repsAtWeight.firstIndex { $0.weightKg == weight }
      guard let slot = found else {
        let insertAt = record.repsAtWeight.firstIndex { $0.weightKg > weight } ?? record.repsAtWeight.count
        record.repsAtWeight.insert(RepsAtWeight(weightKg: weight, reps: Int(set.reps)), at: insertAt)
        entry = (bits, weight, insertAt)
        continue
      }
      entry = (bits, weight, slot)
      let previous = record.repsAtWeight[slot].reps
      guard Int(set.reps) > previous else { continue }
      record.repsAtWeight[slot].reps = Int(set.reps)
      if counts {
        repsAwards.removeAll { $0.weightKg == weight }
        repsAwards.append(
          Recorded.PersonalRecord(
            exercise: index, kind: .repsAtWeight, value: Double(set.reps), previous: Double(previous),
            weightKg: weight,
            name: name.map { log.append(text: $0) } ?? -1))
      }
    }
    guard hadWorkingSet else { return 0 }
    if rules.tracksHeaviest, sessionHeaviest > record.heaviestKg {
      if counts {
        count += recordBest(
          .heaviestWeight, index, name, sessionHeaviest, record.sessions > 0 ? record.heaviestKg : nil, context, &log)
      }
      record.heaviestKg = sessionHeaviest
    }
    if rules.tracksEstimate, sessionEstimate > record.bestEstimatedOneRepMaxKg {
      let previous = record.sessions > 0 ? record.bestEstimatedOneRepMaxKg : nil
      if counts { count += recordBest(.estimatedOneRepMax, index, name, sessionEstimate, previous, context, &log) }
      record.bestEstimatedOneRepMaxKg = sessionEstimate
    }
    if log.isRecording {
      for award in repsAwards { log.append(AwardRecord(day: context.day, award)) }
    }
    count += repsAwards.count
    record.sessions += 1
    return count
  }

  /// The estimated one-rep max of a set: the engine's program, or the formula for its located
  /// error when a step fails.
  @inline(__always)
  private func estimateOneRepMax(_ weight: Double, _ reps: Int, _ rules: RecordRules, _ context: borrowing EventContext)
    throws(EngineError) -> Double
  {
    if let program = plan.oneRepMax, let value = run(program, (weight, Double(reps)), context) { return value }
    do {
      return try rules.estimatedOneRepMax.evaluate(weight, Double(reps))
    } catch {
      throw failure(rules.estimatedOneRepMax, error)
    }
  }

  /// Records a new best of an exercise; returns 1 (one record).
  private func recordBest(
    _ kind: PersonalRecordKind, _ exercise: Int, _ name: String?, _ value: Double, _ previous: Double?,
    _ context: borrowing EventContext, _ log: inout AwardLog
  ) -> Int {
    if log.isRecording {
      let text = name.map { log.append(text: $0) } ?? -1
      log.append(
        AwardRecord(
          day: context.day,
          Recorded.PersonalRecord(exercise: exercise, kind: kind, value: value, previous: previous, name: text)))
    }
    return 1
  }
}
