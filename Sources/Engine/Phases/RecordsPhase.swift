// Personal records per exercise, from working and drop sets (warm-ups never count): heaviest
// weight, best estimated one-rep max (a formula of weight and reps, for sets of at most
// `maxRepsForEstimate` reps) and most reps at a weight. The first session of an exercise sets the
// records without awards unless `awardFirst` is true.

extension Engine {
  func updateRecords(_ workout: Workout, _ step: inout Step, _ state: inout PlayerState, _ awards: inout [Award])
    throws(EngineError)
  {
    guard let rules = pack.records else { return }
    let tracks = (
      weight: rules.kinds.contains(.heaviestWeight), estimate: rules.kinds.contains(.estimatedOneRepMax),
      reps: rules.kinds.contains(.repsAtWeight)
    )
    var count = 0
    for (position, exercise) in workout.exercises.enumerated() {
      let index = Int(step.exercises[position])
      var record = state.records[index]
      let counts = record.sessions > 0 || rules.awardFirst
      var sessionHeaviest = 0.0
      var sessionEstimate = 0.0
      var hadWorkingSet = false
      var repsAwards: [PersonalRecord] = []
      for set in exercise.sets where set.kind != .warmUp {
        hadWorkingSet = true
        sessionHeaviest = max(sessionHeaviest, set.weightKg)
        if tracks.estimate, set.reps <= rules.maxRepsForEstimate, set.weightKg > 0 {
          do {
            sessionEstimate = max(sessionEstimate, try rules.estimatedOneRepMax.evaluate(set.weightKg, Double(set.reps)))
          } catch {
            throw failure(rules.estimatedOneRepMax, error, step)
          }
        }
        if tracks.reps {
          let weight = (set.weightKg * 10).rounded() / 10
          if let slot = record.repsAtWeight.firstIndex(where: { $0.weightKg == weight }) {
            let previous = record.repsAtWeight[slot].reps
            if set.reps > previous {
              record.repsAtWeight[slot].reps = set.reps
              if counts {
                repsAwards.removeAll { $0.weightKg == weight }
                repsAwards.append(
                  PersonalRecord(
                    eventID: step.eventID, day: step.day, exercise: exercise.name, kind: .repsAtWeight,
                    value: Double(set.reps), previous: Double(previous), weightKg: weight))
              }
            }
          } else {
            let insertAt = record.repsAtWeight.firstIndex { $0.weightKg > weight } ?? record.repsAtWeight.count
            record.repsAtWeight.insert(RepsAtWeight(weightKg: weight, reps: set.reps), at: insertAt)
          }
        }
      }
      guard hadWorkingSet else { continue }
      if tracks.weight, sessionHeaviest > record.heaviestKg {
        if counts {
          awards.append(
            .personalRecord(
              PersonalRecord(
                eventID: step.eventID, day: step.day, exercise: exercise.name, kind: .heaviestWeight,
                value: sessionHeaviest, previous: record.sessions > 0 ? record.heaviestKg : nil)))
          count += 1
        }
        record.heaviestKg = sessionHeaviest
      }
      if tracks.estimate, sessionEstimate > record.bestEstimatedOneRepMaxKg {
        if counts {
          awards.append(
            .personalRecord(
              PersonalRecord(
                eventID: step.eventID, day: step.day, exercise: exercise.name, kind: .estimatedOneRepMax,
                value: sessionEstimate, previous: record.sessions > 0 ? record.bestEstimatedOneRepMaxKg : nil)))
          count += 1
        }
        record.bestEstimatedOneRepMaxKg = sessionEstimate
      }
      awards += repsAwards.map { .personalRecord($0) }
      count += repsAwards.count
      record.sessions += 1
      state.records[index] = record
    }
    step.facts.prs = count
    if workoutSlots.prs >= 0 { step.slots[workoutSlots.prs] = Double(count) }
    state.totals.prs += count
  }
}
