import FitQuest

/// A deterministic month of logs for one player (SplitMix64 seeded by the player's number), as a
/// service would receive them: workouts on most days, meals, the day's close.
struct Traffic {
  private var state: UInt64

  init(player: Int) { state = 0x9E37_79B9_7F4A_7C15 &* UInt64(player + 1) }

  mutating func next() -> UInt64 {
    state = state &+ 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func events(player: Int, days: Int, from start: Day) -> [Event] {
    let categories = ["strength", "cardio", "flexibility", "sports", "other"]
    var events: [Event] = []
    for offset in 0..<days {
      let day = start.adding(offset)
      let id = "p\(player)-d\(offset)"
      if next() % 10 < 6 {
        let category = categories[Int(next() % 5)]
        events.append(.workout(
          id: id + "-w", day: day, category: category, durationMin: Double(20 + next() % 70), rpe: Double(5 + next() % 5)))
      }
      events.append(.nutrition(id: id + "-n", day: day, intakeKcal: Double(1800 + next() % 900)))
      events.append(.dayClosed(id: id + "-c", day: day))
    }
    return events
  }
}
