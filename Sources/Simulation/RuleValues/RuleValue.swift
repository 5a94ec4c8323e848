import RuleLanguage

/// A number written in a rule file, with the `--set` path that changes it
/// (`xp.categories.strength.multiplier`, `achievements.achievements.dedication.tiers[0].at`).
public struct RuleValue: Sendable, Equatable {
  /// The path, as `--set` takes it: object keys, array elements by `id` where they have one,
  /// else by index.
  public var path: String
  /// The value.
  public var value: Double
  /// Whether it is written as a whole number (then only whole numbers are tried for it).
  public var isWhole: Bool

  /// Creates a rule value.
  public init(path: String, value: Double, isWhole: Bool) {
    self.path = path
    self.value = value
    self.isWhole = isWhole
  }

  /// Whether the value only feeds companion stats (a species' `base` and `growth`, an element's
  /// `profile`): no fact and no metric reads stats, so moving it cannot move any metric.
  public var isInert: Bool {
    let steps = path.split(separator: ".")
    guard steps.count >= 4, steps[0] == "companions" else { return false }
    return (steps[1] == "species" && (steps[3] == "base" || steps[3] == "growth"))
      || (steps[1] == "elements" && steps[3] == "profile")
  }

  /// Keys whose numbers are not balance values: file formats and evolution stages (which must
  /// go up one at a time).
  static let skippedKeys: Set<String> = ["format", "stage"]
}

extension PackDocuments {
  /// Every number in the pack's files, in file order then document order.
  var numericValues: [RuleValue] {
    var values: [RuleValue] = []
    for file in files { collect(file.root, path: file.stem, into: &values) }
    return values
  }

  private func collect(_ node: JSONValue, path: String, into values: inout [RuleValue]) {
    switch node.kind {
    case .integer(let number): values.append(RuleValue(path: path, value: Double(number), isWhole: true))
    case .double(let number): values.append(RuleValue(path: path, value: number, isWhole: false))
    case .object(let members):
      for member in members where !RuleValue.skippedKeys.contains(member.key) {
        // A key that a `--set` path cannot spell is left out.
        guard !member.key.contains(where: { $0 == "." || $0 == "[" || $0 == "]" || $0 == "=" }), !member.key.isEmpty
        else { continue }
        collect(member.value, path: path + "." + member.key, into: &values)
      }
    case .array(let elements):
      let ids = elements.map { $0["id"]?.string }
      for (index, element) in elements.enumerated() {
        // By id when the id is unique and spellable, so the path survives reordering.
        if let id = ids[index], !id.contains(where: { $0 == "." || $0 == "[" || $0 == "=" }),
          ids.filter({ $0 == id }).count == 1
        {
          collect(element, path: path + "." + id, into: &values)
        } else {
          collect(element, path: path + "[\(index)]", into: &values)
        }
      }
    case .null, .bool, .string: break
    }
  }
}
