import RuleLanguage

/// Decodes the parsed files of a pack into a ``RulePack``, reporting problems to the log.
package final class PackDecoder {
  /// Where the pack comes from (a directory), for messages.
  let source: String
  let documents: [String: JSONNode]
  let log: DiagnosticLog
  let overrides: [JSONOverride]
  var facts = FactTable(FactNames(categories: [], parameters: [], elements: []))
  var categories: [CategoryRule] = []
  var parameters: [String] = []
  var exercises: [ExerciseRule] = []
  /// Per category, the index of its unlisted exercise (exercises.json's `unlisted`).
  var unlisted: [Int?] = []
  /// The pack's named constants, as formulas see them (`const.NAME`).
  var constants: [(name: String, value: Double)] = []

  init(source: String, documents: [String: JSONNode], log: DiagnosticLog, overrides: [JSONOverride]) {
    self.source = source
    self.overrides = overrides
    self.documents = documents
    self.log = log
  }

  /// Decodes the shared parts (header, categories, exercises), declares the facts, then lets each
  /// mechanic decode its file, in the order of ``Mechanics/all``.
  func decode(digest: String, files: [SourceFile]) -> RulePack? {
    var contents = RulePack.Contents()
    let header = decodeHeader()
    decodeCategories(documents["xp"]?.object?.required("categories"))
    let elementNames = documents["companions"]?.value["elements"]?.members?.map(\.key) ?? []
    facts = FactTable(
      FactNames(categories: categories.map(\.name), parameters: parameters, elements: elementNames),
      constants: constants)
    decodeExercises()
    let mechanics = MechanicRules { $0.decodedCell(self) }
    guard let header, mechanics.hasRequired, !log.hasErrors else { return nil }
    contents.name = header.name
    contents.version = header.version
    contents.description = header.description
    contents.constants = constants
    contents.categories = categories
    contents.categoryParameters = parameters
    contents.exercises = exercises
    contents.unlisted = unlisted
    contents.facts = facts
    return RulePack(contents, mechanics: mechanics, source: source, digest: digest, overrides: overrides, files: files)
  }

  /// The newest `format` this version reads.
  static let supportedFormat = 1

  private func decodeHeader() -> (name: String, version: String, description: String)? {
    guard let object = documents["pack"]?.object else { return nil }
    defer { object.finish() }
    if let format = object.required("format"), let number = format.integer(in: 1...Int.max) {
      if number > PackDecoder.supportedFormat {
        format.error(
          "rule pack format \(number) is newer than this fitquest supports (\(PackDecoder.supportedFormat)); update fitquest"
        )
      }
    }
    if let list = object.optional("constants")?.object {
      for entry in list.entries {
        guard let value = entry.node.number else { continue }
        guard entry.key.first?.isLetter == true, entry.key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else {
          entry.node.error(
            "constant name '\(entry.key)' must start with a letter and hold only letters, digits and '_'")
          continue
        }
        constants.append(("const.\(entry.key)", value))
      }
    }
    let name = object.required("name")?.nonEmptyString
    let version = object.required("version")?.nonEmptyString
    let description = object.optional("description")?.string ?? ""
    guard let name, let version else { return nil }
    return (name, version, description)
  }

  private func decodeCategories(_ node: JSONNode?) {
    guard let node, let object = node.object else { return }
    let entries = object.entries
    if entries.isEmpty { node.error("'categories' must define at least one category") }
    let texts = documents.keys.sorted().compactMap { documents[$0]?.source.bytes }
    parameters = Self.sharedParameters(entries.compactMap { $0.node.value.members?.map(\.key) }) { name in
      let needle = Array("category.\(name)".utf8)
      return texts.contains { Self.occurs(needle, in: $0) }
    }
    for entry in entries {
      guard let reader = entry.node.object else { continue }
      categories.append(CategoryRule(name: entry.key, parameters: categoryValues(entry.key, reader)))
    }
  }

  /// The parameters most categories define, so that a key misspelt in one category is that
  /// category's error, not every other one's. On a tie, the list with more names the pack's
  /// formulas use (`category.NAME`) wins, then the first.
  static func sharedParameters(_ lists: [[String]], isUsed: (String) -> Bool) -> [String] {
    var best: [String] = []
    var bestScore = (0, 0)
    // Each name is looked up once, and only for a list that can win (a search of the pack's
    // texts per parameter per category took a fifth of a quick command's start).
    var used: [String: Bool] = [:]
    for list in lists {
      let count = lists.filter { $0 == list }.count
      guard count >= bestScore.0 else { continue }
      let uses = list.filter { name in
        if let known = used[name] { return known }
        let found = isUsed(name)
        used[name] = found
        return found
      }.count
      let score = (count, uses)
      if score > bestScore {
        best = list
        bestScore = score
      }
    }
    return best
  }

  /// Whether `needle` (not empty) occurs in `text`, byte for byte.
  static func occurs(_ needle: [UInt8], in text: [UInt8]) -> Bool {
    guard let first = needle.first, needle.count <= text.count else { return false }
    return text.withUnsafeBufferPointer { text in
      needle.withUnsafeBufferPointer { needle in
        for start in 0...(text.count - needle.count)
        where text[start] == first
          && UnsafeBufferPointer(rebasing: text[start..<(start + needle.count)]).elementsEqual(needle)
        {
          return true
        }
        return false
      }
    }
  }

  /// A category's values in the order of ``parameters``, read by name. A category that differs
  /// is reported key by key (an unknown key with its "did you mean", a missing parameter) and
  /// still kept, a misspelt key standing for the parameter it resembles, so that the category's
  /// uses elsewhere in the pack are not reported again.
  private func categoryValues(_ name: String, _ reader: ObjectReader) -> [Double] {
    let members = reader.members
    let keys = members.map(\.key)
    // Each missing parameter paired with the first unknown key close to it.
    var typos: [(key: String, parameter: String)] = []
    for parameter in parameters where !keys.contains(parameter) {
      let typo = keys.first { key in
        !parameters.contains(key) && !typos.contains { $0.key == key }
          && Suggestion.closest(to: key, among: [parameter]) != nil
      }
      if let typo { typos.append((typo, parameter)) }
    }
    for member in members where !parameters.contains(member.key) {
      let guess = typos.first { $0.key == member.key }?.parameter
      let hint = guess.map { "; did you mean '\($0)'?" } ?? Suggestion.hint(for: member.key, among: parameters)
      let list = hint.isEmpty ? "; every category defines \(Self.list(parameters))" : ""
      reader.node.child(member.value, key: member.key).error(
        "unknown parameter '\(member.key)' in category '\(name)'\(hint)\(list)", at: member.keyOffset)
    }
    return parameters.map { parameter in
      let key = keys.contains(parameter) ? parameter : typos.first { $0.parameter == parameter }?.key
      guard let key, let member = members.first(where: { $0.key == key }) else {
        reader.node.error(
          "category '\(name)' lacks parameter '\(parameter)'; every category defines \(Self.list(parameters))")
        return 0
      }
      return reader.node.child(member.value, key: key).number ?? 0
    }
  }

  private static func list(_ names: [String]) -> String { names.map { "'\($0)'" }.joined(separator: ", ") }

  /// Resolves a category name, reporting unknown ones with a hint.
  func categoryIndex(_ node: JSONNode) -> Int? {
    guard let name = node.choice(categories.map(\.name), what: "category") else { return nil }
    return categories.firstIndex { $0.name == name }
  }

  /// Compiles a rule formula in a place, reporting problems.
  func formula(_ node: JSONNode?, _ place: FactScope, _ type: FormulaType) -> Formula? {
    guard let node else { return nil }
    return FormulaCompiler.compile(node, scope: facts.scope(place), expecting: type)
  }

  /// Reads an object of `name: formula` pairs, keeping their order.
  func namedFormulas(_ node: JSONNode?, _ place: FactScope, _ type: FormulaType) -> [NamedFormula]? {
    guard let node, let object = node.object else { return nil }
    var result: [NamedFormula] = []
    for entry in object.entries {
      if let compiled = formula(entry.node, place, type) {
        result.append(NamedFormula(name: entry.key, formula: compiled))
      }
    }
    return result
  }

  /// Compiles a formula with its own small scope (level curves, stats, one-rep max).
  func formula(_ node: JSONNode?, variables: [String]) -> Formula? {
    guard let node else { return nil }
    let scope = FormulaScope(
      variables.enumerated().map { .init(name: $0.element, type: .number, slot: $0.offset) }, constants: constants)
    return FormulaCompiler.compile(node, scope: scope, expecting: .number)
  }

  /// The highest level a curve may have.
  static let maximumLevel = 1_000_000
  /// The most bytecode instructions tabulating a curve may take (maxLevel × the formula's size),
  /// so that loading a pack stays fast.
  static let maximumCurveWork = 50_000_000

  /// Reads `{"maxLevel": N, "curve": formula}` or `{"maxLevel": N, "table": [...]}`.
  func decodeCurve(_ object: ObjectReader, what: String) -> LevelCurve? {
    defer { object.finish() }
    let maxNode = object.optional("maxLevel")
    var maxLevel = maxNode?.integer(in: 2...PackDecoder.maximumLevel)
    let curveNode = object.optional("curve")
    let tableNode = object.optional("table")
    var thresholds: [Int64] = [0]
    switch (curveNode, tableNode) {
    case (let curveNode?, nil):
      guard let formula = formula(curveNode, variables: ["level"]) else { return nil }
      guard let maxLevel else {
        if maxNode == nil && !object.hasMisspelling(of: "maxLevel") {
          object.node.error("a \(what) curve needs 'maxLevel'")
        }
        return nil
      }
      let work = maxLevel * max(1, formula.instructionCount)
      guard work <= PackDecoder.maximumCurveWork else {
        curveNode.error(
          "the \(what) curve is too expensive to tabulate for \(maxLevel) levels (more than \(PackDecoder.maximumCurveWork) steps); lower 'maxLevel' or simplify the curve"
        )
        return nil
      }
      for level in 2...maxLevel {
        let value: Double
        do {
          value = try formula.evaluate(slots: [Double(level)])
        } catch {
          var diagnostic = formula.diagnostic(for: error)
          diagnostic.message += " (the \(what) curve at level \(level))"
          log.report(diagnostic)
          return nil
        }
        guard value == value.rounded(), value >= 1, value < 9e15 else {
          curveNode.error(
            "the \(what) curve gives \(NumberText.format(value)) XP for level \(level); thresholds must be whole numbers of at least 1 (use floor() or round())"
          )
          return nil
        }
        let threshold = Int64(value)
        guard let previous = thresholds.last, threshold > previous else {
          curveNode.error(
            "the \(what) curve is not strictly increasing: level \(level) needs \(threshold) XP, level \(level - 1) needs \(thresholds.last ?? 0)"
          )
          return nil
        }
        thresholds.append(threshold)
      }
    case (nil, let tableNode?):
      guard let rows = tableNode.array else { return nil }
      guard rows.count < PackDecoder.maximumLevel else {
        tableNode.error(
          "the \(what) table has \(rows.count) entries; levels go up to \(PackDecoder.maximumLevel), so it has at most \(PackDecoder.maximumLevel - 1)"
        )
        return nil
      }
      for (index, row) in rows.enumerated() {
        guard let value = row.integer(in: 1...Int(9e15)) else { return nil }
        guard let previous = thresholds.last, Int64(value) > previous else {
          row.error(
            "the \(what) table is not strictly increasing: level \(index + 2) needs \(value) XP, level \(index + 1) needs \(thresholds.last ?? 0)"
          )
          return nil
        }
        thresholds.append(Int64(value))
      }
      if let max = maxLevel, max != thresholds.count {
        maxNode?.error("'maxLevel' is \(max) but the table defines \(thresholds.count) levels")
        return nil
      }
      maxLevel = thresholds.count
    case (.some, .some):
      object.node.error("give either 'curve' or 'table' for the \(what) curve, not both")
      return nil
    case (nil, nil):
      if !object.hasMisspelling(of: "curve") && !object.hasMisspelling(of: "table") {
        object.node.error("the \(what) curve needs 'curve' (a formula of 'level') or 'table'")
      }
      return nil
    }
    guard let maxLevel else { return nil }
    return LevelCurve(maxLevel: maxLevel, thresholds: thresholds)
  }
}
