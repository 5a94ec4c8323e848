import RuleLanguage

/// One command-line option, declared once with the type of its value: its syntax and help line
/// (``OptionSpec``) and how the text given on the command line becomes a `Value`. A command's
/// ``CommandOptions`` struct holds its declarations; ``Arguments`` reads them typed
/// (`arguments.runs` is an `Int`, `arguments.svg` a `String?`). See CommandOptions.swift.
struct Option<Value: Sendable>: Sendable {
  /// The name, kind, placeholder and help line.
  let spec: OptionSpec
  /// The value from the texts given (nil: the option is absent; [] a flag given; one text per
  /// occurrence otherwise).
  let convert: @Sendable ([String]?) throws(UsageError) -> Value

  init(_ spec: OptionSpec, convert: @escaping @Sendable ([String]?) throws(UsageError) -> Value) {
    self.spec = spec
    self.convert = convert
    OptionRecorder.current?.record(self)
  }

  /// The option, refused with `--shard` (and in a part) for `reason`.
  func unshardable(_ reason: String) -> Option {
    var spec = spec
    spec.unshardable = reason
    return Option(spec, convert: convert)
  }

  /// The option with another help line (a shared option that means something more specific here).
  func help(_ text: String) -> Option {
    var spec = spec
    spec.help = text
    return Option(spec, convert: convert)
  }
}

extension Option where Value == Bool {
  /// `--name`: true when given.
  static func flag(_ name: String, _ help: String) -> Option<Bool> {
    Option(OptionSpec(name, .flag, "", help)) { $0 != nil }
  }
}

extension Option where Value == String? {
  /// `--name VALUE`, at most once; nil when absent.
  static func value(_ name: String, _ placeholder: String, _ help: String) -> Option<String?> {
    Option(OptionSpec(name, .value, placeholder, help)) { $0?.last }
  }

  /// `--name FILE`, a file the command writes (never written by a shard or merged from a part).
  static func output(_ name: String, _ placeholder: String, _ help: String) -> Option<String?> {
    Option(OptionSpec(name, .value, placeholder, help, writesFile: true)) { $0?.last }
  }
}

extension Option where Value == String {
  /// `--name VALUE`, at most once, with a default.
  static func value(_ name: String, _ placeholder: String, _ help: String, default fallback: String) -> Option<String> {
    Option(OptionSpec(name, .value, placeholder, help)) { $0?.last ?? fallback }
  }

  /// `--name FILE`, a file the command writes, with a default path.
  static func output(_ name: String, _ placeholder: String, _ help: String, default fallback: String) -> Option<String>
  {
    Option(OptionSpec(name, .value, placeholder, help, writesFile: true)) { $0?.last ?? fallback }
  }
}

extension Option where Value == [String] {
  /// `--name VALUE`, any number of times, in the order given.
  static func repeated(_ name: String, _ placeholder: String, _ help: String) -> Option<[String]> {
    Option(OptionSpec(name, .repeated, placeholder, help)) { $0 ?? [] }
  }
}

extension Option where Value == [String]? {
  /// `--name` alone or `--name VALUE` (repeatable) where `accepts` says the next argument is its
  /// value: nil when absent, the values (maybe none) when given.
  static func optionalValue(
    _ name: String, _ placeholder: String, _ help: String, accepts: @escaping @Sendable (String) -> Bool
  ) -> Option<[String]?> {
    Option(OptionSpec(name, .optionalValue(accepts), placeholder, help)) { $0 }
  }
}

extension Option where Value == Int {
  /// `--name N`, a whole number within `range`, `fallback` when absent.
  static func integer(
    _ name: String, _ placeholder: String, _ help: String, default fallback: Int, in range: ClosedRange<Int>
  ) -> Option<Int> {
    Option(OptionSpec(name, .value, placeholder, help)) { texts throws(UsageError) in
      try OptionParsing.integer(texts?.last, name: name, in: range) ?? fallback
    }
  }
}

extension Option where Value == Int? {
  /// `--name N`, a whole number within `range`; nil when absent (the default depends on other
  /// options).
  static func integer(_ name: String, _ placeholder: String, _ help: String, in range: ClosedRange<Int>) -> Option<Int?>
  {
    Option(OptionSpec(name, .value, placeholder, help)) { texts throws(UsageError) in
      try OptionParsing.integer(texts?.last, name: name, in: range)
    }
  }
}

extension Option {
  /// `--name VALUE` read by `parse` (which throws a ``UsageError`` for a bad value); nil when absent.
  static func value<Wrapped: Sendable>(
    _ name: String, _ placeholder: String, _ help: String,
    parse: @escaping @Sendable (String) throws(UsageError) -> Wrapped
  ) -> Option<Wrapped?> where Value == Wrapped? {
    Option(OptionSpec(name, .value, placeholder, help)) { texts throws(UsageError) in
      guard let text = texts?.last else { return nil }
      return try parse(text)
    }
  }

  /// `--name VALUE`, one of `allowed` (an enumeration's raw values); `fallback` when absent.
  static func choice(
    _ name: String, _ placeholder: String, _ help: String, default fallback: Value, among allowed: [Value]
  ) -> Option<Value> where Value: RawRepresentable, Value.RawValue == String {
    Option(OptionSpec(name, .value, placeholder, help)) { texts throws(UsageError) in
      guard let text = texts?.last else { return fallback }
      return try OptionParsing.choice(text, name: name, among: allowed)
    }
  }
}

extension Option where Value == OutputFormat {
  /// `--format FORMAT` among `formats`, the first being the default.
  static func format(_ formats: [OutputFormat]) -> Option<OutputFormat> {
    let help = formats.map(\.rawValue).joined(separator: ", ") + " (default \(formats[0].rawValue))"
    return .choice("--format", "FORMAT", help, default: formats[0], among: formats)
  }
}

/// The checks typed options share, with their messages.
enum OptionParsing {
  /// A whole number within `range`, or nil for no text.
  static func integer(_ text: String?, name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text else { return nil }
    guard let number = Int(text), range.contains(number) else {
      throw UsageError(
        message:
          "option '\(name)' needs a whole number from \(range.lowerBound) to \(range.upperBound); found '\(text)'")
    }
    return number
  }

  /// One of `allowed`, by raw value.
  static func choice<T: RawRepresentable>(_ text: String, name: String, among allowed: [T]) throws(UsageError) -> T
  where T.RawValue == String {
    guard let value = allowed.first(where: { $0.rawValue == text }) else {
      let names = allowed.map(\.rawValue)
      let list =
        names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "") : names.joined()
      throw UsageError(message: "\(name) must be \(list); found '\(text)'\(Suggestion.hint(for: text, among: names))")
    }
    return value
  }
}
