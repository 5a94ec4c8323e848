import Engine
import RuleLanguage

/// What changed between a stored snapshot and a new run, in sentences a designer understands:
/// "level 10: day 64 → day 81", "achievement 'iron-month': day 30 → never",
/// "total XP: 48,210 → 44,102 (−8.5%)", "award stream differs from day 12 (…)".
public enum SnapshotDiff {
  /// The differences, most meaningful first; empty when the snapshots are equal.
  public static func lines(from old: Snapshot, to new: Snapshot) -> [String] {
    var lines: [String] = []
    if old.pack != new.pack { lines.append("rules: \(old.pack) → \(new.pack)") }
    if old.seed != new.seed { lines.append("seed: \(old.seed) → \(new.seed)") }
    let oldValues = Dictionary(old.metrics.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    let newNames = Set(new.metrics.map(\.name))
    for (name, value) in new.metrics {
      guard let previous = oldValues[name] else {
        lines.append("\(MetricSet.label(name)): new metric (\(Format.value(name, value)))")
        continue
      }
      if previous != value { lines.append(sentence(name, previous, value)) }
    }
    for (name, _) in old.metrics where !newNames.contains(name) {
      lines.append("\(MetricSet.label(name)): no longer reported")
    }
    if old.evolutions != new.evolutions {
      lines.append("evolutions were \(list(old.evolutions)); now \(list(new.evolutions))")
    }
    if let day = firstDifferentDay(old.days, new.days) {
      lines.append(day)
    } else if old.awardDigest != new.awardDigest {
      lines.append("award stream digest: \(old.awardDigest) → \(new.awardDigest)")
    }
    return lines
  }

  static func list(_ items: [String]) -> String { items.isEmpty ? "none" : "[" + items.joined(separator: "; ") + "]" }

  static func sentence(_ name: String, _ old: Double?, _ new: Double?) -> String {
    let label = MetricSet.label(name)
    var text = "\(label): \(Format.value(name, old)) → \(Format.value(name, new))"
    if !Metrics.isDay(name), let old, let new, old != 0, !name.hasPrefix("nutrition.") {
      text += " (\(NumberText.percent((new - old) / abs(old))))"
    }
    return text
  }

  /// "award stream differs from day 12 (2026-01-16); first difference: was '…', now '…'".
  static func firstDifferentDay(_ old: [String], _ new: [String]) -> String? {
    for index in 0..<max(old.count, new.count) {
      let before = index < old.count ? old[index] : nil
      let after = index < new.count ? new[index] : nil
      guard before != after else { continue }
      let parts = (before ?? after ?? "").split(separator: " ", maxSplits: 3).map(String.init)
      let position = parts.count >= 2 ? "day \(parts[0]) (\(parts[1]))" : "day \(index + 1)"
      let was = tokens(before)
      let now = tokens(after)
      if was == now {
        return
          "award stream differs from \(position) in the details of its awards (XP breakdowns, values); the award list itself is the same"
      }
      let first = zip(was, now).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(was.count, now.count)
      let old = first < was.count ? "'\(was[first])'" : "nothing"
      let new = first < now.count ? "'\(now[first])'" : "nothing"
      return "award stream differs from \(position); first difference: \(old) → \(new)"
    }
    return nil
  }

  /// The award tokens of a day line (after day, date and digest).
  static func tokens(_ line: String?) -> [String] {
    guard let line else { return [] }
    let parts = line.split(separator: " ", maxSplits: 3).map(String.init)
    guard parts.count == 4, parts[3] != "—" else { return [] }
    return parts[3].components(separatedBy: "; ")
  }
}
