import RuleLanguage

/// One workload's measurement: medians over repetitions, measured in this process run.
public struct BenchResult: Sendable {
  public var name: String
  /// "1,000,000 events", "1,000 runs".
  public var size: String
  /// Median seconds.
  public var seconds: Double
  public var throughput: Double
  /// "events/s", "runs/s".
  public var unit: String
  /// Peak resident memory in bytes (of the process so far, or of the child for `award`).
  public var peakBytes: Int
  /// Further figures for the JSON object, in order.
  public var extra: [(key: String, value: JSONValue)] = []
  /// Lines printed under the table row.
  public var notes: [String] = []

  /// The JSON object: name, seconds, throughput, unit, size, peakRSSBytes, then the extras.
  public var json: String {
    var writer = JSONWriter()
    writer.object { w in
      w.key("name")
      w.string(name)
      w.key("seconds")
      w.number(seconds)
      w.key("throughput")
      w.number(throughput.rounded())
      w.key("unit")
      w.string(unit)
      w.key("size")
      w.string(size)
      w.key("peakRSSBytes")
      w.integer(peakBytes)
      for (key, value) in extra {
        w.key(key)
        w.write(value)
      }
    }
    return writer.output
  }
}

/// Formatting for bench output.
public enum BenchFormat {
  public static func grouped(_ value: Double) -> String {
    let rounded = Int64(value.rounded())
    var digits = String(abs(rounded))
    var groups: [String] = []
    while digits.count > 3 {
      groups.insert(String(digits.suffix(3)), at: 0)
      digits.removeLast(3)
    }
    groups.insert(digits, at: 0)
    return (rounded < 0 ? "-" : "") + groups.joined(separator: ",")
  }

  public static func megabytes(_ bytes: Int) -> String {
    NumberText.format(Double(bytes) / 1_048_576, decimals: 1) + " MB"
  }

  /// The table: workload, size, median time, throughput, peak memory, then notes. A left-aligned
  /// text as wide as its column or wider is still followed by a space.
  public static func table(_ results: [BenchResult]) -> String {
    func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
      let padding = String(repeating: " ", count: max(right ? 0 : 1, width - text.count))
      return right ? padding + text : text + padding
    }
    var lines = [
      pad("workload", 26) + pad("size", 20) + pad("median", 12, right: true) + pad("throughput", 22, right: true)
        + pad("peak RSS", 12, right: true)
    ]
    for result in results {
      lines.append(
        pad(result.name, 26) + pad(result.size, 20)
          + pad(NumberText.format(result.seconds, decimals: 3) + " s", 12, right: true)
          + pad(grouped(result.throughput) + " " + result.unit, 22, right: true)
          + pad(megabytes(result.peakBytes), 12, right: true))
      lines += result.notes.map { "    " + $0 }
    }
    return lines.joined(separator: "\n")
  }
}
