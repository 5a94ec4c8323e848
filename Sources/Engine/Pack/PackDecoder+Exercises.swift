import RuleLanguage

// exercises.json: the exercises with their categories, increments and aliases, and the
// `unlisted` exercise of each category (where events put exercises the pack does not list).

extension PackDecoder {
  /// Reads exercises.json into ``exercises`` and ``unlisted``.
  func decodeExercises() {
    guard let object = documents["exercises"]?.object else { return }
    defer { object.finish() }
    _ = object.optional("description")?.string
    guard let list = object.required("exercises")?.object else { return }
    // Every name and alias, with the exercise it belongs to: a name may be used once.
    var taken: [String: String] = [:]
    for entry in list.entries {
      guard let fields = entry.node.object else { continue }
      defer { fields.finish() }
      let category = fields.required("category").flatMap { categoryIndex($0) }
      let increment = fields.optional("incrementKg")?.number(in: 0.1...100)
      if let owner = taken[entry.key] {
        entry.node.error("exercise '\(entry.key)' is already an alias of '\(owner)'", at: entry.keyOffset)
      }
      taken[entry.key] = entry.key
      var aliases: [String] = []
      for node in fields.optional("aliases")?.array ?? [] {
        guard let alias = node.nonEmptyString else { continue }
        if let owner = taken[alias] {
          node.error(
            owner == alias
              ? "alias '\(alias)' is already the name of an exercise"
              : "alias '\(alias)' is already a name of '\(owner)'")
          continue
        }
        taken[alias] = entry.key
        aliases.append(alias)
      }
      if let category {
        exercises.append(ExerciseRule(name: entry.key, category: category, incrementKg: increment, aliases: aliases))
      }
    }
    decodeUnlisted(object.optional("unlisted"))
  }

  /// Reads `"unlisted": {"CATEGORY": "EXERCISE", …}`: per category, a listed exercise of that
  /// category under which events keep exercises marked `"unlisted": true`.
  private func decodeUnlisted(_ node: JSONNode?) {
    unlisted = Array(repeating: nil, count: categories.count)
    guard let node, let object = node.object else { return }
    for entry in object.entries {
      let names = categories.map(\.name)
      guard let category = names.firstIndex(of: entry.key) else {
        let hint = Suggestion.closest(to: entry.key, among: names).map { "did you mean '\($0)'?" }
        entry.node.unknownName(
          "unknown category '\(entry.key)'; \(hint ?? "expected one of " + names.map { "'\($0)'" }.joined(separator: ", "))",
          at: entry.keyOffset)
        continue
      }
      guard let name = entry.node.string else { continue }
      guard let index = exercises.firstIndex(where: { $0.name == name }) else {
        entry.node.unknownName("unknown exercise '\(name)'\(Suggestion.hint(for: name, among: exercises.map(\.name)))")
        continue
      }
      guard exercises[index].category == category else {
        let actual = categories[exercises[index].category].name
        entry.node.error(
          "the unlisted exercise of '\(entry.key)' must be a \(entry.key) exercise; '\(name)' is a \(actual) exercise")
        continue
      }
      unlisted[category] = index
    }
  }
}
