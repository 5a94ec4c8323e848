import Engine
import Foundation

/// A player's id as its bytes: 1–200 bytes of UTF-8 without NUL, compared, hashed, sorted and
/// stored as those bytes. Swift's `String` compares by Unicode canonical equivalence
/// (`"\u{212B}" == "\u{00C5}"`), SQLite and the partition hash by bytes; keying players by
/// their bytes everywhere keeps two such players apart whatever the batch or the partition.
public struct PlayerID: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The id's UTF-8 bytes.
  public let bytes: [UInt8]

  /// The longest id, in bytes (as for event ids).
  public static let maximumLength = 200

  /// An id from text; nil when it is empty, longer than 200 bytes or holds NUL. (A String's
  /// bytes are valid UTF-8 already: only the length and NUL are checked.)
  public init?(_ text: String) {
    let bytes = Array(text.utf8)
    guard Self.hasLengthWithoutNUL(bytes) else { return nil }
    self.bytes = bytes
  }

  /// An id from bytes; nil when they are empty, longer than 200 bytes, hold NUL or are not UTF-8.
  public init?(bytes: [UInt8]) {
    guard Self.isValid(bytes) else { return nil }
    self.bytes = bytes
  }

  /// Whether bytes make an id: 1–200 bytes of valid UTF-8 without NUL.
  public static func isValid(_ bytes: [UInt8]) -> Bool {
    hasLengthWithoutNUL(bytes) && String(validating: bytes, as: UTF8.self) != nil
  }

  /// 1–200 bytes, none of them NUL (what an id needs besides being UTF-8).
  private static func hasLengthWithoutNUL(_ bytes: [UInt8]) -> Bool {
    (1...maximumLength).contains(bytes.count) && !bytes.contains(0)
  }

  /// What a command prints when an id it was given is not one.
  public static let requirement = "a player id is 1 to 200 bytes of UTF-8 without NUL"

  /// The id as text (always exact: the bytes are valid UTF-8).
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The id as text.
  public var description: String { text }

  /// Hashes the bytes in one call (the derived hash feeds the hasher one byte at a time).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(bytes.count)
    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
  }

  /// Equal bytes, compared with one `memcmp` (the derived `==` compared them through the array's
  /// generic equality, a measurable part of grouping a batch by player).
  public static func == (a: PlayerID, b: PlayerID) -> Bool {
    a.bytes.count == b.bytes.count
      && a.bytes.withUnsafeBytes { left in
        b.bytes.withUnsafeBytes { right in
          guard let p = left.baseAddress, let q = right.baseAddress else { return true }
          return memcmp(p, q, left.count) == 0
        }
      }
  }

  /// Byte order (what `players list` prints and partitions never depend on).
  public static func < (a: PlayerID, b: PlayerID) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }
}
