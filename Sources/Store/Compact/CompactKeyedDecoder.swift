/// A keyed container: indexed once when opened (where each key's value starts; the container's
/// end, so the parent reads on after it), then read by key. Keys are compared as bytes, starting
/// after the last key read, so reading in the written order costs one comparison per key.
final class CompactKeyIndex {
  /// Per key: where its name starts, its length, where its value starts.
  var entries: [(name: Int, count: Int, value: Int)] = []
  var hint = 0
}

struct CompactKeyedDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let reader: CompactReader
  let node: CompactPath
  let index = CompactKeyIndex()
  var codingPath: [any CodingKey] { node.array }

  init(_ reader: CompactReader, _ node: CompactPath) throws {
    self.reader = reader
    self.node = node
    while reader.peek() != CompactTag.end.rawValue {
      guard reader.peek() != nil else { throw reader.corrupt("a container cut short", path: node.array) }
      try reader.expect(.key, [])
      let count = try reader.length([])
      let name = reader.offset
      reader.offset += count
      index.entries.append((name, count, reader.offset))
      try reader.skip([])
    }
    reader.offset += 1
  }

  var allKeys: [Key] {
    index.entries.compactMap { entry in
      Key(stringValue: String(decoding: reader.bytes[entry.name..<(entry.name + entry.count)], as: UTF8.self))
    }
  }

  /// Where the value of `key` starts, if the container has it.
  private func find(_ key: Key) -> Int? {
    var name = key.stringValue
    return name.withUTF8 { utf8 -> Int? in
      let entries = index.entries
      guard !entries.isEmpty else { return nil }
      for step in 0..<entries.count {
        let position = (index.hint + step) % entries.count
        let entry = entries[position]
        guard entry.count == utf8.count else { continue }
        var same = true
        for offset in 0..<entry.count where reader.bytes[entry.name + offset] != utf8[offset] {
          same = false
          break
        }
        if same {
          index.hint = position + 1
          return entry.value
        }
      }
      return nil
    }
  }

  func contains(_ key: Key) -> Bool { find(key) != nil }

  /// Decodes the value of `key`, then returns the reader to after the container.
  private func at<T>(_ key: Key, _ body: (CompactValueDecoder) throws -> T) throws -> T {
    guard let offset = find(key) else {
      throw DecodingError.keyNotFound(
        key, .init(codingPath: codingPath, debugDescription: "no value for '\(key.stringValue)'"))
    }
    let saved = reader.offset
    reader.offset = offset
    defer { reader.offset = saved }
    return try body(CompactValueDecoder(reader, parent: node, key: key))
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    guard let offset = find(key) else { return true }
    return offset < reader.bytes.count && reader.bytes[offset] == CompactTag.null.rawValue
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try at(key) { try $0.decodeValue(type) }
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try at(key) { try $0.decodeValue(type) }
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try at(key) { try $0.double() }
  }

  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try at(key) { try $0.int() }
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let offset = find(key), offset < reader.bytes.count, reader.bytes[offset] != CompactTag.null.rawValue else {
      return nil
    }
    let saved = reader.offset
    reader.offset = offset
    defer { reader.offset = saved }
    return try CompactValueDecoder(reader, parent: node, key: key).decodeValue(type)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    throw DecodingError.dataCorrupted(
      .init(codingPath: codingPath, debugDescription: "the compact form has no nested containers"))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    throw DecodingError.dataCorrupted(
      .init(codingPath: codingPath, debugDescription: "the compact form has no nested containers"))
  }

  func superDecoder() throws -> any Decoder {
    throw DecodingError.dataCorrupted(
      .init(codingPath: codingPath, debugDescription: "the compact form has no super decoders"))
  }

  func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder() }
}
