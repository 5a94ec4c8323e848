/// The CRC-32 of zip archives (IEEE 802.3, reflected polynomial 0xEDB88320), computed as bytes
/// pass.
package struct CRC32: Sendable, Equatable {
  /// The checksum of the bytes so far.
  package private(set) var value: UInt32 = 0

  package init() {}

  private static let table: [UInt32] = (0..<256).map { index in
    var crc = UInt32(index)
    for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    return crc
  }

  /// Adds bytes.
  package mutating func update(_ bytes: UnsafeRawBufferPointer) {
    var crc = ~value
    CRC32.table.withUnsafeBufferPointer { table in
      for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
    value = ~crc
  }
}
