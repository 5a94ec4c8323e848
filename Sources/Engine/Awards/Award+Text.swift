extension Award {
  /// One line: date, event, type, explanation.
  public var textLine: String { "\(day.iso) \(eventID) \(typeName): \(explanation)" }
}
