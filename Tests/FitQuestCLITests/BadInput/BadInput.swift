import Engine
import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

/// One entry of the bad-input catalogue: files changed in a fresh workspace, a command, and the
/// exact first error line and exit code expected.
///
/// The workspace holds `rules/` (the small hand-checked pack of the engine tests), a two-week
/// `scenario.json` using it, and `state.json`: a player who logged one workout. Unless a case says
/// otherwise, the state file must be byte-identical after the command: rejected input changes
/// nothing persisted.
struct BadInput: Sendable, CustomTestStringConvertible {
  var name: String
  var edits: [Edit]
  var arguments: [String]
  var status: Int32
  var expected: Expected
  /// Further lines stderr must contain.
  var alsoPrinted: [String] = []
  /// The events before the bad line are applied and saved (an award case with a bad later line).
  var stateMayChange = false
  /// Run as an unprivileged user, so that file permissions apply even when the tests run as root.
  var unprivileged = false

  var testDescription: String { name }

  /// A change to the workspace.
  enum Edit: Sendable {
    /// Writes a file; emoji markers (1️⃣) are removed and give the expected error position.
    case write(String, String)
    /// Writes raw bytes (invalid UTF-8).
    case bytes(String, [UInt8])
    /// Replaces text in a file; the replacement may hold a marker.
    case replace(String, String, String)
    case remove(String)
    case directory(String)
    /// Removes every permission from a file.
    case unreadable(String)
    /// Writes `prefix`, `byte` repeated `count` times, then `suffix`, without building it in memory.
    case generated(String, prefix: String, byte: UInt8, count: Int, suffix: String)
    /// Replaces a file by a FIFO (named pipe) that nobody writes to.
    case fifo(String)
    /// Replaces a file by a symbolic link to a path.
    case symlink(String, to: String)
    /// Replaces text in the body of `state.json` and fixes up its checksum, as an attacker who
    /// knows the format would.
    case editState(String, String)
  }

  /// The first line of stderr that is an error (warnings may come first).
  enum Expected: Sendable {
    /// `FILE:LINE:COL: error: MESSAGE`, the position being the 1️⃣ marker written into FILE.
    case at(String, String)
    /// An exact line.
    case line(String)
  }
}

extension BadInput {
  init(
    _ name: String, _ edits: [Edit], _ arguments: [String], _ status: Int32, _ expected: Expected,
    alsoPrinted: [String] = [], stateMayChange: Bool = false, unprivileged: Bool = false
  ) {
    self.init(
      name: name, edits: edits, arguments: arguments, status: status, expected: expected, alsoPrinted: alsoPrinted,
      stateMayChange: stateMayChange, unprivileged: unprivileged)
  }

  /// `fitquest award` on the workspace's state with `events.ndjson`.
  static let award = ["award", "--state", "state.json", "--rules", "rules", "events.ndjson"]
  static let validate = ["validate", "rules"]
  static let simulate = ["simulate", "scenario.json"]
}

/// Builds workspaces and runs catalogue entries.
enum BadInputWorkspace {
  static let scenario = """
    {
      "format": 1,
      "rules": "rules",
      "seed": 1,
      "start": "2026-01-05",
      "duration": { "days": 14 },
      "plan": { "sessions": [ { "days": ["mon", "wed", "fri"], "category": "strength", "durationMin": 30, "rpe": 7 } ] }
    }

    """

  /// The workspace every case starts from, made once.
  static let base: URL = {
    let directory = Paths.temporaryDirectory("bad-input-base")
    let manager = FileManager.default
    try? manager.copyItem(
      at: Paths.repository.appendingPathComponent("Tests/EngineTests/Fixtures/mini"),
      to: directory.appendingPathComponent("rules"))
    try? scenario.write(to: directory.appendingPathComponent("scenario.json"), atomically: true, encoding: .utf8)
    let prior = #"{"type":"workout","id":"w1","date":"2026-01-05","category":"strength","durationMin":30}"#
    _ = try? CommandRunner.fitquest(
      ["award", "--state", "state.json", "--rules", "rules", "-"], stdin: prior + "\n", in: directory)
    return directory
  }()

  /// Runs a case in a fresh copy of the base workspace; returns the problems found.
  static func check(_ entry: BadInput) throws -> [String] {
    let work = Paths.temporaryDirectory("bad-input")
    defer { try? FileManager.default.removeItem(at: work) }
    try FileManager.default.removeItem(at: work)
    try FileManager.default.copyItem(at: base, to: work)
    var markers: [String: SourcePosition] = [:]
    for edit in entry.edits { try apply(edit, in: work, markers: &markers) }
    let statePath = work.appendingPathComponent("state.json").path
    let stateBefore = try? Data(contentsOf: URL(fileURLWithPath: statePath))

    let result =
      entry.unprivileged
      ? try CommandRunner.fitquestUnprivileged(entry.arguments, in: work)
      : try CommandRunner.fitquest(entry.arguments, in: work, timeout: 120)

    var problems: [String] = []
    if result.status != entry.status { problems.append("exit status \(result.status), expected \(entry.status)") }
    let lines = result.stderr.split(separator: "\n").map(String.init)
    let firstError = lines.first { $0.hasPrefix("error: ") || $0.contains(": error: ") } ?? "(no error line)"
    let expected: String
    switch entry.expected {
    case .line(let line): expected = line
    case .at(let file, let message):
      guard let position = markers[file] else { return ["no 1️⃣ marker was written into \(file)"] }
      expected = "\(file):\(position.line):\(position.column): error: \(message)"
    }
    if firstError != expected { problems.append("first error line:\n  got      \(firstError)\n  expected \(expected)") }
    for line in entry.alsoPrinted where !result.stderr.contains(line) {
      problems.append("stderr lacks: \(line)")
    }
    let stateAfter = try? Data(contentsOf: URL(fileURLWithPath: statePath))
    if !entry.stateMayChange && stateAfter != stateBefore { problems.append("the state file changed") }
    if !problems.isEmpty { problems.append("stderr was:\n\(result.stderr)") }
    return problems
  }

  private static func apply(_ edit: BadInput.Edit, in work: URL, markers: inout [String: SourcePosition]) throws {
    let manager = FileManager.default
    func url(_ path: String) -> URL { work.appendingPathComponent(path) }
    switch edit {
    case .write(let path, let marked):
      let text = MarkedText(marked)
      if let position = text.position() { markers[path] = position }
      try? manager.removeItem(at: url(path))
      try text.text.write(to: url(path), atomically: false, encoding: .utf8)
    case .bytes(let path, let bytes):
      try Data(bytes).write(to: url(path))
    case .replace(let path, let old, let new):
      let current = try String(contentsOf: url(path), encoding: .utf8)
      guard current.contains(old) else { throw CocoaError(.fileReadCorruptFile, userInfo: ["missing": old]) }
      try apply(.write(path, current.replacingOccurrences(of: old, with: new)), in: work, markers: &markers)
    case .remove(let path):
      try manager.removeItem(at: url(path))
    case .directory(let path):
      try? manager.removeItem(at: url(path))
      try manager.createDirectory(at: url(path), withIntermediateDirectories: true)
    case .unreadable(let path):
      try manager.setAttributes([.posixPermissions: 0], ofItemAtPath: url(path).path)
    case .symlink(let path, let target):
      try? manager.removeItem(at: url(path))
      try manager.createSymbolicLink(atPath: url(path).path, withDestinationPath: target)
    case .editState(let old, let new):
      let current = try String(contentsOf: url("state.json"), encoding: .utf8)
      guard let newline = current.firstIndex(of: "\n"), current.contains(old) else {
        throw CocoaError(.fileReadCorruptFile, userInfo: ["missing": old])
      }
      var body = String(current[current.index(after: newline)...])
      body = body.replacingOccurrences(of: old, with: new)
      if body.hasSuffix("\n") { body.removeLast() }
      var hash = FNV1a()
      hash.add(Array(body.utf8))
      let header = current[..<newline].replacingOccurrences(
        of: #""checksum":"[0-9a-f]{16}""#, with: "\"checksum\":\"\(hash.hex)\"", options: .regularExpression)
      try (header + "\n" + body + "\n").write(to: url("state.json"), atomically: false, encoding: .utf8)
    case .fifo(let path):
      try? manager.removeItem(at: url(path))
      guard mkfifo(url(path).path, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
    case .generated(let path, let prefix, let byte, let count, let suffix):
      _ = manager.createFile(atPath: url(path).path, contents: nil)
      let handle = try FileHandle(forWritingTo: url(path))
      defer { try? handle.close() }
      try handle.write(contentsOf: Data(prefix.utf8))
      let chunk = Data(repeating: byte, count: 1 << 20)
      var left = count
      while left > 0 {
        let size = min(left, chunk.count)
        try handle.write(contentsOf: chunk.prefix(size))
        left -= size
      }
      try handle.write(contentsOf: Data(suffix.utf8))
    }
  }
}
