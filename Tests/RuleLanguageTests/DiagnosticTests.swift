import FitQuestTestSupport
import RuleLanguage
import Testing

@Suite struct DiagnosticTests {
  @Test func rendersHeadlineSourceLineAndCaret() {
    let source = SourceFile(name: "rules/xp.json", text: "{\n  \"multipler\": 1.2\n}")
    let diagnostic = Diagnostic(in: source, offset: 4, message: "unknown key 'multipler'; did you mean 'multiplier'?")
    #expect(
      diagnostic.rendered() == """
        rules/xp.json:2:3: error: unknown key 'multipler'; did you mean 'multiplier'?
         2 |   "multipler": 1.2
           |   ^
        """)
  }

  @Test func cutsVeryLongLinesAroundTheCaret() {
    let line = String(repeating: "a", count: 10_000) + "X" + String(repeating: "b", count: 10_000)
    let source = SourceFile(name: "big.json", text: line)
    let rendered = Diagnostic(in: source, offset: 10_000, message: "here").rendered()
    let lines = rendered.split(separator: "\n")
    #expect(lines[0] == "big.json:1:10001: error: here")
    #expect(lines[1].count < 120)
    let caretColumn = lines[2].firstIndex(of: "^").map { lines[2].distance(from: lines[2].startIndex, to: $0) }
    let xColumn = lines[1].firstIndex(of: "X").map { lines[1].distance(from: lines[1].startIndex, to: $0) }
    #expect(caretColumn == xColumn)
  }

  @Test func suggestsCloseNamesOnly() {
    #expect(Suggestion.closest(to: "multipler", among: ["multiplier", "base"]) == "multiplier")
    #expect(Suggestion.closest(to: "durationMins", among: ["durationMin", "date"]) == "durationMin")
    #expect(Suggestion.closest(to: "zzz", among: ["multiplier", "base"]) == nil)
    #expect(Suggestion.closest(to: "RPE", among: ["rpe", "reps"]) == "rpe")
    #expect(Suggestion.closest(to: "teh", among: ["the"]) == "the")
  }

  @Test func objectReaderReportsEveryUnknownKeyAndMissingKey() throws {
    let text = "{\"name\": \"x\", \"multipler\": 2, \"colour\": 1}"
    let source = SourceFile(name: "p.json", text: text)
    let log = DiagnosticLog()
    let root = JSONNode(root: try JSONReader.parse(source), source: source, log: log)
    let object = try #require(root.object)
    #expect(object.required("name")?.string == "x")
    _ = object.optional("multiplier")
    _ = object.required("version")
    object.finish()
    #expect(
      log.diagnostics.map(\.headline) == [
        "p.json:1:1: error: missing required key 'version'",
        "p.json:1:15: error: unknown key 'multipler'; did you mean 'multiplier'?",
        "p.json:1:31: error: unknown key 'colour'",
      ])
  }

  @Test func aMissingRequiredKeyWrittenWithATypoIsReportedOnceAtTheTypo() throws {
    // "sead" is the missing "seed": one error, at the key the author wrote, not "missing 'seed'".
    // "speed" is close to "seed" too, but it is a key of the format, so it is not taken for it.
    let text = "{\"speed\": 1,\n \"sead\": 2}"
    let source = SourceFile(name: "s.json", text: text)
    let log = DiagnosticLog()
    let object = try #require(JSONNode(root: try JSONReader.parse(source), source: source, log: log).object)
    #expect(object.required("seed") == nil)
    #expect(object.optional("speed")?.number == 1)
    object.finish()
    #expect(log.diagnostics.map(\.headline) == ["s.json:2:2: error: unknown key 'sead'; did you mean 'seed'?"])
  }

  @Test func nodeAccessorsReportTypeAndRangeErrors() throws {
    let source = SourceFile(name: "p.json", text: "{\"a\": \"x\", \"b\": 12, \"c\": 2.5}")
    let log = DiagnosticLog()
    let object = try #require(JSONNode(root: try JSONReader.parse(source), source: source, log: log).object)
    #expect(object.required("a")?.number == nil)
    #expect(object.required("b")?.number(in: 0...10) == nil)
    #expect(object.required("c")?.integer(in: 0...10) == nil)
    #expect(
      log.diagnostics.map(\.message) == [
        "'a' must be a number; found a string",
        "'b' must be between 0 and 10; found 12",
        "'c' must be a whole number; found 2.5",
      ])
  }
}
