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

  /// The same value in memory is found at once; equal bytes in other storage, or a string
  /// sharing nothing but its length, are not the same value (and compare by bytes).
  @Test func theSameValueInMemoryIsTheSameString() {
    let long = String(repeating: "bench press ", count: 4)
    let copy = long
    #expect(long.isSameValue(as: copy))
    #expect(!long.isSameValue(as: String(repeating: "bench press ", count: 4)))
    #expect(long.hasSameBytes(as: String(repeating: "bench press ", count: 4)))
    #expect(!long.isSameValue(as: String(repeating: "bench prest ", count: 4)))
    // Small strings hold their bytes inline: equal bytes are the same value.
    #expect("squat".isSameValue(as: String("tauqs".reversed())))
    #expect(!"squat".isSameValue(as: "squad"))
    #expect(!"\u{212B}".isSameValue(as: "\u{00C5}"))
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
