import Engine
import Foundation
import RuleLanguage
import Store

/// What `award` takes from one input line: an event to queue, or a line of another partition;
/// or, asked not to wait for input, that the next line is not read yet. A struct, not an enum
/// with the event as payload: the caller takes the event out (``event``'s `take()`), moved rather
/// than copied (binding an enum's payload copied the event, retaining each of its arrays and
/// strings, twice per line).
struct AwardInputItem {
  enum Kind {
    case event, otherPartition, wouldWait
  }

  let kind: Kind
  /// The event of an ``Kind/event`` item.
  var event: ResolvedEvent?
  /// The line, when it is the event's canonical line.
  var canonicalLine: String?
  /// The line's number.
  var number = 0
  /// The event id's fingerprint, computed where the line is read (with ``AwardReadAhead``, on
  /// the reading thread rather than the one that applies the events).
  var fingerprint = Fingerprint(high: 0, low: 0)

  static func event(_ event: consuming ResolvedEvent, canonicalLine: String?, number: Int) -> AwardInputItem {
    let fingerprint = Fingerprint(event.id)
    return AwardInputItem(
      kind: .event, event: event, canonicalLine: canonicalLine, number: number, fingerprint: fingerprint)
  }

  static let otherPartition = AwardInputItem(kind: .otherPartition)
  static let wouldWait = AwardInputItem(kind: .wouldWait)
}

/// An input line that could not be taken: its error and its line number.
struct AwardInputFailure: Error {
  var error: any Error
  var line: Int
}

/// Reads and resolves `award`'s input lines: everything done to a line before its event is
/// queued (blank lines skipped, the event resolved, its date checked, its player required with
/// --store and its partition chosen). It needs no store, so it can run ahead on another thread
/// (``AwardReadAhead``) unless the run chooses a pack per player.
struct AwardInput {
  let reader: LineReader
  let decoder: PlayerEventDecoder
  let dates: AwardSession.DateCheck
  let needsPlayer: Bool
  let partition: Partition?

  /// The next line's item; nil after the last line. `mayWait` false: ``AwardInputItem/wouldWait``
  /// rather than wait for input (blank lines before it skipped).
  /// - Throws: ``AwardInputFailure``, with the line, when the line cannot be read or taken.
  func next(mayWait: Bool = true) throws(AwardInputFailure) -> AwardInputItem? {
    do {
      return try take(mayWait: mayWait)
    } catch {
      throw AwardInputFailure(error: error, line: reader.lineNumber)
    }
  }

  private func take(mayWait: Bool) throws -> AwardInputItem? {
    var canonical = false
    while mayWait || reader.hasBufferedLine, let line = try reader.nextLine() {
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
      // The line is read where the reader holds it: copied only for an error, and once into
      // its String when canonical (it was copied to an array first: two allocations a line).
      let (file, number) = (reader.name, reader.lineNumber)
      let event = try decoder.resolve(line: line, file: file, lineNumber: number, canonical: &canonical)
      try dates.check(event, line, file: file, line: number)
      if needsPlayer {
        guard let player = event.player else {
          let bytes = Array(line)
          let offset = (try? JSONReader.parse(bytes))?.offset ?? 0
          throw DiagnosticError(
            Diagnostic(
              in: SourceFile(name: file, bytes: bytes, firstLine: number), offset: offset,
              message: "an event needs \"player\" with --store"))
        }
        if let partition, !partition.owns(player) { return .otherPartition }
      }
      let canonicalLine = canonical ? String(decoding: line, as: UTF8.self) : nil
      return .event(consume event, canonicalLine: canonicalLine, number: number)
    }
    return mayWait || reader.hasBufferedLine ? nil : .wouldWait
  }
}

/// An ``AwardInput`` run ahead on its own thread, in groups of lines, while the caller
/// applies the lines before them: reading and resolving (a fifth of `award --store`'s work)
/// then overlaps the engine and the store. The items come in the lines' order, a failure last:
/// what the caller does with them is what it would do reading the lines itself. A group goes on
/// early when the next line is not read yet, so a slow pipe's lines are not held back. Groups
/// wait to be taken up to a memory budget (at least two: with one being read and one being
/// applied, about 2 MB of resolved events), so that the lines of the next batch are read while
/// this one is applied and delivered; ``stop()`` ends the reading early.
final class AwardReadAhead: @unchecked Sendable {
  /// Lines per group.
  static let groupSize = 1024
  /// What a waiting line is taken to hold besides its bytes (when they are its canonical line,
  /// kept with it): its resolved event and item.
  /// Measured: 200 groups waiting (204,800 lines of 10,000 players × 30 days, about 190 bytes
  /// each) raised the peak RSS of `award --store` by 100–120 MB, 500–600 bytes a line.
  static let bytesPerLine = 1_024

  /// What lines read ahead may hold for one player's state file (`award --state`): a batch of
  /// `batchSize` lines of up to a kilobyte each (20 MB for the default 10,000), so that the
  /// next batch is read and resolved while this one is applied, delivered and saved. With two
  /// groups alone, reading overlapped only the first 2,048 lines of each batch of 10,000 and
  /// the engine waited for the rest: why an earlier attempt at reading ahead for `--state`
  /// measured no gain.
  static func batchShare(of batchSize: Int) -> Int {
    batchSize * 2 * bytesPerLine
  }
  private let condition = NSCondition()
  /// The bytes that waiting groups may hold (two groups wait whatever it is).
  private let budget: Int
  /// Groups read and not yet taken, in order, and what they hold (guarded by `condition`).
  private var groups: [Group] = []
  private var heldBytes = 0
  private var isFinished = false
  private var isStopped = false
  /// The group being taken, its items handed out in order (`taken` of them so far), and the
  /// failure after it (the caller's thread only).
  @exclusivity(unchecked) private var current: [AwardInputItem] = []
  @exclusivity(unchecked) private var taken = 0
  @exclusivity(unchecked) private var failure: AwardInputFailure?

  /// Lines read together; a failure ends the last group.
  private struct Group {
    var items: [AwardInputItem] = []
    var failure: AwardInputFailure?
    /// What the group holds, estimated (``bytesPerLine`` and each line's bytes).
    var bytes = 0
  }

  /// Starts reading, holding up to `budget` bytes of lines read ahead. The source is used only
  /// by the reading thread from now on: the thread has let go of it once ``withNext(_:)``
  /// returns false or throws the reading's failure (not when it throws what its body threw: the
  /// caller then calls ``stop()`` and never reads the source again).
  init(_ source: AwardInput, budget: Int = 0) {
    self.budget = budget
    let box = SourceBox(source: source)
    let thread = Thread { [self] in self.read(box.source) }
    thread.stackSize = 8 << 20
    thread.start()
  }

  /// Hands the next line's item to `body` where it lies in its group (moved out, the item and
  /// its event were copied three times on their way to the caller: a tenth of what the thread
  /// that applies `award --state`'s events copied); false after the last line.
  /// - Throws: the reading's ``AwardInputFailure`` at its line, or what `body` throws.
  func withNext(_ body: (inout AwardInputItem) throws -> Void) throws -> Bool {
    if taken == current.count {
      if let failure = failure.take() { throw failure }
      condition.lock()
      while groups.isEmpty && !isFinished { condition.wait() }
      if groups.isEmpty {
        condition.unlock()
        return false
      }
      var group = groups.removeFirst()
      heldBytes -= group.bytes
      condition.signal()
      condition.unlock()
      // Swapped, not copied: `current` must be the items' only owner, or changing one in place
      // would copy the whole group.
      swap(&current, &group.items)
      taken = 0
      failure = group.failure
    }
    guard taken < current.count else {
      if let failure = failure.take() { throw failure }
      return false
    }
    taken += 1
    try body(&current[taken - 1])
    return true
  }

  /// Ends the reading when the caller stops before the end. The thread may still be waiting
  /// for input (a pipe that stays open): it is not waited for, and stops at its next line; the
  /// caller must not use the source's reader afterwards.
  func stop() {
    condition.lock()
    isStopped = true
    condition.broadcast()
    condition.unlock()
  }

  private func read(_ source: AwardInput) {
    var ended = false
    while !ended {
      var group = Group()
      group.items.reserveCapacity(Self.groupSize)
      while group.items.count < Self.groupSize {
        do {
          // A slow pipe's lines go on as they come, not when a group fills.
          guard let item = try source.next(mayWait: group.items.isEmpty) else {
            ended = true
            break
          }
          if item.kind == .wouldWait { break }
          group.bytes += Self.bytesPerLine + (item.canonicalLine?.utf8.count ?? 0)
          // Moved in: appended as it was, the item was copied (every field of its event retained)
          // and the original destroyed, 5% of this thread.
          group.items.append(consume item)
        } catch {
          group.failure = error
          ended = true
          break
        }
      }
      condition.lock()
      while groups.count >= 2 && heldBytes + group.bytes > budget && !isStopped { condition.wait() }
      if isStopped {
        ended = true
      } else {
        heldBytes += group.bytes
        groups.append(group)
      }
      if ended { isFinished = true }
      condition.broadcast()
      condition.unlock()
    }
  }
}

/// The source, handed to the reading thread (which alone uses it from then on).
private struct SourceBox: @unchecked Sendable {
  let source: AwardInput
}
