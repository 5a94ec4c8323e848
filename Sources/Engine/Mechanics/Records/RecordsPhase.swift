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
    let tracks = (
      weight: rules.kinds.contains(.heaviestWeight), estimate: rules.kinds.contains(.estimatedOneRepMax),
      reps: rules.kinds.contains(.repsAtWeight)
    )
    var count = 0
    var setIndex = 0
    for position in 0..<workout.exerciseCount {
      let index = pack.entry(of: workout, at: position, in: &state.records, name: \.exercise, make: ExerciseRecord.init)
      // The record is moved out while it changes and back after (a copy would share its
      // reps-at-weight list, which the first insert would then copy).
      var record = ExerciseRecord(exercise: "")
      swap(&record, &state.records[index])
      defer { state.records[index] = record }
      let name = index < pack.exercises.count ? nil : record.exercise
      let counts = record.sessions > 0 || rules.awardFirst
      var sessionHeaviest = 0.0
      var sessionEstimate = 0.0
      var hadWorkingSet = false
      var repsAwards: [Recorded.PersonalRecord] = []
      while setIndex < workout.setCount, workout.set(setIndex).exercise == Int32(position) {
        let set = workout.set(setIndex)
        setIndex += 1
        if set.isWarmUp { continue }
        hadWorkingSet = true
        sessionHeaviest = max(sessionHeaviest, set.weightKg)
        if tracks.estimate, let reps = rules.estimateReps(Int(set.reps)), set.weightKg > 0 {
          let estimate: Double
          if let program = plan.oneRepMax, let value = run(program, (set.weightKg, Double(reps)), context) {
            estimate = value
          } else {
            do {
              estimate = try rules.estimatedOneRepMax.evaluate(set.weightKg, Double(reps))
            } catch {
              throw failure(rules.estimatedOneRepMax, error)
            }
          }
          sessionEstimate = max(sessionEstimate, estimate)
        }
        if tracks.reps {
          let weight = (set.weightKg * 10).rounded() / 10
          if let slot = record.repsAtWeight.firstIndex(where: { $0.weightKg == weight }) {
            let previous = record.repsAtWeight[slot].reps
            if Int(set.reps) > previous {
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
          } else {
            let insertAt = record.repsAtWeight.firstIndex { $0.weightKg > weight } ?? record.repsAtWeight.count
            record.repsAtWeight.insert(RepsAtWeight(weightKg: weight, reps: Int(set.reps)), at: insertAt)
          }
        }
      }
      guard hadWorkingSet else { continue }
      if tracks.weight, sessionHeaviest > record.heaviestKg {
        if counts {
          count += recordBest(
            .heaviestWeight, index, name, sessionHeaviest, record.sessions > 0 ? record.heaviestKg : nil, context, &log)
        }
        record.heaviestKg = sessionHeaviest
      }
      if tracks.estimate, sessionEstimate > record.bestEstimatedOneRepMaxKg {
        let previous = record.sessions > 0 ? record.bestEstimatedOneRepMaxKg : nil
        if counts { count += recordBest(.estimatedOneRepMax, index, name, sessionEstimate, previous, context, &log) }
        record.bestEstimatedOneRepMaxKg = sessionEstimate
      }
      if log.isRecording {
        for award in repsAwards { log.append(AwardRecord(day: context.day, award)) }
      }
      count += repsAwards.count
      record.sessions += 1
    }
    context.facts.prs = count
    state.totals.prs += count
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
