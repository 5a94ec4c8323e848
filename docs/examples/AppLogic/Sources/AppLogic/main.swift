import FitQuest
import Foundation

// A week of an app's life: workouts and meals logged, the screens' messages printed, the player
// saved and reloaded, a mistaken workout withdrawn. Exits 1 if anything is not as it should be.

let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let rules = CommandLine.arguments.count > 1 ? URL(fileURLWithPath: CommandLine.arguments[1]) : repository.appendingPathComponent("rules")
let file = FileManager.default.temporaryDirectory.appendingPathComponent("applogic-\(getpid()).json")
defer { try? FileManager.default.removeItem(at: file) }

var failures = 0
@MainActor func check(_ condition: Bool, _ what: String) {
  if !condition {
    print("FAILED: \(what)")
    failures += 1
  }
}

do {
  let store = try PlayerStore(rules: rules, file: file)
  guard let monday = Day(year: 2026, month: 1, day: 5) else { fatalError("no such day") }
  let squat = Exercise(name: "Back Squat", sets: [ExerciseSet(reps: 5, weightKg: 60, kind: .warmUp), ExerciseSet(reps: 5, weightKg: 100, rpe: 8)])
  var day = monday
  for week in 0..<3 {
    for (offset, category) in [(0, "strength"), (2, "cardio"), (4, "strength")] {
      day = monday.adding(week * 7 + offset)
      let event: Event = category == "strength"
        ? .workout(id: "w\(week)-\(offset)", day: day, category: category, durationMin: 50, rpe: 8, exercises: [squat])
        : .workout(id: "w\(week)-\(offset)", day: day, category: category, durationMin: 35, rpe: 6, distanceKm: 6)
      for line in try store.log(event) { print("\(day.iso)  \(line)") }
      _ = try store.log(.nutrition(id: "n\(week)-\(offset)", day: day, intakeKcal: 2300))
      for line in try store.log(.dayClosed(id: "d\(week)-\(offset)", day: day)) { print("\(day.iso)  \(line)") }
    }
  }
  let before = store.player
  check(before.level > 1, "the player levelled up")
  check(before.companions.members.count == 1, "a companion joined")

  // Saved and reloaded, the player is the same.
  let reloaded = try PlayerStore(rules: rules, file: file)
  check(reloaded.player == before, "the saved player reloads equal")

  // A workout logged by mistake: withdrawn, with what the screen must take back.
  for line in try store.undo("w2-4", on: day) { print("\(day.iso)  \(line)") }
  check(store.player.xp < before.xp, "the withdrawn workout's XP is gone")
  check(store.player.totals.workouts == before.totals.workouts - 1, "one workout fewer")
  print("level \(store.player.level), \(store.player.xp) XP, \(store.player.totals.workouts) workouts")
} catch {
  print("error: \(error)")
  failures += 1
}
exit(failures == 0 ? 0 : 1)
