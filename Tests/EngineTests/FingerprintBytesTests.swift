import Testing

@testable import Engine

/// The 16-byte form of an event id's fingerprint, which stores keep on disk (the file ledger's
/// `.ids` file, the SQLite store's `ids` rows, the state's base64 `ids`): high word then low
/// word, each big-endian. Worked out by hand from the two words.
@Suite struct FingerprintBytesTests {
  let first = Fingerprint(high: 0x0102_0304_0506_0708, low: 0x1112_1314_1516_1718)
  let second = Fingerprint(high: 0xF0E0_D0C0_B0A0_9080, low: 0x0000_0000_0000_00FF)

  @Test func oneFingerprintIsItsHighThenLowWordBigEndian() {
    #expect(Fingerprint.bytes(of: [first]) == [1, 2, 3, 4, 5, 6, 7, 8, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18])
  }

  @Test func manyFingerprintsAreTheirBytesOneAfterTheOther() {
    let bytes = Fingerprint.bytes(of: [first, second][...])
    #expect(bytes.count == 32)
    #expect(Array(bytes[16...]) == [0xF0, 0xE0, 0xD0, 0xC0, 0xB0, 0xA0, 0x90, 0x80, 0, 0, 0, 0, 0, 0, 0, 0xFF])
    #expect(Array(bytes[..<16]) == Fingerprint.bytes(of: [first]))
    #expect(Fingerprint.bytes(of: [Fingerprint]()) == [])
  }

  @Test func appendingAddsAfterWhatIsThere() {
    var buffer: [UInt8] = [9]
    second.append(to: &buffer)
    #expect(buffer == [9] + Fingerprint.bytes(of: [second]))
  }

  @Test func aSliceWritesOnlyItsOwnFingerprints() {
    // A slice that does not start at the array's start (as a store appends the ids it lacks).
    let ids = [second, first, second]
    #expect(Fingerprint.bytes(of: ids[1...]) == Fingerprint.bytes(of: [first, second]))
    #expect(Fingerprint.bytes(of: ids[2..<2]) == [])
  }

  @Test func theBytesReadBackInOrder() {
    let bytes = Fingerprint.bytes(of: [first, second])
    #expect(Fingerprint.list(from: bytes) == [first, second])
    // An unaligned start (one byte in), and a partial last fingerprint, which is not read.
    let shifted = [0xAA] + bytes + [1, 2, 3]
    let read = shifted.withUnsafeBytes { Fingerprint.list(from: UnsafeRawBufferPointer(rebasing: $0[1...])) }
    #expect(read == [first, second])
    #expect(Fingerprint.list(from: [UInt8](repeating: 7, count: 15)) == [])
  }
}
