import Engine
import Foundation
import RuleLanguage
import Simulation

/// `fitquest persona`: fits a scenario to a logged history, so `simulate` runs players like it.
enum PersonaCommand: Command {
  static let name = "persona"
  static let summary = "Fit a scenario to a logged history (players like this one)"
  static let usage =
    "fitquest persona EVENTS.ndjson [--name NAME] [--output FILE] [--rules DIR] [--compare RUNS] [--weeks N]"
  static let about = """
    Reads a player's events (as 'fitquest import' writes them) and writes a scenario whose generator
    reproduces the history's statistics: sessions per weekday and category, durations, RPE,
    energy and distance, the usual exercises with their sets, reps, loads and progression, lapses,
    and eating. --compare RUNS simulates the persona RUNS times and prints, as Markdown tables, the
    first --weeks weeks (sessions and volume, real beside the runs' mean) and the sessions per week
    and category mix over the whole history.
    """
  static let footer =
    "Exit codes: 0 written · 64 usage · 65 invalid events or rules · 66 unreadable input · 74 output not written. See docs/scenarios.md and docs/balancing.md."
  struct Options: CommandOptions {
    let name = Option.value("--name", "NAME", "whose history it is, for the description (default: the file's name)")
    let output = Option.output("--output", "FILE", "write the scenario to FILE (default: standard output)")
    let rules = Option.value("--rules", "DIR", "the rule pack (default rules)", default: "rules")
    let compare = Option.integer(
      "--compare", "RUNS", "simulate RUNS runs and compare them with the history", in: 1...100_000)
    let weeks = Option.integer("--weeks", "N", "weeks compared (default 12)", default: 12, in: 1...520)
  }

  static func run(_ arguments: Arguments<Options>) throws -> Int32 {
    try arguments.requirePositionals(atMost: 1)
    guard let events = arguments.positionals.first else { throw UsageError(message: "persona needs an EVENTS file") }
    let packs = PackCache(overrides: [])
    let engine = try packs.engine(for: arguments.rules)
    let history = try PersonaFile.readHistory(events, pack: engine.pack)
    let base = FileManager.default.currentDirectoryPath
    let output = arguments.output
    let rules = output.map { PersonaFile.relativePath(to: arguments.rules, from: $0, base: base) } ?? arguments.rules
    let fileName = String(events.split(separator: "/").last ?? Substring(events))
    let name = arguments.name ?? String(fileName.split(separator: ".").first ?? Substring(fileName))
    let text = PersonaFitter(history: history, pack: engine.pack).scenario(name: name, rules: rules)
    // The scenario is checked by loading it before it is written anywhere.
    let scenario = try ScenarioLoader.load(
      SourceFile(name: output ?? "persona.json", bytes: Array(text.utf8)), packs: packs)
    if let output {
      try OutputFile.write(text, to: output)
      Console.error.line("\(output): a persona of \(history.sessions.count) workouts over \(history.days) days")
    } else {
      Console.output.write(text)
    }
    if let runs = arguments.compare {
      let comparison = try PersonaComparison(
        history: history, scenario: scenario, engine: engine, runs: runs, weeks: arguments.weeks)
      if output == nil {
        Console.error.line("\n" + comparison.table)
      } else {
        Console.output.line(comparison.table)
      }
    }
    return ExitCode.success
  }
}
