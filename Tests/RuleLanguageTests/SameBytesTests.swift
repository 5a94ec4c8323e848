import Foundation
import RuleLanguage
import Testing

/// Ids and names compare by their UTF-8 bytes, never as Swift Strings.
@Suite struct SameBytesTests {
  @Test func equalBytesAreTheSameAndCanonicalEquivalentsAreNot() {
    #expect("Back Squat".hasSameBytes(as: String("Back Squat".reversed().reversed())))
    #expect("".hasSameBytes(as: ""))
    // Swift's == equates these; their bytes differ (E2 84 AB vs C3 85; 65 CC 81 vs C3 A9).
    #expect("\u{212B}" == "\u{00C5}")
    #expect(!"\u{212B}".hasSameBytes(as: "\u{00C5}"))
    #expect(!"e\u{0301}".hasSameBytes(as: "\u{00E9}"))
    // Same length, one byte apart; a prefix; small (inline) against long (heap) strings.
    #expect(!"squat-a".hasSameBytes(as: "squat-b"))
    #expect(!"squat".hasSameBytes(as: "squat "))
    let long = String(repeating: "deadlift ", count: 20)
    #expect(long.hasSameBytes(as: String(repeating: "deadlift ", count: 20)))
    #expect(!long.hasSameBytes(as: String(repeating: "deadlift ", count: 19) + "deadlifT "))
    #expect(!"".hasSameBytes(as: "a"))
    // One storage: equal at once (no bytes compared).
    let shared = long
    #expect(long.hasSameBytes(as: shared))
  }

  @Test func bridgedAndSubstringMadeStringsCompareByBytes() {
    let bridged = NSString(string: "Romanian Deadlift") as String
    #expect(bridged.hasSameBytes(as: "Romanian Deadlift"))
    let cut = String("xRomanian Deadliftx".dropFirst().dropLast())
    #expect(cut.hasSameBytes(as: bridged))
    #expect(!cut.hasSameBytes(as: "Romanian deadlift"))
  }

  @Test func aStringAndBytesReadFromALine() {
    func same(_ text: String, _ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer { text.hasSameBytes(as: $0) } }
    #expect(same("Back Squat", Array("Back Squat".utf8)))
    #expect(same("", []))
    #expect(same("\u{00C5}", [0xC3, 0x85]))
    #expect(!same("\u{212B}", [0xC3, 0x85]), "canonically equivalent, other bytes")
    #expect(!same("Back Squat", Array("Back squat".utf8)))
    #expect(!same("Back Squat", Array("Back Squat ".utf8)))
    #expect(!same("a", []))
  }
}
