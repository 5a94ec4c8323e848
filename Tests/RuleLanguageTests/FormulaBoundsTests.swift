import FitQuestTestSupport
import RuleLanguage
import Testing

/// Interval bounds of typed formulas, worked out by hand with x in [0, 10], y in [−2, 3], a
/// true/false `b`, a category `c` (strength = 0, cardio = 1, flexibility = 2) and `level` fixed
/// at 7.
@Suite struct FormulaBoundsTests {
  static let category = ChoiceSet(name: "category", values: ["strength", "cardio", "flexibility"])
  static let scope = FormulaScope([
    .init(name: "x", type: .number, slot: 0),
    .init(name: "y", type: .number, slot: 1),
    .init(name: "b", type: .bool, slot: 2),
    .init(name: "c", type: .choice(category), slot: 3),
    .init(name: "level", type: .number, slot: 4),
    .init(name: "n", type: .number, slot: 5),
  ])
  static let slots: [FormulaBounds] = [
    FormulaBounds(0, 10), FormulaBounds(-2, 3), .either, FormulaBounds(0, 2), .exactly(7), .nonNegative,
  ]

  struct Case: Sendable, CustomTestStringConvertible {
    var formula: String
    var lower: Double
    var upper: Double
    var testDescription: String { formula }
  }

  @Test(arguments: [
    Case(formula: "x + y", lower: -2, upper: 13),
    Case(formula: "x - y", lower: -3, upper: 12),
    Case(formula: "-y", lower: -3, upper: 2),
    Case(formula: "x * y", lower: -20, upper: 30),
    Case(formula: "x * 1.5 + 50", lower: 50, upper: 65),
    Case(formula: "x / 2", lower: 0, upper: 5),
    Case(formula: "x / y", lower: -.infinity, upper: .infinity),
    Case(formula: "x % 3", lower: 0, upper: 3),
    Case(formula: "min(x, 4)", lower: 0, upper: 4),
    Case(formula: "max(x, y, 5)", lower: 5, upper: 10),
    Case(formula: "clamp(y, 0, 1)", lower: 0, upper: 1),
    Case(formula: "round(y / 4)", lower: -1, upper: 1),
    Case(formula: "floor(x / 3)", lower: 0, upper: 3),
    Case(formula: "ceil(x / 3)", lower: 0, upper: 4),
    Case(formula: "abs(y)", lower: 0, upper: 3),
    Case(formula: "sqrt(x)", lower: 0, upper: 10.0.squareRoot()),
    Case(formula: "pow(x, 2)", lower: 0, upper: 100),
    Case(formula: "pow(2, y)", lower: 0.25, upper: 8),
    Case(formula: "pow(y, 2)", lower: -.infinity, upper: .infinity),
    Case(formula: "floor(150 * pow(level - 1, 1.6))", lower: 2637, upper: 2637),
    Case(formula: "n + 1", lower: 1, upper: .infinity),
    Case(formula: "n * 0", lower: 0, upper: 0),
    // Conditions: 1 always true, 0 never, [0, 1] either.
    Case(formula: "x >= 11", lower: 0, upper: 0),
    Case(formula: "x >= 0", lower: 1, upper: 1),
    Case(formula: "x >= 10", lower: 0, upper: 1),
    Case(formula: "x > 10", lower: 0, upper: 0),
    Case(formula: "y < 3", lower: 0, upper: 1),
    Case(formula: "y <= 3", lower: 1, upper: 1),
    Case(formula: "x >= 11 && b", lower: 0, upper: 0),
    Case(formula: "x >= 11 || b", lower: 0, upper: 1),
    Case(formula: "x >= 0 || b", lower: 1, upper: 1),
    Case(formula: "!(x >= 0)", lower: 0, upper: 0),
    Case(formula: "c == 'cardio'", lower: 0, upper: 1),
    Case(formula: "level == 7", lower: 1, upper: 1),
    Case(formula: "level != 7", lower: 0, upper: 0),
    Case(formula: "x == 20", lower: 0, upper: 0),
    // Conditionals take the union of the branches that can be taken.
    Case(formula: "b ? 10 : 20", lower: 10, upper: 20),
    Case(formula: "x >= 0 ? 10 : y", lower: 10, upper: 10),
    Case(formula: "x >= 11 ? 10 : y", lower: -2, upper: 3),
    Case(formula: "if(x > 20, 1, x > 5, 2, 3)", lower: 2, upper: 3),
  ])
  func boundsMatchTheHandComputation(_ c: Case) throws {
    let formula = try FormulaCompiler.compile(text: c.formula, scope: Self.scope, expecting: nil)
    let bounds = formula.bounds { Self.slots[$0] }
    #expect(bounds == FormulaBounds(c.lower, c.upper))
  }

  @Test func boundsHoldEveryEvaluatedValue() throws {
    // Soundness on a grid: every value the bytecode computes lies within the bounds.
    var random = TestRandom(seed: 7)
    for text in [
      "x * y - x / 3 + min(y, 2)", "round(x * 1.5) + (b ? y : -y)", "clamp(x - y * 2, -1, 8)", "abs(y) * pow(x, 1.5)",
    ] {
      let formula = try FormulaCompiler.compile(text: text, scope: Self.scope, expecting: nil)
      let bounds = formula.bounds { Self.slots[$0] }
      for _ in 0..<500 {
        let x = Double(random.next() % 1001) / 100
        let y = Double(random.next() % 501) / 100 - 2
        let b = Double(random.next() % 2)
        let value = try formula.evaluate(slots: [x, y, b, 0, 7, 0])
        #expect(
          bounds.lower <= value && value <= bounds.upper, "\(text) = \(value) at x=\(x), y=\(y) is outside \(bounds)")
      }
    }
  }

  @Test func reversedOrNaNBoundsAreUnbounded() {
    #expect(FormulaBounds(2, 1) == .unbounded)
    #expect(FormulaBounds(.nan, 1) == .unbounded)
    #expect(FormulaBounds.exactly(3).isSingleValue)
    #expect(FormulaBounds.either.canBeTrue && FormulaBounds.either.canBeFalse)
    #expect(!FormulaBounds.exactly(0).canBeTrue && !FormulaBounds.exactly(1).canBeFalse)
  }
}
