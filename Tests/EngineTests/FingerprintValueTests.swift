import Testing

@testable import Engine

/// An event id's fingerprint, which stores keep on disk: its low word is the FNV-1a 64-bit hash
/// of the id's UTF-8 bytes, its high word a SplitMix64-mixed sum of them. Expected values from
/// the published vectors (FNV-1a of "" is the offset basis, of "a" 0xaf63dc4c8601ec8c; SplitMix64's
/// first output from seed 0 is 0xe220a8397b1dcdaf, the high word of ""), the others from an
/// independent transcription of the two formulas in Python. A change here would orphan every
/// stored id.
@Suite struct FingerprintValueTests {
  @Test func theEmptyIdIsTheOffsetBasisAndSplitMixsFirstOutput() {
    #expect(Fingerprint("") == Fingerprint(high: 0xe220_a839_7b1d_cdaf, low: 0xcbf2_9ce4_8422_2325))
  }

  @Test func oneByteMatchesTheFNVVector() {
    #expect(Fingerprint("a") == Fingerprint(high: 0x6bea_5f9b_1643_cb24, low: 0xaf63_dc4c_8601_ec8c))
  }

  @Test func aLongIdNotHeldInlineHashesItsBytes() {
    // 30 bytes: past the 15 a small string holds inline (this one is the literal's constant).
    let id = "workout-2026-01-05-bench-press"
    #expect(id.utf8.count == 30)
    #expect(Fingerprint(id) == Fingerprint(high: 0x48d4_5759_faf8_d1b1, low: 0xe218_ccda_e005_7a34))
  }

  @Test func canonicallyEqualIdsOfOtherBytesDiffer() {
    // "é" composed (C3 A9) and decomposed (65 CC 81): equal as Swift strings, not as ids.
    let composed = "\u{e9}"
    let decomposed = "e\u{301}"
    #expect(composed == decomposed)
    #expect(Fingerprint(composed) == Fingerprint(high: 0x17ac_8b8a_9b97_b3c0, low: 0x0ac2_1707_b718_1e01))
    #expect(Fingerprint(decomposed) == Fingerprint(high: 0x903d_90a3_59c3_2833, low: 0xc0c9_d418_ee80_2e1f))
  }

  @Test func anIdsBytesGiveItsFingerprint() {
    // An id as the award path reads it: its bytes in the line, not a String.
    let bytes: [UInt8] = Array("r12-w345-2".utf8)
    let fromBytes = bytes.withUnsafeBufferPointer { Fingerprint(bytes: $0) }
    #expect(fromBytes == Fingerprint(high: 0xef62_429b_6c9e_eb60, low: 0x17c9_2b1e_11a4_6803))
    #expect(Fingerprint("r12-w345-2") == fromBytes)
  }
}
