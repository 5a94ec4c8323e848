import RuleLanguage

// Achievements are checked after every event, to a fixed point: reward XP can raise the level,
// which can meet further conditions. Each round collects the tiers whose conditions hold, then
// unlocks them in pack order (achievement, then tier). The rounds are bounded by the number of
// tiers, since each unlocks once.

extension Engine {
  @inline(__always)
  func checkAchievements(
    _ context: inout EventContext, _ live: inout LivePlayer, isNutrition: Bool = false, _ log: inout AwardLog
  ) throws(EngineError) {
    guard plan.tierCount > 0 else { return }
    // Only the groups and non-indexed achievements whose facts this event can move (all of them
    // on a player's first event).
    let all = plan.categoryCount + 2
    let key = AchievementPlan.eventKey(
      category: context.facts.category, categories: plan.categoryCount, isNutrition: isNutrition)
    let listed = Self.list(plan.eventGroups, plan.eventGroupEnds, live.hasCheckedAll ? key : all)
    let general = Self.list(plan.eventGeneral, plan.eventGeneralEnds, live.hasCheckedAll ? key : all)
    live.hasCheckedAll = true
    try checkAchievements(listed, general, &context, &live.progress, &live.cursors, &log)
  }

  /// Key `key`'s list of a flattened list of lists (its ends given).
  @inline(__always)
  private static func list(_ lists: UnsafeBufferPointer<Int32>, _ ends: UnsafeBufferPointer<Int32>, _ key: Int)
    -> UnsafeBufferPointer<Int32>
  {
    UnsafeBufferPointer(rebasing: lists[Int(key == 0 ? 0 : ends[key - 1])..<Int(ends[key])])
  }

  /// A tier found met, to unlock.
  private typealias Found = (achievement: Int, tier: Int, values: ValueRange)

  private func checkAchievements(
    _ listed: UnsafeBufferPointer<Int32>, _ general: UnsafeBufferPointer<Int32>, _ context: inout EventContext,
    _ state: inout PlayerProgress, _ cursors: inout [Int], _ log: inout AwardLog
  ) throws(EngineError) {
    for _ in 0...plan.tierCount {
      var found: [Found] = []
      cursors.withUnsafeMutableBufferPointer { cursors in
        scanIndexed(listed, &context, &state, cursors.baseAddress.unsafelyUnwrapped, &found, &log)
      }
      if !general.isEmpty { try scanGeneral(general, &context, &state, &found, &log) }
      if found.isEmpty { return }
      found.sort { ($0.achievement, $0.tier) < ($1.achievement, $1.tier) }
      for unlock in found {
        try self.unlock(unlock.achievement, tier: unlock.tier, values: unlock.values, &context, &state, &log)
      }
    }
  }

  /// Moves the cursor of each listed group past the tiers its fact now meets, collecting those
  /// still locked. One fact read and one comparison per group when nothing unlocks.
  @inline(__always)
  private func scanIndexed(
    _ listed: UnsafeBufferPointer<Int32>, _ context: inout EventContext, _ state: inout PlayerProgress,
    _ cursors: UnsafeMutablePointer<Int>, _ found: inout [Found], _ log: inout AwardLog
  ) {
    let readers = plan.readers.baseAddress.unsafelyUnwrapped
    let groups = plan.groups
    let groupEnds = plan.groupEnds
    let entries = plan.entries
    withUnsafeMutablePointer(to: &state) { progress in
      withUnsafeMutablePointer(to: &context) { event in
        for listedGroup in listed {
          let group = Int(listedGroup)
          var cursor = cursors[group]
          let end = Int(groupEnds[group])
          guard cursor < end else { continue }
          let slot = Int(groups[group])
          let value = readers[slot].read(UnsafeRawPointer(progress), UnsafeRawPointer(event))
          guard entries[cursor].isMet(by: value) else { continue }
          while cursor < end, entries[cursor].isMet(by: value) {
            let entry = entries[cursor]
            if progress.pointee.achievements[entry.achievement].tier <= entry.tier {
              let values = log.isExplaining ? log.append(values: [Double(slot), value]) : .empty
              found.append((entry.achievement, entry.tier, values))
            }
            cursor += 1
          }
          cursors[group] = cursor
        }
      }
    }
  }

  /// Evaluates the next locked tier of each listed non-indexed achievement, collecting those met.
  private func scanGeneral(
    _ listed: UnsafeBufferPointer<Int32>, _ context: inout EventContext, _ state: inout PlayerProgress,
    _ found: inout [Found], _ log: inout AwardLog
  ) throws(EngineError) {
    for item in listed {
      let index = Int(item)
      let achievement = Int(plan.generalAchievements[index])
      let tier = state.achievements[achievement].tier
      guard tier < Int(plan.generalTiers[index]) else { continue }
      // Only the slots this achievement reads (the state does not change during a scan).
      fill(Self.list(plan.generalSlots, plan.generalSlotEnds, index), &context, &state)
      let condition = Int(plan.generalStarts[index]) + tier
      let value = try evaluate(AchievementsMechanic.self, site: 0, formula: condition, context)
      // A metric reaches its bound; a true/false condition (no bound: NaN) holds.
      let atLeast = plan.generalBounds[condition]
      if atLeast.isNaN ? value != 0 : value >= atLeast {
        let values =
          log.isExplaining
          ? log.append(
            values: plan.achievements.general[index].conditions[tier].formula.slots.flatMap {
              [Double($0), context.slots[$0]]
            })
          : .empty
        found.append((achievement, tier, values))
      }
    }
  }

  private func unlock(
    _ index: Int, tier: Int, values: ValueRange, _ context: inout EventContext, _ state: inout PlayerProgress,
    _ log: inout AwardLog
  ) throws(EngineError) {
    let tierRule = pack.achievements[index].tiers[tier]
    state.achievements[index].tier = tier + 1
    state.achievements[index].unlockedOn = context.day
    state.totals.achievements += 1
    if log.isRecording {
      log.append(
        AwardRecord(day: context.day, Recorded.AchievementUnlock(achievement: index, tier: tier + 1, values: values)))
    }
    if tierRule.rewardXP > 0 { try addPlayerXP(Int64(tierRule.rewardXP), &context, &state, &log) }
  }
}
