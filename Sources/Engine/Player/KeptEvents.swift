/// The kept events of a history, in replay order: an array whose front is dropped in O(1)
/// (the window advances every day; moving every kept event each time would make a long stream
/// quadratic). Insertions happen only for late events.
package struct KeptEvents: RandomAccessCollection, MutableCollection, Sendable {
  private var storage: [KeptEvent]
  private var head = 0

  package init(_ events: [KeptEvent] = []) {
    storage = events
  }

  package var startIndex: Int { 0 }
  package var endIndex: Int { storage.count - head }

  package subscript(position: Int) -> KeptEvent {
    get { storage[head + position] }
    set { storage[head + position] = newValue }
  }

  /// Appends an event, moved in (taken as a borrowed value, it was copied into the storage).
  package mutating func append(_ event: consuming KeptEvent) { storage.append(consume event) }

  /// The day of the event at a position, read in place (the subscript copies the event).
  func day(at position: Int) -> Day { storage[head + position].day }

  /// The first event's day, read in place; nil when there is none.
  var firstDay: Day? { head < storage.count ? storage[head].day : nil }

  package mutating func insert(_ event: KeptEvent, at index: Int) { storage.insert(event, at: head + index) }

  @discardableResult
  package mutating func remove(at index: Int) -> KeptEvent { storage.remove(at: head + index) }

  /// Drops the first `count` events; the space is reclaimed once it is half the storage.
  package mutating func removeFirst(_ count: Int) {
    head += count
    guard head >= 1024 && head * 2 >= storage.count else { return }
    if let sink = droppedInto, let rest = movingOutRest() {
      sink.storages.append(storage)
      sink.events += head
      storage = rest
    } else {
      storage.removeFirst(head)
    }
    head = 0
  }

  /// Where the events the front's reclaiming drops go instead of being destroyed here (nil:
  /// destroyed here), for a caller that destroys them on another thread: freeing 1,024 events
  /// at a time, their lines and resolved forms, was a tenth of the thread that applies
  /// `award --state`'s events. Not saved or compared with the events.
  package var droppedInto: DroppedEvents?

  /// The events after `head`, moved (not copied) into a new storage of the same room; their
  /// places in the old one hold an empty placeholder each, so that it holds only what was
  /// dropped. Nil when the storage has no room (never, once reclaiming).
  private mutating func movingOutRest() -> [KeptEvent]? {
    let from = head
    let room = storage.capacity
    return storage.withUnsafeMutableBufferPointer { old -> [KeptEvent]? in
      guard let base = old.baseAddress else { return nil }
      let live = old.count - from
      let rest = [KeptEvent](unsafeUninitializedCapacity: Swift.max(room, live)) { fresh, initialized in
        if let target = fresh.baseAddress { target.moveInitialize(from: base + from, count: live) }
        initialized = live
      }
      (base + from).initialize(repeating: KeptEvent.placeholder, count: live)
      return rest
    }
  }

  package var array: [KeptEvent] { Array(storage[head...]) }

  /// Calls `body` with the events in place: reading an element's field through the slice copies
  /// nothing else of it (this collection's subscript returns a copy, retaining its strings).
  package func withEvents<Result>(_ body: (ArraySlice<KeptEvent>) throws -> Result) rethrows -> Result {
    try body(storage[head...])
  }

  /// Where an event with this replay key goes (binary search, O(log n)).
  func insertionIndex(_ key: (Int, Int, Int)) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if storage[head + middle].key < key { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// These events without those whose arrival number is in `withdrawn`, merged with `fresh`
  /// (sorted by replay key): one pass, however many events are placed or withdrawn at once.
  func merging(_ fresh: [KeptEvent], removing withdrawn: Set<Int>) -> KeptEvents {
    var merged: [KeptEvent] = []
    merged.reserveCapacity(count + fresh.count)
    var next = 0
    for event in self where !withdrawn.contains(event.seq) {
      while next < fresh.count && fresh[next].key < event.key {
        merged.append(fresh[next])
        next += 1
      }
      merged.append(event)
    }
    merged.append(contentsOf: fresh[next...])
    var result = KeptEvents(merged)
    result.droppedInto = droppedInto
    return result
  }
}

extension KeptEvents: Hashable {
  package static func == (a: KeptEvents, b: KeptEvents) -> Bool { a.elementsEqual(b) }
  package func hash(into hasher: inout Hasher) { hasher.combine(count) }
}

extension KeptEvents: ExpressibleByArrayLiteral {
  package init(arrayLiteral elements: KeptEvent...) { self.init(elements) }
}

/// The storages a ``KeptEvents`` set aside as its front was reclaimed
/// (``KeptEvents/droppedInto``): the events dropped, and empty placeholders where the kept ones
/// were moved out. Used from one thread at a time.
package final class DroppedEvents: @unchecked Sendable {
  package var storages: [[KeptEvent]] = []
  /// The events dropped in them (not counting the placeholders).
  package var events = 0

  package init() {}

  /// The storages set aside since the last call, and the events dropped in them.
  package func take() -> (storages: [[KeptEvent]], events: Int) {
    defer {
      storages = []
      events = 0
    }
    return (storages, events)
  }
}
