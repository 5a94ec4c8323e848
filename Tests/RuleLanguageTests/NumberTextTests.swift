import FitQuestTestSupport
import RuleLanguage
import Testing

/// Text read as a number: JSON's grammar in ``NumberText``, JavaScript's `Number()` in formulas.
@Suite struct NumberTextTests {
  static func double(_ text: String) -> Double? {
    Array(text.utf8).withUnsafeBufferPointer { NumberText.double(from: $0) }
  }

  @Test func readsJSONNumbersAndRefusesTheRest() {
    #expect(Self.double("0.2") == 0.2)
    #expect(Self.double("-1.5e2") == -150)
    #expect(Self.double("12E-1") == 1.2)
    // Not JSON numbers: nil, never a trap (the formula-text fuzz target found "+.2" trapping on
    // an overflow: the '+' was taken for an exponent's 'e' and '.' for one of its digits).
    for text in ["+.2", "+1", "1x", "1e+x", "--1"] { #expect(Self.double(text) == nil, "\(text)") }
  }

  @Test func stringsInArithmeticReadAsJavaScriptsNumberDoes() throws {
    // Number("+.2") is 0.2 (it trapped), Number("+1") is 1 (it read 0), Number(" -.5 ") is -0.5.
    for (formula, expected) in [(#""+.2" * 1"#, 0.2), (#""+1" * 2"#, 2.0), (#"" -.5 " * 2"#, -1.0)] {
      #expect(try FormulaCompiler.compile(text: formula).evaluate() == .number(expected), "\(formula)")
    }
  }
}
