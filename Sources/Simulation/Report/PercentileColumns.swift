import RuleLanguage

/// The percentiles a Monte Carlo table shows: p10, p50 and p90 unless asked otherwise
/// (`simulate --percentiles 5,25,50,75,95`). Nearest rank, "never" ranked after every day, as
/// ``Distribution``.
public struct PercentileColumns: Sendable, Equatable {
  /// The percentiles, 0–100, ascending, each once.
  public let percents: [Double]

  /// p10, p50, p90.
  public static let standard = PercentileColumns(validated: [10, 50, 90])

  private init(validated percents: [Double]) { self.percents = percents }

  /// Reads "5,25,50,75,95": numbers from 0 to 100 with at most two decimals, each once, in any
  /// order (shown ascending).
  /// A failure says why a list is not one.
  public static func parse(_ text: String) -> Result<PercentileColumns, Failure> {
    var percents: [Double] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let word = String(part.filter { $0 != " " })
      guard let value = Double(word), value.isFinite, (0...100).contains(value), !word.isEmpty else {
        return .failure(
          Failure(message: "'\(word)' is not a percentile from 0 to 100; write a list such as 5,25,50,75,95"))
      }
      // A column is named by the percentile (``names``): it must name it exactly.
      guard Double(NumberText.short(value)) == value else {
        return .failure(
          Failure(
            message:
              "'\(word)' has more decimals than a column name shows (at most 2); round it, e.g. to \(NumberText.short(value))"
          ))
      }
      guard !percents.contains(value) else { return .failure(Failure(message: "\(word) is listed twice")) }
      percents.append(value)
    }
    return .success(PercentileColumns(validated: percents.sorted()))
  }

  /// Why a list of percentiles was refused.
  public struct Failure: Error, Sendable {
    /// The message, without the option's name.
    public var message: String
  }

  /// Column names: "p5", "p50", "p2.5".
  public var names: [String] { percents.map { "p" + NumberText.short($0) } }

  /// The percentiles of a histogram, in the order of ``percents`` (nil for "never").
  public func values(_ histogram: Histogram) -> [Double?] { histogram.percentiles(percents.map { $0 / 100 }) }
}
