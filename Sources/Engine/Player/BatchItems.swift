/// A batch's events and lines read where they are. Reading a field of an element of
/// `[(event: ResolvedEvent, line: String)]`, through the array or a buffer of it, copies the whole
/// element through the labeled tuple's generic value witness (each of the event's arrays and
/// strings retained, then released): six times an event in ``Engine/record(batch:to:)``.
/// These pointers are valid while the buffer they were made from is.
package struct BatchItems {
  private let base: UnsafeRawPointer?
  private let stride = MemoryLayout<(event: ResolvedEvent, line: String)>.stride
  /// Where a tuple's `line` is (its `event` is first, at 0).
  private let lineOffset =
    MemoryLayout<(event: ResolvedEvent, line: String)>.offset(of: \(event: ResolvedEvent, line: String).line)
    ?? MemoryLayout<ResolvedEvent>.stride

  package init(_ buffer: UnsafeBufferPointer<(event: ResolvedEvent, line: String)>) {
    base = buffer.baseAddress.map(UnsafeRawPointer.init)
  }

  /// The event at an index of the buffer (valid while the buffer is).
  @inline(__always)
  package func event(_ index: Int) -> UnsafePointer<ResolvedEvent> {
    base.unsafelyUnwrapped.advanced(by: index * stride).assumingMemoryBound(to: ResolvedEvent.self)
  }

  /// The line at an index of the buffer (valid while the buffer is).
  @inline(__always)
  package func line(_ index: Int) -> UnsafePointer<String> {
    base.unsafelyUnwrapped.advanced(by: index * stride + lineOffset).assumingMemoryBound(to: String.self)
  }
}
