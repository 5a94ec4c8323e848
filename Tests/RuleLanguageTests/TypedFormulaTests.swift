import FitQuestTestSupport
import RuleLanguage
import Testing

@Suite struct TypedFormulaTests {
  static let category = ChoiceSet(name: "category", values: ["strength", "cardio", "flexibility"])
  static let scope = FormulaScope([
    .init(name: "player.streak", type: .number, slot: 0),
    .init(name: "workout.durationMin", type: .number, slot: 1),
    .init(name: "workout.category", type: .choice(category), slot: 2),
    .init(name: "workout.isFirstOfWeek", type: .bool, slot: 3),
  ])

  func compile(_ text: String, expecting: FormulaType? = nil) throws -> Formula {
    try FormulaCompiler.compile(text: text, scope: Self.scope, expecting: expecting)
  }

  @Test func resolvesVariablesToSlotsAndEvaluates() throws {
    let formula = try compile("workout.durationMin * 1.5 + (workout.isFirstOfWeek ? 20 : 0)")
    #expect(formula.slots == [1, 3])
    #expect(try formula.evaluate(slots: [0, 45, 0, 1]) == 87.5)
    #expect(try formula.evaluate(slots: [0, 45, 0, 0]) == 67.5)
  }

  @Test func choicesCompareByName() throws {
    let formula = try compile("workout.category == 'cardio' || workout.category in ['flexibility']")
    #expect(try formula.evaluate(slots: [0, 0, 0, 0]) == 0)
    #expect(try formula.evaluate(slots: [0, 0, 1, 0]) == 1)
    #expect(try formula.evaluate(slots: [0, 0, 2, 0]) == 1)
    let (result, _) = formula.traced(slots: [0, 0, 1, 0])
    #expect(try result.get() == .bool(true))
  }

  @Test func foldsConstantsAtCompileTime() throws {
    #expect(try compile("2 + 3 * 4").constantNumber == 14)
    #expect(try compile("1 < 2 && 3 > 4").constantValue == .bool(false))
    let error = try #require(throws: DiagnosticError.self) { try compile("player.streak + 1 / 0") }
    #expect(error.diagnostics.first?.message == "division by zero in '1 / 0'")
  }

  @Test func findsThresholdShapes() throws {
    #expect(try compile("player.streak >= 7").threshold == Formula.Threshold(slot: 0, bound: 7, inclusive: true))
    #expect(try compile("30 < player.streak").threshold == Formula.Threshold(slot: 0, bound: 30, inclusive: false))
    #expect(try compile("player.streak >= 7 && workout.durationMin > 1").threshold == nil)
  }

  static let errors: [FormulaErrorCase] = [
    FormulaErrorCase("1️⃣player.streek > 3", "unknown variable 'player.streek'; did you mean 'player.streak'?"),
    FormulaErrorCase("workout.category == 1️⃣'cardo'", "unknown category 'cardo'; did you mean 'cardio'?"),
    FormulaErrorCase(
      "player.streak + 1️⃣workout.isFirstOfWeek",
      "'+' needs a number, but 'workout.isFirstOfWeek' is true or false"),
    FormulaErrorCase(
      "1️⃣cat('a')", "'cat' is not available in rule formulas, which compute numbers and true/false values"),
    FormulaErrorCase(
      "player.streak > 1 ? 1 : 1️⃣true", "the values of 'if' must have one type; 'true' is true or false, not a number"),
    FormulaErrorCase("1️⃣player.streak ? 1 : 2", "a condition must be true or false, but 'player.streak' is a number"),
    FormulaErrorCase(
      "workout.category == 1️⃣3", "'==' cannot compare 'workout.category' (a category name) with '3' (a number)"),
    FormulaErrorCase("1️⃣null", "null has no meaning in rule formulas; use a number or true/false"),
    FormulaErrorCase("player.streak in [1, 1️⃣'a']", "'in' cannot compare 'player.streak' (a number) with ''a'' (text)"),
  ]

  @Test(arguments: errors)
  func reportsTypeAndNameErrors(_ testCase: FormulaErrorCase) throws {
    let marked = MarkedText(testCase.marked)
    let error = try #require(throws: DiagnosticError.self) { try compile(marked.text) }
    #expect(error.diagnostics.first?.message == testCase.message)
    #expect(error.diagnostics.first?.position == marked.position())
  }

  @Test func checksTheResultType() throws {
    let error = try #require(throws: DiagnosticError.self) { try compile("player.streak + 1", expecting: .bool) }
    #expect(error.diagnostics.first?.message == "this formula must compute true or false, but it computes a number")
  }

  @Test func formulasInRuleFilesReportFilePositions() throws {
    let text = #"{"xp": "workout.durationMin * 2 + player.streek"}"#
    let source = SourceFile(name: "rules/xp.json", text: text)
    let log = DiagnosticLog()
    let root = JSONNode(root: try JSONReader.parse(source), source: source, log: log)
    let object = try #require(root.object)
    let formula = FormulaCompiler.compile(try #require(object.required("xp")), scope: Self.scope, expecting: .number)
    #expect(formula == nil)
    #expect(
      log.diagnostics.map { $0.rendered() } == [
        """
        rules/xp.json:1:35: error: unknown variable 'player.streek'; did you mean 'player.streak'?
         1 | {"xp": "workout.durationMin * 2 + player.streek"}
           |                                   ^
        """
      ])
  }

  @Test func escapedFormulaTextStillMapsToTheRightColumn() throws {
    let text = #"{"c": "workout.category == \"cardo\""}"#
    let source = SourceFile(name: "r.json", text: text)
    let log = DiagnosticLog()
    let root = JSONNode(root: try JSONReader.parse(source), source: source, log: log)
    _ = FormulaCompiler.compile(try #require(root.object?.required("c")), scope: Self.scope, expecting: .bool)
    #expect(log.diagnostics.first?.position == SourcePosition(line: 1, column: 28))
  }

  @Test func jsonLogicRuleFormulasUseTheSameVariables() throws {
    let source = SourceFile(name: "r.json", text: #"{">=": [{"var": "player.streak"}, 7]}"#)
    let formula = try FormulaCompiler.compile(
      jsonLogic: try JSONReader.parse(source), source: source, scope: Self.scope, expecting: .bool)
    #expect(formula.threshold == Formula.Threshold(slot: 0, bound: 7, inclusive: true))
    #expect(try formula.evaluate(slots: [7, 0, 0, 0]) == 1)
  }

  /// The bytecode and the reference evaluator agree on every input, failures included.
  @Test func bytecodeAgreesWithTheReferenceEvaluator() throws {
    let sources = [
      "player.streak * 1.5 + workout.durationMin / 3 - 2",
      "round((40 + workout.durationMin * 1.5 + player.streak * 2) * 1.1)",
      "player.streak >= 7 && (workout.durationMin > 30 || workout.isFirstOfWeek)",
      "workout.category == 'cardio' ? min(player.streak, 30) : max(workout.durationMin, 10) % 7",
      "clamp((workout.durationMin - 300) / 300 * 0.1, -0.1, 0.1)",
      "workout.durationMin / player.streak",
      "sqrt(player.streak - 5) + floor(workout.durationMin / 7) + ceil(-player.streak / 4)",
      "pow(workout.durationMin, player.streak / 10) > 1000 ? 1 : 0",
      "!(workout.category in ['strength', 'flexibility']) && !workout.isFirstOfWeek",
      "abs(player.streak - workout.durationMin) % (player.streak - 3)",
      // Fused terms of sums and selected factors, including their two ways to fail.
      "player.streak * 2 + workout.durationMin / 0.5 + 3 * player.streak - 1",
      "workout.durationMin * 1e307 + player.streak * 1e307",
      "1 + workout.durationMin * 1e308",
      "1e308 + workout.durationMin * 1e307 + 2",
      "-3 + workout.durationMin / 0.25 * 1 + player.streak / 1e-308",
      "workout.durationMin * (player.streak >= 7 ? 1.5 : 1) * (workout.isFirstOfWeek == true ? 2 : 1)",
      "(workout.durationMin + 1) * (player.streak < 3 ? 1e308 : 0.5) * (player.streak != 20 ? 2 : 1)",
      "player.streak * (workout.durationMin <= 100 ? 3 : -1) * (workout.durationMin > 200 ? 0 : 1)",
      // A step that overflows, then a step that could hide it (the unchecked first run stops there).
      "1 / ((workout.durationMin * 1e307) * (player.streak + 1)) + 1",
      "min((workout.durationMin * 1e307) * (player.streak + 1), 1)",
      "(workout.durationMin * 1e307) * (player.streak + 1) > 1 ? 2 : 3",
      "pow((workout.durationMin * 1e307) * (player.streak + 1), 0)",
      "5 % ((workout.durationMin * 1e307) * (player.streak + 1) + 1)",
      "workout.isFirstOfWeek || (workout.durationMin * 1e307) * (player.streak + 1) > 0",
      "clamp((workout.durationMin * 1e307) * (player.streak + 1), 0, 1)",
      "!((workout.durationMin * 1e307) * (player.streak + 1) > 1) && player.streak > 3",
      "max((workout.durationMin * 1e307) * (player.streak + 1), 1)",
      "(workout.durationMin * 1e307) * (player.streak + 1) == player.streak * 1e307 * 10 ? 1 : 2",
      "(workout.durationMin * 1e307 < player.streak * 1e307) ? workout.durationMin : player.streak * 1e308",
      "sqrt(player.streak - 20) > 1 ? 1 : 0",
      "min(sqrt(player.streak - 20), 1)",
    ]
    let between = SourceFile(name: "b.json", text: #"{"<": [1, {"var": "player.streak"}, 10]}"#)
    let formulas =
      try sources.map { try compile($0) } + [
        try FormulaCompiler.compile(jsonLogic: try JSONReader.parse(between), source: between, scope: Self.scope)
      ]
    var random = TestRandom(seed: 7)
    for formula in formulas {
      let source = formula.source
      for _ in 0..<300 {
        let slots: [Double] = [
          Double(Int.random(in: 0...40, using: &random)), Double(Int.random(in: 0...600, using: &random)) / 2,
          Double(Int.random(in: 0...2, using: &random)), Double(Int.random(in: 0...1, using: &random)),
        ]
        let fast = Result { () throws(FormulaFailure) -> Double in try formula.evaluate(slots: slots) }
        let (reference, _) = formula.traced(slots: slots)
        switch (fast, reference) {
        case (.success(let number), .success(let value)):
          let expected: Double
          switch value {
          case .bool(let flag): expected = flag ? 1 : 0
          case .number(let n): expected = n
          default: Issue.record("unexpected value \(value)"); continue
          }
          #expect(number == expected, "\(source) at \(slots)")
        case (.failure(let a), .failure(let b)):
          #expect(a.offset == b.offset, "\(source) at \(slots)")
        default:
          Issue.record("\(source) at \(slots): bytecode \(fast) vs reference \(reference)")
        }
      }
    }
  }
}
