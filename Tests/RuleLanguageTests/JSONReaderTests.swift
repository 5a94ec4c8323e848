import FitQuestTestSupport
import RuleLanguage
import Testing

struct InvalidJSONCase: Sendable, CustomTestStringConvertible {
  var marked: String
  var message: String
  var testDescription: String { marked }
  init(_ marked: String, _ message: String) {
    self.marked = marked
    self.message = message
  }
}

struct ValidJSONCase: Sendable, CustomTestStringConvertible {
  var text: String
  var expected: JSONValue.Kind
  var testDescription: String { text }
  init(_ text: String, _ expected: JSONValue.Kind) {
    self.text = text
    self.expected = expected
  }
}

@Suite struct JSONReaderTests {
  static let invalid: [InvalidJSONCase] = [
    InvalidJSONCase("[1, 2,1️⃣]", "trailing comma before ']' is not allowed"),
    InvalidJSONCase("{\"a\": 1,1️⃣}", "trailing comma before '}' is not allowed"),
    InvalidJSONCase("[1,\n  2,\n 1️⃣]", "trailing comma before ']' is not allowed"),
    InvalidJSONCase("1️⃣// comment\n1", "comments are not allowed in JSON"),
    InvalidJSONCase("{\"a\": 1, 1️⃣/* c */}", "comments are not allowed in JSON"),
    InvalidJSONCase("[1️⃣'a']", "single quotes are not allowed in JSON; use double quotes"),
    InvalidJSONCase("{1️⃣'a': 1}", "single quotes are not allowed in JSON; use double quotes"),
    InvalidJSONCase("[1️⃣01]", "leading zeros are not allowed in numbers"),
    InvalidJSONCase("[-1️⃣00]", "leading zeros are not allowed in numbers"),
    InvalidJSONCase("[\"a1️⃣\nb\"]", "control character U+000A must be escaped in a string"),
    InvalidJSONCase("[\"a1️⃣\tb\"]", "control character U+0009 must be escaped in a string"),
    InvalidJSONCase("[1️⃣NaN]", "NaN and Infinity are not valid JSON numbers"),
    InvalidJSONCase("[1️⃣Infinity]", "NaN and Infinity are not valid JSON numbers"),
    InvalidJSONCase("[1️⃣-Infinity]", "NaN and Infinity are not valid JSON numbers"),
    InvalidJSONCase("[1] 1️⃣x", "unexpected 'x' after the JSON value; expected end of input"),
    InvalidJSONCase("{} 1️⃣{}", "unexpected '{' after the JSON value; expected end of input"),
    InvalidJSONCase("{\"a\": 1, 1️⃣\"a\": 2}", "duplicate key 'a'"),
    InvalidJSONCase(
      "[\"1️⃣\\x\"]", "invalid escape sequence '\\x'; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"),
    InvalidJSONCase("[\"1️⃣\\uD800\"]", "lone high surrogate '\\uD800' must be followed by a low surrogate"),
    InvalidJSONCase("[\"1️⃣\\uDC00\"]", "lone low surrogate '\\uDC00' is not a Unicode scalar"),
    InvalidJSONCase("[\"1️⃣\\u12G4\"]", "expected 4 hexadecimal digits after '\\u'"),
    InvalidJSONCase("[1️⃣1e400]", "number '1e400' is out of range"),
    InvalidJSONCase("[1️⃣-1e400]", "number '-1e400' is out of range"),
    InvalidJSONCase("[1.1️⃣]", "expected a digit after '.'"),
    InvalidJSONCase("[-1️⃣]", "expected a digit after '-'"),
    InvalidJSONCase("[1e1️⃣]", "expected a digit in the exponent"),
    InvalidJSONCase("1️⃣", "expected a JSON value; the input is empty"),
    InvalidJSONCase("  \n1️⃣", "expected a JSON value; the input is empty"),
    InvalidJSONCase("{\"a\" 1️⃣1}", "expected ':' after object key, found '1'"),
    InvalidJSONCase("{\"a\": 1 1️⃣\"b\": 2}", "expected ',' or '}' after object member, found '\"'"),
    InvalidJSONCase("[1 1️⃣2]", "expected ',' or ']' after array element, found '2'"),
    InvalidJSONCase("[1, 21️⃣", "expected ',' or ']' after array element; the input ended"),
    InvalidJSONCase("[1️⃣\"abc]", "unterminated string; expected '\"'"),
    InvalidJSONCase("[1️⃣tru]", "invalid literal; expected 'true'"),
    InvalidJSONCase("[1️⃣nul]", "invalid literal; expected 'null'"),
    // Found by the fuzzer: a literal cut off by the end of input read past the buffer.
    InvalidJSONCase("1️⃣nu", "invalid literal; expected 'null'"),
    InvalidJSONCase("1️⃣n", "invalid literal; expected 'null'"),
    InvalidJSONCase("[1️⃣nan]", "NaN and Infinity are not valid JSON numbers"),
    InvalidJSONCase("1️⃣fals", "invalid literal; expected 'false'"),
    InvalidJSONCase("{1️⃣a: 1}", "expected a string key, found 'a'"),
    InvalidJSONCase("[1️⃣+1]", "a number may not start with '+'"),
    InvalidJSONCase("[1️⃣.5]", "a number must have a digit before '.'"),
    InvalidJSONCase("[1️⃣}", "expected a JSON value (object, array, string, number, true, false or null), found '}'"),
    InvalidJSONCase("{\"é\": 1,1️⃣}", "trailing comma before '}' is not allowed"),
  ]

  @Test(arguments: invalid)
  func rejectsWithExactPosition(_ testCase: InvalidJSONCase) throws {
    let marked = MarkedText(testCase.marked)
    let error = try #require(throws: JSONSyntaxError.self) { try JSONReader.parse(marked.text) }
    #expect(error.message == testCase.message)
    #expect(error.offset == marked.offsets["1️⃣"])
    let source = SourceFile(name: "t.json", text: marked.text)
    #expect(source.position(of: error.offset) == marked.position())
  }

  @Test func rejectsInvalidUTF8() throws {
    let bytes: [UInt8] = Array("[\"ab".utf8) + [0xFF] + Array("\"]".utf8)
    let error = try #require(throws: JSONSyntaxError.self) { try JSONReader.parse(bytes) }
    #expect(error == JSONSyntaxError(offset: 4, message: "invalid UTF-8 byte 0xFF in string"))
    let overlong: [UInt8] = Array("[\"".utf8) + [0xC0, 0xAF] + Array("\"]".utf8)
    #expect(throws: JSONSyntaxError(offset: 2, message: "invalid UTF-8 byte 0xC0 in string")) {
      try JSONReader.parse(overlong)
    }
    let encodedSurrogate: [UInt8] = Array("[\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8)
    #expect(throws: JSONSyntaxError(offset: 2, message: "invalid UTF-8 byte 0xED in string")) {
      try JSONReader.parse(encodedSurrogate)
    }
    let truncated: [UInt8] = Array("[\"".utf8) + [0xE2, 0x82]
    #expect(throws: JSONSyntaxError(offset: 2, message: "invalid UTF-8 byte 0xE2 in string")) {
      try JSONReader.parse(truncated)
    }
  }

  static let valid: [ValidJSONCase] = [
    ValidJSONCase("9223372036854775807", .integer(Int64.max)),
    ValidJSONCase("-9223372036854775808", .integer(Int64.min)),
    ValidJSONCase("9223372036854775808", .double(9_223_372_036_854_775_808)),
    ValidJSONCase("-0", .integer(0)),
    ValidJSONCase("-0.0", .double(-0.0)),
    ValidJSONCase("1E2", .double(100)),
    ValidJSONCase("0.1", .double(0.1)),
    ValidJSONCase("2.5e-3", .double(0.0025)),
    ValidJSONCase("123456789012345678901234567890", .double(1.2345678901234568e29)),
    ValidJSONCase("1e-400", .double(0)),
    ValidJSONCase("\"\\u00e9\\n\\/\"", .string("é\n/")),
    ValidJSONCase("\"\\uD83D\\uDE00\"", .string("😀")),
    ValidJSONCase("\u{FEFF}[true]", .array([JSONValue(.bool(true))])),
    ValidJSONCase(" \t\r\n null \n", .null),
    ValidJSONCase("\"日本\"", .string("日本")),
  ]

  @Test(arguments: valid)
  func parses(_ testCase: ValidJSONCase) throws {
    #expect(try JSONReader.parse(testCase.text).kind == testCase.expected)
  }

  @Test func keepsKeyOrderAndOffsets() throws {
    let value = try JSONReader.parse("{\"z\": 1, \"a\": [true, {\"m\": null}]}")
    let members = try #require(value.members)
    #expect(members.map(\.key) == ["z", "a"])
    #expect(members[1].keyOffset == 9)
    #expect(members[1].value.offset == 14)
    #expect(members[1].value.elements?[1].offset == 21)
  }

  @Test func nestingLimitIsALocatedErrorNotACrash() throws {
    let deep = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
    #expect(throws: JSONSyntaxError(offset: 512, message: "nesting is deeper than 512 levels")) {
      try JSONReader.parse(deep)
    }
    let objects = String(repeating: "{\"a\":", count: 100_000)
    #expect(throws: JSONSyntaxError(offset: 2560, message: "nesting is deeper than 512 levels")) {
      try JSONReader.parse(objects)
    }
    let limit = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(try JSONReader.parse(limit).elements?.count == 1)
  }

  @Test func duplicateKeysInLargeObjects() throws {
    let members = (0..<20).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
    let text = "{\(members), \"k7\": 0}"
    let error = try #require(throws: JSONSyntaxError.self) { try JSONReader.parse(text) }
    #expect(error.message == "duplicate key 'k7'")
  }

  @Test func pathsPrintAsWritten() {
    let path = JSONPath.root.appending("achievements").appending(3).appending("condition")
    #expect(path.description == "achievements[3].condition")
    #expect(JSONPath.root.appending("a b").appending(0).description == "[\"a b\"][0]")
    #expect(JSONPath.root.description == "(root)")
  }

  @Test func writerRoundTripsAndFormatsNumbers() throws {
    let text = "{\"a\":[1,2.5,-0.001,1e+100,\"q\\\"\\n\"],\"b\":{\"c\":null,\"d\":false}}"
    #expect(try JSONReader.parse(text).description == text)
    #expect(NumberText.format(14.0) == "14")
    #expect(NumberText.format(0.1) == "0.1")
    #expect(NumberText.format(-0.0) == "0")
    #expect(NumberText.format(2.0, decimals: 1) == "2.0")
    #expect(NumberText.format(-2.45, decimals: 1) == "-2.5")
    #expect(NumberText.format(0.04, decimals: 1) == "0.0")
  }
}
