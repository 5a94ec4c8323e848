import Engine
import Import
import RuleLanguage

/// `fitquest import`: reads Strong, Hevy, FitNotes or Apple Health exports into events.
enum ImportCommand: Command {
  static let name = "import"
  static let summary = "Turn Strong, Hevy, FitNotes or Apple Health exports into events"
  static let usage =
    "fitquest import FORMAT FILE... [--player ID] [--weight-unit kg|lb] [--rules DIR] [--format ndjson|text]"
  static let about = """
    Reads the exports and prints FitQuest events (NDJSON, ready for 'fitquest award'), in date
    order, with what happened to every row and a summary on standard error. FORMAT: strong, hevy,
    fitnotes, apple-health (export.xml, or the export.zip that holds it), or auto (recognised from
    each file's content). One workout per session, its id derived from the export, so importing
    the same file again, or a later export of the same account, adds only new workouts. Exercise
    names are matched against the pack's names and aliases; others are kept as unlisted.
    """
  static let footer =
    "Exit codes: 0 imported (skipped rows are reported, not errors) · 64 usage · 65 not the format named, or unreadable · 66 a file cannot be read · 74 output not written. See docs/import.md."
  struct Options: CommandOptions {
    let player = Option.value("--player", "ID", "give every event this player (for award --store)")
    let weightUnit = Option.value(
      "--weight-unit", "kg|lb", "the unit of weights the file gives no unit for (default kg)"
    ) {
      text throws(UsageError) -> WeightUnit in
      guard let unit = WeightUnit(rawValue: text) else {
        throw UsageError(message: "option '--weight-unit' needs kg or lb; found '\(text)'")
      }
      return unit
    }
    let rules = Option.value(
      "--rules", "DIR", "the rule pack whose exercise names and categories events use (default rules)", default: "rules"
    )
    let format = Option.format([.ndjson, .text])
  }

  static func run(_ arguments: Arguments<Options>) throws -> Int32 {
    guard let formatName = arguments.positionals.first else {
      throw UsageError(message: "import needs a FORMAT and a FILE")
    }
    let format: ImportFormat?
    if formatName == "auto" {
      format = nil
    } else if let named = ImportFormat(rawValue: formatName) {
      format = named
    } else {
      let names = ImportFormat.allCases.map(\.rawValue) + ["auto"]
      throw UsageError(
        message:
          "unknown format '\(formatName)'\(Suggestion.hint(for: formatName, among: names)); formats: \(names.joined(separator: ", "))"
      )
    }
    let files = Array(arguments.positionals.dropFirst())
    guard !files.isEmpty else { throw UsageError(message: "import needs a FILE after the format") }
    if let player = arguments.player, player.isEmpty || player.utf8.count > 200 {
      throw UsageError(message: "option '--player' needs an id of 1 to 200 bytes")
    }
    let pack = try RulePackLoader.load(directory: arguments.rules)
    let options = Importer.Options(player: arguments.player, weightUnit: arguments.weightUnit)
    var results: [ImportResult] = []
    for file in files {
      results.append(try Importer.run(format, path: file, pack: pack, options: options))
    }
    // Several files: their events merged in date order (stable: files in the order given).
    let events = results.flatMap(\.events).enumerated().sorted {
      ($0.element.day, $0.offset) < ($1.element.day, $1.offset)
    }.map(\.element)
    for event in events {
      if arguments.format == .text {
        Console.output.line(ImportResult.textLine(event))
      } else {
        Console.output.line(event.jsonLine)
      }
    }
    for result in results {
      for note in result.notes { Console.error.line(note) }
      Console.error.line(result.summary)
    }
    return ExitCode.success
  }
}
