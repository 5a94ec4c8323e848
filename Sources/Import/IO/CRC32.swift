/// The CRC-32 of zip archives (IEEE 802.3, reflected polynomial 0xEDB88320), computed as bytes
/// pass.
package struct CRC32: Sendable, Equatable {
  /// The checksum of the bytes so far.
  package private(set) var value: UInt32 = 0

  package init() {}

  /// Eight tables of 256 entries ("slicing by 8"): table 0 is the byte-at-a-time table, table
  /// k the CRC of a byte followed by k zero bytes, so eight bytes are folded in per step.
  private static let tables: [UInt32] = {
    var tables = [UInt32](repeating: 0, count: 8 * 256)
    for index in 0..<256 {
      var crc = UInt32(index)
      for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
      tables[index] = crc
    }
    for index in 0..<256 {
      for slice in 1..<8 {
        let previous = tables[(slice - 1) * 256 + index]
        tables[slice * 256 + index] = tables[Int(previous & 0xFF)] ^ (previous >> 8)
      }
    }
    return tables
  }()

  /// Adds bytes.
  package mutating func update(_ bytes: UnsafeRawBufferPointer) {
    var crc = ~value
    CRC32.tables.withUnsafeBufferPointer { t in
      var index = 0
      let count = bytes.count
      while index + 8 <= count {
        let low =
          crc
          ^ (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16 | UInt32(
            bytes[index + 3]) << 24)
        let high =
          UInt32(bytes[index + 4]) | UInt32(bytes[index + 5]) << 8 | UInt32(bytes[index + 6]) << 16 | UInt32(
            bytes[index + 7]) << 24
        crc =
          t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int(low >> 8 & 0xFF)] ^ t[5 * 256 + Int(low >> 16 & 0xFF)]
          ^ t[4 * 256 + Int(low >> 24)] ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int(high >> 8 & 0xFF)]
          ^ t[256 + Int(high >> 16 & 0xFF)] ^ t[Int(high >> 24)]
        index += 8
      }
      while index < count {
        crc = t[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
        index += 1
      }
    }
    value = ~crc
  }
}
