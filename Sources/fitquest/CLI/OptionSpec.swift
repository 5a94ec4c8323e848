/// How an option is written and shown: its name, whether it takes a value, the value's
/// placeholder in help and its help line. The parser's table and the OPTIONS section of `--help`
/// are both generated from a command's declarations.
struct OptionSpec: Sendable {
  enum Kind: Sendable {
    case flag
    case value
    case repeated
    /// A flag that may take a value right after it (`--update` or `--update NAME`); the next
    /// argument is its value when `accepts` says so.
    case optionalValue(@Sendable (String) -> Bool)
  }

  var name: String
  var kind: Kind
  /// The value's placeholder in help (`N`, `FILE`).
  var placeholder: String
  var help: String
  /// Whether the value names a file the command writes: a shard leaves it to the merge, and a
  /// merge never takes it from a part.
  var writesFile = false
  /// Why the option cannot be given with `--shard` (nil: it can).
  var unshardable: String?

  init(_ name: String, _ kind: Kind, _ placeholder: String, _ help: String, writesFile: Bool = false) {
    self.name = name
    self.kind = kind
    self.placeholder = placeholder
    self.help = help
    self.writesFile = writesFile
  }

  /// Whether the option takes no value.
  var isFlag: Bool {
    if case .flag = kind { return true }
    return false
  }

  /// The OPTIONS section of a command's help.
  static func helpSection(_ options: [OptionSpec]) -> String {
    let rows =
      options.map { option -> (String, String) in
        var left = option.name
        switch option.kind {
        case .flag: break
        case .optionalValue: left += " [\(option.placeholder)]"
        case .value, .repeated: left += " \(option.placeholder)"
        }
        return (left, option.help)
      } + [("-h, --help", "show this help")]
    let width = min(28, rows.map { $0.0.count }.max() ?? 0)
    var lines = ["OPTIONS:"]
    for (left, help) in rows {
      let helpLines = help.split(separator: "\n", omittingEmptySubsequences: false)
      if left.count > width {
        lines.append("  \(left)")
        lines += helpLines.map { "  \(String(repeating: " ", count: width))  \($0)" }
      } else {
        lines.append("  \(left.padding(width))  \(helpLines.first ?? "")")
        lines += helpLines.dropFirst().map { "  \(String(repeating: " ", count: width))  \($0)" }
      }
    }
    return lines.joined(separator: "\n")
  }
}
