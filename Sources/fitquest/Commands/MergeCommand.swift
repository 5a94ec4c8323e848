import Engine
import RuleLanguage
import Simulation

/// `fitquest merge PARTS…`: combines the partial results of a sharded command into its report.
enum MergeCommand: Command {
  static let name = "merge"
  static let summary = "Combine the partial results of sharded runs (--shard I/N) into one report"
  static let usage = "fitquest merge PART.json… [--junit FILE] [--trust-parts]"
  static let about = """
    Each PART is what one shard printed ('fitquest simulate --runs 1000 --shard 2/8 > part-2.json').
    A part is data, never instructions: merge reads it strictly (its checksum, every count a whole
    number in range), checks that the parts were made by this FitQuest for one command (simulate,
    compare, sweep or check) with the same arguments and inputs, and that together they hold every
    run of every Monte Carlo batch exactly once; it checks the arguments as the command does and
    that the scenario and rule files on disk are those the parts were made with. Then it computes
    the command's output from the added counts: text, JSON or CSV, byte for byte what the command
    prints unsharded, with its exit code. Nothing a part names is written: files such as JUnit are
    written where merge's own options say. Run it where the scenarios and rules are.
    """
  static let footer = """
    Exit codes: those of the merged command · 64 usage · 65 parts that do not fit together, or
    inputs that changed · 66 a part or an input cannot be read. See docs/scale.md.
    """

  struct Options: CommandOptions {
    let junit = Option.output("--junit", "FILE", "with parts of 'check': also write the results as JUnit XML")
    let trustParts = Option.flag(
      "--trust-parts",
      "merge even when scenario or rule files on disk differ from those the parts\nwere made with (the report is labelled with the files on disk)"
    )
  }

  static func run(_ arguments: Arguments<Options>) throws -> Int32 {
    guard !arguments.positionals.isEmpty else {
      throw UsageError(message: "merge needs the partial results: fitquest merge PART.json…")
    }
    var parts: [ShardMerge.NamedPart] = []
    for path in arguments.positionals { parts.append((path, try ShardPart(reading: FileSystem.read(path)))) }
    let (file, first) = (parts[0].file, parts[0].part)
    guard let entry = FitQuestCommand.commands.first(where: { $0.name == first.command }),
      let canonical = entry.canonicalShardArguments
    else {
      let shardable = FitQuestCommand.commands.filter { $0.canonicalShardArguments != nil }.map(\.name)
      throw DiagnosticError(
        Diagnostic(
          file: file,
          message:
            "'\(Award.escapingControls(first.command))' is not a command that shards; merge takes parts of \(shardable.joined(separator: ", "))"
        ))
    }
    let batches = try ShardMerge.combine(parts, version: FitQuestCommand.version)
    do {
      let checked = try canonical(first.arguments)
      guard checked == first.arguments else {
        throw UsageError(message: "they are not in the form a shard records (\(checked.joined(separator: " ")))")
      }
    } catch let error as UsageError {
      throw DiagnosticError(Diagnostic(file: file, message: "the part's arguments are refused: \(error.message)"))
    }
    var command = first.arguments
    if let junit = arguments.junit {
      guard entry.fileOptions.contains(Options().junit.spec.name) else {
        throw UsageError(message: "--junit applies to parts of 'check'; these are parts of '\(first.command)'")
      }
      command = ["--junit", junit] + command
    }
    try compareWithDisk(batches, trusting: arguments.trustParts)
    let session = ShardSession(.merge(batches, checkingDigests: !arguments.trustParts))
    let status = ShardSession.$current.withValue(session) { entry.run(command) }
    if status == ExitCode.success || status == ExitCode.failure, session.unused > 0 {
      throw DiagnosticError(
        Diagnostic(
          file: file,
          message:
            "\(session.unused) Monte Carlo batch(es) of the parts were not used; were they made with these arguments?"))
    }
    return status
  }

  /// Refuses (or, trusting the parts, warns about) scenario files and rule packs whose bytes on
  /// disk differ from those the parts were made with.
  static func compareWithDisk(_ batches: [ShardBatch], trusting: Bool) throws {
    var problems: [Diagnostic] = []
    var checked: Set<[UInt8]> = []
    for batch in batches {
      for (input, kind) in [(batch.scenario, "scenario file"), (batch.rules, "rule pack")]
      where checked.insert(Array(input.path.utf8)).inserted {
        let onDisk =
          kind == "rule pack" ? try InputDigest.rulePack(input.path) : try InputDigest.scenarioFile(input.path)
        if onDisk.digest != input.digest {
          problems.append(
            Diagnostic(
              trusting ? .warning : .error, file: input.path,
              message:
                "the \(kind) differs from the one the parts were made with (digest \(onDisk.digest) on disk, \(input.digest) in the parts)"
            ))
        }
      }
    }
    guard !problems.isEmpty else { return }
    if trusting {
      Console.error.diagnostics(problems)
      Console.error.line(
        "note: --trust-parts: the counts come from the parts; the report's labels from the files on disk")
      return
    }
    problems.append(
      Diagnostic(
        .note,
        message: "merge where the shards ran, make the parts again, or pass --trust-parts to use the parts anyway"))
    throw DiagnosticError(problems)
  }
}
