import Foundation
import RuleLanguage
import Store

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `fitquest split`: an event stream cut once into the streams of N partitions, so that N
/// `award --store --partition I/N` processes each read only their own players' events.
enum SplitCommand: Command {
  static let name = "split"
  static let summary = "Split an event stream into the streams of N partitions of the players"
  static let usage = "fitquest split --partitions N --output-dir DIR [EVENTS_FILE | -]"
  static let about = """
    Reads an NDJSON event stream (a file, or standard input) once and writes each event line,
    byte for byte and in the order read, to DIR/part-I-of-N.ndjson, where I is the partition of
    the line's "player" — the one 'award --store --partition I/N' gives it (FNV-1a 64 of the id's
    bytes, modulo N; docs/scale.md). Only "player" is read of a line; the rest of the event is
    checked by the award that applies it. Blank lines are left out. All N files are written,
    even empty ones.

    The files are written beside their final names and renamed into place once the whole
    stream is read: a line without a "player" string stops the split with its position, exit
    65, and no part file is written or changed.
    """
  static let footer = """
    Exit codes: 0 done · 64 usage · 65 a line without a valid "player" · 66 the input cannot be
    read · 74 a part file cannot be written.
    See docs/scale.md (Partitions).
    """
  struct Options: CommandOptions {
    let partitions = Option.integer("--partitions", "N", "how many partitions (required, 1 to 1,024)", in: 1...1024)
    let outputDir = Option.value(
      "--output-dir", "DIR", "where part-I-of-N.ndjson go (required; created when missing)")
  }

  static func run(_ arguments: Arguments<Options>) throws -> Int32 {
    try arguments.requirePositionals(atMost: 1)
    guard let count = arguments.partitions else { throw UsageError(message: "missing --partitions N") }
    guard let directory = arguments.outputDir else { throw UsageError(message: "missing --output-dir DIR") }
    let reader = try LineReader(
      path: arguments.positionals.first ?? "-", standardInputClosed: StandardStreams.inputWasClosed)
    var parts = try PartWriters(directory: directory, count: count)
    do {
      while let line = try reader.nextLine() {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
        let index = try Partition.of(line: line, count: count, file: reader.name, lineNumber: reader.lineNumber)
        try parts.append(line, to: index)
      }
      try parts.finish()
    } catch {
      parts.discard()
      throw error
    }
    Console.error.line(
      "split \(parts.lines.reduce(0, +)) event(s) of \(reader.name) into \(count) partition(s) in \(directory): "
        + parts.lines.enumerated().map { "\(PartWriters.name($0.offset, of: count)) \($0.element)" }
        .joined(separator: ", "))
    return ExitCode.success
  }
}
