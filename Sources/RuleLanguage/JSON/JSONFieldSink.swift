/// Where an object's members go, one field at a time: a ``JSONWriter`` (which tracks its
/// containers) or a writer that knows it is after the first member (an award line's buffer).
/// A payload that writes its fields through it has one field list for both.
///
/// Each member is written after those before it (the sink puts the comma); ``openObject(_:)``
/// opens a nested object, whose first member has none, until ``closeObject()``.
package protocol JSONFieldSink: ~Copyable {
  /// Writes `"key":"value"`.
  mutating func field(_ key: StaticString, _ value: String)
  /// Writes `"key":number` (``NumberText``'s text; `null` when not finite).
  mutating func field(_ key: StaticString, _ value: Double)
  /// Writes `"key":integer`.
  mutating func field(_ key: StaticString, _ value: Int)
  /// Writes `"key":integer`.
  mutating func field(_ key: StaticString, _ value: Int64)
  /// Writes `"key":true` or `false`.
  mutating func field(_ key: StaticString, _ value: Bool)
  /// Writes `"key":{`, opening a nested object for the members that follow.
  mutating func openObject(_ key: StaticString)
  /// Closes the nested object ``openObject(_:)`` opened.
  mutating func closeObject()
}

extension JSONWriter: JSONFieldSink {
  /// Writes `"key": integer`.
  public mutating func field(_ key: StaticString, _ value: Int) {
    self.key(static: key)
    integer(value)
  }

  /// Writes `"key": integer`.
  public mutating func field(_ key: StaticString, _ value: Int64) {
    self.key(static: key)
    integer(value)
  }

  /// Writes `"key": {`, opening a nested object (``closeObject()`` closes it): what
  /// ``object(_:)`` writes after a ``key(static:)``, in two calls.
  public mutating func openObject(_ key: StaticString) {
    self.key(static: key)
    openObject()
  }

  /// Closes the innermost object (opened by ``openObject(_:)``).
  public mutating func closeObject() {
    closeContainer(UInt8(ascii: "}"))
  }
}
