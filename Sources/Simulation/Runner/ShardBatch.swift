import Engine
import RuleLanguage

/// One Monte Carlo call of a sharded command, as a part records it: what was simulated (the
/// scenario and rule pack with their digests, the seed, the batch's runs), which run indexes this
/// part holds (`first`, `first + step`, … below `runs`) and their counts.
public struct ShardBatch: Sendable, Equatable {
  /// The scenario file simulated.
  public var scenario: InputDigest
  /// The rule pack directory it ran under.
  public var rules: InputDigest
  /// The seed of run 0 (run k's seed is derived from it and k).
  public var seed: UInt64
  /// The runs of the whole batch (the command's `--runs`).
  public var runs: Int
  /// The first run index held.
  public var first: Int
  /// The distance between the run indexes held (the number of shards).
  public var step: Int
  /// The counts of the runs held.
  public var result: RunAggregate

  /// Creates a batch record.
  public init(
    scenario: InputDigest, rules: InputDigest, seed: UInt64, runs: Int, first: Int, step: Int, result: RunAggregate
  ) {
    self.scenario = scenario
    self.rules = rules
    self.seed = seed
    self.runs = runs
    self.first = first
    self.step = step
    self.result = result
  }

  /// How many run indexes `first`, `first + step`, … are below `runs`.
  public var heldCount: Int { first < runs && step > 0 ? (runs - first - 1) / step + 1 : 0 }

  /// Whether two batches record the same Monte Carlo call (the same inputs, seed, runs and
  /// metrics), whatever runs they hold.
  public func recordsSameCall(as other: ShardBatch) -> Bool {
    scenario == other.scenario && rules == other.rules && seed == other.seed && runs == other.runs
      && result.metrics == other.result.metrics
  }
}

/// A file (or a rule pack directory) a command read, and the FNV-1a 64 digest of its bytes.
public struct InputDigest: Sendable, Equatable {
  /// The path as the command named it.
  public var path: String
  /// 16 hexadecimal digits.
  public var digest: String

  /// Creates a record.
  public init(path: String, digest: String) {
    self.path = path
    self.digest = digest
  }

  /// The scenario as it was loaded: its path and the digest of its file's bytes and of the files
  /// its `extends` chain names.
  public static func of(_ scenario: Scenario) throws(DiagnosticError) -> InputDigest {
    try chain(from: scenario.source)
  }

  /// The rule pack as it was loaded: its directory and the digest of its files (names and bytes,
  /// in the loader's order; `--set` overrides are part of the arguments, not of the digest).
  public static func of(_ pack: RulePack) -> InputDigest {
    InputDigest(path: pack.source, digest: digest(pack.files))
  }

  /// The scenario file at `path`, and the files its `extends` chain names, as they are on disk now.
  public static func scenarioFile(_ path: String) throws(DiagnosticError) -> InputDigest {
    try chain(from: FileSystem.read(path))
  }

  /// The digest of a scenario file's bytes, then of each file its `extends` chain names.
  private static func chain(from source: SourceFile) throws(DiagnosticError) -> InputDigest {
    var hash = FNV1a()
    var current = source
    var read = [source.name]
    while true {
      hash.add(current.bytes)
      guard read.count <= ScenarioLoader.maximumExtends,
        let parent = (try? JSONReader.parse(current.bytes))?["extends"]?.string
      else { break }
      let path = ScenarioLoader.resolve(parent, from: current.name)
      guard !read.contains(path) else { break }
      read.append(path)
      current = try FileSystem.read(path)
    }
    return InputDigest(path: source.name, digest: hash.hex)
  }

  /// The rule pack directory at `path` as it is on disk now (its `*.json` files, read as the
  /// loader reads them).
  public static func rulePack(_ path: String) throws(DiagnosticError) -> InputDigest {
    var files: [SourceFile] = []
    for name in try FileSystem.listDirectory(path) where name.hasSuffix(".json") {
      files.append(try FileSystem.read(path.hasSuffix("/") ? path + name : path + "/" + name))
    }
    return InputDigest(path: path, digest: digest(files))
  }

  private static func digest(_ files: [SourceFile]) -> String {
    var hash = FNV1a()
    for file in files {
      hash.add(String(file.name.split(separator: "/").last ?? Substring(file.name)))
      hash.add(file.bytes)
    }
    return hash.hex
  }
}
