import RuleLanguage
import Testing

@testable import Engine

/// The formulas the engine computes in place (``CompiledProgram/inPlace(slots:)``) against the
/// formula module's interpreter.
@Suite struct InPlaceFormulaTests {
  static let scope = FormulaScope([
    .init(name: "player.streak", type: .number, slot: 0),
    .init(name: "workout.durationMin", type: .number, slot: 1),
  ])

  /// The shapes a caller runs in place give what the interpreter gives, on any slot value.
  @Test func simpleShapesAgreeWithTheInterpreter() throws {
    let expected: [(String, CompiledProgram.Shape)] = [
      ("4 * 2", .constant(8)),
      ("workout.durationMin", .slot(1)),
      ("workout.durationMin * 1.5", .scaled(slot: 1, by: 1.5)),
      ("player.streak >= 7", .compared(slot: 0, .greaterEqual, 7)),
      ("workout.durationMin < 2.5", .compared(slot: 1, .less, 2.5)),
      ("player.streak != 3", .compared(slot: 0, .notEqual, 3)),
      ("player.streak + 1", .other),
    ]
    let values: [Double] = [0, -0.0, 7, 2.5, -3, 1e308, .infinity, -.infinity, .nan]
    for (source, shape) in expected {
      // The program points into its formula's code: the formula lives until the loop ends.
      let formula = try FormulaCompiler.compile(text: source, scope: Self.scope)
      defer { withExtendedLifetime(formula) {} }
      let program = formula.compiledProgram
      #expect(program.shape == shape, "\(source)")
      for value in values {
        let slots = [value, value]
        var stack = [Double](repeating: 0, count: 4)
        let interpreted = slots.withUnsafeBufferPointer { slots in
          stack.withUnsafeMutableBufferPointer { stack in
            program.run(slots: slots.baseAddress!, stack: stack.baseAddress!, capacity: 4)
          }
        }
        let inPlace = slots.withUnsafeBufferPointer { program.inPlace(slots: $0.baseAddress!) }
        if shape == .other {
          #expect(inPlace == nil, "\(source)")
        } else {
          // In place, or (a product that is not finite) nil: left to the interpreter, which fails too.
          #expect(inPlace?.bitPattern == interpreted?.bitPattern, "\(source) at \(value)")
        }
      }
    }
  }
}
