import RuleLanguage

/// A command-line usage error: printed with the usage line, exit 64.
struct UsageError: Error {
  var message: String
}

/// The options a command accepts.
struct OptionSpec {
  enum Kind { case flag, value, repeated }
  var kinds: [String: Kind]

  init(flags: [String] = [], values: [String] = [], repeated: [String] = []) {
    var kinds: [String: Kind] = ["--help": .flag, "-h": .flag]
    for flag in flags { kinds[flag] = .flag }
    for value in values { kinds[value] = .value }
    for value in repeated { kinds[value] = .repeated }
    self.kinds = kinds
  }
}

/// Parsed command-line arguments: positionals in order, options by name.
struct Arguments {
  var positionals: [String] = []
  private var values: [String: [String]] = [:]
  private var flags: Set<String> = []

  /// Parses `--name value`, `--name=value`, flags, `--` and positionals; `-` is a positional.
  init(_ arguments: [String], spec: OptionSpec) throws(UsageError) {
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var inline: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      guard let kind = spec.kinds[name] else {
        if Double(argument) != nil {
          positionals.append(argument)
          continue
        }
        let hint = Suggestion.hint(for: name, among: spec.kinds.keys.filter { $0.hasPrefix("--") }.sorted())
        throw UsageError(message: "unknown option '\(name)'\(hint)")
      }
      switch kind {
      case .flag:
        if inline != nil { throw UsageError(message: "option '\(name)' takes no value") }
        flags.insert(name)
      case .value, .repeated:
        let value: String
        if let inline {
          value = inline
        } else {
          guard index < arguments.count else { throw UsageError(message: "option '\(name)' needs a value") }
          value = arguments[index]
          index += 1
        }
        if kind == .value, values[name] != nil {
          throw UsageError(message: "option '\(name)' is given more than once")
        }
        values[name, default: []].append(value)
      }
    }
  }

  func has(_ flag: String) -> Bool { flags.contains(flag) }

  func value(_ name: String) -> String? { values[name]?.last }

  func all(_ name: String) -> [String] { values[name] ?? [] }

  /// An integer option within a range.
  func integer(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws(UsageError) -> Int {
    guard let text = value(name) else { return fallback }
    guard let number = Int(text), range.contains(number) else {
      throw UsageError(message: "option '\(name)' needs a whole number from \(range.lowerBound) to \(range.upperBound); found '\(text)'")
    }
    return number
  }

  /// Fails when there are more positionals than `maximum`.
  func requirePositionals(atMost maximum: Int) throws(UsageError) {
    if positionals.count > maximum {
      throw UsageError(message: "unexpected argument '\(positionals[maximum])'")
    }
  }
}
