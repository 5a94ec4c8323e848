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
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("fitquest")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return repository.appendingPathComponent(".build/debug/fitquest")
  }

  /// A fresh temporary directory, removed by the caller when done.
  public static func temporaryDirectory(_ label: String = "fitquest") -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(label)-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
