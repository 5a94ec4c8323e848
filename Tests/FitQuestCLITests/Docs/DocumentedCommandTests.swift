import FitQuestTestSupport
import Foundation
import Testing

/// Every command shown with its output in README.md and docs/*.md runs, and prints what the
/// documentation says (or, in blocks marked abridged, the lines shown, in order). A change that
/// moves a documented number fails here until the documentation is updated:
/// `RECORD_DOCS=1 swift test --filter DocumentedCommandTests` rewrites the unabridged outputs.
///
/// Each ```` ```console ```` block runs in a fresh workspace of its own, its commands in order
/// (a later command may read what an earlier one of the same block wrote); blocks are
/// independent, so they run side by side on every core, the heaviest first.
/// `DOCS_ONLY=docs/balancing.md,README.md` checks only those documents (while editing them).
@Suite struct DocumentedCommandTests {
  static let documents: [String] = {
    let docs = Paths.repository.appendingPathComponent("docs")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
    let all = ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    guard let only = ProcessInfo.processInfo.environment["DOCS_ONLY"] else { return all }
    let chosen = only.split(separator: ",").map(String.init)
    return all.filter(chosen.contains)
  }()

  @Test func documentedCommandsPrintWhatTheDocSays() throws {
    var blocks: [[DocExample]] = []
    for document in Self.documents {
      let text = try String(contentsOf: Paths.repository.appendingPathComponent(document), encoding: .utf8)
      let examples = DocExample.parse(text, file: document)
      for block in Set(examples.map(\.block)).sorted() { blocks.append(examples.filter { $0.block == block }) }
    }
    let expected = ProcessInfo.processInfo.environment["DOCS_ONLY"] == nil ? 15 : 0
    #expect(blocks.count > expected, "the documentation shows fewer commands than expected: \(blocks.count) blocks")
    let heaviestFirst = blocks.sorted { DocExample.cost(of: $0) > DocExample.cost(of: $1) }
    // Blocks of the same commands (the README repeats a few of the guides' examples) start from
    // the same fresh workspace and the commands are deterministic: each such list runs once, and
    // every block that shows it is checked against its output.
    var unique: [[DocExample]] = []
    var runOfBlock: [Int] = []  // for each block, the run of its commands that it is checked against
    var runOfCommands: [[String]: Int] = [:]
    for block in heaviestFirst {
      let run = runOfCommands[block.map(\.command)] ?? unique.count
      if run == unique.count {
        runOfCommands[block.map(\.command)] = run
        unique.append(block)
      }
      runOfBlock.append(run)
    }
    let ran = ParallelJobs.run(unique.map { block in { DocWorkspace.run(block) } })
    let outcomes = zip(heaviestFirst, runOfBlock).map { block, run in
      zip(block, ran[run]).map { DocWorkspace.Outcome(example: $0, result: $1.result) }
    }
    var replacements: [String: [(example: DocExample, output: [String])]] = [:]
    let recording = ProcessInfo.processInfo.environment["RECORD_DOCS"] == "1"
    for outcome in outcomes.flatMap({ $0 }).sorted(by: {
      ($0.example.file, $0.example.line) < ($1.example.file, $1.example.line)
    }) {
      let example = outcome.example
      switch outcome.result {
      case .failure(let error):
        Issue.record("\(example)\ncould not run: \(error)")
      case .success(let result):
        let output = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let lines = output.last == "" ? Array(output.dropLast()) : output
        guard let problem = example.mismatch(output: lines, status: result.status) else { continue }
        if recording, !example.abridged, result.status == example.expectedStatus {
          replacements[example.file, default: []].append(
            (example, lines + (example.expectedStatus == 0 ? [] : ["[exit \(example.expectedStatus)]"])))
        } else {
          Issue.record("\(example)\n\(problem)\nstderr:\n\(result.stderr)")
        }
      }
    }
    for (file, list) in replacements.sorted(by: { $0.key < $1.key }) {
      try DocWorkspace.record(list, in: Paths.repository.appendingPathComponent(file))
    }
  }

  @Test func everyDocumentShowsCommandsThatRun() throws {
    // The README's main job is among them.
    let readme = try String(contentsOf: Paths.repository.appendingPathComponent("README.md"), encoding: .utf8)
    let commands = DocExample.parse(readme, file: "README.md").map(\.command)
    #expect(commands.contains { $0.hasPrefix("swift run fitquest simulate") })
    // A newcomer has no `fitquest` on the PATH (issue 27: exit 127): every document writes
    // `swift run fitquest`, and the README says once how to put the release binary on the PATH.
    for document in Self.documents {
      let text = try String(contentsOf: Paths.repository.appendingPathComponent(document), encoding: .utf8)
      for example in DocExample.parse(text, file: document) {
        #expect(!example.command.hasPrefix("fitquest "), "\(example): write 'swift run fitquest'")
      }
    }
    #expect(readme.contains("export PATH=\"$PWD/.build/release:$PATH\""))
  }

  @Test func heavierBlocksAreScheduledFirst() {
    func block(_ commands: String...) -> [DocExample] {
      commands.map { DocExample(file: "x.md", line: 1, command: $0, expected: [], abridged: false, block: 1) }
    }
    // 1000 runs, then a report's default 200, then plain commands.
    #expect(
      DocExample.cost(of: block("fitquest simulate --runs 1000"))
        > DocExample.cost(of: block("fitquest report --output r.html")))
    #expect(
      DocExample.cost(of: block("fitquest report --output r.html"))
        > DocExample.cost(of: block("fitquest simulate", "fitquest check")))
    #expect(
      DocExample.cost(of: block("fitquest simulate", "fitquest check"))
        > DocExample.cost(of: block("fitquest simulate")))
  }
}

/// Runs jobs on every core (at least two at once), in the order given; results in that order.
enum ParallelJobs {
  static func run<T: Sendable>(_ jobs: [@Sendable () -> T]) -> [T] {
    let results = Locked([T?](repeating: nil, count: jobs.count))
    let next = Locked(0)
    let width = min(jobs.count, max(2, ProcessInfo.processInfo.activeProcessorCount))
    DispatchQueue.concurrentPerform(iterations: width) { _ in
      while true {
        let index = next.withLock { value -> Int in
          defer { value += 1 }
          return value
        }
        guard index < jobs.count else { return }
        let result = jobs[index]()
        results.withLock { $0[index] = result }
      }
    }
    return results.withLock { $0.compactMap { $0 } }
  }
}

/// A scratch copy of the repository's inputs in which documented commands run: `rules/` and
/// `scenarios/` copied (commands such as `check --update` may write there), `Tests/` linked,
/// and `fitquest`/`swift run fitquest` meaning the binary under test.
struct DocWorkspace {
  let root: URL

  /// What one documented command did.
  struct Outcome: Sendable {
    var example: DocExample
    var result: Result<CommandResult, DocWorkspace.Failure>
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  init() throws {
    root = Paths.temporaryDirectory("docs")
    let manager = FileManager.default
    for name in ["rules", "scenarios"] {
      try manager.copyItem(at: Paths.repository.appendingPathComponent(name), to: root.appendingPathComponent(name))
    }
    for name in ["Tests", "docs"] {
      try manager.createSymbolicLink(
        at: root.appendingPathComponent(name), withDestinationURL: Paths.repository.appendingPathComponent(name))
    }
    let bin = root.appendingPathComponent(".bin")
    try manager.createDirectory(at: bin, withIntermediateDirectories: true)
    try manager.createSymbolicLink(at: bin.appendingPathComponent("fitquest"), withDestinationURL: Paths.fitquest)
  }

  func remove() { try? FileManager.default.removeItem(at: root) }

  /// Runs the commands of one block in order, in a fresh workspace.
  static func run(_ block: [DocExample]) -> [Outcome] {
    let workspace: DocWorkspace
    do {
      workspace = try DocWorkspace()
    } catch {
      return block.map { Outcome(example: $0, result: .failure(Failure(description: "no workspace: \(error)"))) }
    }
    defer { workspace.remove() }
    return block.map { example in
      do {
        return Outcome(example: example, result: .success(try workspace.run(example.command)))
      } catch {
        return Outcome(example: example, result: .failure(Failure(description: "\(error)")))
      }
    }
  }

  /// Runs a documented command with `/bin/sh`.
  func run(_ command: String) throws -> CommandResult {
    let script =
      command
      .replacingOccurrences(of: "swift run -c release fitquest", with: "fitquest")
      .replacingOccurrences(of: "swift run fitquest", with: "fitquest")
    let path =
      root.appendingPathComponent(".bin").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    return try CommandRunner.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: root,
      environment: ["PATH": path, "FITQUEST_PROGRESS": "0"], timeout: 600)
  }

  /// Rewrites the outputs of examples in a document (RECORD_DOCS=1).
  static func record(_ replacements: [(example: DocExample, output: [String])], in url: URL) throws {
    var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    for (example, output) in replacements.sorted(by: { $0.example.line > $1.example.line }) {
      let start = example.line  // the line after the `$` line (0-based index of the first output line)
      lines.replaceSubrange(start..<(start + example.expected.count), with: output)
    }
    try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    Issue.record("recorded new outputs in \(url.lastPathComponent); check them and run again")
  }
}
