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

  /// The process's peak resident set size in bytes since the last ``resetPeak()`` (Linux: VmHWM
  /// of /proc/self/status), or since the start where it cannot be reset.
  public static func peakResidentBytes() -> Int {
    #if os(Linux)
      if let peak = highWaterMark(pid: nil) { return peak }
      var usage = rusage()
      getrusage(RUSAGE_SELF.rawValue, &usage)
      return Int(usage.ru_maxrss) * 1024
    #else
      var usage = rusage()
      getrusage(RUSAGE_SELF, &usage)
      return Int(usage.ru_maxrss)
    #endif
  }

  /// Starts a new peak-memory measurement (Linux: writes 5 to /proc/self/clear_refs, which resets
  /// VmHWM to the current RSS), so each workload reports its own peak.
  public static func resetPeak() {
    #if os(Linux)
      let descriptor = open("/proc/self/clear_refs", O_WRONLY)
      guard descriptor >= 0 else { return }
      _ = "5".withCString { write(descriptor, $0, 1) }
      close(descriptor)
    #endif
  }

  /// VmHWM of a process (nil: this one) in bytes, from /proc; nil where unavailable.
  static func highWaterMark(pid: Int32?) -> Int? {
    let path = pid.map { "/proc/\($0)/status" } ?? "/proc/self/status"
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
      let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      guard text.hasPrefix("VmHWM:") else { continue }
      let digits = text.dropFirst(6).filter { $0.isNumber }
      return Int(digits).map { $0 * 1024 }
    }
    return nil
  }

  /// The median of samples.
  public static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
  }
}
