import FitQuestTestSupport
import Testing

@testable import Engine

/// A progress's memory estimate decides where a store's batch ends under its memory bound, so
/// it must depend on the progress alone: not on its arrays' capacities, which on Linux are the
/// allocator's usable size of their blocks (they varied from run to run, and with threads).
@Suite struct ProgressMemoryEstimateTests {
  static let engine: Engine = {
    do {
      return try Engine(rulesDirectory: Paths.rules)
    } catch {
      preconditionFailure("the shipped rules do not load: \(error)")
    }
  }()

  @Test func equalProgressesAreEstimatedAlikeWhateverTheirCapacities() {
    let progress = Self.engine.newProgress()
    var roomy = progress
    roomy.records.reserveCapacity(progress.records.count + 500)
    roomy.loads.reserveCapacity(progress.loads.count + 500)
    roomy.achievements.reserveCapacity(progress.achievements.count + 500)
    #expect(roomy.records.capacity > progress.records.count + 400)
    #expect(roomy == progress)
    #expect(roomy.estimatedBytes == progress.estimatedBytes)
  }

  /// An array's room is its count rounded up to a power of two: 3 records are counted as 4,
  /// 5 as 8 (each ExerciseRecord's stride, in a block of a 32-byte header, 16 bytes of its name,
  /// and its own empty list of reps at weights: one bare block each).
  @Test func anArraysRoomIsItsCountRoundedUpToAPowerOfTwo() {
    var progress = PlayerProgress()
    let empty = progress.estimatedBytes
    let stride = MemoryLayout<ExerciseRecord>.stride
    progress.records = (0..<3).map { ExerciseRecord(exercise: "e\($0)") }
    // The empty array counted one bare block (48 bytes); 3 records: a block of 4, 3 names, and
    // 3 bare blocks.
    let bare = heapBlock(32)
    #expect(bare == 48)
    #expect(progress.estimatedBytes - empty == heapBlock(32 + 4 * stride) + 3 * 16 - bare + 3 * bare)
    progress.records += (3..<5).map { ExerciseRecord(exercise: "e\($0)") }
    #expect(progress.estimatedBytes - empty == heapBlock(32 + 8 * stride) + 5 * 16 - bare + 5 * bare)
  }
}
