import FitQuestTestSupport
import RuleLanguage
import Testing

/// Formulas that would have taken the process down: long chains, huge texts, runaway values.
@Suite struct FormulaLimitTests {
  @Test func longChainsOfOneAssociativeOperatorAreFlat() throws {
    // 17,500 terms crashed the compiler (a left-leaning tree 17,500 deep); it is one n-ary node.
    let sum = try FormulaCompiler.compile(text: Array(repeating: "1", count: 17_500).joined(separator: " + "))
    #expect(try sum.evaluate() == .number(17_500))
    let product = try FormulaCompiler.compile(text: Array(repeating: "1", count: 10_000).joined(separator: " * "))
    #expect(try product.evaluate() == .number(1))
    let all = try FormulaCompiler.compile(text: Array(repeating: "true", count: 10_000).joined(separator: " && "))
    #expect(try all.evaluate() == .bool(true))
    // Runs that change operator keep their meaning: (1 + 2 − 3) + 4 = 4, (2 × 3 / 6) × 5 = 5.
    #expect(try FormulaCompiler.compile(text: "1 + 2 - 3 + 4").evaluate() == .number(4))
    #expect(try FormulaCompiler.compile(text: "2 * 3 / 6 * 5").evaluate() == .number(5))
  }

  @Test func typedChainsRunOnTheBytecodeToo() throws {
    let scope = FormulaScope([.init(name: "x", type: .number, slot: 0)])
    let formula = try FormulaCompiler.compile(
      text: Array(repeating: "x * 2", count: 5_000).joined(separator: " + "), scope: scope, expecting: .number)
    // 5,000 terms of 2x at x = 1.5: 15,000, on the reference evaluator and the bytecode alike.
    #expect(try formula.evaluate(slots: [1.5]) == 15_000)
    #expect(formula.stackDepth <= 3)
  }

  @Test func aMegabyteFormulaCompilesAndShowsItselfShort() throws {
    // About 1.2 MB of text: linear memory (each node keeps a range of the text, not a copy).
    // Compiled once (slow in a debug build); its 150,000 terms sum to 300,000 at x = 1, which
    // the two evaluations show: 1 / (300,000 - 299,999) = 1, and y = 300,000 divides by zero.
    let text = Array(repeating: "x * 2", count: 150_000).joined(separator: " + ")
    let formula = try FormulaCompiler.compile(text: "1 / (" + text + " - y)")
    func data(y: Double) -> Value {
      .object([ValueMember(key: "x", value: .number(1)), ValueMember(key: "y", value: .number(y))])
    }
    #expect(try formula.evaluate(data: data(y: 299_999)) == .number(1))
    // A failure names the formula cut in the middle, not its megabyte.
    let error = #expect(throws: FormulaFailure.self) { try formula.evaluate(data: data(y: 300_000)) }
    #expect(error?.message.hasPrefix("division by zero in '1 / (x * 2 + x * 2") == true)
    #expect((error?.message.count ?? .max) < 200)
  }

  @Test func deepNestingIsALocatedErrorInBothSpellings() throws {
    #expect(throws: DiagnosticError.self) {
      try FormulaCompiler.compile(text: Array(repeating: "1", count: 300).joined(separator: " - "))
    }
    var json = "1"
    for _ in 0..<300 { json = #"{"-":\#(json)}"# }
    let source = SourceFile(name: "deep.json", text: json)
    do {
      _ = try FormulaCompiler.compile(jsonLogic: try JSONReader.parse(source), source: source)
      Issue.record("a JsonLogic formula 301 levels deep compiled")
    } catch {
      #expect(error.diagnostics.first?.message == "the formula is nested more than 256 levels deep")
    }
  }

  @Test func runawayValuesStopAtTheirLimits() throws {
    let doubling = SourceFile(
      name: "f.json",
      text:
        #"{"reduce":[[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18],{"merge":[{"var":"accumulator"},{"var":"accumulator"}]},[1]]}"#
    )
    let formula = try FormulaCompiler.compile(jsonLogic: try JSONReader.parse(doubling), source: doubling)
    // 2^17 = 131,072 elements after 17 doublings: past the 100,000 limit on the 17th.
    #expect(throws: FormulaFailure.self) { try formula.evaluate() }
    let within = SourceFile(
      name: "g.json",
      text:
        #"{"reduce":[[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16],{"merge":[{"var":"accumulator"},{"var":"accumulator"}]},[1]]}"#
    )
    // 2^16 = 65,536 elements: within the limit.
    let fine = try FormulaCompiler.compile(jsonLogic: try JSONReader.parse(within), source: within)
    #expect(try fine.evaluate().arrayCount == 65_536)
  }

  @Test func evaluationStepsAreLimited() throws {
    // 100,000 items, each evaluating a body of 102 nodes: more than 10,000,000 steps.
    let items = Value.array(Array(repeating: .number(0), count: 100_000))
    let body = "{\"+\":[{\"var\":\"accumulator\"}" + String(repeating: ",1", count: 100) + "]}"
    let source = SourceFile(name: "h.json", text: #"{"reduce":[{"var":"items"},"# + body + ",0]}")
    let formula = try FormulaCompiler.compile(jsonLogic: try JSONReader.parse(source), source: source)
    do {
      _ = try formula.evaluate(data: .object([ValueMember(key: "items", value: items)]))
      Issue.record("a formula of more than 10,000,000 steps ran to the end")
    } catch {
      #expect(error.message == "the formula takes more than 10000000 steps to evaluate (the limit of one evaluation)")
    }
  }
}

extension Value {
  var arrayCount: Int? {
    if case .array(let items) = self { return items.count }
    return nil
  }
}
