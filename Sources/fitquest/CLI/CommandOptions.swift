/// A command's options, each declared once as a stored property: its name, value type, help
/// line and checks live in that one declaration. The parser's table and the OPTIONS section of
/// `--help` are generated from the declarations (in the order written), every value is checked
/// before the command runs, and the command reads values typed, by property name, never by a
/// string key.
///
/// Declaring and reading a command's options:
///
/// ```swift
/// enum GreetCommand: Command {
///   static let name = "greet"
///   // summary, usage, about as for every command…
///
///   struct Options: CommandOptions {
///     let times = Option.integer("--times", "N", "say it N times (default 1)", default: 1, in: 1...10)
///     let to = Option.value("--to", "NAME", "whom to greet (default: world)", default: "world")
///     let loud = Option.flag("--loud", "shout")
///     let format = Option.format([.text, .json])      // text (default) or json, an OutputFormat
///     let output = Option.output("--output", "FILE", "also write the greeting to FILE")
///     let seed = RunOptions.seed                      // a shared declaration
///   }
///
///   static func run(_ arguments: Arguments<Options>) throws -> Int32 {
///     let times: Int = arguments.times                // already checked: 1...10
///     let format: OutputFormat = arguments.format
///     if let path = arguments.output { try OutputFile.write("hello\n", to: path) }
///     …
///   }
/// }
/// ```
///
/// Kinds: `flag` (Bool), `value` (String? or String with a default), `output` (a file the command
/// writes: sharding and merge leave such paths alone), `repeated` ([String]), `integer` (Int in a
/// range, or Int? when the default depends on other options), `value(…, parse:)` (any type, from
/// a function that throws a ``UsageError``), `choice` (an enumeration's raw values), `format`
/// (``OutputFormat``), `optionalValue` (`--update` or `--update NAME`). A shared option with a
/// more specific help line here: `RunOptions.set.help("…")`. Commands that run scenarios declare
/// ``RunOptions/runs``, ``RunOptions/seed``, ``RunOptions/threads`` and ``RunOptions/set`` and
/// conform to ``RunOptionsDeclaring``; shardable commands add `let shard = Sharding.option`.
protocol CommandOptions: Sendable {
  /// The declarations with their defaults (every stored property is one option).
  init()
}

extension CommandOptions {
  /// Every declaration, in the order written: recorded while `Self()` initializes its
  /// properties (each ``Option`` reports itself to the ``OptionRecorder`` of the running task).
  /// Reflection found the same list, but its type metadata took a third of a short command's
  /// process (`players show`); debug builds — every test run — still check the recording
  /// against it.
  static var declarations: [any OptionDeclaration] {
    let recorder = OptionRecorder()
    OptionRecorder.$current.withValue(recorder) { _ = Self() }
    #if DEBUG
      let reflected = Mirror(reflecting: Self()).children.compactMap { $0.value as? any OptionDeclaration }
      precondition(
        recorder.declarations.map { [$0.spec.name, $0.spec.help] } == reflected.map { [$0.spec.name, $0.spec.help] },
        "\(Self.self): the recorded options differ from the declared ones (a shared declaration stored in a static let?)"
      )
    #endif
    return recorder.declarations
  }
}

/// Collects the options made while it is the current one: the declarations of one `Options()`.
/// Shared declarations (``RunOptions``, ``Sharding/option``) are computed properties, so that
/// each `Options()` makes, and records, its own.
final class OptionRecorder: @unchecked Sendable {
  /// The recorder of the running task (nil: options are not being recorded).
  @TaskLocal static var current: OptionRecorder?
  /// The options made, in order. Only the task that made the recorder current touches it.
  private(set) var declarations: [any OptionDeclaration] = []

  func record(_ declaration: any OptionDeclaration) {
    // A modified copy (`.help(…)`, `.unshardable(…)`) replaces the option it was made from.
    if declarations.last?.spec.name == declaration.spec.name { declarations.removeLast() }
    declarations.append(declaration)
  }
}

/// An ``Option`` of any value type, as the parser and help see it.
protocol OptionDeclaration: Sendable {
  var spec: OptionSpec { get }
  /// The checked value from the texts given (nil: absent).
  func anyValue(from texts: [String]?) throws(UsageError) -> any Sendable
}

extension Option: OptionDeclaration {
  func anyValue(from texts: [String]?) throws(UsageError) -> any Sendable { try convert(texts) }
}
