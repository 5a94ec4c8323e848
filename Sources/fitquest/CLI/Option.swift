/// One command-line option, declared once: its kind, its value's name and its help line. The
/// parser's table and the OPTIONS section of `--help` are both generated from declarations.
struct Option: Sendable {
  enum Kind: Sendable, Equatable {
    case flag
    case value
    case repeated
    /// A flag that may take a value right after it (`--update` or `--update NAME`); the next
    /// argument is its value when `accepts` says so.
    case optionalValue(@Sendable (String) -> Bool)

    static func == (lhs: Kind, rhs: Kind) -> Bool {
      switch (lhs, rhs) {
      case (.flag, .flag), (.value, .value), (.repeated, .repeated), (.optionalValue, .optionalValue): return true
      default: return false
      }
    }
  }

  var name: String
  var kind: Kind
  /// The value's placeholder in help (`N`, `FILE`).
  var value: String
  var help: String

  static func flag(_ name: String, _ help: String) -> Option { Option(name: name, kind: .flag, value: "", help: help) }

  static func value(_ name: String, _ value: String, _ help: String) -> Option {
    Option(name: name, kind: .value, value: value, help: help)
  }

  static func repeated(_ name: String, _ value: String, _ help: String) -> Option {
    Option(name: name, kind: .repeated, value: value, help: help)
  }

  /// The OPTIONS section of a command's help.
  static func helpSection(_ options: [Option]) -> String {
    let rows = options.map { option -> (String, String) in
      var left = option.name
      switch option.kind {
      case .flag: break
      case .optionalValue: left += " [\(option.value)]"
      case .value, .repeated: left += " \(option.value)"
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
