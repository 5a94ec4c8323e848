extension Award {
  /// One line: date, event, type, explanation. Control characters in ids and names are escaped
  /// (`\u{7}`), so a line is always one line and a terminal shows it as it is.
  public var textLine: String { Award.escapingControls("\(day.iso) \(eventID) \(typeName): \(explanation)") }

  /// The text with C0 and C1 control characters and DEL written as `\u{HEX}`.
  public static func escapingControls(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        result += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
