import Engine
import RuleLanguage

/// Which rule pack each player of a store follows: cohorts with weights, a player's cohort
/// chosen by a stable hash of its id's bytes. Written as `cohorts.json`:
///
/// ```json
/// {"format": 1, "salt": "xp-curve-2026-03", "since": "2026-03-02",
///  "cohorts": [{"name": "control", "pack": "current", "weight": 90},
///              {"name": "new-curve", "pack": "curve-b", "weight": 10}]}
/// ```
///
/// A player's bucket is `⌊h × W / 2⁶⁴⌋`, where `W` is the sum of the weights and `h` is FNV-1a 64
/// (offset basis 0xcbf29ce484222325, prime 0x100000001b3) of the UTF-8 bytes of the salt, a colon,
/// then the id's bytes, finished by MurmurHash3's 64-bit finaliser (`h ^= h >> 33;
/// h *= 0xff51afd7ed558ccd; h ^= h >> 33; h *= 0xc4ceb9fe1a85ec53; h ^= h >> 33`), which spreads
/// ids that differ in their last byte over the high bits the bucket reads. Cohorts take
/// consecutive ranges of buckets in the order written (the first `w₁` buckets, then the next
/// `w₂`…). The same id always lands in the same
/// cohort, on every machine and version; raising one cohort's weight while keeping the total
/// moves players only into it when it comes last.
public struct CohortPlan: Sendable, Equatable {
  /// The newest cohorts format this version reads.
  public static let format = 1
  /// The most cohorts a plan may have.
  public static let maximumCohorts = 64
  /// The largest total weight.
  public static let maximumTotalWeight = 1_000_000

  /// One cohort: its name, the stored pack its players follow, and its weight.
  public struct Cohort: Sendable, Equatable {
    /// The cohort's name (unique in the plan).
    public var name: String
    /// The name of the pack in the store (`fitquest packs --store S add NAME DIR`).
    public var pack: String
    /// Its share of the buckets (a whole number ≥ 1).
    public var weight: Int

    /// Creates a cohort.
    public init(name: String, pack: String, weight: Int) {
      self.name = name
      self.pack = pack
      self.weight = weight
    }
  }

  /// Mixed into the hash, so each experiment splits players its own way.
  public var salt: String
  /// The first day of the experiment (what `fitquest cohorts` measures from).
  public var since: Day
  /// The cohorts, in bucket order.
  public var cohorts: [Cohort]

  /// Creates a plan (checked by ``init(json:file:)`` when read from a file).
  public init(salt: String, since: Day, cohorts: [Cohort]) {
    self.salt = salt
    self.since = since
    self.cohorts = cohorts
  }

  /// The sum of the weights.
  public var totalWeight: Int { cohorts.reduce(0) { $0 + $1.weight } }

  /// The hash of a player id's bytes: FNV-1a 64 of salt, ":", id, then MurmurHash3's finaliser.
  public func hash(_ id: some Collection<UInt8>) -> UInt64 { Self.hash(id, salt: salt) }

  /// The hash of a player id's bytes with a salt (also what `replay --sample` orders ids by,
  /// with the salt "sample").
  public static func hash(_ id: some Collection<UInt8>, salt: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in salt.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    hash = (hash ^ UInt64(UInt8(ascii: ":"))) &* 0x100_0000_01b3
    for byte in id { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    hash ^= hash >> 33
    hash &*= 0xff51_afd7_ed55_8ccd
    hash ^= hash >> 33
    hash &*= 0xc4ce_b9fe_1a85_ec53
    hash ^= hash >> 33
    return hash
  }

  /// A player's bucket, 0 ≤ bucket < ``totalWeight``: the high 64 bits of hash × total.
  public func bucket(_ id: some Collection<UInt8>) -> Int {
    Int(hash(id).multipliedFullWidth(by: UInt64(totalWeight)).high)
  }

  /// The index of a player's cohort.
  public func cohortIndex(_ id: some Collection<UInt8>) -> Int {
    var bucket = self.bucket(id)
    for (index, cohort) in cohorts.enumerated() {
      if bucket < cohort.weight { return index }
      bucket -= cohort.weight
    }
    return cohorts.count - 1
  }

  /// A player's cohort.
  public func cohort(of id: some Collection<UInt8>) -> Cohort { cohorts[cohortIndex(id)] }
}
