import Testing

@testable import Store

/// A row's checksum is the documented mix of its words, whatever path computes it: the same
/// value, word by word from the description, for every length and alignment of the bytes (the
/// stores written before keep verifying).
@Suite struct RowChecksumTests {
  /// The checksum as RowChecksum's description gives it: the count, then each 8-byte
  /// little-endian word (the last one zero-padded), each XORed in, multiplied by the FNV prime,
  /// then its high bits folded down by 29.
  static func reference(_ bytes: [UInt8]) -> UInt64 {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ word: UInt64) {
      value = (value ^ word) &* 0x100_0000_01b3
      value ^= value >> 29
    }
    mix(UInt64(bytes.count))
    var start = 0
    while start < bytes.count {
      var word: UInt64 = 0
      for (shift, byte) in bytes[start..<min(start + 8, bytes.count)].enumerated() {
        word |= UInt64(byte) << (8 * UInt64(shift))
      }
      mix(word)
      start += 8
    }
    return value
  }

  @Test func everyLengthAndAlignmentGivesTheDescribedValue() {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    let bytes: [UInt8] = (0..<300).map { _ in
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: seed >> 33)
    }
    for start in 0..<8 {
      for count in 0...(bytes.count - start) {
        let slice = Array(bytes[start..<(start + count)])
        var checksum = RowChecksum()
        // Read where it lies in the larger array: unaligned for most starts.
        bytes.withUnsafeBytes { checksum.add(UnsafeRawBufferPointer(rebasing: $0[start..<(start + count)])) }
        #expect(checksum.value == Self.reference(slice), "start \(start), count \(count)")
      }
    }
  }

  @Test func anEmptyRowAndOneZeroByteDiffer() {
    var empty = RowChecksum()
    empty.add([UInt8]())
    var zero = RowChecksum()
    zero.add([0])
    // Worked by hand: the count 0 mixed into the offset basis, then nothing more.
    var value: UInt64 = 0xcbf2_9ce4_8422_2325 &* 0x100_0000_01b3
    value ^= value >> 29
    #expect(empty.value == value)
    #expect(zero.value != empty.value)
  }
}
