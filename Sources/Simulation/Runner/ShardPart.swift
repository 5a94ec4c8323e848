import Engine
import RuleLanguage

/// The partial result a command run with `--shard I/N` prints, which `fitquest merge` combines
/// with the other shards' (docs/scale.md): the command and its canonical arguments, the FitQuest
/// version, the shard, and per Monte Carlo batch its inputs' digests, seed, run indexes held and
/// counts. The JSON ends with a checksum of everything before it.
///
/// A part is data to check, never instructions: ``ShardMerge`` refuses parts that do not fit
/// together, and merge re-derives the command's output from its own arguments and files.
public struct ShardPart: Sendable, Equatable {
  /// The format written (format 1, before digests and run indexes, is refused).
  public static let format = 2
  /// The most runs a batch may have (as `--runs` allows).
  public static let maximumRuns = 10_000_000
  /// The most shards a command may be split into.
  public static let maximumShards = 1_000_000

  /// The version of FitQuest that made the part.
  public var version: String
  /// The command (`simulate`, `compare`, `sweep`, `check`).
  public var command: String
  /// The command's arguments in canonical form, without `--shard`.
  public var arguments: [String]
  /// This part's shard index, from 0.
  public var shard: Int
  /// The number of shards.
  public var shards: Int
  /// The Monte Carlo batches of the command, in the order it ran them.
  public var batches: [ShardBatch]

  /// Creates a part.
  public init(version: String, command: String, arguments: [String], shard: Int, shards: Int, batches: [ShardBatch]) {
    self.version = version
    self.command = command
    self.arguments = arguments
    self.shard = shard
    self.shards = shards
    self.batches = batches
  }

  /// The part as one line of JSON (without a line break), its checksum last.
  public var json: [UInt8] {
    var writer = JSONWriter()
    writer.object { json in
      json.key("fitquestShard")
      json.integer(ShardPart.format)
      json.key("version")
      json.string(version)
      json.key("command")
      json.string(command)
      json.key("arguments")
      json.array { list in for argument in arguments { list.string(argument) } }
      json.key("shard")
      json.integer(shard)
      json.key("shards")
      json.integer(shards)
      json.key("batches")
      json.array { list in for batch in batches { batch.write(to: &list) } }
    }
    var bytes = writer.bytes
    let checksum = ShardPart.checksum(ofPayload: bytes)
    bytes.removeLast()
    bytes += Array(",\"checksum\":\"\(checksum)\"}".utf8)
    return bytes
  }

  /// The checksum of a part's payload: FNV-1a 64 of the JSON object's bytes without the
  /// checksum member, in hexadecimal. It catches parts changed after they were written.
  public static func checksum(ofPayload bytes: [UInt8]) -> String {
    var hash = FNV1a()
    hash.add(bytes)
    return hash.hex
  }
}

extension ShardBatch {
  /// The batch as JSON: inputs, seed, runs, run indexes held, then per metric its never count and
  /// its (value, count) pairs in ascending order (numbers written so that they read back exactly).
  func write(to writer: inout JSONWriter) {
    writer.object { json in
      for (key, input) in [("scenario", scenario), ("rules", rules)] {
        json.key(key)
        json.object { item in
          item.key("path")
          item.string(input.path)
          item.key("digest")
          item.string(input.digest)
        }
      }
      json.key("seed")
      json.integer(seed)
      json.key("runs")
      json.integer(runs)
      json.key("runIndexes")
      json.object { item in
        item.key("first")
        item.integer(first)
        item.key("step")
        item.integer(step)
        item.key("count")
        item.integer(result.runs)
      }
      json.key("metrics")
      json.array { list in
        for (metric, histogram) in zip(result.metrics, result.histograms) {
          list.object { item in
            item.key("metric")
            item.string(metric)
            item.key("never")
            item.integer(histogram.never)
            item.key("counts")
            item.array { pairs in
              for (value, count) in histogram.sorted {
                pairs.array { pair in
                  pair.number(value)
                  pair.integer(count)
                }
              }
            }
          }
        }
      }
    }
  }
}
