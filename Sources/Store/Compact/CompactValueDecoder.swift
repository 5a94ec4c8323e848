/// The path of a container, built into an array only when an error needs it.
final class CompactPath {
  let parent: CompactPath?
  let key: (any CodingKey)?

  init(parent: CompactPath?, key: (any CodingKey)?) {
    self.parent = parent
    self.key = key
  }

  var array: [any CodingKey] { (parent?.array ?? []) + (key.map { [$0] } ?? []) }
}

/// One value of the compact form.
struct CompactValueDecoder: Decoder {
  let reader: CompactReader
  let parent: CompactPath?
  let key: (any CodingKey)?
  var codingPath: [any CodingKey] { (parent?.array ?? []) + (key.map { [$0] } ?? []) }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(_ reader: CompactReader, parent: CompactPath?, key: (any CodingKey)?) {
    self.reader = reader
    self.parent = parent
    self.key = key
  }

  /// This value's path as a node, for the containers it opens.
  var node: CompactPath { CompactPath(parent: parent, key: key) }

  @inline(__always) func int() throws -> Int64 {
    guard reader.peek() == CompactTag.int.rawValue else { return try slowExpect(.int) }
    reader.offset += 1
    return Int64(bitPattern: try reader.raw64(codingPath))
  }

  @inline(__always) func double() throws -> Double {
    guard reader.peek() == CompactTag.double.rawValue else {
      return Double(bitPattern: UInt64(bitPattern: try slowExpect(.double)))
    }
    reader.offset += 1
    return Double(bitPattern: try reader.raw64(codingPath))
  }

  func bool() throws -> Bool {
    try reader.expect(.bool, codingPath)
    guard let byte = reader.peek(), byte <= 1 else {
      throw reader.corrupt("a bool that is neither 0 nor 1", path: codingPath)
    }
    reader.offset += 1
    return byte == 1
  }

  private func slowExpect(_ tag: CompactTag) throws -> Int64 {
    try reader.expect(tag, codingPath)
    return Int64(bitPattern: try reader.raw64(codingPath))
  }

  func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
    if T.self == Int.self {
      guard let value = Int(exactly: try int()) else {
        throw reader.corrupt("an integer out of range", path: codingPath)
      }
      return unsafeBitCast(value, to: T.self)
    }
    if T.self == Double.self { return unsafeBitCast(try double(), to: T.self) }
    if T.self == Int64.self { return unsafeBitCast(try int(), to: T.self) }
    if T.self == String.self {
      try reader.expect(.string, codingPath)
      return unsafeBitCast(try reader.string(codingPath), to: T.self)
    }
    if T.self == Bool.self { return unsafeBitCast(try bool(), to: T.self) }
    switch type {
    case is Int.Type:
      try reader.expect(.int, codingPath)
      let value = Int64(bitPattern: try reader.raw64(codingPath))
      guard let int = Int(exactly: value) else { throw reader.corrupt("an integer out of range", path: codingPath) }
      return try cast(int)
    case is Int64.Type:
      try reader.expect(.int, codingPath)
      return try cast(Int64(bitPattern: try reader.raw64(codingPath)))
    case is Int32.Type, is Int16.Type, is Int8.Type:
      try reader.expect(.int, codingPath)
      return try small(Int64(bitPattern: try reader.raw64(codingPath)), type)
    case is UInt64.Type, is UInt.Type, is UInt32.Type, is UInt16.Type, is UInt8.Type:
      try reader.expect(.uint, codingPath)
      return try unsigned(try reader.raw64(codingPath), type)
    case is Double.Type:
      try reader.expect(.double, codingPath)
      return try cast(Double(bitPattern: try reader.raw64(codingPath)))
    case is Float.Type:
      try reader.expect(.double, codingPath)
      return try cast(Float(Double(bitPattern: try reader.raw64(codingPath))))
    default:
      reader.depth += 1
      defer { reader.depth -= 1 }
      guard reader.depth < 512 else { throw reader.corrupt("nesting too deep", path: codingPath) }
      return try T(from: self)
    }
  }

  private func cast<T, U>(_ value: U) throws -> T {
    guard let typed = value as? T else { throw reader.corrupt("a value of another type", path: codingPath) }
    return typed
  }

  private func small<T>(_ value: Int64, _ type: T.Type) throws -> T {
    let converted: Any? =
      switch type {
      case is Int32.Type: Int32(exactly: value)
      case is Int16.Type: Int16(exactly: value)
      default: Int8(exactly: value)
      }
    guard let converted else { throw reader.corrupt("an integer out of range", path: codingPath) }
    return try cast(converted)
  }

  private func unsigned<T>(_ value: UInt64, _ type: T.Type) throws -> T {
    let converted: Any? =
      switch type {
      case is UInt64.Type: value
      case is UInt.Type: UInt(exactly: value)
      case is UInt32.Type: UInt32(exactly: value)
      case is UInt16.Type: UInt16(exactly: value)
      default: UInt8(exactly: value)
      }
    guard let converted else { throw reader.corrupt("an integer out of range", path: codingPath) }
    return try cast(converted)
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    try reader.expect(.keyed, codingPath)
    return KeyedDecodingContainer(try CompactKeyedDecoder<Key>(reader, node))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try reader.expect(.unkeyed, codingPath)
    return try CompactUnkeyedDecoder(reader, node)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { CompactSingleDecoder(decoder: self) }
}

struct CompactSingleDecoder: SingleValueDecodingContainer {
  let decoder: CompactValueDecoder
  var codingPath: [any CodingKey] { decoder.codingPath }

  func decodeNil() -> Bool {
    guard decoder.reader.peek() == CompactTag.null.rawValue else { return false }
    decoder.reader.offset += 1
    return true
  }

  func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
}

struct CompactUnkeyedDecoder: UnkeyedDecodingContainer {
  let reader: CompactReader
  let node: CompactPath
  var codingPath: [any CodingKey] { node.array }
  /// Where each element starts; the reader is left after the list's end.
  private let starts: [Int]
  var count: Int? { starts.count }
  private(set) var currentIndex = 0

  init(_ reader: CompactReader, _ node: CompactPath) throws {
    self.reader = reader
    self.node = node
    var starts: [Int] = []
    while reader.peek() != CompactTag.end.rawValue {
      guard reader.peek() != nil else { throw reader.corrupt("a list cut short", path: node.array) }
      starts.append(reader.offset)
      try reader.skip([])
    }
    reader.offset += 1
    self.starts = starts
  }

  var isAtEnd: Bool { currentIndex >= starts.count }

  /// Reads the next element, then returns the reader to after the list.
  private mutating func next<T>(_ body: (CompactValueDecoder) throws -> T) throws -> T {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        Any.self, .init(codingPath: codingPath, debugDescription: "the list has no more elements"))
    }
    let saved = reader.offset
    reader.offset = starts[currentIndex]
    defer { reader.offset = saved }
    let value = try body(CompactValueDecoder(reader, parent: node, key: nil))
    currentIndex += 1
    return value
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, reader.bytes[starts[currentIndex]] == CompactTag.null.rawValue else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next { try $0.decodeValue(type) } }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
    NestedKey
  > {
    try next { try $0.container(keyedBy: type) }
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try next { try $0.unkeyedContainer() }
  }

  mutating func superDecoder() throws -> any Decoder {
    throw DecodingError.dataCorrupted(
      .init(codingPath: codingPath, debugDescription: "the compact form has no super decoders"))
  }
}
