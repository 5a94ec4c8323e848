import Foundation
import RuleLanguage
import Testing

@testable import Import

/// The DEFLATE decoder against streams made by another implementation (Python's zlib, raw
/// DEFLATE, from the text below): dynamic and fixed Huffman blocks, Huffman-only coding, stored
/// blocks (two of them, the text being longer than 65,535 bytes), back-references reaching
/// across the 32 KiB window. CRC-32s are zlib's.
@Suite struct InflateTests {
  /// `line N: value N² mod 9973`, for N from 0 to 5999: 130,228 bytes.
  static let text = Array((0..<6000).map { "line \($0): value \($0 * $0 % 9973)\n" }.joined().utf8)

  struct Stream: Sendable, CustomTestStringConvertible {
    var file: String
    var length: Int
    var crc: UInt32
    var testDescription: String { file }
  }

  @Test(arguments: [
    Stream(file: "deflate-dynamic.bin", length: 130_228, crc: 0x0781_51F7),
    Stream(file: "deflate-huffman.bin", length: 130_228, crc: 0x0781_51F7),
    Stream(file: "deflate-fixed.bin", length: 3_000, crc: 0x9370_17F3),
    Stream(file: "deflate-stored.bin", length: 66_000, crc: 0x33AD_052D),
  ])
  func inflatesWhatZlibDeflated(_ stream: Stream) throws {
    #expect(Self.text.count == 130_228)
    let file = try InputFile(path: ImportFixture.path(stream.file))
    var inflater = Inflater(ByteStream(FileRange(file), name: stream.file), name: stream.file)
    // Small reads, so decoding stops and resumes inside blocks and back-references.
    var output: [UInt8] = []
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1000, alignment: 8)
    defer { buffer.deallocate() }
    while true {
      let count = try inflater.read(into: buffer)
      if count == 0 { break }
      output += buffer[0..<count]
    }
    #expect(output.count == stream.length)
    #expect(output == Array(Self.text.prefix(stream.length)))
    #expect(inflater.checksum.value == stream.crc)
  }

  @Test func aTruncatedStreamIsAnError() throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: ImportFixture.path("deflate-dynamic.bin"))))
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID().uuidString).bin").path
    try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    var inflater = Inflater(ByteStream(FileRange(try InputFile(path: path)), name: "cut"), name: "cut")
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
    defer { buffer.deallocate() }
    let error = try #require(throws: DiagnosticError.self) {
      while try inflater.read(into: buffer) > 0 {}
    }
    #expect(error.diagnostics.map(\.headline) == ["cut: error: the compressed data is damaged (it ends early)"])
  }

  @Test func crcOfAKnownString() {
    var crc = CRC32()
    Array("123456789".utf8).withUnsafeBytes { crc.update($0) }
    #expect(crc.value == 0xCBF4_3926)  // the check value of CRC-32/ISO-HDLC
  }
}
