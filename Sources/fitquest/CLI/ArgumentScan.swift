import RuleLanguage

/// The command line split into options (by their declared kinds) and positionals: `--name value`,
/// `--name=value`, flags, `--` and positionals. Values are not checked here (``Arguments`` does).
struct ArgumentScan: Sendable {
  /// The arguments that are not options, in order.
  var positionals: [String] = []
  /// The texts given per option, in order (a flag has none).
  private var given: [String: [String]] = [:]

  /// Whether an argument is written like an option (`-h`, `--name`, `--name=value`); anything
  /// else starting with `-` (`-7 % 3`, `-`, `-1.5`) is a positional.
  static func looksLikeOption(_ argument: String) -> Bool {
    let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
    let body = name.hasPrefix("--") ? name.dropFirst(2) : name.hasPrefix("-") ? name.dropFirst() : Substring("")
    guard let first = body.first, first.isLetter else { return false }
    return body.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
  }

  /// Splits `arguments` by the options' kinds (`--help` and `-h` are always flags).
  init(_ arguments: [String], options: [OptionSpec]) throws(UsageError) {
    var kinds: [String: OptionSpec.Kind] = ["--help": .flag, "-h": .flag]
    for option in options {
      precondition(kinds[option.name] == nil, "option \(option.name) is declared twice")
      kinds[option.name] = option.kind
    }
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if !optionsEnded && argument == "--" {
        optionsEnded = true
        continue
      }
      if optionsEnded || !ArgumentScan.looksLikeOption(argument) {
        positionals.append(argument)
        continue
      }
      var name = argument
      var inline: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      guard let kind = kinds[name] else {
        let hint = Suggestion.hint(for: name, among: kinds.keys.filter { $0.hasPrefix("--") }.sorted())
        throw UsageError(message: "unknown option '\(name)'\(hint)")
      }
      switch kind {
      case .flag:
        if inline != nil { throw UsageError(message: "option '\(name)' takes no value") }
        given[name, default: []] = []
      case .optionalValue(let accepts):
        given[name, default: []] += []
        if let inline {
          given[name, default: []].append(inline)
        } else if index < arguments.count, !ArgumentScan.looksLikeOption(arguments[index]), accepts(arguments[index]) {
          given[name, default: []].append(arguments[index])
          index += 1
        }
      case .value, .repeated:
        let value: String
        if let inline {
          value = inline
        } else {
          guard index < arguments.count else { throw UsageError(message: "option '\(name)' needs a value") }
          value = arguments[index]
          index += 1
        }
        if case .value = kind, given[name] != nil {
          throw UsageError(message: "option '\(name)' is given more than once")
        }
        given[name, default: []].append(value)
      }
    }
  }

  /// Whether `--help` or `-h` was given.
  var wantsHelp: Bool { given["--help"] != nil || given["-h"] != nil }

  /// The texts given for an option: nil when absent, [] for a flag or an option given bare.
  func texts(_ name: String) -> [String]? { given[name] }
}
