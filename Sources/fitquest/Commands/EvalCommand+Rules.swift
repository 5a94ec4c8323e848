import Engine
import Ledger
import RuleLanguage
import Simulation

/// `fitquest eval --rules DIR [--scope NAME]`: a formula compiled as the rule pack compiles one
/// written in that place (its constants, the facts of the scope with their types; an unknown
/// name is an error with a "did you mean"), then evaluated with the facts' values taken from
/// `--data` (`{"player": {"streak": 4}}` or `{"player.streak": 4}`).
enum RuleScope: String, CaseIterable {
  case workout
  case companionXP = "companion-xp"
  case player
  case day
  case quest
  case curve
  case stats
  case oneRepMax = "one-rep-max"

  /// Where formulas of the scope are written, for the help.
  var place: String {
    switch self {
    case .workout: return "XP terms, factors, bonuses and caps (xp.json)"
    case .companionXP: return "companion XP (companions.json 'xp')"
    case .player: return "achievement and evolution conditions"
    case .day: return "nutrition signals"
    case .quest: return "quest goals"
    case .curve: return "level curves (the variable 'level')"
    case .stats: return "companion stats (base, growth, profile, level)"
    case .oneRepMax: return "the one-rep-max estimate (weight, reps)"
    }
  }

  /// The help's list of scopes.
  static var help: String {
    allCases.map { "  \($0.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0))\($0.place)" }.joined(
      separator: "\n")
  }

  /// Parses `--scope NAME`, with a "did you mean" for a misspelt one.
  @Sendable static func parse(_ text: String) throws(UsageError) -> RuleScope {
    if let scope = RuleScope(rawValue: text) { return scope }
    let names = allCases.map(\.rawValue)
    throw UsageError(
      message: "--scope: unknown scope '\(text)'"
        + (Suggestion.closest(to: text, among: names).map { "; did you mean '\($0)'?" }
          ?? "; the scopes are " + names.joined(separator: ", ")))
  }

  /// Whether the scope's names are the pack's facts (not a curve's own variables).
  var readsFacts: Bool { ![.curve, .stats, .oneRepMax].contains(self) }

  /// The names a formula of this scope may read, with their types and slots.
  func formulaScope(_ pack: RulePack) -> FormulaScope {
    func small(_ names: [String]) -> FormulaScope {
      FormulaScope(
        names.enumerated().map { .init(name: $0.element, type: .number, slot: $0.offset) }, constants: pack.constants)
    }
    switch self {
    case .workout: return pack.facts.scope(.workout)
    case .companionXP: return pack.facts.scope(.companionXP)
    case .player: return pack.facts.scope(.player)
    case .day: return pack.facts.scope(.day)
    case .quest: return pack.facts.scope(.quest)
    case .curve: return small(["level"])
    case .stats: return small(["base", "growth", "profile", "level"])
    case .oneRepMax: return small(["weight", "reps"])
    }
  }
}

extension EvalCommand {
  /// Compiles `expression` in a scope of the pack at `rules`; the slots it reads take their
  /// values from `data`, or else from the saved player at `state` (the `player` scope's facts).
  static func compile(
    _ expression: String, name: String, rules: String, scope: RuleScope, data: Value, state: String?
  ) throws -> (formula: Formula, slots: [Double]) {
    let engine = try PackCache().engine(for: rules)
    let pack = engine.pack
    let formulaScope = scope.formulaScope(pack)
    let formula = try FormulaCompiler.compile(
      text: expression, origin: .whole(SourceFile(name: name, text: expression)), scope: formulaScope)
    let count = (formulaScope.variables.map(\.slot).max() ?? -1) + 1
    var slots = [Double](repeating: 0, count: max(1, count))
    var known = Set<Int>()
    if let state {
      guard scope.readsFacts else {
        throw UsageError(message: "--state gives facts; --scope \(scope.rawValue) reads none")
      }
      slots = try playerFacts(state, engine)
      known = Set(pack.facts.facts.indices.filter { pack.facts.facts[$0].scopes.contains(.player) })
    }
    var missing: [String] = []
    for variable in formulaScope.variables where formula.slots.contains(variable.slot) {
      if let value = lookUp(variable.name, in: data) {
        slots[variable.slot] = try number(value, for: variable)
      } else if !known.contains(variable.slot) {
        missing.append(variable.name)
      }
    }
    if !missing.isEmpty {
      throw DiagnosticError(
        Diagnostic(
          message: "no value for " + missing.map { "'\($0)'" }.joined(separator: ", ")
            + (state == nil ? "" : " (a saved player gives the player's and the companion's facts, not an event's)"),
          notes: ["give it with --data '{\"\(missing[0])\": VALUE}' (or nested by its dotted parts)"]))
    }
    return (formula, slots)
  }

  /// The player-scope facts of a saved player (a state file, as `award --state` writes).
  private static func playerFacts(_ path: String, _ engine: Engine) throws -> [Double] {
    let store = FileStore(path: try FileSystem.resolved(path))
    let loaded: PlayerState?
    do {
      loaded = try store.load(player: "")
    } catch {
      throw DiagnosticError(error.diagnostics)
    }
    guard let player = loaded else { throw DiagnosticError(.unreadable(path, "no such state file")) }
    do {
      return try engine.playerFactValues(player)
    } catch {
      throw DiagnosticError(Diagnostic(file: path, message: error.message))
    }
  }

  /// The value of a dotted name: a key of that name, or the path of its parts.
  private static func lookUp(_ name: String, in data: Value) -> Value? {
    if let value = data.member(name) { return value }
    var current = data
    for part in name.split(separator: ".") {
      guard let next = current.member(String(part)) else { return nil }
      current = next
    }
    return current
  }

  /// A data value as the slot holds it: numbers, true/false as 1/0, a choice by its index.
  private static func number(_ value: Value, for variable: FormulaScope.Variable) throws(DiagnosticError) -> Double {
    switch (value, variable.type) {
    case (.number(let number), .number): return number
    case (.bool(let flag), .bool): return flag ? 1 : 0
    case (.string(let text), .choice(let set)):
      if let index = set.values.firstIndex(of: text) { return Double(index) }
      throw DiagnosticError(
        Diagnostic(
          message: "--data: '\(variable.name)' is \(variable.type); '\(text)' is not one"
            + (Suggestion.closest(to: text, among: set.values).map { "; did you mean '\($0)'?" } ?? "")))
    default:
      throw DiagnosticError(
        Diagnostic(message: "--data: '\(variable.name)' is \(variable.type), found \(value.typeName)"))
    }
  }
}
