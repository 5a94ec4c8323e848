import RuleLanguage

/// What `fitquest check` prints: one status line per scenario saying what held and what did
/// not, the changes and failures under it, orphaned snapshots, and a summary.
public struct CheckReport: Sendable {
  public let checks: [ScenarioCheck]
  /// Snapshot files whose scenario is gone.
  public let orphans: [String]
  /// Snapshot files written or removed by `--update`.
  public let updated: [String]

  /// Creates a report.
  public init(checks: [ScenarioCheck], orphans: [String], updated: [String]) {
    self.checks = checks
    self.orphans = orphans
    self.updated = updated
  }

  /// The status word of a scenario.
  public static func status(_ check: ScenarioCheck) -> String {
    if check.isInvalid { return "INVALID" }
    switch check.snapshot {
    case .changed?: return "CHANGED"
    case .new?: return "NEW"
    default: return check.failedExpectations.isEmpty ? "ok" : "FAILED"
    }
  }

  /// "snapshot unchanged; 7 of 9 expectations hold".
  static func outcome(_ check: ScenarioCheck) -> String {
    let snapshot: String
    switch check.snapshot {
    case .unchanged?: snapshot = "snapshot unchanged"
    case .changed?: snapshot = "snapshot changed"
    case .new?, nil: snapshot = "no snapshot at \(check.snapshotPath)"
    }
    let count = check.expectations.count
    let held = count - check.failedExpectations.count
    let expectations = count == 0 ? "no expectations" : "\(held) of \(count) expectation\(count == 1 ? "" : "s") hold"
    return "\(snapshot); \(expectations)"
  }

  /// The text report.
  public var text: String {
    var lines: [String] = []
    for check in checks {
      let status = Format.pad(CheckReport.status(check), 8)
      if check.isInvalid {
        lines.append("\(status) \(check.name): cannot be checked")
        for problem in check.problems.prefix(100) { lines.append("           \(problem.headline)") }
        continue
      }
      lines.append("\(status) \(check.name): \(CheckReport.outcome(check))")
      if case .changed(let changes)? = check.snapshot {
        for change in changes { lines.append("           \(change)") }
      }
      for result in check.failedExpectations { lines.append("           \(result.diagnostic.headline)") }
    }
    for orphan in orphans {
      lines.append("ORPHAN   \(orphan): its scenario is gone; delete it, or run 'fitquest check --update'")
    }
    lines.append(summary)
    for path in updated { lines.append("updated \(path)") }
    return lines.joined(separator: "\n")
  }

  /// "7 scenarios: 5 unchanged, 1 changed, 1 invalid; 40 of 41 expectations hold".
  public var summary: String {
    let valid = checks.filter { !$0.isInvalid }
    let changed = valid.filter { if case .changed? = $0.snapshot { return true } else { return false } }.count
    let new = valid.filter { $0.snapshot == .new }.count
    let invalid = checks.count - valid.count
    let expectations = valid.flatMap(\.expectations)
    let failed = expectations.filter { !$0.passed }.count
    var text = "\(checks.count) scenario\(checks.count == 1 ? "" : "s"): \(valid.count - changed - new) unchanged"
    if changed > 0 { text += ", \(changed) changed" }
    if new > 0 { text += ", \(new) new" }
    if invalid > 0 { text += ", \(invalid) invalid" }
    if !orphans.isEmpty { text += ", \(orphans.count) orphaned snapshot\(orphans.count == 1 ? "" : "s")" }
    return text + "; \(expectations.count - failed) of \(expectations.count) expectations hold"
  }

  /// The JSON document.
  public var json: String {
    let objects = checks.map { check -> String in
      var writer = JSONWriter(pretty: true)
      writer.object { w in
        w.key("scenario")
        w.string(check.name)
        w.key("file")
        w.string(check.file)
        w.key("status")
        w.string(CheckReport.status(check).lowercased())
        w.key("problems")
        w.array { w in
          for problem in check.problems { w.string(problem.headline) }
        }
        w.key("snapshot")
        w.object { w in
          w.key("path")
          w.string(check.snapshotPath)
          w.key("state")
          switch check.snapshot {
          case .unchanged?: w.string("unchanged")
          case .changed?: w.string("changed")
          case .new?: w.string("new")
          case nil: w.null()
          }
          w.key("changes")
          w.array { w in
            if case .changed(let changes)? = check.snapshot { for change in changes { w.string(change) } }
          }
        }
        w.key("expectations")
        w.array { w in
          for result in check.expectations {
            w.object { w in
              w.key("expectation")
              w.string(result.expectation.summary)
              w.key("metric")
              w.string(result.expectation.metric)
              w.key("location")
              w.string(
                "\(result.expectation.file):\(result.expectation.position.line):\(result.expectation.position.column)")
              w.key("passed")
              w.bool(result.passed)
              w.key("actual")
              w.string(result.actual)
            }
          }
        }
      }
      return writer.output
    }
    return JSONReport.document(objects) { w in
      w.key("orphanSnapshots")
      w.array { w in
        for orphan in self.orphans { w.string(orphan) }
      }
      w.key("updated")
      w.array { w in
        for path in self.updated { w.string(path) }
      }
      w.key("summary")
      w.string(self.summary)
    }
  }
}
