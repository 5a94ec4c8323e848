import RuleLanguage
import Testing

@Suite struct JSONWriterTests {
  @Test func commasSeparateMembersAndElementsAtEveryLevel() {
    var writer = JSONWriter()
    writer.object { w in
      w.field("a", 1)
      w.key("b")
      w.array { w in
        w.integer(1)
        w.object { _ in }
        w.array { w in w.string("x") }
        w.bool(true)
      }
      w.field("c", "d")
    }
    #expect(writer.output == #"{"a":1,"b":[1,{},["x"],true],"c":"d"}"#)
  }

  /// Containers nested past 64 levels (where the writer's per-level flags move to an array)
  /// still separate their elements and close in order.
  @Test(arguments: [63, 64, 65, 130]) func deepNestingKeepsItsCommas(depth: Int) {
    func nest(_ w: inout JSONWriter, _ level: Int) {
      w.array { w in
        w.integer(level)
        if level < depth { nest(&w, level + 1) }
        w.integer(-level)
      }
    }
    var writer = JSONWriter()
    nest(&writer, 1)
    var expected = ""
    for level in 1...depth { expected += "[\(level)," }
    for level in (1...depth).reversed() { expected += level == depth ? "-\(level)]" : ",-\(level)]" }
    #expect(writer.output == expected)
  }

  @Test func prettyIndentsByLevel() {
    var writer = JSONWriter(pretty: true)
    writer.object { w in
      w.key("a")
      w.array { w in
        w.integer(1)
        w.integer(2)
      }
    }
    #expect(writer.output == "{\n  \"a\": [\n    1,\n    2\n  ]\n}")
  }
}
