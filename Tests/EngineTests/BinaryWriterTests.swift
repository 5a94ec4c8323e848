import Engine
import Testing

/// The binary writer's bytes, worked out by hand from the form (LEB128 varints, zigzag, raw
/// little-endian words, counted strings), and its memory: growing past its first room and
/// inserting a length in front of what it wrote keep every byte in place.
@Suite struct BinaryWriterTests {
  func written(capacity: Int = 2048, _ write: (inout BinaryWriter) -> Void) -> [UInt8] {
    var writer = BinaryWriter(capacity: capacity)
    write(&writer)
    return writer.bytes
  }

  @Test func unsignedIsSevenBitsAByteLowFirst() {
    #expect(written { $0.unsigned(0) } == [0x00])
    #expect(written { $0.unsigned(127) } == [0x7F])
    #expect(written { $0.unsigned(128) } == [0x80, 0x01])
    // 300 = 0b10_0101100: 0101100 with the high bit (0xAC), then 10 (0x02).
    #expect(written { $0.unsigned(300) } == [0xAC, 0x02])
    // 64 bits: nine bytes of seven ones, then the last bit.
    #expect(written { $0.unsigned(UInt64.max) } == Array(repeating: 0xFF, count: 9) + [0x01])
  }

  @Test func signedIsZigzagged() {
    #expect(written { $0.int(0) } == [0x00])
    #expect(written { $0.int(-1) } == [0x01])
    #expect(written { $0.int(1) } == [0x02])
    #expect(written { $0.int(-64) } == [0x7F])
    #expect(written { $0.int(64) } == [0x80, 0x01])
    #expect(written { $0.int64(Int64.min) } == Array(repeating: 0xFF, count: 9) + [0x01])
  }

  @Test func wordsStringsAndOptionals() {
    #expect(written { $0.raw64(0x0102_0304_0506_0708) } == [8, 7, 6, 5, 4, 3, 2, 1])
    // 1.0 is 0x3FF0000000000000.
    #expect(written { $0.double(1) } == [0, 0, 0, 0, 0, 0, 0xF0, 0x3F])
    // "é" is two bytes of UTF-8; a String holding them out of line reads the same.
    #expect(written { $0.string("é") } == [2, 0xC3, 0xA9])
    let long = String(repeating: "ab", count: 100)
    #expect(written { $0.string(long) } == [0xC8, 0x01] + Array(long.utf8))
    #expect(written { $0.optional(Int?.none) { $0.int($1) } } == [0])
    #expect(written { $0.optional(Int?.some(2)) { $0.int($1) } } == [1, 4])
    #expect(written { $0.list([1, -1]) { $0.int($1) } } == [2, 2, 1])
    let flags = written { writer in
      writer.bool(true)
      writer.bool(false)
      writer.byte(0xAB)
    }
    #expect(flags == [1, 0, 0xAB])
  }

  @Test func growsPastItsRoomKeepingTheBytes() {
    let bytes = written(capacity: 1) { writer in
      for value in 0..<10_000 { writer.byte(UInt8(truncatingIfNeeded: value)) }
    }
    #expect(bytes == (0..<10_000).map { UInt8(truncatingIfNeeded: $0) })
  }

  @Test func aLengthGoesInFrontOfItsBody() {
    // A body of 200 bytes in a writer of 16: the two-byte length (200 = 0xC8 0x01) moves it on.
    let body = (0..<200).map { UInt8($0) }
    let bytes = written(capacity: 16) { writer in
      writer.byte(0xEE)
      writer.lengthPrefixed { $0.append(body) }
      writer.byte(0xFF)
    }
    #expect(bytes == [0xEE, 0xC8, 0x01] + body + [0xFF])
    #expect(written { $0.lengthPrefixed { _ in } } == [0])
    let inserted = written(capacity: 16) { writer in
      writer.append([1, 2, 3])
      writer.insertUnsigned(128, at: 0)
      writer.insertUnsigned(5, at: 5)
    }
    #expect(inserted == [0x80, 0x01, 1, 2, 3, 5])
  }

  @Test func readsBackWhatItWrote() throws {
    var writer = BinaryWriter(capacity: 1)
    writer.unsigned(1 << 40)
    writer.int(-123_456)
    writer.string("Kettlebell Swing")
    writer.double(-0.0)
    #expect(writer.count == writer.bytes.count)
    let bytes = writer.bytes
    let values = bytes.withUnsafeBytes { buffer in
      Result { () throws(BinaryFormatError) in
        var reader = BinaryReader(buffer)
        let values = (try reader.unsigned(), try reader.int(), try reader.string(), try reader.double())
        return (values, reader.isAtEnd)
      }
    }
    let ((large, negative, name, zero), atEnd) = try values.get()
    #expect(large == 1 << 40)
    #expect(negative == -123_456)
    #expect(name == "Kettlebell Swing")
    #expect(zero.bitPattern == (-0.0).bitPattern)
    #expect(atEnd)
  }
}
