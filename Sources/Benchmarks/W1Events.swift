import Engine

/// The events of workload W1 (../shared/bench/W1.md), generated exactly as defined: a 64-bit
/// LCG from 42, draws in the order category, duration, sets, volume, RPE; day = i × 2 / 3.
public struct W1Events: Sendable {
  public let count: Int
  public let category: [UInt8]
  public let durationMin: [Double]
  public let sets: [Int32]
  public let volumeKg: [Double]
  public let rpe: [Int32]
  public let day: [Int32]

  public static let categoryNames = ["strength", "cardio", "flexibility", "sports", "other"]

  /// Generates `count` events.
  public init(count: Int) {
    var state: UInt64 = 42
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    var category = [UInt8](repeating: 0, count: count)
    var duration = [Double](repeating: 0, count: count)
    var sets = [Int32](repeating: 0, count: count)
    var volume = [Double](repeating: 0, count: count)
    var rpe = [Int32](repeating: 0, count: count)
    var day = [Int32](repeating: 0, count: count)
    for index in 0..<count {
      category[index] = UInt8(next() % 5)
      duration[index] = Double(10 + next() % 111)
      sets[index] = Int32(next() % 31)
      let drawn = Double(next() % 20001) / 10.0
      volume[index] = category[index] == 0 ? drawn : 0.0
      rpe[index] = Int32(1 + next() % 10)
      day[index] = Int32(index * 2 / 3)
    }
    self.count = count
    self.category = category
    self.durationMin = duration
    self.sets = sets
    self.volumeKg = volume
    self.rpe = rpe
    self.day = day
  }

  /// The events as engine events: summary workouts (total sets and volume), dated from 2026-01-05.
  public func engineEvents() -> [Event] {
    let start = Day(year: 2026, month: 1, day: 5)
    return (0..<count).map { index in
      .workoutLogged(Workout(
        id: "w\(index)", day: start.adding(Int(day[index])), category: Self.categoryNames[Int(category[index])],
        durationMin: durationMin[index], rpe: Double(rpe[index]),
        summary: Workout.Summary(sets: Int(sets[index]), volumeKg: volumeKg[index])))
    }
  }
}

/// What W1 reports, equal between the engine and the hand-written loop.
public struct W1Outcome: Sendable, Equatable {
  public var totalXP: Int64
  public var finalLevel: Int
  /// Each achievement that unlocked, with the index of the event that unlocked it, in W1 order.
  public var unlocks: [(name: String, index: Int)]

  /// Creates an outcome.
  public init(totalXP: Int64, finalLevel: Int, unlocks: [(name: String, index: Int)]) {
    self.totalXP = totalXP
    self.finalLevel = finalLevel
    self.unlocks = unlocks
  }

  public static func == (lhs: W1Outcome, rhs: W1Outcome) -> Bool {
    lhs.totalXP == rhs.totalXP && lhs.finalLevel == rhs.finalLevel
      && lhs.unlocks.map(\.name) == rhs.unlocks.map(\.name) && lhs.unlocks.map(\.index) == rhs.unlocks.map(\.index)
  }
}
