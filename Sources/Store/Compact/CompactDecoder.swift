/// Decodes the compact form (see ``CompactTag``). Damaged bytes are a `DecodingError`, never a
/// crash: every read is bounds-checked.
package enum CompactDecoder {
  package static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
    let reader = CompactReader(bytes)
    let value = try CompactValueDecoder(reader, parent: nil, key: nil).decodeValue(T.self)
    guard reader.offset == bytes.count else { throw reader.corrupt("bytes after the value", path: []) }
    return value
  }
}

/// A cursor over the bytes, shared by a decoder and its containers.
final class CompactReader {
  let bytes: [UInt8]
  var offset = 0
  var depth = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  func corrupt(_ what: String, path: @autoclosure () -> [any CodingKey]) -> DecodingError {
    .dataCorrupted(.init(codingPath: path(), debugDescription: "damaged compact value: \(what) at byte \(offset)"))
  }

  func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

  func tag(_ path: @autoclosure () -> [any CodingKey]) throws -> CompactTag {
    guard let byte = peek(), let tag = CompactTag(rawValue: byte) else { throw corrupt("an unknown tag", path: path()) }
    offset += 1
    return tag
  }

  func expect(_ expected: CompactTag, _ path: @autoclosure () -> [any CodingKey]) throws {
    let found = try tag(path())
    guard found == expected else {
      offset -= 1
      throw DecodingError.typeMismatch(
        Any.self,
        .init(codingPath: path(), debugDescription: "expected \(expected) but found \(found) at byte \(offset)"))
    }
  }

  func raw64(_ path: @autoclosure () -> [any CodingKey]) throws -> UInt64 {
    guard offset + 8 <= bytes.count else { throw corrupt("a number cut short", path: path()) }
    var value: UInt64 = 0
    for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
    offset += 8
    return value
  }

  func length(_ path: @autoclosure () -> [any CodingKey]) throws -> Int {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      guard let byte = peek(), shift < 63 else { throw corrupt("a length cut short", path: path()) }
      offset += 1
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { break }
      shift += 7
    }
    guard value <= UInt64(bytes.count - offset) else { throw corrupt("a length past the end", path: path()) }
    return Int(value)
  }

  func string(_ path: @autoclosure () -> [any CodingKey]) throws -> String {
    let count = try length(path())
    defer { offset += count }
    return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
  }

  /// Skips one whole value.
  func skip(_ path: [any CodingKey]) throws {
    switch try tag(path) {
    case .null: return
    case .int, .uint, .double: _ = try raw64(path)
    case .bool: offset += 1
    case .string, .key: offset += try length(path)
    case .keyed, .unkeyed:
      depth += 1
      defer { depth -= 1 }
      guard depth < 512 else { throw corrupt("nesting too deep", path: path) }
      while peek() != CompactTag.end.rawValue {
        guard peek() != nil else { throw corrupt("a container cut short", path: path) }
        try skip(path)
      }
      offset += 1
    case .end: throw corrupt("an unexpected end", path: path)
    }
  }
}
