#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Paths the targets read, from the environment the run script sets.
enum FuzzEnvironment {
  static func directory(_ name: String, fallback: String) -> String {
    guard let value = getenv(name) else { return fallback }
    return String(cString: value)
  }
}
