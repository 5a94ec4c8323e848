// Exercises a pack does not list, kept under its `unlisted` exercise of their category, are still
// tracked under their own names: records and loads are per-exercise lists in the pack's order,
// and an unlisted name has its own entry after the pack's exercises (added when first met).
// Names are compared as bytes.

import RuleLanguage

extension EventView {
  /// The name of the exercise at a position when it is an unlisted one, else nil.
  @inline(__always)
  func unlistedName(_ position: Int) -> String? {
    let list = pointer.pointee.unlisted
    guard !list.isEmpty else { return nil }
    return list.first { $0.position == Int32(position) }?.name
  }
}

extension RulePack {
  /// The entry of the exercise at a position of a workout in a per-exercise list: the pack's
  /// index, or for an unlisted exercise the entry of its name after the pack's exercises,
  /// appended (made by `make`) when new.
  func entry<T>(
    of workout: EventView, at position: Int, in list: inout [T], name key: (T) -> String, make: (String) -> T
  ) -> Int {
    guard let name = workout.unlistedName(position) else { return Int(workout.exercise(position)) }
    if let found = list.indices.dropFirst(exercises.count).first(where: {
      key(list[$0]).hasSameBytes(as: name)
    }) {
      return found
    }
    list.append(make(name))
    return list.count - 1
  }

  /// Whether a per-exercise list has this pack's shape: the pack's exercises in order, then
  /// (only when the pack keeps unlisted exercises) entries of unlisted names.
  /// The name is read through a function, not a key path: a key path projection costs a
  /// runtime call per entry, and this runs each time a saved player is made live.
  func isAligned<T>(_ list: [T], name key: (T) -> String) -> Bool {
    guard list.count == exercises.count || (list.count > exercises.count && hasUnlistedExercises) else { return false }
    return zip(list, exercises).allSatisfy { key($0) == $1.name }
  }

  /// A per-exercise list re-aligned to this pack by name: the pack's exercises in order (new
  /// ones made empty), then, when the pack keeps unlisted exercises, the entries of names it
  /// neither lists nor aliases (the first of each name). Returns the list and the names dropped.
  func aligned<T>(_ list: [T], name key: KeyPath<T, String>, make: (String) -> T) -> (list: [T], dropped: [String]) {
    var byName: [String: T] = [:]
    var extras: [T] = []
    var dropped: [String] = []
    for entry in list {
      let name = entry[keyPath: key]
      if exercises.contains(where: { $0.name == name }) {
        if byName[name] == nil { byName[name] = entry }
      } else if hasUnlistedExercises, exercise(named: name) == nil,
        !extras.contains(where: { $0[keyPath: key].hasSameBytes(as: name) })
      {
        extras.append(entry)
      } else {
        dropped.append(name)
      }
    }
    return (exercises.map { byName[$0.name] ?? make($0.name) } + extras, dropped)
  }

  /// The index of a category's unlisted exercise, or nil when the category takes none.
  public func unlistedExercise(forCategory category: Int) -> Int? {
    unlistedExercises.indices.contains(category) ? unlistedExercises[category] : nil
  }
}
