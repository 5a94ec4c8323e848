import Foundation
import Import
import RuleLanguage

/// Writes a one-member zip archive whose member is compressed as a single fixed-Huffman DEFLATE
/// block of literals (no back-references): a valid archive that exercises the inflater's table
/// decoding at full length, for the benchmark. Not a general-purpose zip writer.
enum ZipWriter {
  /// Compresses the file at `source` into `target` as `member`; returns the archive's size.
  static func write(member: String, from source: String, to target: String) throws -> Int {
    guard FileManager.default.createFile(atPath: target, contents: nil),
      let input = FileHandle(forReadingAtPath: source)
    else {
      throw DiagnosticError(Diagnostic(file: target, message: "cannot create the benchmark archive"))
    }
    defer { try? input.close() }
    let output = try FileHandle(forWritingTo: URL(fileURLWithPath: target))
    defer { try? output.close() }
    let name = Array(member.utf8)
    try output.write(
      contentsOf: Data(header(signature: 0x0403_4B50, name: name, crc: 0, compressed: 0, size: 0, offset: nil)))
    // Fixed literal codes (RFC 1951 §3.2.6), bit-reversed for the least-significant-first stream.
    let codes: [(bits: UInt64, length: Int)] = (0..<256).map { literal in
      let (code, length) = literal < 144 ? (0x30 + literal, 8) : (0x190 + literal - 144, 9)
      var reversed = 0
      for bit in 0..<length where code & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
      return (UInt64(reversed), length)
    }
    var crc = CRC32()
    var size = 0
    var compressed = 0
    var bits: UInt64 = 0b011  // BFINAL 1, BTYPE 01
    var count = 3
    var out: [UInt8] = []
    func flush(all: Bool) throws {
      while count >= 8 || (all && count > 0) {
        out.append(UInt8(truncatingIfNeeded: bits))
        bits >>= 8
        count = max(0, count - 8)
      }
      compressed += out.count
      try output.write(contentsOf: Data(out))
      out.removeAll(keepingCapacity: true)
    }
    while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
      chunk.withUnsafeBytes { crc.update($0) }
      size += chunk.count
      for byte in chunk {
        let code = codes[Int(byte)]
        bits |= code.bits << UInt64(count)
        count += code.length
        if count >= 32 {
          for _ in 0..<4 {
            out.append(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
          }
          count -= 32
        }
      }
      try flush(all: false)
    }
    count += 7  // end of block: seven zero bits
    try flush(all: true)
    let directory = UInt64(30 + name.count + compressed)
    var tail = header(signature: 0x0201_4B50, name: name, crc: crc.value, compressed: compressed, size: size, offset: 0)
    let end: [UInt8] =
      [0x50, 0x4B, 0x05, 0x06, 0, 0, 0, 0, 1, 0, 1, 0] + le(UInt64(tail.count), 4) + le(directory, 4) + [0, 0]
    tail += end
    try output.write(contentsOf: Data(tail))
    try output.seek(toOffset: 0)
    try output.write(
      contentsOf: Data(
        header(signature: 0x0403_4B50, name: name, crc: crc.value, compressed: compressed, size: size, offset: nil)))
    return Int(directory) + tail.count
  }

  /// A local header (offset nil) or a central directory entry, method 8.
  private static func header(signature: UInt32, name: [UInt8], crc: UInt32, compressed: Int, size: Int, offset: Int?)
    -> [UInt8]
  {
    var bytes = le(UInt64(signature), 4)
    if offset != nil { bytes += le(20, 2) }  // version made by
    bytes += le(20, 2) + le(0, 2) + le(8, 2) + le(0, 2) + le(0x21, 2)  // needed, flags, deflate, time, date
    bytes += le(UInt64(crc), 4) + le(UInt64(compressed), 4) + le(UInt64(size), 4) + le(UInt64(name.count), 2) + le(0, 2)
    if let offset { bytes += le(0, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(UInt64(offset), 4) }
    return bytes + name
  }

  private static func le(_ value: UInt64, _ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
  }
}
