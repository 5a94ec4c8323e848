import FitQuestTestSupport
import RuleLanguage
import Testing

struct FormulaCase: Sendable, CustomTestStringConvertible {
  var source: String
  var expected: Value
  var data: String
  var testDescription: String { source }
  init(_ source: String, _ expected: Value, data: String = "null") {
    self.source = source
    self.expected = expected
    self.data = data
  }
}

struct FormulaErrorCase: Sendable, CustomTestStringConvertible {
  var marked: String
  var message: String
  var testDescription: String { marked }
  init(_ marked: String, _ message: String) {
    self.marked = marked
    self.message = message
  }
}

@Suite struct TextFormulaTests {
  static let evaluations: [FormulaCase] = [
    // Precedence and associativity, worked out by hand.
    FormulaCase("2 + 3 * 4", .number(14)),
    FormulaCase("(2 + 3) * 4", .number(20)),
    FormulaCase("10 - 4 - 3", .number(3)),
    FormulaCase("100 / 10 / 5", .number(2)),
    FormulaCase("2 * 3 % 4", .number(2)),
    FormulaCase("-2 * 3", .number(-6)),
    FormulaCase("-(2 + 3)", .number(-5)),
    FormulaCase("2 - -3", .number(5)),
    FormulaCase("!true || true", .bool(true)),
    FormulaCase("true || false && false", .bool(true)),
    FormulaCase("(true || false) && false", .bool(false)),
    FormulaCase("1 + 2 == 3", .bool(true)),
    FormulaCase("1 < 2 == true", .bool(true)),
    FormulaCase("true ? 1 : 0 ? 5 : 6", .number(1)),
    FormulaCase("false ? 1 : true ? 2 : 3", .number(2)),
    FormulaCase("3 > 2 && 2 > 1", .bool(true)),
    FormulaCase("2 >= 2 && 2 <= 1", .bool(false)),
    FormulaCase("7 % 3", .number(1)),
    FormulaCase("-7 % 3", .number(-1)),
    FormulaCase("1 / 4", .number(0.25)),
    FormulaCase("1e3 + 0.5", .number(1000.5)),
    FormulaCase("0.1 + 0.2", .number(0.30000000000000004)),
    // Types and JsonLogic's loose semantics.
    FormulaCase("1 == '1'", .bool(true)),
    FormulaCase("1 === '1'", .bool(false)),
    FormulaCase("1 !== '1'", .bool(true)),
    FormulaCase("'10' + 1", .number(11)),
    FormulaCase("'b' > 'a'", .bool(true)),
    FormulaCase("2 in [1, 2, 3]", .bool(true)),
    FormulaCase("'b' in ['a', 'c']", .bool(false)),
    FormulaCase("'Spring' in 'Springfield'", .bool(true)),
    FormulaCase("\"say \\\"hi\\\"\"", .string("say \"hi\"")),
    FormulaCase("[1, 1 + 1]", .array([.number(1), .number(2)])),
    FormulaCase("null", .null),
    // Every function.
    FormulaCase("min(3, 1, 2)", .number(1)),
    FormulaCase("max(3, 1, 2)", .number(3)),
    FormulaCase("clamp(15, 0, 10)", .number(10)),
    FormulaCase("clamp(-5, 0, 10)", .number(0)),
    FormulaCase("clamp(5, 0, 10)", .number(5)),
    FormulaCase("round(2.5)", .number(3)),
    FormulaCase("round(-2.5)", .number(-3)),
    FormulaCase("round(2.4999)", .number(2)),
    FormulaCase("floor(-1.5)", .number(-2)),
    FormulaCase("ceil(1.2)", .number(2)),
    FormulaCase("abs(-3)", .number(3)),
    FormulaCase("pow(2, 10)", .number(1024)),
    FormulaCase("sqrt(16)", .number(4)),
    FormulaCase("bool(0)", .bool(false)),
    FormulaCase("if(false, 1, true, 2, 3)", .number(2)),
    FormulaCase("cat('a', 1, true)", .string("a1true")),
    FormulaCase("substr('jsonlogic', -5, 3)", .string("log")),
    // Found by the fuzzer: positions beyond Int's range trapped; they clamp to the text.
    FormulaCase("substr('jsonlogic', -555555555555555555555555555, 3)", .string("jso")),
    FormulaCase("substr('jsonlogic', 1e30)", .string("")),
    FormulaCase("substr('jsonlogic', 2, -1e30)", .string("")),
    FormulaCase("substr('jsonlogic', -2, 1e30)", .string("ic")),
    FormulaCase("merge([1], 2)", .array([.number(1), .number(2)])),
    // Data.
    FormulaCase("a.b + a.c.0", .number(6), data: #"{"a":{"b":1,"c":[5]}}"#),
    FormulaCase("var('a.b', 9) + var('x', 9)", .number(10), data: #"{"a":{"b":1}}"#),
    FormulaCase("missing('a', 'z')", .array([.string("z")]), data: #"{"a":1}"#),
    FormulaCase("map(xs, var('') * 2)", .array([.number(2), .number(4)]), data: #"{"xs":[1,2]}"#),
    FormulaCase("reduce(xs, current + accumulator, 0)", .number(6), data: #"{"xs":[1,2,3]}"#),
    FormulaCase("all(xs, var('') > 0) && !some(xs, var('') > 2)", .bool(true), data: #"{"xs":[1,2]}"#),
  ]

  @Test(arguments: evaluations)
  func evaluates(_ testCase: FormulaCase) throws {
    let formula = try FormulaCompiler.compile(text: testCase.source)
    let data = Value(try JSONReader.parse(testCase.data))
    #expect(try formula.evaluate(data: data) == testCase.expected)
  }

  static let errors: [FormulaErrorCase] = [
    FormulaErrorCase("2 + 1️⃣", "expected an operand; the formula ended"),
    FormulaErrorCase("2 + 1️⃣* 3", "expected an operand, found '*'"),
    FormulaErrorCase("1️⃣", "the formula is empty"),
    FormulaErrorCase(
      "(1 + 2 1️⃣", "expected ')' to close the '(' that is character 1 of the formula; found the end of the formula"),
    FormulaErrorCase("1 < 2 1️⃣< 3", "comparisons cannot be chained; combine them with '&&', as in 'a < b && b < c'"),
    FormulaErrorCase("1️⃣mx(1, 2)", "unknown function 'mx'; did you mean 'max'?"),
    FormulaErrorCase("1 1️⃣2", "unexpected '2' after a complete formula; expected an operator"),
    FormulaErrorCase("1 1️⃣& 2", "expected '&&'; a single '&' is not an operator"),
    FormulaErrorCase("a 1️⃣= 2", "use '==' to compare; a single '=' is not an operator"),
    FormulaErrorCase("1️⃣'abc", "unterminated string"),
    FormulaErrorCase("2 1️⃣^ 3", "'^' is not an operator; use pow(base, exponent)"),
    FormulaErrorCase("121️⃣ab", "expected an operator after the number"),
    FormulaErrorCase("1️⃣round()", "'round' takes 1 argument; found 0"),
    FormulaErrorCase("1️⃣clamp(1, 2)", "'clamp' takes 3 arguments; found 2"),
    FormulaErrorCase("1️⃣1e999", "number '1e999' is out of range"),
    FormulaErrorCase("true ? 11️⃣", "expected ':' after the first branch of '?'; found the end of the formula"),
    FormulaErrorCase("max(1 1️⃣2)", "expected ',' or ')' after argument; found '2'"),
    FormulaErrorCase("1 + 1️⃣#", "unexpected character '#'"),
  ]

  @Test(arguments: errors)
  func reportsSyntaxErrorsAtTheToken(_ testCase: FormulaErrorCase) throws {
    let marked = MarkedText(testCase.marked)
    let error = try #require(throws: DiagnosticError.self) { try FormulaCompiler.compile(text: marked.text) }
    let diagnostic = try #require(error.diagnostics.first)
    #expect(diagnostic.message == testCase.message)
    #expect(diagnostic.position == marked.position())
    #expect(diagnostic.file == "<expression>")
  }

  @Test func runtimeFailuresPointAtTheOperation() throws {
    let formula = try FormulaCompiler.compile(text: "x + y / (z - 1)")
    let data = Value(try JSONReader.parse(#"{"x":1,"y":2,"z":1}"#))
    let failure = try #require(throws: FormulaFailure.self) { try formula.evaluate(data: data) }
    #expect(failure == FormulaFailure(offset: 6, message: "division by zero in 'y / (z - 1)'"))
    #expect(
      formula.diagnostic(for: failure).rendered() == """
        <expression>:1:7: error: division by zero in 'y / (z - 1)'
         1 | x + y / (z - 1)
           |       ^
        """)
    let sqrt = try FormulaCompiler.compile(text: "1 + sqrt(0 - 1)")
    #expect(throws: FormulaFailure(offset: 4, message: "square root of a negative number in 'sqrt(0 - 1)'")) {
      try sqrt.evaluate()
    }
    let overflow = try FormulaCompiler.compile(text: "pow(10, 300) * pow(10, 300)")
    #expect(throws: FormulaFailure(offset: 13, message: "'pow(10, 300) * pow(10, 300)' is not a finite number")) {
      try overflow.evaluate()
    }
    let notNumber = try FormulaCompiler.compile(text: "'abc' * 2")
    #expect(throws: FormulaFailure(offset: 6, message: "''abc' * 2' has an operand that is not a number")) {
      try notNumber.evaluate()
    }
  }

  @Test func traceRecordsEverySubExpression() throws {
    let formula = try FormulaCompiler.compile(text: "round((50 + w.d * 1.5) * 1.2)")
    let (result, trace) = formula.traced(data: Value(try JSONReader.parse(#"{"w":{"d":45}}"#)))
    #expect(try result.get() == .number(141))
    #expect(
      trace.map { "\($0.depth) \($0.source) = \($0.value)" } == [
        "0 round((50 + w.d * 1.5) * 1.2) = 141",
        "1 (50 + w.d * 1.5) * 1.2 = 141",
        "2 50 + w.d * 1.5 = 117.5",
        "3 w.d * 1.5 = 67.5",
        "4 w.d = 45",
      ])
  }

  @Test func bothSpellingsCompileToTheSameResults() throws {
    let pairs: [(String, String)] = [
      ("a * 1.5 + 2", #"{"+":[{"*":[{"var":"a"},1.5]},2]}"#),
      ("a > 3 ? 'hi' : 'lo'", #"{"if":[{">":[{"var":"a"},3]},"hi","lo"]}"#),
      ("!(a == 4) && a < 10", #"{"and":[{"!":[{"==":[{"var":"a"},4]}]},{"<":[{"var":"a"},10]}]}"#),
      ("min(a, 2) + max(a, 7) % 3", #"{"+":[{"min":[{"var":"a"},2]},{"%":[{"max":[{"var":"a"},7]},3]}]}"#),
    ]
    for a in [0.0, 3, 4, 9.5, 12] {
      let data = Value.object([ValueMember(key: "a", value: .number(a))])
      for (text, json) in pairs {
        let textFormula = try FormulaCompiler.compile(text: text)
        let source = SourceFile(name: "x.json", text: json)
        let logic = try FormulaCompiler.compile(jsonLogic: try JSONReader.parse(source), source: source)
        #expect(try textFormula.evaluate(data: data) == (try logic.evaluate(data: data)), "\(text) at a = \(a)")
      }
    }
  }
}
