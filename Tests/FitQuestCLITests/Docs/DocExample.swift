import Foundation

/// A command shown in the documentation with its output: a ```` ```console ```` block's
/// `$ command` line and the lines after it. In a ```` ```console abridged ```` block the shown
/// lines must appear in the output in order (`…` lines skip anything), otherwise the output must
/// be exactly the lines shown. A last line `[exit N]` gives an expected non-zero exit status.
struct DocExample: CustomStringConvertible, Sendable {
  var file: String
  /// The 1-based line of the `$` line.
  var line: Int
  var command: String
  var expected: [String]
  var abridged: Bool
  /// The block the example is in (examples of one block share their output lines' range).
  var block: Int

  var expectedStatus: Int32 {
    guard let last = expected.last, last.hasPrefix("[exit "), last.hasSuffix("]") else { return 0 }
    return Int32(last.dropFirst(6).dropLast()) ?? 0
  }

  var expectedOutput: [String] {
    expectedStatus == 0 && !(expected.last?.hasPrefix("[exit ") ?? false) ? expected : Array(expected.dropLast())
  }

  var description: String { "\(file):\(line): $ \(command)" }

  /// The examples of a Markdown file.
  static func parse(_ text: String, file: String) -> [DocExample] {
    var examples: [DocExample] = []
    var inBlock = false
    var abridged = false
    var block = 0
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = String(raw)
      if !inBlock {
        if line.hasPrefix("```console") {
          inBlock = true
          abridged = line.contains("abridged")
          block += 1
        }
        continue
      }
      if line.hasPrefix("```") {
        inBlock = false
        continue
      }
      if line.hasPrefix("$ ") {
        examples.append(
          DocExample(
            file: file, line: index + 1, command: String(line.dropFirst(2)), expected: [], abridged: abridged,
            block: block))
      } else if !examples.isEmpty, examples[examples.count - 1].block == block {
        examples[examples.count - 1].expected.append(line)
      }
    }
    return examples
  }

  /// Why the output does not match, or nil.
  func mismatch(output: [String], status: Int32) -> String? {
    if status != expectedStatus {
      return "exit status \(status), expected \(expectedStatus)\noutput:\n" + output.joined(separator: "\n")
    }
    let shown = expectedOutput.map(DocExample.trimmed)
    let actual = output.map(DocExample.trimmed)
    if abridged {
      var position = 0
      for line in shown where line != "…" && !line.isEmpty {
        guard let found = actual[position...].firstIndex(of: line) else {
          return "line not found in order: \(line)\noutput:\n" + actual.joined(separator: "\n")
        }
        position = found + 1
      }
      return nil
    }
    guard shown != actual else { return nil }
    let first =
      zip(shown, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(shown.count, actual.count)
    let was = first < shown.count ? shown[first] : "(end)"
    let now = first < actual.count ? actual[first] : "(end)"
    return "output differs at line \(first + 1):\n  doc:    \(was)\n  actual: \(now)"
  }

  /// A rough cost of running a block, to start the heaviest first: the simulated runs of its
  /// commands (`--runs N`; a report's default is 200) plus one per command.
  static func cost(of block: [DocExample]) -> Int {
    block.reduce(0) { total, example in
      let words = example.command.split(separator: " ")
      let runs = words.firstIndex(of: "--runs").flatMap { $0 + 1 < words.count ? Int(words[$0 + 1]) : nil }
      return total + 1 + (runs ?? (words.contains("report") ? 200 : 0))
    }
  }

  static func trimmed(_ line: String) -> String {
    var text = line
    while text.last == " " { text.removeLast() }
    return text
  }
}
