/// The static type of a formula or sub-formula.
///
/// Rule formulas are typed when compiled against a ``FormulaScope``: numbers and true/false
/// values, plus names from a fixed set (``ChoiceSet``, such as the categories of a rule pack).
/// Formulas evaluated against free-form data (`fitquest eval --data`) have type `any`.
public enum FormulaType: Sendable, Hashable, CustomStringConvertible {
  case number
  case bool
  case string
  case list
  case any
  /// A name from a fixed set; stored as its index, compared with string literals.
  case choice(ChoiceSet)

  /// A phrase for messages: "a number", "true or false", "a category name"…
  public var description: String {
    switch self {
    case .number: return "a number"
    case .bool: return "true or false"
    case .string: return "text"
    case .list: return "a list"
    case .any: return "any value"
    case .choice(let set): return "a \(set.name) name"
    }
  }
}

/// A fixed set of names a variable can hold, such as the categories of a rule pack.
public struct ChoiceSet: Sendable, Hashable {
  /// What the names are, for messages ("category").
  public let name: String
  /// The names; a value is stored as its index here.
  public let values: [String]

  /// Creates a set of names.
  public init(name: String, values: [String]) {
    self.name = name
    self.values = values
  }
}

/// The variables a rule formula may use, each with a type and a slot in the evaluation array.
///
/// Compiling against a scope resolves every name to its slot once; evaluation then reads
/// `slots[i]` (numbers as themselves, true/false as 1/0, choices as their index).
public struct FormulaScope: Sendable {
  /// One declared variable.
  public struct Variable: Sendable {
    /// The dotted name, e.g. `player.streak`.
    public let name: String
    /// The type.
    public let type: FormulaType
    /// The index in the slot array.
    public let slot: Int

    /// Creates a variable.
    public init(name: String, type: FormulaType, slot: Int) {
      self.name = name
      self.type = type
      self.slot = slot
    }
  }

  private let byName: [String: Variable]
  /// The variables in declaration order.
  public let variables: [Variable]
  /// Named constants (`const.levelBase`), compiled as the numbers they stand for.
  public let constants: [(name: String, value: Double)]
  private let constantsByName: [String: Double]

  /// Creates a scope; later declarations of a name replace earlier ones.
  public init(_ variables: [Variable], constants: [(name: String, value: Double)] = []) {
    self.variables = variables
    var byName: [String: Variable] = [:]
    for variable in variables { byName[variable.name] = variable }
    self.byName = byName
    self.constants = constants
    var values: [String: Double] = [:]
    for constant in constants { values[constant.name] = constant.value }
    constantsByName = values
  }

  /// The same variables with named constants.
  public func with(constants: [(name: String, value: Double)]) -> FormulaScope {
    FormulaScope(variables, constants: constants)
  }

  /// Returns the variable with a name.
  public func variable(named name: String) -> Variable? { byName[name] }

  /// Returns the value of a named constant.
  public func constant(named name: String) -> Double? { constantsByName[name] }

  /// Every name a formula may use here, for hints.
  public var names: [String] { variables.map(\.name) + constants.map(\.name) }
}
