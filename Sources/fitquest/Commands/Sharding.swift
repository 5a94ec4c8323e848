import RuleLanguage
import Simulation

/// `--shard i/n` on `simulate`, `compare`, `sweep` and `check`: the command does runs i, i + n, …
/// of each Monte Carlo batch and prints, instead of its report, a partial result that
/// `fitquest merge` combines with the other shards' into the unsharded report (docs/scale.md).
enum Sharding {
  /// The option, as the shardable commands list it.
  static let option = Option.value("--shard", "I/N", "do only runs I, I+N, I+2N, … and print a partial result for 'fitquest merge'") {
    text throws(UsageError) in
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, count <= 1_000_000, (0..<count).contains(index)
    else { throw UsageError(message: "--shard must be I/N with 0 ≤ I < N; found '\(text)'") }
    return Shard(index: index, count: count)
  }

  /// Shard `index` of `count`.
  struct Shard: Sendable {
    var index: Int
    var count: Int
  }

  /// The format of a partial result.
  static let formatVersion = 1

  static func runShard<C: Command>(_ command: C.Type, shard: Shard, _ raw: [String]) throws -> Int32 {
    let (index, count) = (shard.index, shard.count)
    let fileOptions = Set(C.Options.declarations.map(\.spec).filter(\.writesFile).map(\.name))
    let recorded = strip(raw, ["--shard"])
    if recorded.contains("--update") { throw UsageError(message: "--update cannot be sharded: snapshots are written by one run") }
    let session = ShardSession(.shard(index: index, count: count))
    Console.output.discard(true)
    let status = ShardSession.$current.withValue(session) {
      command.main(strip(recorded, fileOptions))
    }
    Console.output.discard(false)
    // Exit 1 (changes, failed expectations) is the merged run's to report; errors stop here.
    guard status == ExitCode.success || status == ExitCode.failure else { return status }
    var writer = JSONWriter()
    writer.object { json in
      json.key("fitquestShard")
      json.integer(formatVersion)
      json.key("command")
      json.string(command.name)
      json.key("arguments")
      json.array { list in for argument in recorded { list.string(argument) } }
      json.key("shard")
      json.integer(index)
      json.key("shards")
      json.integer(count)
      json.key("results")
      json.array { list in for aggregate in session.partials { aggregate.write(to: &list) } }
    }
    Console.output.line(bytes: writer.bytes)
    return ExitCode.success
  }

  /// The arguments without the named options and their values (`--name value`, `--name=value`).
  static func strip(_ arguments: [String], _ names: Set<String>) -> [String] {
    var kept: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        kept.append(contentsOf: arguments[(index - 1)...])
        break
      }
      let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
      guard names.contains(name) else {
        kept.append(argument)
        continue
      }
      if !argument.contains("=") { index += 1 }
    }
    return kept
  }
}
