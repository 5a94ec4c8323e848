extension Engine {
  /// Checks an event against this pack (ranges and names) and resolves it for ``apply(_:to:log:)``.
  package func resolve(_ event: Event) throws(EngineError) -> ResolvedEvent {
    do {
      return try EventValidator.resolve(event, pack: pack)
    } catch {
      throw .invalidEvent(message: error.message)
    }
  }

  /// Applies one event to a progress value and returns its awards (explained, or bare with
  /// `explain: false`). All or nothing: when the event is refused or a formula fails, the
  /// progress is left as it was.
  package func apply(_ event: Event, to progress: inout PlayerProgress, explain: Bool = true) throws(EngineError)
    -> [Award]
  {
    let resolved = try resolve(event)
    var live = live(progress)
    var log = AwardLog(explain ? .explained : .records)
    try apply(resolved, to: &live, log: &log)
    progress = live.progress
    return log.awards(eventID: event.id, pack: pack)
  }
}
