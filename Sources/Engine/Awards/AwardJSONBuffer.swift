import RuleLanguage

/// Compact JSON text written into a growable byte buffer through a pointer: the award lines
/// ``AwardLines`` writes straight from records, byte for byte what ``JSONWriter`` writes for the
/// same values (strings escaped by ``JSONWriter/appendQuoted(_:to:)``'s rules, numbers as
/// ``NumberText/format(_:)``), without a capacity or uniqueness check per byte.
///
/// Its callers know where they are in the JSON: ``field(_:_:)-(_,String)`` and its kin write
/// `,"key":value` (a member after the first; the first of an object ``openObject(_:)`` opened
/// goes without the comma), ``member(_:_:first:)`` a member of a nested object with a name from
/// the pack. As a ``JSONFieldSink`` it writes a payload's fields from the payload's one field
/// list. The buffer starts in memory the caller lends (the stack) and moves to the heap only
/// when it outgrows it.
package struct AwardJSONBuffer: ~Copyable, JSONFieldSink {
  private var base: UnsafeMutablePointer<UInt8>
  /// The bytes written.
  package private(set) var count = 0
  private var capacity: Int
  /// Whether `base` was allocated here (freed by `deinit`) rather than lent.
  private var owned = false
  /// Whether ``openObject(_:)`` just opened an object: the next ``key(_:)`` is its first member.
  private var opensObject = false

  /// A buffer that starts in `memory` (which must outlive it).
  package init(lending memory: UnsafeMutableBufferPointer<UInt8>) {
    base = memory.baseAddress.unsafelyUnwrapped
    capacity = memory.count
  }

  deinit {
    if owned { base.deallocate() }
  }

  /// The bytes written so far.
  package var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  /// The bytes from `offset` on.
  package func written(from offset: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: base + offset, count: count - offset)
  }

  /// Makes room for `more` bytes after those written. The writing methods make room for what
  /// they write at most once each (a member: its name, worst-case escaped, and its number).
  @inline(__always)
  package mutating func reserve(_ more: Int) {
    if count + more > capacity { grow(more) }
  }

  @inline(never)
  private mutating func grow(_ more: Int) {
    let newCapacity = Swift.max(2 * capacity, count + more)
    let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    memory.update(from: base, count: count)
    if owned { base.deallocate() }
    base = memory
    capacity = newCapacity
    owned = true
  }

  // MARK: Writing into room already made

  @inline(__always)
  private mutating func put(_ byte: UInt8) {
    base[count] = byte
    count += 1
  }

  @inline(__always)
  private mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
    if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
    count += bytes.count
  }

  @inline(__always)
  private mutating func put(_ text: StaticString) {
    put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// A number in room for ``NumberText/maxWrittenCount`` bytes.
  @inline(__always)
  private mutating func putNumber(_ value: Double) {
    count += NumberText.write(value, to: base + count)
  }

  /// Text escaped for JSON in room for six bytes per byte (`\u00XX`, the longest escape), eight
  /// bytes a step while none needs an escape.
  @inline(__always)
  private mutating func putEscaped(_ source: UnsafePointer<UInt8>, _ length: Int) {
    var index = 0
    while index + 8 <= length {
      let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
      guard !Self.needsEscape(word) else { break }
      UnsafeMutableRawPointer(base + count).storeBytes(of: word, as: UInt64.self)
      count += 8
      index += 8
    }
    while index < length {
      let code = source[index]
      if code < 0x20 || code == UInt8(ascii: "\"") || code == UInt8(ascii: "\\") { putEscape(code) } else { put(code) }
      index += 1
    }
  }

  /// The escape of a byte that JSON strings may not hold as it is
  /// (``JSONWriter/appendQuoted(_:to:)``'s).
  @inline(never)
  private mutating func putEscape(_ code: UInt8) {
    let hex: StaticString = "0123456789ABCDEF"
    put(UInt8(ascii: "\\"))
    switch code {
    case UInt8(ascii: "\""): put(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): put(UInt8(ascii: "\\"))
    case 0x0A: put(UInt8(ascii: "n"))
    case 0x0D: put(UInt8(ascii: "r"))
    case 0x09: put(UInt8(ascii: "t"))
    case 0x08: put(UInt8(ascii: "b"))
    case 0x0C: put(UInt8(ascii: "f"))
    default:
      put("u00")
      put(hex.utf8Start[Int(code >> 4)])
      put(hex.utf8Start[Int(code & 15)])
    }
  }

  /// Whether any of a word's eight bytes is below 0x20, `"` or `\\` (found the classic way: a
  /// byte below n borrows through its high bit when n is subtracted from each byte).
  @inline(__always)
  static func needsEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let control = (word &- ones &* 0x20) & ~word & highs
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    return (control | ((quote &- ones) & ~quote & highs) | ((backslash &- ones) & ~backslash & highs)) != 0
  }

  // MARK: Writing

  /// Appends one byte.
  @inline(__always)
  package mutating func byte(_ byte: UInt8) {
    reserve(1)
    put(byte)
  }

  /// Appends bytes.
  @inline(__always)
  package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    reserve(bytes.count)
    put(bytes)
  }

  /// Appends raw bytes.
  @inline(__always)
  package mutating func append(_ bytes: UnsafeRawBufferPointer) {
    append(bytes.assumingMemoryBound(to: UInt8.self))
  }

  /// Appends text known when the program was written, as it is.
  @inline(__always)
  package mutating func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends bytes already written, from `range` (which lies before the end).
  @inline(__always)
  package mutating func repeatBytes(_ range: Range<Int>) {
    reserve(range.count)
    (base + count).update(from: base + range.lowerBound, count: range.count)
    count += range.count
  }

  /// Appends a string's text escaped for JSON, without its quotes.
  @inline(__always)
  package mutating func escaped(_ text: String) {
    Self.withUTF8(of: text) { escaped($0) }
  }

  /// Appends UTF-8 text escaped for JSON (``JSONWriter/appendQuoted(_:to:)``'s escapes).
  package mutating func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
    guard let source = utf8.baseAddress else { return }
    reserve(6 * utf8.count)
    putEscaped(source, utf8.count)
  }

  /// Appends a quoted JSON string.
  @inline(__always)
  package mutating func string(_ text: String) {
    Self.withUTF8(of: text) { utf8 in
      reserve(6 * utf8.count + 2)
      put(UInt8(ascii: "\""))
      if let source = utf8.baseAddress { putEscaped(source, utf8.count) }
      put(UInt8(ascii: "\""))
    }
  }

  /// A string's UTF-8 in place (native and small strings lend it; others are copied first).
  @inline(__always)
  private static func withUTF8(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    if text.utf8.withContiguousStorageIfAvailable(body) == nil {
      var text = text
      text.withUTF8(body)
    }
  }

  /// Appends a number as ``JSONWriter/number(_:)`` writes it.
  @inline(__always)
  package mutating func number(_ value: Double) {
    reserve(NumberText.maxWrittenCount)
    putNumber(value)
  }

  /// Appends a percentage as ``NumberText/percent(_:)`` writes it (inside a string: it needs no
  /// escape).
  package mutating func percent(_ fraction: Double) {
    reserve(NumberText.maxWrittenCount)
    count += NumberText.write(percent: fraction, to: base + count)
  }

  /// Appends an integer.
  @inline(__always)
  package mutating func integer(_ value: Int64) {
    reserve(NumberText.maxWrittenCount)
    count += NumberText.write(integer: value, to: base + count)
  }

  /// Appends `,"key":` (a member after the first of its object; `"key":` for the first of an
  /// object ``openObject(_:)`` opened), with room after it for a number.
  @inline(__always)
  package mutating func key(_ key: StaticString) {
    reserve(key.utf8CodeUnitCount + 4 + NumberText.maxWrittenCount)
    if opensObject { opensObject = false } else { put(UInt8(ascii: ",")) }
    put(UInt8(ascii: "\""))
    put(key)
    put(UInt8(ascii: "\""))
    put(UInt8(ascii: ":"))
  }

  /// Appends `,"key":"value"`.
  @inline(__always)
  package mutating func field(_ key: StaticString, _ value: String) {
    self.key(key)
    string(value)
  }

  /// Appends `,"key":number`.
  @inline(__always)
  package mutating func field(_ key: StaticString, _ value: Double) {
    self.key(key)
    putNumber(value)
  }

  /// Appends `,"key":integer`.
  @inline(__always)
  package mutating func field(_ key: StaticString, _ value: Int64) {
    self.key(key)
    count += NumberText.write(integer: value, to: base + count)
  }

  /// Appends `,"key":integer`.
  @inline(__always)
  package mutating func field(_ key: StaticString, _ value: Int) {
    field(key, Int64(value))
  }

  /// Appends `,"key":true` or `false`.
  @inline(__always)
  package mutating func field(_ key: StaticString, _ value: Bool) {
    self.key(key)
    if value { put("true") } else { put("false") }
  }

  /// Appends `,"key":{`, opening a nested object (``closeObject()`` closes it): its first
  /// member is a ``field(_:_:)-(_,String)`` without a comma, or a ``member(_:_:first:)``.
  @inline(__always)
  package mutating func openObject(_ key: StaticString) {
    self.key(key)
    put(UInt8(ascii: "{"))
    opensObject = true
  }

  /// Appends `}`.
  @inline(__always)
  package mutating func closeObject() {
    opensObject = false
    byte(UInt8(ascii: "}"))
  }

  /// Appends `,"key":{…}` of (slot, value) pairs named by the pack's facts
  /// (``RulePack/namedValues(_:)`` written as ``Contributions`` writes them).
  package mutating func namedValues(_ key: StaticString, _ pairs: ArraySlice<Double>, pack: RulePack) {
    openObject(key)
    var first = true
    pack.forEachNamedValue(pairs) { name, value in
      member(name, value, first: first)
      first = false
    }
    closeObject()
  }

  /// Appends a member of a nested object with a name from the pack, `"name":number` (after a
  /// comma unless it is the object's first).
  @inline(__always)
  package mutating func member(_ name: String, _ value: Double, first: Bool) {
    Self.withUTF8(of: name) { utf8 in
      reserve(6 * utf8.count + 4 + NumberText.maxWrittenCount)
      if !first { put(UInt8(ascii: ",")) }
      put(UInt8(ascii: "\""))
      if let source = utf8.baseAddress { putEscaped(source, utf8.count) }
      put(UInt8(ascii: "\""))
      put(UInt8(ascii: ":"))
      putNumber(value)
    }
  }
}
