import Engine
import FitQuestTestSupport
import RuleLanguage
import Testing

/// The byte buffer award lines are written into (``AwardJSONBuffer``) writes what ``JSONWriter``
/// writes for the same members: strings escaped alike whatever bytes they hold and wherever
/// (its eight-bytes-a-step scan), numbers alike, and all of it intact when the buffer outgrows
/// the memory it was lent.
@Suite struct AwardJSONBufferTests {
  /// What `body` writes into a buffer lent `lent` bytes.
  static func written(lent: Int = 64, _ body: (inout AwardJSONBuffer) -> Void) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: lent) { memory in
      var out = AwardJSONBuffer(lending: memory)
      body(&out)
      return String(decoding: out.written, as: UTF8.self)
    }
  }

  @Test func everyByteIsEscapedAsTheWriterEscapesIt() {
    // Each ASCII byte alone and at every position of a 17-byte string (either side of a word).
    for code in UInt8(0)..<0x80 {
      let byte = String(decoding: [code], as: UTF8.self)
      #expect(Self.written { $0.string(byte) } == JSONWriter.quoted(byte), "\(code)")
      for position in 0..<17 {
        var bytes = Array(repeating: UInt8(ascii: "a"), count: 17)
        bytes[position] = code
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(Self.written { $0.string(text) } == JSONWriter.quoted(text), "\(code) at \(position)")
      }
    }
    #expect(Self.written { $0.string("a\"b\\c\u{1}\n\t") } == #""a\"b\\c\u0001\n\t""#)
    #expect(Self.written { $0.escaped("é \u{2212}1% ☀") } == "é \u{2212}1% ☀")
  }

  @Test(arguments: [UInt64(1), 2])
  func randomStringsAreQuotedAsTheWriterQuotesThem(seed: UInt64) {
    let alphabet: [String] = ["a", "Z", " ", "\"", "\\", "\u{0}", "\u{1F}", "\n", "é", "\u{2212}", "☀", "\u{7F}", "/"]
    var random = TestRandom(seed: seed)
    for _ in 0..<5_000 {
      let length = Int.random(in: 0...40, using: &random)
      let text = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }.joined()
      #expect(Self.written(lent: 8) { $0.string(text) } == JSONWriter.quoted(text), "\(text.debugDescription)")
    }
  }

  /// Members as an award's payload writes them: each after a comma (the envelope precedes them).
  @Test func membersAreTheWritersMembers() {
    var random = TestRandom(seed: 3)
    for _ in 0..<2_000 {
      let number = Double(bitPattern: random.next())
      let decimal = Double(Int.random(in: -100_000...100_000, using: &random)) / 100
      let integer = Int64.random(in: .min ... .max, using: &random)
      var writer = JSONWriter()
      writer.object { w in
        w.field("type", "t")
        w.field("n", number)
        w.field("d", decimal)
        w.field("i", integer)
        w.field("small", Int(integer % 1000))
        w.field("flag", integer < 0)
        w.field("s", "x\"y")
        w.key("named")
        w.object { w in
          w.field(named: "a\\b", decimal)
          w.field(named: "c", number)
        }
      }
      let written = Self.written(lent: 16) { out in
        out.append(#"{"type":"t""#)
        out.field("n", number)
        out.field("d", decimal)
        out.field("i", integer)
        out.field("small", Int(integer % 1000))
        out.field("flag", integer < 0)
        out.field("s", "x\"y")
        out.openObject("named")
        out.member("a\\b", decimal, first: true)
        out.member("c", number, first: false)
        out.closeObject()
        out.byte(UInt8(ascii: "}"))
      }
      #expect(written == writer.output)
    }
  }

  /// A payload's one field list (``JSONFieldSink``) writes the same members into both, the first
  /// member of a nested object without a comma, an empty nested object as `{}`.
  @Test func oneFieldListWritesTheSameMembersIntoBoth() {
    func fields<Sink: JSONFieldSink & ~Copyable>(_ w: inout Sink) {
      w.field("s", "a\"b")
      w.field("d", 2.5)
      w.field("i", -7)
      w.field("l", Int64.min)
      w.field("b", false)
      w.openObject("o")
      w.field("x", 1.0)
      w.field("y", true)
      w.closeObject()
      w.openObject("empty")
      w.closeObject()
      w.field("after", 3)
    }
    var writer = JSONWriter()
    writer.object { w in
      w.field("type", "t")
      fields(&w)
    }
    let written = Self.written(lent: 8) { out in
      out.append(#"{"type":"t""#)
      fields(&out)
      out.byte(UInt8(ascii: "}"))
    }
    let expected =
      #"{"type":"t","s":"a\"b","d":2.5,"i":-7,"l":-9223372036854775808,"b":false,"o":{"x":1,"y":true},"empty":{},"#
      + #""after":3}"#
    #expect(written == expected)
    #expect(writer.output == expected)
  }

  /// Lent 4 bytes, the buffer moves to the heap and keeps everything written before and after.
  @Test func outgrowingTheLentMemoryKeepsTheBytes() {
    let text = Self.written(lent: 4) { out in
      for index in 0..<2_000 {
        out.integer(Int64(index))
        out.append(",")
      }
      out.repeatBytes(0..<5)
    }
    #expect(text == (0..<2_000).map { "\($0)," }.joined() + "0,1,2")
  }
}
