/// FitQuest's compact binary form of a `Codable` value, for the store's player rows: the same
/// structure as JSON (keyed and unkeyed containers, keys as text) with numbers as 8 raw bytes and
/// no text to format or parse, so saving and loading a player costs a fraction of JSON's time.
/// Every value starts with a tag, so nil, the end of a container and a key are recognised
/// wherever they are; a keyed container is indexed when opened, so keys may be read in any
/// order.
enum CompactTag: UInt8 {
  case null = 0, int = 1, double = 2, bool = 3, string = 4, keyed = 5, unkeyed = 6, end = 7, key = 8, uint = 9
}

/// The bytes being written, shared by an encoder and its containers.
final class CompactBuffer {
  var bytes: [UInt8] = []
  /// Set when a value used a container this format does not support (nested containers).
  var unsupported: String?

  init() { bytes.reserveCapacity(8192) }

  @inline(__always) func tag(_ tag: CompactTag) { bytes.append(tag.rawValue) }

  @inline(__always) func raw64(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  func string(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      length(utf8.count)
      bytes.append(contentsOf: utf8)
    }
  }

  /// A length as a variable-length integer (7 bits per byte).
  func length(_ value: Int) {
    var rest = UInt64(value)
    while rest >= 0x80 {
      bytes.append(UInt8(rest & 0x7F) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }
}
