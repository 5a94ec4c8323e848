import Engine
import FitQuestTestSupport
import LiveOps
import RuleLanguage
import Testing

/// Cohort assignment follows the documented hash and weights: vectors worked out step by step,
/// the weights' shares over many ids, and the plan file's located errors.
@Suite struct CohortPlanTests {
  static func plan(salt: String, weights: [Int]) -> CohortPlan {
    CohortPlan(
      salt: salt, since: Day(iso: "2026-03-02") ?? Day(0),
      cohorts: weights.enumerated().map {
        CohortPlan.Cohort(name: "c\($0.offset)", pack: "p\($0.offset)", weight: $0.element)
      })
  }

  /// Salt "" and id "a": the bytes ":a" (0x3a 0x61).
  ///   FNV-1a: h = 0xcbf29ce484222325; h ^ 0x3a = 0xcbf29ce48422231f; × 0x100000001b3 = 0xaf63b74c8601adad
  ///           h ^ 0x61 = 0xaf63b74c8601adcc; × 0x100000001b3 = 0x081e4307b4da51a4
  ///   finaliser: h ^ h>>33 = 0x081e4307b0d57027; × 0xff51afd7ed558ccd = 0x2d6a0b50ac33233b;
  ///           ^ >>33 = 0x2d6a0b50ba862693; × 0xc4ceb9fe1a85ec53 = 0x28f71f971d6d05a9; ^ >>33 = 0x28f71f9709168a62
  ///   bucket of W: ⌊0x28f71f9709168a62 × W / 2⁶⁴⌋ = 0 for W = 2, 1 for W = 10, 16 for W = 100.
  @Test func hashOfOneShortIdStepByStep() {
    let plan = Self.plan(salt: "", weights: [50, 50])
    #expect(plan.hash(Array("a".utf8)) == 0x28f7_1f97_0916_8a62)
    #expect(Self.plan(salt: "", weights: [1, 1]).bucket(Array("a".utf8)) == 0)
    #expect(Self.plan(salt: "", weights: [7, 3]).bucket(Array("a".utf8)) == 1)
    #expect(Self.plan(salt: "", weights: [90, 10]).bucket(Array("a".utf8)) == 16)
  }

  /// FNV-1a 64 and the finaliser of "xp-curve:" + id, by an independent five-line implementation
  /// (Python, in docs/live-ops.md); the bucket of a 90/10 split and the cohort it falls in.
  @Test(arguments: [
    ("ana", UInt64(0xccc9_b2ea_8a70_1c4e), 79, "c0"), ("bo", 0x7d31_b68b_1001_ad5f, 48, "c0"),
    ("chen", 0xa67a_bb68_dff1_81fb, 65, "c0"),
    ("p1", 0xfcd5_0c40_7098_f83b, 98, "c1"), ("p2", 0x85f2_6408_6c7f_8ff1, 52, "c0"),
    ("\u{212B}", 0x2b28_1998_2327_f1ad, 16, "c0"), ("\u{00C5}", 0x51cc_8de3_7758_a473, 31, "c0"),
  ])
  func hashVectors(id: String, hash: UInt64, bucket: Int, cohort: String) {
    let plan = Self.plan(salt: "xp-curve", weights: [90, 10])
    #expect(plan.hash(Array(id.utf8)) == hash)
    #expect(plan.bucket(Array(id.utf8)) == bucket)
    #expect(plan.cohort(of: Array(id.utf8)).name == cohort)
  }

  @Test func idsEqualAsSwiftStringsButNotAsBytesHashApart() {
    #expect("\u{212B}" == "\u{00C5}")
    let plan = Self.plan(salt: "xp-curve", weights: [90, 10])
    #expect(plan.hash(Array("\u{212B}".utf8)) != plan.hash(Array("\u{00C5}".utf8)))
  }

  @Test func cohortsTakeConsecutiveBucketRangesInOrder() {
    let plan = Self.plan(salt: "xp-curve", weights: [1, 1, 1])
    // Buckets of W = 3: ana 2, bo 1, chen 1 (⌊h × 3 / 2⁶⁴⌋ of the hashes above).
    #expect(plan.cohort(of: Array("ana".utf8)).name == "c2")
    #expect(plan.cohort(of: Array("bo".utf8)).name == "c1")
    #expect(plan.cohort(of: Array("chen".utf8)).name == "c1")
  }

  @Test func weightsGiveTheirSharesOverManyIds() {
    let plan = Self.plan(salt: "xp-curve", weights: [90, 10])
    var counts = [0, 0]
    for index in 0..<100_000 { counts[plan.cohortIndex(Array("p\(index)".utf8))] += 1 }
    // 10% of 100,000 has a standard deviation of about 95 players: 4 of them either way.
    #expect((9_620...10_380).contains(counts[1]), "\(counts)")
  }

  @Test func raisingTheLastCohortsWeightOnlyMovesPlayersIntoIt() {
    let before = Self.plan(salt: "ramp", weights: [90, 10])
    let after = Self.plan(salt: "ramp", weights: [50, 50])
    for index in 0..<5_000 {
      let id = Array("u\(index)".utf8)
      if before.cohortIndex(id) == 1 { #expect(after.cohortIndex(id) == 1) }
    }
  }

  @Test func planFileRoundTripsThroughItsCanonicalForm() throws {
    let text =
      #"{"format": 1, "salt": "xp", "since": "2026-03-02", "cohorts": [{"name": "control", "pack": "current", "weight": 90}, {"name": "b", "pack": "curve-b", "weight": 10}]}"#
    let plan = try CohortPlan(source: SourceFile(name: "cohorts.json", bytes: Array(text.utf8)))
    #expect(plan.cohorts.map(\.name) == ["control", "b"])
    #expect(plan.totalWeight == 100)
    #expect(
      plan.json
        == #"{"format":1,"salt":"xp","since":"2026-03-02","cohorts":[{"name":"control","pack":"current","weight":90},{"name":"b","pack":"curve-b","weight":10}]}"#
    )
    #expect(try CohortPlan(source: SourceFile(name: "again.json", bytes: Array(plan.json.utf8))) == plan)
  }

  @Test(arguments: [
    (
      #"{"since": "2026-03-02", "cohorts": [{"name": "a", "pack": "p", 1️⃣"wieght": 1}]}"#,
      "unknown key 'wieght' in 'cohorts[0]'; did you mean 'weight'?"
    ),
    (
      #"{"since": 1️⃣"March", "cohorts": [{"name": "a", "pack": "p", "weight": 1}]}"#,
      "'since' must be a date as YYYY-MM-DD; found 'March'"
    ),
    (
      #"{"since": "2026-03-02", "cohorts": [{"name": "a", "pack": "p", "weight": 1}, 1️⃣{"name": "a", "pack": "q", "weight": 2}]}"#,
      "cohort 'a' is named twice"
    ),
    (
      #"{"since": "2026-03-02", "cohorts": [{"name": "a", "pack": "p", "weight": 1️⃣0}]}"#,
      "'cohorts[0].weight' must be between 1 and 1000000; found 0"
    ),
    (
      #"{"format": 1️⃣2, "since": "2026-03-02", "cohorts": []}"#,
      "cohorts format 2 is newer than this fitquest supports (1); update fitquest"
    ),
  ])
  func badPlanIsALocatedError(marked: String, message: String) throws {
    let text = MarkedText(marked)
    do {
      _ = try CohortPlan(source: SourceFile(name: "cohorts.json", bytes: Array(text.text.utf8)))
      Issue.record("accepted")
    } catch {
      let first = try #require(error.diagnostics.first)
      #expect(first.message == message)
      #expect(first.position == text.position("1️⃣"))
    }
  }
}
