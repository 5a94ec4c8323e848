import RuleLanguage

/// Combines the parts of one sharded command: checks that they belong together and adds their
/// counts. Parts belong together when they were made by this version of FitQuest, for the same
/// command and arguments, with the same batches (inputs and their digests, seeds, runs, metrics),
/// and when together they hold every run index of every batch exactly once.
public enum ShardMerge {
  /// A part read from a file.
  public typealias NamedPart = (file: String, part: ShardPart)

  /// The batches of all parts added together, in the command's order.
  /// - Parameter version: this FitQuest's version; parts of another are refused.
  /// - Throws: a diagnostic naming the part that does not fit (exit 65).
  public static func combine(_ parts: [NamedPart], version: String) throws(DiagnosticError) -> [ShardBatch] {
    guard let (firstFile, first) = parts.first else { throw DiagnosticError(Diagnostic(message: "no parts to merge")) }
    var seen = [String?](repeating: nil, count: first.shards)
    for (file, part) in parts {
      func refuse(_ message: String) -> DiagnosticError { DiagnosticError(Diagnostic(file: file, message: message)) }
      func mismatch(_ what: String) -> DiagnosticError {
        refuse("\(what) differ from those of \(firstFile); merge the parts of one sharded command")
      }
      guard part.version == version else {
        throw refuse(
          "made by FitQuest \(part.version); this is FitQuest \(version): make the parts and merge them with one version"
        )
      }
      guard part.command == first.command else {
        throw mismatch("the command ('\(part.command)' vs '\(first.command)') and its results")
      }
      guard part.arguments == first.arguments else { throw mismatch("the arguments") }
      guard part.shards == first.shards else {
        throw mismatch("the number of shards (\(part.shards) vs \(first.shards))")
      }
      guard !part.batches.isEmpty else { throw refuse("holds no Monte Carlo batch; nothing to merge") }
      guard part.batches.count == first.batches.count else {
        throw mismatch("the Monte Carlo batches (\(part.batches.count) vs \(first.batches.count))")
      }
      for (index, batch) in part.batches.enumerated() {
        let reference = first.batches[index]
        guard batch.recordsSameCall(as: reference) else {
          throw mismatch(
            "batch \(index + 1)'s inputs, seed, runs or metrics (\(describe(batch)) vs \(describe(reference)))")
        }
        guard batch.first == part.shard, batch.step == part.shards, batch.result.runs == batch.heldCount else {
          throw refuse(
            "batch \(index + 1) holds the runs from \(batch.first) every \(batch.step), which are not those of shard \(part.shard)/\(part.shards)"
          )
        }
      }
      if let other = seen[part.shard] {
        throw refuse("shard \(part.shard)/\(part.shards) is also in \(other); give each shard once")
      }
      seen[part.shard] = file
    }
    let missing = seen.indices.filter { seen[$0] == nil }
    guard missing.isEmpty else {
      let list = missing.prefix(10).map { "\($0)/\(first.shards)" }.joined(separator: ", ")
      throw DiagnosticError(
        Diagnostic(
          message: "missing shard(s) \(list)\(missing.count > 10 ? ", …" : ""): merge needs all \(first.shards)"))
    }
    var merged = first.batches
    for index in merged.indices {
      merged[index].first = 0
      merged[index].step = 1
      var total = merged[index].result.runs
      for (file, part) in parts.dropFirst() {
        let (sum, overflow) = total.addingReportingOverflow(part.batches[index].result.runs)
        guard !overflow, sum <= merged[index].runs else {
          throw DiagnosticError(
            Diagnostic(
              file: file, message: "batch \(index + 1) holds more runs than the \(merged[index].runs) of the batch"))
        }
        total = sum
        merged[index].result.merge(part.batches[index].result)
      }
      guard total == merged[index].runs else {
        throw DiagnosticError(
          Diagnostic(
            file: firstFile,
            message:
              "the parts hold \(total) of the \(merged[index].runs) runs of batch \(index + 1); merge needs every run once"
          ))
      }
    }
    return merged
  }

  private static func describe(_ batch: ShardBatch) -> String {
    "\(batch.scenario.path) \(batch.scenario.digest), rules \(batch.rules.path) \(batch.rules.digest), seed \(batch.seed), \(batch.runs) runs"
  }
}
