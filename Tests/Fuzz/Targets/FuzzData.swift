import RuleLanguage

/// Shared inputs and oracles of the formula targets.
enum FuzzData {
  static let value = Value.object([
    ValueMember(key: "a", value: .number(3)), ValueMember(key: "b", value: .array([.number(1), .string("x")])),
    ValueMember(key: "c", value: .string("cardio")), ValueMember(key: "d", value: .null),
  ])

  static let scope = FormulaScope([
    .init(name: "a", type: .number, slot: 0), .init(name: "b", type: .number, slot: 1),
    .init(name: "flag", type: .bool, slot: 2),
    .init(name: "c", type: .choice(ChoiceSet(name: "category", values: ["strength", "cardio"])), slot: 3),
  ])

  static let inputs: [[Double]] = [[0, 0, 0, 0], [3, -2.5, 1, 1], [1e6, 7, 0, 0], [-4, 0.5, 1, 1]]

  /// The bytecode and the reference evaluator must agree on every input.
  static func checkAgreement(_ formula: Formula) {
    for slots in inputs {
      let fast = Result { () throws(FormulaFailure) -> Double in try formula.evaluate(slots: slots) }
      let (reference, _) = formula.traced(slots: slots)
      switch (fast, reference) {
      case (.success(let number), .success(let value)):
        let expected: Double
        switch value {
        case .bool(let flag): expected = flag ? 1 : 0
        case .number(let n): expected = n
        case .string(let text): expected = Double(["strength", "cardio"].firstIndex(of: text) ?? -1)
        default: fatalError("typed formula gave \(value)")
        }
        if number != expected && !(number.isNaN && expected.isNaN) {
          fatalError("bytecode \(number) vs reference \(expected) for \(formula.source) at \(slots)")
        }
      case (.failure, .failure): break
      default: fatalError("bytecode \(fast) vs reference \(reference) for \(formula.source) at \(slots)")
      }
    }
  }
}
