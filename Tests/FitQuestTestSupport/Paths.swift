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

  /// The `fitquest` executable the CLI tests run: the one `FITQUEST_BINARY` names, else the one
  /// built next to the test bundle.
  public static var fitquest: URL {
    _ = childProfiles
    if let namedBinary { return namedBinary }
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("fitquest")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return repository.appendingPathComponent(".build/debug/fitquest")
  }

  /// `FITQUEST_BINARY`, when set: a `fitquest` built from these sources in another
  /// configuration. `.ci/run` names the release build it makes just before the tests, on which
  /// the CLI's simulations take a tenth of the debug build's time; `.ci/coverage` runs every test
  /// again on the debug build.
  public static let namedBinary: URL? = ProcessInfo.processInfo.environment["FITQUEST_BINARY"].flatMap {
    $0.isEmpty ? nil : URL(fileURLWithPath: $0, relativeTo: repository).absoluteURL
  }

  /// Why the `FITQUEST_BINARY` build must not be tested: it is missing, or older than a file under
  /// Sources/ (a stale build would be tested instead of the code); nil when usable or not set.
  public static let namedBinaryProblem: String? = {
    guard let binary = namedBinary else { return nil }
    let manager = FileManager.default
    guard manager.isExecutableFile(atPath: binary.path),
      let built = try? manager.attributesOfItem(atPath: binary.path)[.modificationDate] as? Date
    else { return "FITQUEST_BINARY: no executable at \(binary.path)" }
    let sources = repository.appendingPathComponent("Sources")
    let files = manager.enumerator(at: sources, includingPropertiesForKeys: [.contentModificationDateKey])
    while let file = files?.nextObject() as? URL {
      let modified = (try? file.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
      if let modified, modified > built {
        return "FITQUEST_BINARY \(binary.path) is older than \(file.path): build it again, or unset FITQUEST_BINARY"
      }
    }
    return nil
  }()

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
