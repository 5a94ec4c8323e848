/// The operations of the formula language, named as in JsonLogic.
enum Operation: String, CaseIterable, Sendable {
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
  case remainder = "%"
  case equal = "=="
  case strictEqual = "==="
  case notEqual = "!="
  case strictNotEqual = "!=="
  case less = "<"
  case lessEqual = "<="
  case greater = ">"
  case greaterEqual = ">="
  case not = "!"
  case truthy = "!!"
  case and, or
  case ifThen = "if"
  case ternary = "?:"
  case contains = "in"
  case cat, substr, merge, min, max, clamp, round, floor, ceil, abs, pow, sqrt
  case variable = "var"
  case missing
  case missingSome = "missing_some"
  case map, filter, reduce, all, none, some

  /// The number of arguments accepted.
  var arity: ClosedRange<Int> {
    switch self {
    case .add, .cat, .merge, .ifThen, .missing: return 0...Int.max
    case .multiply, .and, .or, .min, .max: return 1...Int.max
    case .subtract: return 1...2
    case .divide, .remainder, .equal, .strictEqual, .notEqual, .strictNotEqual, .greater,
      .greaterEqual, .contains, .pow, .missingSome, .map, .filter, .all, .none, .some:
      return 2...2
    case .less, .lessEqual, .substr, .reduce: return 2...3
    case .not, .truthy, .round, .floor, .ceil, .abs, .sqrt: return 1...1
    case .ternary, .clamp: return 3...3
    case .variable: return 0...2
    }
  }

  /// Whether rule formulas (typed, numeric) may use the operation.
  var isAvailableInRules: Bool {
    switch self {
    case .cat, .substr, .merge, .variable, .missing, .missingSome, .map, .filter, .reduce, .all,
      .none, .some:
      return false
    default: return true
    }
  }

  /// Whether the operation reads data or scopes (so cannot be folded at compile time).
  var readsData: Bool {
    switch self {
    case .variable, .missing, .missingSome, .map, .filter, .reduce, .all, .none, .some: return true
    default: return false
    }
  }

  /// How the operation is named in messages.
  var quoted: String { "'\(rawValue)'" }
}
