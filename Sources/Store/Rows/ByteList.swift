/// A list of byte strings as one blob: a count, then each string's length and bytes (the count
/// and lengths as variable-length integers, 7 bits per byte). The lines of a `log` row, and a
/// stored rule pack's files.
enum ByteList {
  /// The blob of some lines (their UTF-8 bytes).
  static func encode(lines: some Collection<String>) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(lines.count * 300)
    append(lines.count, to: &bytes)
    for line in lines {
      var line = line
      line.withUTF8 { utf8 in
        append(utf8.count, to: &bytes)
        bytes.append(contentsOf: utf8)
      }
    }
    return bytes
  }

  /// The blob of some byte strings.
  static func encode(_ items: [[UInt8]]) -> [UInt8] {
    var bytes: [UInt8] = []
    append(items.count, to: &bytes)
    for item in items {
      append(item.count, to: &bytes)
      bytes.append(contentsOf: item)
    }
    return bytes
  }

  /// The byte strings of a blob; nil when it is not one.
  static func decode(_ bytes: [UInt8]) -> [ArraySlice<UInt8>]? {
    var offset = 0
    guard let count = number(bytes, &offset), count <= bytes.count else { return nil }
    var items: [ArraySlice<UInt8>] = []
    items.reserveCapacity(count)
    for _ in 0..<count {
      guard let length = number(bytes, &offset), length <= bytes.count - offset else { return nil }
      items.append(bytes[offset..<(offset + length)])
      offset += length
    }
    return offset == bytes.count ? items : nil
  }

  private static func append(_ value: Int, to bytes: inout [UInt8]) {
    var rest = UInt64(value)
    while rest >= 0x80 {
      bytes.append(UInt8(rest & 0x7F) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  private static func number(_ bytes: [UInt8], _ offset: inout Int) -> Int? {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while offset < bytes.count, shift < 63 {
      let byte = bytes[offset]
      offset += 1
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return value <= UInt64(Int32.max) ? Int(value) : nil }
      shift += 7
    }
    return nil
  }
}
