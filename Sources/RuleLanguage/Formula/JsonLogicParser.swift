/// Reads JsonLogic (`{"*": [{"var": "workout.durationMin"}, 1.5]}`) into ``Syntax``.
///
/// An object with exactly one key is an operation; its value is the argument list (a single
/// non-list value is one argument). Other objects are data. Lists are lists of formulas.
/// Offsets are those of the JSON source, so errors point into the rule file.
enum JsonLogicParser {
  static func parse(_ value: JSONValue) -> Syntax {
    let display = value.description
    switch value.kind {
    case .object(let members) where members.count == 1:
      let member = members[0]
      let arguments: [Syntax]
      if case .array(let elements) = member.value.kind {
        arguments = elements.map(parse)
      } else {
        arguments = [parse(member.value)]
      }
      return Syntax(.operation(member.key, arguments), offset: member.keyOffset, display: display)
    case .array(let elements):
      return Syntax(.list(elements.map(parse)), offset: value.offset, display: display)
    default:
      return Syntax(.literal(Value(value)), offset: value.offset, display: display)
    }
  }
}
