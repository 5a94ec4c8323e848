/// The `--metrics LIST` option of `sweep` and `sensitivity`: metric names separated by commas.
enum MetricList {
  /// The names listed, or `defaults` when the option was not given.
  /// - Throws: a usage error for an empty list or an empty name (`a,,b`, a trailing comma), which
  ///   would otherwise run the command and print tables with no metric in them.
  static func parse(_ text: String?, defaults: [String]) throws -> [String] {
    guard let text else { return defaults }
    let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard !text.isEmpty else {
      throw UsageError(message: "--metrics: no metric given; list one or more, e.g. --metrics totalXP,level.10")
    }
    guard !names.contains(where: \.isEmpty) else {
      throw UsageError(message: "--metrics '\(text)': an empty name; separate metrics with single commas")
    }
    return names
  }
}
