import Foundation

/// W1 written directly in Swift: the physical limit of this logic, to compare the engine with.
///
/// Achievements are checked the way a careful programmer would: per group, only the next
/// threshold not yet reached.
public enum W1HandWritten {
  /// The 28 achievements in W1's order: the names the engine pack gives them.
  public static let names: [String] =
    [1, 10, 50, 100, 500, 1000].map { "workouts-\($0)" } + [3, 7, 30, 100].map { "streak-\($0)" }
    + W1Events.categoryNames.flatMap { category in [10, 50].map { "\(category)-\($0)" } }
    + [10000, 100000, 1000000].map { "volume-\($0)" } + [600, 6000, 60000].map { "minutes-\($0)" }
    + [5, 10].map { "level-\($0)" }

  /// Runs W1 over the events.
  public static func run(_ events: W1Events) -> W1Outcome {
    let base: (Double, Double, Double, Double, Double) = (50, 40, 30, 45, 20)
    let multiplier: (Double, Double, Double, Double, Double) = (1.2, 1.0, 0.8, 1.1, 0.7)
    var totalXP: Int64 = 0
    var workouts = 0
    var perCategory = (0, 0, 0, 0, 0)
    var volume = 0.0
    var minutes = 0.0
    var streak = 0
    var bestStreak = 0
    var lastDay: Int32 = -1
    var level = 1
    var nextThreshold = threshold(1)
    var unlocked = [Int](repeating: -1, count: 28)
    // Next unreached mark per group: (next value index, first slot, marks).
    let workoutMarks = [1, 10, 50, 100, 500, 1000]
    let streakMarks = [3, 7, 30, 100]
    let volumeMarks = [10000.0, 100000, 1000000]
    let minuteMarks = [600.0, 6000, 60000]
    var nextWorkout = 0
    var nextStreak = 0
    var nextVolume = 0
    var nextMinutes = 0
    var nextLevel = 0
    var nextCategory = (0, 0, 0, 0, 0)
    events.category.withUnsafeBufferPointer { category in
      events.durationMin.withUnsafeBufferPointer { duration in
        events.sets.withUnsafeBufferPointer { sets in
          events.volumeKg.withUnsafeBufferPointer { volumes in
            events.rpe.withUnsafeBufferPointer { rpes in
              events.day.withUnsafeBufferPointer { days in
                for index in 0..<events.count {
                  let c = Int(category[index])
                  let (b, m): (Double, Double)
                  switch c {
                  case 0: (b, m) = (base.0, multiplier.0)
                  case 1: (b, m) = (base.1, multiplier.1)
                  case 2: (b, m) = (base.2, multiplier.2)
                  case 3: (b, m) = (base.3, multiplier.3)
                  default: (b, m) = (base.4, multiplier.4)
                  }
                  let factor = rpes[index] >= 8 ? 1.1 : 1.0
                  let raw = (b + duration[index] * 1.5 + Double(sets[index]) * 2 + volumes[index] / 100) * m * factor
                  totalXP += min(500, Int64(raw.rounded(.toNearestOrAwayFromZero)))
                  workouts += 1
                  volume += volumes[index]
                  minutes += duration[index]
                  let day = days[index]
                  if day != lastDay {
                    streak = day == lastDay + 1 ? streak + 1 : 1
                    lastDay = day
                    if streak > bestStreak { bestStreak = streak }
                  }
                  while totalXP >= nextThreshold {
                    level += 1
                    nextThreshold = threshold(level)
                  }
                  while nextWorkout < 6, workouts >= workoutMarks[nextWorkout] {
                    unlocked[nextWorkout] = index
                    nextWorkout += 1
                  }
                  while nextStreak < 4, bestStreak >= streakMarks[nextStreak] {
                    unlocked[6 + nextStreak] = index
                    nextStreak += 1
                  }
                  var count = 0
                  var next = 0
                  switch c {
                  case 0: perCategory.0 += 1; count = perCategory.0; next = nextCategory.0
                  case 1: perCategory.1 += 1; count = perCategory.1; next = nextCategory.1
                  case 2: perCategory.2 += 1; count = perCategory.2; next = nextCategory.2
                  case 3: perCategory.3 += 1; count = perCategory.3; next = nextCategory.3
                  default: perCategory.4 += 1; count = perCategory.4; next = nextCategory.4
                  }
                  if next < 2, count >= (next == 0 ? 10 : 50) {
                    unlocked[10 + c * 2 + next] = index
                    next += 1
                    switch c {
                    case 0: nextCategory.0 = next
                    case 1: nextCategory.1 = next
                    case 2: nextCategory.2 = next
                    case 3: nextCategory.3 = next
                    default: nextCategory.4 = next
                    }
                  }
                  while nextVolume < 3, volume >= volumeMarks[nextVolume] {
                    unlocked[20 + nextVolume] = index
                    nextVolume += 1
                  }
                  while nextMinutes < 3, minutes >= minuteMarks[nextMinutes] {
                    unlocked[23 + nextMinutes] = index
                    nextMinutes += 1
                  }
                  while nextLevel < 2, level >= (nextLevel == 0 ? 5 : 10) {
                    unlocked[26 + nextLevel] = index
                    nextLevel += 1
                  }
                }
              }
            }
          }
        }
      }
    }
    let unlocks = unlocked.enumerated().filter { $0.element >= 0 }.map { (names[$0.offset], $0.element) }
    return W1Outcome(totalXP: totalXP, finalLevel: level, unlocks: unlocks)
  }

  /// The XP needed to reach level `n + 1`: t_n = floor(100 × n^1.5).
  @inline(__always)
  static func threshold(_ n: Int) -> Int64 { Int64((100 * pow(Double(n), 1.5)).rounded(.down)) }
}
