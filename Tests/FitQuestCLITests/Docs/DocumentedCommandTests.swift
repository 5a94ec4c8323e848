import FitQuestTestSupport
import Foundation
import Testing

/// Every command shown with its output in README.md and docs/*.md runs, and prints what the
/// documentation says (or, in blocks marked abridged, the lines shown, in order). A change that
/// moves a documented number fails here until the documentation is updated:
/// `RECORD_DOCS=1 swift test --filter DocumentedCommandTests` rewrites the unabridged outputs.
@Suite(.serialized) struct DocumentedCommandTests {
  static let documents: [String] = {
    let docs = Paths.repository.appendingPathComponent("docs")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
    return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
  }()

  @Test(arguments: documents)
  func documentedCommandsPrintWhatTheDocSays(_ document: String) throws {
    let url = Paths.repository.appendingPathComponent(document)
    let text = try String(contentsOf: url, encoding: .utf8)
    let examples = DocExample.parse(text, file: document)
    guard !examples.isEmpty else { return }
    let workspace = try DocWorkspace()
    defer { workspace.remove() }
    var replacements: [(example: DocExample, output: [String])] = []
    for example in examples {
      let result = try workspace.run(example.command)
      let output = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let lines = output.last == "" ? Array(output.dropLast()) : output
      if let problem = example.mismatch(output: lines, status: result.status) {
        if ProcessInfo.processInfo.environment["RECORD_DOCS"] == "1", !example.abridged, result.status == example.expectedStatus {
          replacements.append((example, lines + (example.expectedStatus == 0 ? [] : ["[exit \(example.expectedStatus)]"])))
        } else {
          Issue.record("\(example)\n\(problem)\nstderr:\n\(result.stderr)")
        }
      }
    }
    if !replacements.isEmpty { try DocWorkspace.record(replacements, in: url) }
  }

  @Test func everyDocumentShowsCommandsThatRun() throws {
    // The README's main job is among them.
    let readme = try String(contentsOf: Paths.repository.appendingPathComponent("README.md"), encoding: .utf8)
    let commands = DocExample.parse(readme, file: "README.md").map(\.command)
    #expect(commands.contains { $0.hasPrefix("swift run fitquest simulate") })
  }
}

/// A scratch copy of the repository's inputs in which documented commands run: `rules/` and
/// `scenarios/` copied (commands such as `check --update` may write there), `Tests/` linked,
/// and `fitquest`/`swift run fitquest` meaning the binary under test.
struct DocWorkspace {
  let root: URL

  init() throws {
    root = Paths.temporaryDirectory("docs")
    let manager = FileManager.default
    for name in ["rules", "scenarios"] {
      try manager.copyItem(at: Paths.repository.appendingPathComponent(name), to: root.appendingPathComponent(name))
    }
    for name in ["Tests", "docs"] {
      try manager.createSymbolicLink(at: root.appendingPathComponent(name), withDestinationURL: Paths.repository.appendingPathComponent(name))
    }
    let bin = root.appendingPathComponent(".bin")
    try manager.createDirectory(at: bin, withIntermediateDirectories: true)
    try manager.createSymbolicLink(at: bin.appendingPathComponent("fitquest"), withDestinationURL: Paths.fitquest)
  }

  func remove() { try? FileManager.default.removeItem(at: root) }

  /// Runs a documented command with `/bin/sh`.
  func run(_ command: String) throws -> CommandResult {
    let script = command
      .replacingOccurrences(of: "swift run -c release fitquest", with: "fitquest")
      .replacingOccurrences(of: "swift run fitquest", with: "fitquest")
    let path = root.appendingPathComponent(".bin").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    return try CommandRunner.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: root,
      environment: ["PATH": path, "FITQUEST_PROGRESS": "0"], timeout: 600)
  }

  /// Rewrites the outputs of examples in a document (RECORD_DOCS=1).
  static func record(_ replacements: [(example: DocExample, output: [String])], in url: URL) throws {
    var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for (example, output) in replacements.sorted(by: { $0.example.line > $1.example.line }) {
      let start = example.line  // the line after the `$` line (0-based index of the first output line)
      lines.replaceSubrange(start..<(start + example.expected.count), with: output)
    }
    try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    Issue.record("recorded new outputs in \(url.lastPathComponent); check them and run again")
  }
}
