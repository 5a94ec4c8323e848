/// Encodes a value in the compact form (see ``CompactTag``).
package enum CompactEncoder {
  package static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
    let buffer = CompactBuffer()
    try CompactValueEncoder(buffer, path: []).encodeValue(value)
    if let unsupported = buffer.unsupported {
      throw EncodingError.invalidValue(
        value, .init(codingPath: [], debugDescription: "the compact form has no \(unsupported)"))
    }
    return buffer.bytes
  }
}

/// One value: opens at most one container; `encodeValue` closes it.
final class CompactValueEncoder: Encoder {
  let buffer: CompactBuffer
  /// The path is only built when asked for (errors): most values never need it.
  private let parent: CompactValueEncoder?
  private let key: (any CodingKey)?
  private let root: [any CodingKey]
  var codingPath: [any CodingKey] { (parent?.codingPath ?? root) + (key.map { [$0] } ?? []) }
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  private var opened = false

  init(_ buffer: CompactBuffer, path: [any CodingKey]) {
    self.buffer = buffer
    root = path
    parent = nil
    key = nil
  }

  private init(parent: CompactValueEncoder, key: (any CodingKey)?) {
    buffer = parent.buffer
    root = []
    self.parent = parent
    self.key = key
  }

  /// Encodes `value` here, closing the container it opened. Primitives are recognised by their
  /// type (a pointer comparison), not by a dynamic cast.
  func encodeValue<T: Encodable>(_ value: T) throws {
    if T.self == Int.self { return int(Int64(unsafeBitCast(value, to: Int.self))) }
    if T.self == Double.self { return double(unsafeBitCast(value, to: Double.self)) }
    if T.self == String.self { return string(unsafeBitCast(value, to: String.self)) }
    if T.self == Bool.self { return bool(unsafeBitCast(value, to: Bool.self)) }
    if T.self == Int64.self { return int(unsafeBitCast(value, to: Int64.self)) }
    switch value {
    case let v as Int32: int(Int64(v))
    case let v as Int16: int(Int64(v))
    case let v as Int8: int(Int64(v))
    case let v as UInt64: unsigned(v)
    case let v as UInt: unsigned(UInt64(v))
    case let v as UInt32: unsigned(UInt64(v))
    case let v as UInt16: unsigned(UInt64(v))
    case let v as UInt8: unsigned(UInt64(v))
    case let v as Float: double(Double(v))
    default:
      try value.encode(to: self)
      if opened { buffer.tag(.end) }
    }
  }

  @inline(__always) func int(_ value: Int64) {
    buffer.tag(.int)
    buffer.raw64(UInt64(bitPattern: value))
  }

  @inline(__always) func unsigned(_ value: UInt64) {
    buffer.tag(.uint)
    buffer.raw64(value)
  }

  @inline(__always) func double(_ value: Double) {
    buffer.tag(.double)
    buffer.raw64(value.bitPattern)
  }

  @inline(__always) func bool(_ value: Bool) {
    buffer.tag(.bool)
    buffer.bytes.append(value ? 1 : 0)
  }

  @inline(__always) func string(_ value: String) {
    buffer.tag(.string)
    buffer.string(value)
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    open(.keyed)
    return KeyedEncodingContainer(CompactKeyedEncoder<Key>(encoder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    open(.unkeyed)
    return CompactUnkeyedEncoder(encoder: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { CompactSingleEncoder(encoder: self) }

  private func open(_ tag: CompactTag) {
    if opened {
      buffer.unsupported = "second container in one value"
      return
    }
    opened = true
    buffer.tag(tag)
  }

  // Nested containers and super encoders: the value is refused (`encode` throws), and what the
  // caller writes goes to a scratch buffer.
  func refused<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    buffer.unsupported = "nested containers"
    return KeyedEncodingContainer(
      CompactKeyedEncoder<NestedKey>(encoder: CompactValueEncoder(CompactBuffer(), path: codingPath)))
  }

  func refusedUnkeyed() -> any UnkeyedEncodingContainer {
    buffer.unsupported = "nested containers"
    return CompactUnkeyedEncoder(encoder: CompactValueEncoder(CompactBuffer(), path: codingPath))
  }

  func refusedSuper() -> any Encoder {
    buffer.unsupported = "super encoders"
    return CompactValueEncoder(CompactBuffer(), path: codingPath)
  }

  func child(_ key: (any CodingKey)?) -> CompactValueEncoder {
    CompactValueEncoder(parent: self, key: key)
  }
}

struct CompactKeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: CompactValueEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  private func key(_ key: Key) {
    encoder.buffer.tag(.key)
    encoder.buffer.string(key.stringValue)
  }

  mutating func encodeNil(forKey key: Key) throws {
    self.key(key)
    encoder.buffer.tag(.null)
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    self.key(key)
    try encoder.child(key).encodeValue(value)
  }

  mutating func encode(_ value: Int, forKey key: Key) throws {
    self.key(key)
    encoder.int(Int64(value))
  }

  mutating func encode(_ value: Int64, forKey key: Key) throws {
    self.key(key)
    encoder.int(value)
  }

  mutating func encode(_ value: Double, forKey key: Key) throws {
    self.key(key)
    encoder.double(value)
  }

  mutating func encode(_ value: String, forKey key: Key) throws {
    self.key(key)
    encoder.string(value)
  }

  mutating func encode(_ value: Bool, forKey key: Key) throws {
    self.key(key)
    encoder.bool(value)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    encoder.refused(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    encoder.refusedUnkeyed()
  }

  mutating func superEncoder() -> any Encoder {
    encoder.refusedSuper()
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder() }
}

struct CompactUnkeyedEncoder: UnkeyedEncodingContainer {
  let encoder: CompactValueEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }
  private(set) var count = 0

  init(encoder: CompactValueEncoder) { self.encoder = encoder }

  mutating func encodeNil() throws {
    encoder.buffer.tag(.null)
    count += 1
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try encoder.child(nil).encodeValue(value)
    count += 1
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
    NestedKey
  > {
    encoder.refused(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    encoder.refusedUnkeyed()
  }

  mutating func superEncoder() -> any Encoder {
    encoder.refusedSuper()
  }
}

struct CompactSingleEncoder: SingleValueEncodingContainer {
  let encoder: CompactValueEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encodeNil() throws { encoder.buffer.tag(.null) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try encoder.child(nil).encodeValue(value)
  }
}
