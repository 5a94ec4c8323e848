import RuleLanguage
import Simulation

/// `fitquest merge PARTS…`: combines the partial results of a sharded command into its report.
enum MergeCommand: Command {
  static let name = "merge"
  static let summary = "Combine the partial results of sharded runs (--shard I/N) into one report"
  static let usage = "fitquest merge PART.json…"
  static let about = """
    Each PART is what one shard printed ('fitquest simulate --runs 1000 --shard 2/8 > part-2.json').
    merge checks that the parts come from one command with the same arguments and that every
    shard from 0 to N−1 is there exactly once, adds their Monte Carlo counts together, and runs the
    command once more with those counts in place of the simulations: the output (text, JSON, CSV,
    and files such as --junit) is byte for byte what the command prints unsharded, and so is the
    exit code. Run it where the scenarios and rules of the command are (it reads them again to
    label the report).
    """
  static let footer = """
    Exit codes: those of the merged command · 64 usage · 65 parts that do not fit together · 66 a part
    cannot be read. See docs/scale.md.
    """
  struct Options: CommandOptions {}

  struct Part {
    var file: String
    var command: String
    var arguments: [String]
    var shard: Int
    var shards: Int
    var results: [RunAggregate]
  }

  static func run(_ arguments: Arguments<Options>) throws -> Int32 {
    guard !arguments.positionals.isEmpty else { throw UsageError(message: "merge needs the partial results: fitquest merge PART.json…") }
    let parts = try arguments.positionals.map(read)
    let first = parts[0]
    var seen = [String?](repeating: nil, count: first.shards)
    for part in parts {
      func mismatch(_ what: String) -> DiagnosticError {
        DiagnosticError(Diagnostic(file: part.file, message: "\(what) differ from those of \(first.file); merge the parts of one sharded command"))
      }
      guard part.command == first.command else { throw mismatch("the command ('\(part.command)' vs '\(first.command)')") }
      guard part.arguments == first.arguments else { throw mismatch("the arguments") }
      guard part.shards == first.shards else { throw mismatch("the number of shards (\(part.shards) vs \(first.shards))") }
      guard part.results.count == first.results.count else { throw mismatch("the Monte Carlo batches") }
      if let other = seen[part.shard] {
        throw DiagnosticError(Diagnostic(file: part.file, message: "shard \(part.shard)/\(part.shards) is also in \(other); give each shard once"))
      }
      seen[part.shard] = part.file
    }
    let missing = seen.indices.filter { seen[$0] == nil }
    guard missing.isEmpty else {
      let list = missing.prefix(10).map { "\($0)/\(first.shards)" }.joined(separator: ", ")
      throw DiagnosticError(Diagnostic(message: "missing shard(s) \(list)\(missing.count > 10 ? ", …" : ""): merge needs all \(first.shards)"))
    }
    var merged = first.results
    for part in parts.dropFirst() {
      for index in merged.indices {
        guard part.results[index].metrics == merged[index].metrics else {
          throw DiagnosticError(Diagnostic(file: part.file, message: "Monte Carlo batch \(index + 1) has other metrics than in \(first.file)"))
        }
        merged[index].merge(part.results[index])
      }
    }
    guard let command = FitQuestCommand.commands.first(where: { $0.name == first.command }) else {
      throw DiagnosticError(Diagnostic(file: first.file, message: "'\(first.command)' is not a command this FitQuest knows"))
    }
    let session = ShardSession(.merge(merged))
    let status = ShardSession.$current.withValue(session) { command.run(first.arguments) }
    if status == ExitCode.success || status == ExitCode.failure, session.unused > 0 {
      throw DiagnosticError(Diagnostic(file: first.file, message: "\(session.unused) Monte Carlo batch(es) of the parts were not used; were they made by this version of FitQuest?"))
    }
    return status
  }

  static func read(_ path: String) throws -> Part {
    let source = try FileSystem.read(path)
    let json = try JSONReader.parse(source)
    func invalid(_ what: String) -> DiagnosticError {
      DiagnosticError(Diagnostic(file: path, message: "not a partial result of 'fitquest … --shard I/N': \(what)"))
    }
    guard let version = json["fitquestShard"]?.number else { throw invalid("no 'fitquestShard'") }
    guard version == Double(Sharding.formatVersion) else { throw invalid("format \(version) is not \(Sharding.formatVersion)") }
    guard let command = json["command"]?.string, let list = json["arguments"]?.elements,
      let shard = json["shard"]?.number, let shards = json["shards"]?.number, let results = json["results"]?.elements,
      shards >= 1, shards <= 1_000_000, shard >= 0, shard < shards, shard == shard.rounded(), shards == shards.rounded()
    else { throw invalid("'command', 'arguments', 'shard', 'shards' or 'results' is missing or out of range") }
    let arguments = list.compactMap(\.string)
    guard arguments.count == list.count else { throw invalid("'arguments' must be strings") }
    var aggregates: [RunAggregate] = []
    for (index, result) in results.enumerated() {
      guard let aggregate = RunAggregate(json: result) else { throw invalid("result \(index + 1) is not a Monte Carlo aggregate") }
      aggregates.append(aggregate)
    }
    return Part(file: path, command: command, arguments: arguments, shard: Int(shard), shards: Int(shards), results: aggregates)
  }
}
