import Foundation

/// Locations of the repository, its shipped files, the shared folder beside it, and the built
/// `fitquest` binary.
public enum Paths {
  /// The repository root (found from this file's path).
  public static let repository: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `../shared` beside the repository, or `FITQUEST_SHARED` when set.
  public static var shared: URL {
    if let path = ProcessInfo.processInfo.environment["FITQUEST_SHARED"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    return repository.deletingLastPathComponent().appendingPathComponent("shared")
  }

  /// The shipped default rule pack.
  public static var rules: String { repository.appendingPathComponent("rules").path }

  /// The shipped scenarios.
  public static var scenarios: String { repository.appendingPathComponent("scenarios").path }

  /// The `fitquest` executable built next to the test bundle.
  public static var fitquest: URL {
    _ = childProfiles
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("fitquest")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return repository.appendingPathComponent(".build/debug/fitquest")
  }

  /// Under `swift test --enable-code-coverage`, processes the tests start write their coverage
  /// profiles to files of their own (`.build/coverage-children/PID.profraw`): sharing the test
  /// process's pool file, a child killed on purpose (the SIGKILL tests) could leave it corrupt and
  /// fail the merge. `.ci/coverage` merges them, skipping any a kill cut short. The runtime reads
  /// the variable when a process starts, so the tests' own profile is not affected.
  public static let childProfiles: Bool = {
    guard ProcessInfo.processInfo.environment["LLVM_PROFILE_FILE"] != nil else { return false }
    let directory = repository.appendingPathComponent(".build/coverage-children")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    setenv("LLVM_PROFILE_FILE", directory.appendingPathComponent("%p.profraw").path, 1)
    return true
  }()

  /// A fresh temporary directory, removed by the caller when done.
  public static func temporaryDirectory(_ label: String = "fitquest") -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(label)-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
