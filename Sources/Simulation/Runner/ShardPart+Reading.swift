import RuleLanguage

extension ShardPart {
  /// Reads a part strictly: every key known, every number a whole number in its range, counts
  /// that add up to the runs held, then the checksum. Every problem is reported with its position
  /// and JSON path.
  /// - Throws: the diagnostics (exit 65), or the file's syntax error.
  public init(reading source: SourceFile) throws(DiagnosticError) {
    let root = try JSONReader.parse(source)
    let log = DiagnosticLog()
    let node = JSONNode(root: root, source: source, log: log)
    guard let members = root.members, let object = node.object else {
      throw ShardPart.notAPart(source, "not a JSON object")
    }
    guard let formatNode = object.optional("fitquestShard") else {
      throw ShardPart.notAPart(source, "no 'fitquestShard'")
    }
    guard let format = formatNode.number, format == Double(ShardPart.format) else {
      let written = formatNode.value.number.map(NumberText.format) ?? formatNode.value.kindName
      throw DiagnosticError(
        formatNode.diagnostic(
          "'fitquestShard' is format \(written); this FitQuest reads format \(ShardPart.format): make the parts again with this version"
        ))
    }
    let version = object.required("version")?.nonEmptyString
    let command = object.required("command")?.nonEmptyString
    let arguments = object.required("arguments")?.array?.compactMap(\.string)
    let shards = object.required("shards")?.integer(in: 1...ShardPart.maximumShards)
    let shardNode = object.required("shard")
    let shard = shardNode?.integer(in: 0...ShardPart.maximumShards - 1)
    let batches = object.required("batches")?.array?.compactMap(ShardPart.batch)
    _ = object.required("checksum")?.string
    object.finish()
    if let shard, let shards, shard >= shards {
      shardNode?.error("'shard' must be below 'shards' (\(shards)); found \(shard)")
    }
    try log.throwIfErrors()
    guard let version, let command, let arguments, let shard, let shards, let batches else {
      throw ShardPart.notAPart(source, "incomplete")
    }
    self.init(version: version, command: command, arguments: arguments, shard: shard, shards: shards, batches: batches)
    try ShardPart.verifyChecksum(members, root: root, source: source)
  }

  private static func notAPart(_ source: SourceFile, _ what: String) -> DiagnosticError {
    DiagnosticError(Diagnostic(file: source.name, message: "not a partial result of 'fitquest … --shard I/N': \(what)"))
  }

  /// Checks that `checksum` is the last member and matches the bytes before it.
  private static func verifyChecksum(_ members: [JSONMember], root: JSONValue, source: SourceFile)
    throws(DiagnosticError)
  {
    guard let last = members.last, last.key == "checksum", let written = last.value.string else {
      throw DiagnosticError(
        Diagnostic(in: source, offset: root.offset, message: "'checksum' must be the last key of a part"))
    }
    let comma = last.keyOffset - 1
    guard comma > root.offset, source.bytes[comma] == UInt8(ascii: ",") else {
      throw DiagnosticError(
        Diagnostic(
          in: source, offset: last.keyOffset,
          message: "the part was reformatted after it was written; use the file a shard printed"))
    }
    let payload = Array(source.bytes[root.offset..<comma]) + [UInt8(ascii: "}")]
    let computed = checksum(ofPayload: payload)
    guard computed == written else {
      throw DiagnosticError(
        Diagnostic(
          in: source, offset: last.value.offset,
          message:
            "the checksum is \(written) but the part's content gives \(computed): the part was changed after it was written"
        ))
    }
  }

  /// One batch, or nil (reported).
  private static func batch(_ node: JSONNode) -> ShardBatch? {
    guard let object = node.object else { return nil }
    let scenario = object.required("scenario").flatMap(input)
    let rules = object.required("rules").flatMap(input)
    let seed = object.required("seed")?.integer(in: 0...9_007_199_254_740_991)
    let runs = object.required("runs")?.integer(in: 1...maximumRuns)
    let indexes = object.required("runIndexes")?.object
    let first = indexes?.required("first")?.integer(in: 0...maximumShards - 1)
    let step = indexes?.required("step")?.integer(in: 1...maximumShards)
    let countNode = indexes?.required("count")
    let count = countNode?.integer(in: 0...maximumRuns)
    indexes?.finish()
    let metricNodes = object.required("metrics")?.array
    object.finish()
    guard let scenario, let rules, let seed, let runs, let first, let step, let count, let countNode, let metricNodes
    else { return nil }
    let held = ShardBatch(
      scenario: scenario, rules: rules, seed: UInt64(seed), runs: runs, first: first, step: step,
      result: RunAggregate(metrics: [])
    )
    .heldCount
    guard count == held else {
      countNode.error(
        "'\(countNode.path)' must be \(held), the run indexes from \(first) every \(step) below \(runs); found \(count)"
      )
      return nil
    }
    var names: [String] = []
    var histograms: [Histogram] = []
    for metricNode in metricNodes {
      guard let (name, histogram) = metric(metricNode, runs: count) else { continue }
      if names.contains(name) {
        metricNode.error("metric '\(name)' is listed twice in '\(node.path)'")
        continue
      }
      names.append(name)
      histograms.append(histogram)
    }
    guard names.count == metricNodes.count else { return nil }
    var result = RunAggregate(metrics: names)
    result.histograms = histograms
    result.runs = count
    return ShardBatch(
      scenario: scenario, rules: rules, seed: UInt64(seed), runs: runs, first: first, step: step, result: result)
  }

  private static func input(_ node: JSONNode) -> InputDigest? {
    guard let object = node.object else { return nil }
    let path = object.required("path")?.nonEmptyString
    let digestNode = object.required("digest")
    let digest = digestNode?.string
    object.finish()
    guard let path, let digest, let digestNode else { return nil }
    guard digest.utf8.count == 16, digest.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
    else {
      digestNode.error("'\(digestNode.path)' must be 16 hexadecimal digits; found '\(digest)'")
      return nil
    }
    return InputDigest(path: path, digest: digest)
  }

  /// A metric's histogram: `never` and `counts` must add up to exactly `runs`, values ascending.
  private static func metric(_ node: JSONNode, runs: Int) -> (String, Histogram)? {
    guard let object = node.object else { return nil }
    let name = object.required("metric")?.nonEmptyString
    let never = object.required("never")?.integer(in: 0...runs)
    let pairs = object.required("counts")?.array
    object.finish()
    guard let name, let never, let pairs else { return nil }
    var histogram = Histogram()
    histogram.add(nil, count: never)
    var total = never
    var previous = -Double.infinity
    for pair in pairs {
      guard let elements = pair.array else { return nil }
      guard elements.count == 2 else {
        pair.error("'\(pair.path)' must be a pair [value, count]; found \(elements.count) element(s)")
        return nil
      }
      // A batch may hold no runs (then any count is too many: reported below, not a crash).
      guard let value = elements[0].number, let count = elements[1].integer(in: 1...Swift.max(1, runs)) else {
        return nil
      }
      guard value.isFinite, value > previous else {
        elements[0].error(
          "'\(elements[0].path)' must be a finite number above the value before it; found \(NumberText.format(value))")
        return nil
      }
      let (sum, overflow) = total.addingReportingOverflow(count)
      guard !overflow, sum <= runs else {
        elements[1].error("the counts of metric '\(name)' add up to more than the \(runs) run(s) held")
        return nil
      }
      total = sum
      previous = value
      histogram.add(value == 0 ? 0 : value, count: count)
    }
    guard total == runs else {
      node.error("the counts of metric '\(name)' add up to \(total) run(s); the batch holds \(runs)")
      return nil
    }
    return (name, histogram)
  }
}
