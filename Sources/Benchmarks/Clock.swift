#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Monotonic time and process memory for benchmarks (never used by the engine).
public enum Clock {
  /// Seconds on a monotonic clock.
  public static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// Times a closure.
  public static func measure<T>(_ body: () throws -> T) rethrows -> (seconds: Double, value: T) {
    let start = now()
    let value = try body()
    return (now() - start, value)
  }

  /// The process's peak resident set size in bytes (VmHWM), or 0 where unknown.
  public static func peakResidentBytes() -> Int {
    var usage = rusage()
    #if os(Linux)
      getrusage(RUSAGE_SELF.rawValue, &usage)
      return Int(usage.ru_maxrss) * 1024
    #else
      getrusage(RUSAGE_SELF, &usage)
      return Int(usage.ru_maxrss)
    #endif
  }

  /// The median of samples.
  public static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
  }
}
