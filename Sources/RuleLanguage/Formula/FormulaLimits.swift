/// The limits every formula is held to, so that formulas from careless or hostile authors (a
/// rule pack, a JsonLogic formula from a web tool) are refused with a clear error instead of
/// taking the process down. docs/reliability.md lists them.
public enum FormulaLimits {
  /// The tallest formula tree: nesting of parentheses, calls and operators whose operands are
  /// operators (a run of one associative operator, `a + b + c + …`, counts once).
  public static let maximumDepth = 256
  /// The most steps one evaluation may take: one per node evaluated, one per list element or
  /// string character built.
  public static let maximumWork = 10_000_000
  /// The longest list a formula may build.
  public static let maximumListLength = 100_000
  /// The longest string a formula may build, in Unicode scalars.
  public static let maximumStringLength = 1_000_000

  /// "nesting 256, 10000000 steps, lists of 100000, strings of 1000000".
  public static var description: String {
    "nesting \(maximumDepth), \(maximumWork) steps, lists of \(maximumListLength) elements, strings of \(maximumStringLength) characters"
  }
}
