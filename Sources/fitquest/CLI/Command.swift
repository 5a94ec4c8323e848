import RuleLanguage

/// Exit codes, following BSD sysexits as ArgumentParser's `ExitCode` does.
enum ExitCode {
  static let success: Int32 = 0
  /// Something changed or an expectation failed (`check`), or a comparison found differences.
  static let failure: Int32 = 1
  /// Events were not applied (late, before the window) and `--allow-late` was not given.
  static let dropped: Int32 = 3
  /// Bad command-line usage (EX_USAGE).
  static let usage: Int32 = 64
  /// Bad input data: rules, scenarios, events, formulas (EX_DATAERR).
  static let dataError: Int32 = 65
  /// An input file or directory is missing or cannot be read (EX_NOINPUT).
  static let noInput: Int32 = 66
  /// An output could not be written: a file, or standard output itself (EX_IOERR).
  static let ioError: Int32 = 74
  /// The state file is locked by another process and `--no-wait` was given (EX_TEMPFAIL).
  static let busy: Int32 = 75
}

/// A failure with its own exit code and message.
struct CommandFailure: Error {
  var code: Int32
  var message: String
}

/// A subcommand of `fitquest`.
protocol Command: SendableMetatype {
  /// The command's options, each declared once (see ``CommandOptions``).
  associatedtype Options: CommandOptions
  static var name: String { get }
  static var summary: String { get }
  static var usage: String { get }
  /// What the command does, in paragraphs (the help's text before OPTIONS).
  static var about: String { get }
  /// Lines after OPTIONS (exit codes, where the docs are).
  static var footer: String { get }
  static func run(_ arguments: Arguments<Options>) throws -> Int32
}

extension Command {
  static var footer: String { "" }

  /// The whole help text.
  static var help: String {
    var text = "USAGE: \(usage)\n\n\(about)\n\n\(OptionSpec.helpSection(Options.declarations.map(\.spec)))"
    if !footer.isEmpty { text += "\n\n\(footer)" }
    return text
  }
}

/// A registered subcommand (a plain value: calling static protocol requirements through an
/// existential metatype crashes the 6.3.1 compiler).
struct CommandEntry: Sendable {
  var name: String
  var summary: String
  var run: @Sendable ([String]) -> Int32
  /// What the rest is built from, when asked: building every command's help text and option
  /// list at start-up cost a quick command (`players show`) a fifth of its time.
  fileprivate var makeHelp: @Sendable () -> String
  fileprivate var makeSpecs: @Sendable () -> [OptionSpec]
  fileprivate var makeCanonical: @Sendable ([String]) throws(UsageError) -> [String]

  /// The command's help text.
  var help: String { makeHelp() }

  /// For a command that shards: a part's arguments parsed and checked as the command does, in
  /// canonical form (a usage error for an option a part cannot carry).
  var canonicalShardArguments: (@Sendable ([String]) throws(UsageError) -> [String])? {
    makeSpecs().contains { $0.name == Sharding.option.spec.name } ? makeCanonical : nil
  }

  /// The options that name a file the command writes.
  var fileOptions: [String] { makeSpecs().filter(\.writesFile).map(\.name) }
}

extension Command {
  /// The registry entry of the command.
  static var entry: CommandEntry {
    CommandEntry(
      name: name, summary: summary, run: { main($0) }, makeHelp: { help },
      makeSpecs: { Options.declarations.map(\.spec) },
      makeCanonical: { (raw: [String]) throws(UsageError) -> [String] in
        try Sharding.canonical(Arguments<Options>(raw))
      })
  }

  /// Parses arguments, runs, and turns errors into messages and exit codes.
  static func main(_ rawArguments: [String]) -> Int32 {
    do {
      let declarations = Options.declarations
      let scan = try ArgumentScan(rawArguments, options: declarations.map(\.spec))
      if scan.wantsHelp {
        Console.output.line(help)
        return ExitCode.success
      }
      let arguments = try Arguments<Options>(scan, declarations: declarations)
      if let shard = arguments[Sharding.option] { return try Sharding.runShard(Self.self, shard: shard, arguments) }
      return try run(arguments)
    } catch let error as UsageError {
      Console.error.line("error: \(error.message)")
      Console.error.line("usage: \(usage)")
      Console.error.line("run 'fitquest help \(name)' for more")
      return ExitCode.usage
    } catch let error as DiagnosticError {
      Console.error.diagnostics(error.diagnostics)
      return error.isUnreadableInput ? ExitCode.noInput : ExitCode.dataError
    } catch let error as CommandFailure {
      Console.error.line("error: \(error.message)")
      return error.code
    } catch {
      Console.error.line("error: \(error)")
      return ExitCode.failure
    }
  }
}
