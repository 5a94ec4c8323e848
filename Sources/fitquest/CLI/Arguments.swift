/// A command-line usage error: printed with the usage line, exit 64.
struct UsageError: Error {
  var message: String
}

/// A command's arguments, parsed and checked: positionals in order, and every declared option's
/// value, read typed through the declaration (`arguments.runs`, `arguments[Sharding.option]`).
@dynamicMemberLookup
struct Arguments<Options: CommandOptions>: Sendable {
  /// The arguments that are not options, in order.
  let positionals: [String]
  /// The options as written (what a shard records).
  let scan: ArgumentScan
  private let declared = Options()
  private var values: [String: any Sendable] = [:]

  /// Checks every declared option's value (`declarations`: `Options.declarations`, when the
  /// caller has them already: reflecting on the options takes about half a millisecond).
  init(_ scan: ArgumentScan, declarations: [any OptionDeclaration] = Options.declarations) throws(UsageError) {
    self.scan = scan
    positionals = scan.positionals
    for declaration in declarations {
      values[declaration.spec.name] = try declaration.anyValue(from: scan.texts(declaration.spec.name))
    }
  }

  /// Parses and checks `arguments`.
  init(_ arguments: [String]) throws(UsageError) {
    try self.init(ArgumentScan(arguments, options: Options.declarations.map(\.spec)))
  }

  /// The value of one of the command's declared options.
  subscript<Value>(dynamicMember path: KeyPath<Options, Option<Value>>) -> Value {
    self[declared[keyPath: path]]
  }

  /// The value of an option; for one the command does not declare, its value when absent.
  subscript<Value>(_ option: Option<Value>) -> Value {
    guard let stored = values[option.spec.name] else {
      do {
        return try option.convert(nil)
      } catch {
        preconditionFailure("option \(option.spec.name) has no value when absent: \(error.message)")
      }
    }
    guard let value = stored as? Value else {
      preconditionFailure("option \(option.spec.name) is declared with another type than \(Value.self)")
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
