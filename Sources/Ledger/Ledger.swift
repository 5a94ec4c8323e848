import Engine
import RuleLanguage

/// A player's durable award ledger: the state file behind `fitquest award`.
///
/// - **Idempotent**: events are identified by id; an event already applied is skipped.
/// - **Late events**: the ledger keeps the events of the last `windowDays` days and a checkpoint
///   of the state before them. An event dated before the latest applied day is inserted in date
///   order and the window is replayed from the checkpoint, so the result is exactly what applying
///   the events in date order would give: nothing lost, nothing awarded twice. An event dated
///   before the window is reported, not applied (it is either a repeat of a folded event or too
///   late to place).
/// - **Durable**: ``commit()`` replaces the file atomically (see ``AtomicFile``).
///
/// Memory is bounded by the window, not by the length of the history.
public final class Ledger {
  /// What happened to one event.
  public enum Outcome: Sendable, Equatable {
    /// Applied in order; its awards.
    case applied([Award])
    /// Applied late; the window was replayed. Its awards, how many later events were replayed,
    /// and the change of total XP (the late event's XP and any ripple on later events).
    case replayed([Award], laterEvents: Int, xpChange: Int64)
    /// Its id was already applied.
    case alreadyApplied
    /// It is dated before the window's first day.
    case beforeWindow(Day)
  }

  /// The state file's path.
  public let path: String
  public let engine: Engine
  /// The player's current state.
  public var state: PlayerProgress { live.progress }
  private var live: LivePlayer
  /// Days of events kept for replaying late events.
  public private(set) var windowDays: Int
  /// Events applied over the ledger's life.
  public private(set) var appliedCount: Int
  /// Events dated before this day were folded into the checkpoint.
  public private(set) var watermark: Day?
  /// Warnings found when opening (such as a changed rule pack).
  public private(set) var warnings: [String] = []
  private var checkpoint: PlayerProgress
  /// The state is `baseline` followed by `retained[baselineIndex...]` applied with this engine:
  /// how a refused event is undone exactly without copying the state for every event. (Replaying
  /// from the checkpoint would not do: after a rule change, the kept events were applied with
  /// other rules.)
  private var baseline: PlayerProgress
  private var baselineIndex = 0
  private var retained: [ResolvedEvent] = []
  private var retainedIDs: Set<String> = []
  private var isDirty = false
  /// Set if a refused event could not be undone: the ledger then refuses to save.
  private var isBroken = false

  /// The default replay window.
  public static let defaultWindowDays = 60

  /// Opens the ledger at `path`, or starts an empty one if the file does not exist.
  public init(path: String, engine: Engine, windowDays: Int? = nil) throws(LedgerError) {
    self.path = path
    self.engine = engine
    guard FileSystem.exists(path) else {
      live = engine.live(engine.newProgress())
      checkpoint = live.progress
      baseline = live.progress
      self.windowDays = windowDays ?? Ledger.defaultWindowDays
      appliedCount = 0
      return
    }
    let file: StateFile
    do {
      file = try StateFile.decode(try FileSystem.read(path))
    } catch {
      throw .corrupt(error.diagnostics.first ?? Diagnostic(file: path, message: "cannot read the state file"))
    }
    var state = file.state
    checkpoint = file.checkpoint
    baseline = file.state
    self.windowDays = windowDays ?? file.windowDays
    isDirty = windowDays != nil && windowDays != file.windowDays
    appliedCount = file.appliedCount
    watermark = file.watermark
    let decoder = EventDecoder(pack: engine.pack)
    for (index, line) in file.events.enumerated() {
      do {
        let event = try decoder.resolve(line: Array(line.utf8), file: "\(path) (events[\(index)])", lineNumber: 1)
        retained.append(event)
        retainedIDs.insert(event.id)
      } catch {
        throw .corrupt(error.diagnostics.first ?? Diagnostic(file: path, message: "invalid kept event"))
      }
    }
    if file.pack.digest != engine.pack.digest {
      warnings.append(
        "\(path) was saved with rule pack '\(file.pack.name)' \(file.pack.version) (digest \(file.pack.digest)); the rules have changed (digest \(engine.pack.digest)), so awards from now on follow the current rules")
      let dropped = engine.reconcile(&state) + engine.reconcile(&checkpoint)
      if !dropped.isEmpty {
        warnings.append("entries no longer in the pack were dropped from the state: \(Set(dropped).sorted().joined(separator: ", "))")
      }
    }
    live = engine.live(state)
    baseline = state
    baselineIndex = retained.count
  }

  /// Checks one event against the pack and applies it (see ``Outcome``).
  /// - Throws: the engine's error; the state is then as before the event.
  public func apply(_ event: Event) throws(EngineError) -> Outcome {
    try apply(try engine.resolve(event))
  }

  /// Applies one resolved event (see ``Outcome``).
  /// - Throws: the engine's error; the state is then as before the event.
  package func apply(_ event: ResolvedEvent) throws(EngineError) -> Outcome {
    if retainedIDs.contains(event.id) { return .alreadyApplied }
    if let watermark, event.day < watermark { return .beforeWindow(watermark) }
    if isInOrder(event) {
      var log = AwardLog(.explained)
      // The error is moved out of the catch block before restoring: a `try` inside a typed
      // `catch` clobbered the caught error with the 6.3 compiler (a crash copying it).
      var failure: EngineError?
      do {
        try engine.apply(event, to: &live, log: &log)
      } catch {
        failure = error
      }
      if let failure {
        restore()
        throw failure
      }
      record(event, at: retained.count)
      return .applied(log.awards(eventID: event.id, pack: engine.pack))
    }
    let position = retained.firstIndex { other in
      other.day > event.day || (other.day == event.day && isDayClosure(other) && !isDayClosure(event))
    } ?? retained.count
    var events = retained
    events.insert(event, at: position)
    var replayed = engine.live(checkpoint)
    var awards = AwardLog(.explained)
    var scratch = AwardLog(.off)
    for (index, other) in events.enumerated() {
      if index == position {
        try engine.apply(other, to: &replayed, log: &awards)
      } else {
        try engine.apply(other, to: &replayed, log: &scratch)
      }
    }
    let change = replayed.progress.xp - state.xp
    live = replayed
    record(event, at: position)
    baseline = checkpoint
    baselineIndex = 0
    return .replayed(awards.awards(eventID: event.id, pack: engine.pack), laterEvents: events.count - position - 1, xpChange: change)
  }

  private func isDayClosure(_ event: ResolvedEvent) -> Bool { event.kind == .dayClosed }

  private func isInOrder(_ event: ResolvedEvent) -> Bool {
    guard let open = state.today.day else { return true }
    return event.day > open || (event.day == open && !state.today.isClosed)
  }

  private func record(_ event: ResolvedEvent, at position: Int) {
    retained.insert(event, at: position)
    retainedIDs.insert(event.id)
    appliedCount += 1
    isDirty = true
  }

  /// Puts the state back to what the applied events give, after a refused event left it half
  /// changed. The events replayed were applied by this engine before, so they apply again.
  private func restore() {
    var restored = engine.live(baseline)
    var scratch = AwardLog(.off)
    for event in retained[baselineIndex...] {
      do {
        try engine.apply(event, to: &restored, log: &scratch)
      } catch {
        // Cannot happen with a deterministic engine; if it does, refuse to save a doubtful state.
        isBroken = true
        return
      }
    }
    live = restored
  }

  /// Folds events older than the window into the checkpoint, then saves the file atomically if
  /// anything changed.
  public func commit() throws(LedgerError) {
    if let last = retained.last?.day {
      let newWatermark = last.adding(-(windowDays - 1))
      let foldCount = retained.prefix { $0.day < newWatermark }.count
      if foldCount > 0 || watermark.map({ $0 < newWatermark }) ?? true {
        var scratch = AwardLog(.off)
        var folded = engine.live(checkpoint)
        for event in retained.prefix(foldCount) {
          do {
            try engine.apply(event, to: &folded, log: &scratch)
          } catch {
            throw .corrupt(Diagnostic(file: path, message: "cannot fold kept event '\(event.id)': \(error.message)"))
          }
          retainedIDs.remove(event.id)
        }
        checkpoint = folded.progress
        retained.removeFirst(foldCount)
        baseline = state
        baselineIndex = retained.count
        if watermark.map({ $0 < newWatermark }) ?? true {
          watermark = newWatermark
          isDirty = true
        }
      }
    }
    if isBroken {
      throw .corrupt(Diagnostic(file: path, message: "internal error: a refused event could not be undone; the state file was left as it was"))
    }
    guard isDirty else { return }
    let file = StateFile(
      pack: .init(name: engine.pack.name, version: engine.pack.version, digest: engine.pack.digest),
      windowDays: windowDays, appliedCount: appliedCount, watermark: watermark, checkpoint: checkpoint,
      events: retained.map { $0.event(pack: engine.pack).jsonLine }, state: state)
    do {
      try AtomicFile.write(try file.encoded(), to: path)
    } catch {
      throw .io(error.diagnostics.first ?? Diagnostic(file: path, message: "cannot write"))
    }
    isDirty = false
  }
}
