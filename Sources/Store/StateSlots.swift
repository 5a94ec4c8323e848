import Engine
import Ledger

/// The cache's player states by id, each in its own heap block: a dictionary's storage holds a
/// slot for every place of its capacity (up to 8/3 of its count), and a state held inline takes
/// ``MemoryLayout<PlayerState>.stride`` (1,280 bytes) in each — most of them empty, uncounted
/// by the states' own estimates, and resident once the hashed entries have touched their pages.
/// Boxed, a slot is 16 bytes and each state's block is counted with the state.
struct StateSlots {
  private final class Box {
    var state: PlayerState?
    init(_ state: consuming PlayerState) { self.state = consume state }
  }

  private var boxes: [PlayerID: Box] = [:]

  /// What a held state's box adds to the state's own estimate: its heap block's header.
  static let boxBytes = 16

  /// What the slots take per player in a dictionary of this key (a 16-byte slot, with up to
  /// 8/3 slots per player at the lowest load).
  static let slotBytes = 3 * 16

  subscript(player: PlayerID) -> PlayerState? { boxes[player]?.state }

  /// The ids of the states held, in no particular order.
  var players: [PlayerID] { Array(boxes.keys) }

  func contains(_ player: PlayerID) -> Bool { boxes.index(forKey: player) != nil }

  /// Stores a state (replacing any).
  mutating func put(_ player: PlayerID, _ state: consuming PlayerState) { boxes[player] = Box(state) }

  /// Takes a state out, without copying it.
  mutating func take(_ player: PlayerID) -> PlayerState? {
    guard let box = boxes.removeValue(forKey: player) else { return nil }
    var state: PlayerState?
    swap(&state, &box.state)
    return state
  }

  mutating func remove(_ player: PlayerID) { boxes.removeValue(forKey: player) }

  mutating func removeAll() { boxes.removeAll() }

  /// Sheds what a held state can rebuild, in place; its new estimate (nil: not held).
  mutating func shrink(_ player: PlayerID) -> Int? {
    guard let box = boxes[player], box.state != nil else { return nil }
    box.state?.shrink()
    return box.state?.estimatedBytes
  }
}
