/// xoshiro256** 1.0 (Blackman and Vigna), seeded through SplitMix64: the only source of
/// randomness in FitQuest. Any implementation of these two published algorithms reproduces a run.
public struct Xoshiro256: RandomNumberGenerator, Sendable {
  private var s0: UInt64
  private var s1: UInt64
  private var s2: UInt64
  private var s3: UInt64

  /// Seeds the four words of state with four consecutive SplitMix64 outputs of `seed`.
  public init(seed: UInt64) {
    var mixer = SplitMix64(state: seed)
    s0 = mixer.next()
    s1 = mixer.next()
    s2 = mixer.next()
    s3 = mixer.next()
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    let result = rotate(s1 &* 5, 7) &* 9
    let t = s1 << 17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = rotate(s3, 45)
    return result
  }

  @inline(__always)
  private func rotate(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

  /// A uniform Double in [0, 1): the top 53 bits of `next()` divided by 2^53.
  public mutating func uniform() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// A uniform Double in a closed range (`lower + (upper − lower) × uniform()`).
  public mutating func uniform(in range: ClosedRange<Double>) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * uniform()
  }

  /// A standard normal deviate by the Box–Muller transform (two uniforms, the cosine branch).
  public mutating func normal() -> Double {
    let u1 = 1 - uniform()
    let u2 = uniform()
    return (-2 * Math.log(u1)).squareRoot() * Math.cos(2 * Double.pi * u2)
  }
}

/// SplitMix64 (Steele, Lea and Flood): seeds xoshiro and derives the seeds of Monte Carlo runs.
public struct SplitMix64: Sendable {
  /// The state.
  public var state: UInt64

  /// Creates a generator.
  public init(state: UInt64) { self.state = state }

  /// The next output.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The seed of Monte Carlo run `index`: run 0 uses the scenario's seed, run i > 0 the i-th
  /// SplitMix64 output from the scenario's seed.
  public static func runSeed(_ seed: UInt64, run index: Int) -> UInt64 {
    guard index > 0 else { return seed }
    var mixer = SplitMix64(state: seed &+ 0x9E37_79B9_7F4A_7C15 &* UInt64(index - 1))
    return mixer.next()
  }
}
