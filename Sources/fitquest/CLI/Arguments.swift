import RuleLanguage

/// A command-line usage error: printed with the usage line, exit 64.
struct UsageError: Error {
  var message: String
}

/// The options a command accepts, by name.
struct OptionSpec {
  var kinds: [String: Option.Kind]

  init(_ options: [Option]) {
    var kinds: [String: Option.Kind] = ["--help": .flag, "-h": .flag]
    for option in options { kinds[option.name] = option.kind }
    self.kinds = kinds
  }
}

/// Parsed command-line arguments: positionals in order, options by name.
struct Arguments {
  var positionals: [String] = []
  private var values: [String: [String]] = [:]
  private var flags: Set<String> = []

  /// Whether an argument is written like an option (`-h`, `--name`, `--name=value`); anything
  /// else starting with `-` (`-7 % 3`, `-`, `-1.5`) is a positional.
  static func looksLikeOption(_ argument: String) -> Bool {
    let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
    let body = name.hasPrefix("--") ? name.dropFirst(2) : name.hasPrefix("-") ? name.dropFirst() : Substring("")
    guard let first = body.first, first.isLetter else { return false }
    return body.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
  }

  /// Parses `--name value`, `--name=value`, flags, `--` and positionals.
  init(_ arguments: [String], spec: OptionSpec) throws(UsageError) {
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if !optionsEnded && argument == "--" {
        optionsEnded = true
        continue
      }
      if optionsEnded || !Arguments.looksLikeOption(argument) {
        positionals.append(argument)
        continue
      }
      var name = argument
      var inline: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      guard let kind = spec.kinds[name] else {
        let hint = Suggestion.hint(for: name, among: spec.kinds.keys.filter { $0.hasPrefix("--") }.sorted())
        throw UsageError(message: "unknown option '\(name)'\(hint)")
      }
      switch kind {
      case .flag:
        if inline != nil { throw UsageError(message: "option '\(name)' takes no value") }
        flags.insert(name)
      case .optionalValue(let accepts):
        flags.insert(name)
        if let inline {
          values[name, default: []].append(inline)
        } else if index < arguments.count, !Arguments.looksLikeOption(arguments[index]), accepts(arguments[index]) {
          values[name, default: []].append(arguments[index])
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
        if case .value = kind, values[name] != nil {
          throw UsageError(message: "option '\(name)' is given more than once")
        }
        values[name, default: []].append(value)
      }
    }
  }

  func has(_ flag: String) -> Bool { flags.contains(flag) || values[flag] != nil }

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

  /// A choice among an enumeration's raw values.
  func choice<T: RawRepresentable & CaseIterable>(_ name: String, default fallback: T, among allowed: [T]? = nil)
    throws(UsageError) -> T where T.RawValue == String
  {
    guard let text = value(name) else { return fallback }
    let options = allowed ?? Array(T.allCases)
    guard let value = T(rawValue: text), options.contains(where: { $0.rawValue == text }) else {
      let names = options.map(\.rawValue)
      let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "") : names.joined()
      throw UsageError(message: "\(name) must be \(list); found '\(text)'\(Suggestion.hint(for: text, among: names))")
    }
    return value
  }

  /// Fails when there are more positionals than `maximum`.
  func requirePositionals(atMost maximum: Int) throws(UsageError) {
    if positionals.count > maximum {
      throw UsageError(message: "unexpected argument '\(positionals[maximum])'")
    }
  }
}
