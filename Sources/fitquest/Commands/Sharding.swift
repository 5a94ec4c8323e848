import RuleLanguage
import Simulation

/// `--shard i/n` on `simulate`, `compare`, `sweep` and `check`: the command does runs i, i + n, …
/// of each Monte Carlo batch and prints, instead of its report, a partial result (``ShardPart``)
/// that `fitquest merge` combines with the other shards' into the unsharded report
/// (docs/scale.md).
enum Sharding {
  /// The option, as the shardable commands declare it (computed: see RunOptions).
  static var option: Option<Shard?> {
    Option.value(
      "--shard", "I/N", "do only runs I, I+N, I+2N, … and print a partial result for 'fitquest merge'"
    ) {
      text throws(UsageError) in
      let parts = text.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
        count <= ShardPart.maximumShards,
        (0..<count).contains(index)
      else { throw UsageError(message: "--shard must be I/N with 0 ≤ I < N; found '\(text)'") }
      return Shard(index: index, count: count)
    }
  }

  /// Shard `index` of `count`.
  struct Shard: Sendable {
    var index: Int
    var count: Int
  }

  /// Runs a command as one shard and prints its partial result.
  static func runShard<C: Command>(_ command: C.Type, shard: Shard, _ arguments: Arguments<C.Options>) throws -> Int32 {
    let recorded = try canonical(arguments)
    let session = ShardSession(.shard(index: shard.index, count: shard.count))
    Console.output.discard(true)
    let status = ShardSession.$current.withValue(session) { command.main(recorded) }
    Console.output.discard(false)
    // Exit 1 (changes, failed expectations) is the merged run's to report; errors stop here.
    guard status == ExitCode.success || status == ExitCode.failure else { return status }
    let batches = session.partials
    guard !batches.isEmpty else {
      throw UsageError(
        message: "--shard splits Monte Carlo runs, and '\(C.name)' ran none with these arguments; give --runs N (N > 1)"
      )
    }
    let part = ShardPart(
      version: FitQuestCommand.version, command: C.name, arguments: recorded, shard: shard.index, shards: shard.count,
      batches: batches)
    Console.output.line(bytes: part.json)
    return ExitCode.success
  }

  /// The arguments as a part records them, in one canonical form: the declared options in the
  /// order declared, each value as `--name VALUE` (`--name=VALUE` for an optional value), flags
  /// bare, then the positionals (after `--` when one could be read as an option). `--shard` is
  /// left out.
  /// - Throws: for an option a part cannot carry: a file to write (the merge is told where) or an
  ///   option that cannot be sharded (`check --update`).
  static func canonical<Options>(_ arguments: Arguments<Options>) throws(UsageError) -> [String] {
    var result: [String] = []
    for spec in Options.declarations.map(\.spec) where spec.name != option.spec.name {
      guard let texts = arguments.scan.texts(spec.name) else { continue }
      if let reason = spec.unshardable {
        throw UsageError(message: "\(spec.name) cannot be sharded: \(reason)")
      }
      if spec.writesFile {
        let merged = MergeCommand.Options.declarations.contains { $0.spec.name == spec.name }
        let hint = merged ? ": give it to 'fitquest merge PART… \(spec.name) \(spec.placeholder)'" : ""
        throw UsageError(message: "\(spec.name) names a file to write, which a shard never does\(hint)")
      }
      switch spec.kind {
      case .flag: result.append(spec.name)
      case .optionalValue: result += texts.isEmpty ? [spec.name] : texts.map { "\(spec.name)=\($0)" }
      case .value, .repeated: for text in texts { result += [spec.name, text] }
      }
    }
    if arguments.positionals.contains(where: { $0 == "--" || ArgumentScan.looksLikeOption($0) }) { result.append("--") }
    return result + arguments.positionals
  }
}
