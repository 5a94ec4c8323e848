/// One of `count` partitions of the players: a player belongs to partition
/// `FNV-1a-64(UTF-8 bytes of its id) mod count` — a documented, stable hash, so every process and
/// machine agrees, whatever the platform or the order of the events.
public struct Partition: Sendable, Hashable, CustomStringConvertible {
  public let index: Int
  public let count: Int

  /// Partition `index` of `count` (0 ≤ index < count).
  public init?(index: Int, count: Int) {
    guard count >= 1, (0..<count).contains(index) else { return nil }
    self.index = index
    self.count = count
  }

  /// Parses `i/n`.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
    self.init(index: index, count: count)
  }

  /// The partition a player id belongs to.
  public static func of(_ player: String, count: Int) -> Int {
    Int(hash(player) % UInt64(count))
  }

  /// FNV-1a, 64 bits, of the id's UTF-8 bytes (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
  public static func hash(_ player: String) -> UInt64 {
    var player = player
    return player.withUTF8 { hash($0) }
  }

  /// Whether a player belongs to this partition.
  public func owns(_ player: String) -> Bool { Self.of(player, count: count) == index }

  public var description: String { "\(index)/\(count)" }
}
