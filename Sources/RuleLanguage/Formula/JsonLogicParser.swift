/// Reads JsonLogic (`{"*": [{"var": "workout.durationMin"}, 1.5]}`) into ``Syntax``.
///
/// An object with exactly one key is an operation; its value is the argument list (a single
/// non-list value is one argument). Other objects are data. Lists are lists of formulas.
/// Offsets are those of the JSON source, so errors point into the rule file.
/// Nodes keep the JSON value they came from and print it only when shown, and a formula may nest
/// at most ``TextParser/maximumDepth`` operations deep, as in the text spelling.
enum JsonLogicParser {
  static func parse(_ value: JSONValue) throws(FormulaSyntaxError) -> Syntax {
    let syntax: Syntax
    switch value.kind {
    case .object(let members) where members.count == 1:
      let member = members[0]
      var arguments: [Syntax] = []
      if case .array(let elements) = member.value.kind {
        for element in elements { arguments.append(try parse(element)) }
      } else {
        arguments = [try parse(member.value)]
      }
      syntax = Syntax(.operation(member.key, arguments), offset: member.keyOffset, text: .json(value))
    case .array(let elements):
      var items: [Syntax] = []
      for element in elements { items.append(try parse(element)) }
      syntax = Syntax(.list(items), offset: value.offset, text: .json(value))
    default:
      syntax = Syntax(.literal(Value(value)), offset: value.offset, text: .json(value))
    }
    if syntax.height > TextParser.maximumDepth {
      throw FormulaSyntaxError(
        offset: syntax.offset, message: "the formula is nested more than \(TextParser.maximumDepth) levels deep")
    }
    return syntax
  }
}
