import RuleLanguage

extension ResolvedEvent {
  /// The event as one canonical compact JSON line (``Event/jsonLine`` of the event with the pack's
  /// names): what a player's history keeps and a store writes, whatever the line as received held
  /// — padding, key order, escapes, the spelling of numbers. Its size is bounded by the event's
  /// content, and it reads back as the same event.
  package func canonicalLine(_ pack: RulePack) -> String {
    var writer = JSONWriter()
    return canonicalLine(pack, writer: &writer)
  }

  /// The canonical line written with `writer` (emptied first): a caller that writes many lines
  /// reuses one writer's buffer instead of growing a new one per line.
  package func canonicalLine(_ pack: RulePack, writer: inout JSONWriter) -> String {
    writer.reset()
    event(pack: pack).write(to: &writer)
    return writer.output
  }
}
