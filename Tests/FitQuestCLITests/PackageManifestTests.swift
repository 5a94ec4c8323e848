import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

/// The manifest, as SwiftPM reads it: no package dependencies (the product card requires the
/// toolchain only), and every module a target's sources import among its declared dependencies
/// (an import that works only through another target's dependency breaks when that one changes).
@Suite struct PackageManifestTests {
  struct Target {
    var name: String
    var directory: URL
    var dependencies: Set<String>
  }

  func manifest() throws -> JSONValue {
    let swift = URL(fileURLWithPath: "/usr/bin/env")
    let result = try CommandRunner.run(
      swift,
      [
        "swift", "package", "--scratch-path",
        FileManager.default.temporaryDirectory.appendingPathComponent("fitquest-manifest").path, "dump-package",
      ], in: Paths.repository, timeout: 120)
    try #require(result.status == 0, "swift package dump-package failed: \(result.stderr)")
    return try JSONReader.parse(result.stdout)
  }

  @Test func noPackageDependenciesAndEveryImportDeclared() throws {
    let document = try manifest()
    #expect(document["dependencies"]?.elements?.isEmpty == true, "the package must not depend on other packages")
    var targets: [Target] = []
    for target in document["targets"]?.elements ?? [] {
      guard let name = target["name"]?.string, let kind = target["type"]?.string, kind != "system" else { continue }
      let folder = kind == "test" ? "Tests" : "Sources"
      let path = target["path"]?.string ?? "\(folder)/\(name)"
      var dependencies = Set<String>()
      for dependency in target["dependencies"]?.elements ?? [] {
        for key in ["byName", "target", "product"] {
          if let first = dependency[key]?.elements?.first?.string { dependencies.insert(first) }
        }
      }
      targets.append(
        Target(name: name, directory: Paths.repository.appendingPathComponent(path), dependencies: dependencies))
    }
    let modules = Set(targets.map(\.name))
    #expect(modules.contains("Engine") && modules.contains("fitquest"), "the manifest was not read")
    for target in targets {
      let imported = try imports(in: target.directory).intersection(modules).subtracting([target.name])
      let undeclared = imported.subtracting(target.dependencies).sorted()
      #expect(undeclared.isEmpty, "\(target.name) imports \(undeclared.joined(separator: ", ")) without declaring it")
    }
  }

  /// The modules `import` lines of a directory's Swift files name.
  func imports(in directory: URL) throws -> Set<String> {
    var names = Set<String>()
    guard let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
      return names
    }
    for case let file as URL in files where file.pathExtension == "swift" {
      for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
        var words = line.split(separator: " ")
        while let first = words.first, first.hasPrefix("@") || ["public", "package", "internal"].contains(first) {
          words.removeFirst()
        }
        if words.count >= 2, words[0] == "import" { names.insert(String(words[1])) }
      }
    }
    return names
  }
}
