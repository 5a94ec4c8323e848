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

  /// The events as the engine applies them: summary workouts (total sets and volume), dated from
  /// 2026-01-05, resolved once against the pack's categories (W1's order).
  package func engineEvents() -> [ResolvedEvent] {
    let start = Day(validYear: 2026, month: 1, day: 5)
    var events: [ResolvedEvent] = []
    events.reserveCapacity(count)
    for index in 0..<count {
      var event = ResolvedEvent(kind: .workout, id: "w\(index)", day: start.adding(Int(day[index])))
      event.category = Int32(category[index])
      event.durationMin = durationMin[index]
      event.rpe = Double(rpe[index])
      event.hasRPE = true
      event.hasSummary = true
      event.summarySets = Int(sets[index])
      event.summaryVolumeKg = volumeKg[index]
      events.append(event)
    }
    return events
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
