import Engine
import RuleLanguage

extension CohortPlan {
  /// Reads a plan (`cohorts.json`), strictly: unknown keys, a missing or malformed field, a name
  /// given twice, a weight that is not a whole number from 1, more than 64 cohorts or a total
  /// weight above 1,000,000 are located errors (all reported in one pass).
  /// - Parameters:
  ///   - source: the file's text, with its name for the errors.
  public init(source: SourceFile) throws(DiagnosticError) {
    let log = DiagnosticLog()
    let root = JSONNode(root: try JSONReader.parse(source), source: source, log: log)
    var salt = ""
    var since: Day?
    var cohorts: [Cohort] = []
    if let object = root.object {
      if let node = object.optional("format"), let number = node.integer(in: 1...Int.max), number > Self.format {
        node.error("cohorts format \(number) is newer than this fitquest supports (\(Self.format)); update fitquest")
      }
      if let node = object.optional("salt"), let text = node.string {
        if text.utf8.count > 200 { node.error("'salt' is at most 200 bytes") } else { salt = text }
      }
      if let node = object.required("since"), let text = node.string {
        since = Day(iso: text)
        if since == nil { node.error("'since' must be a date as YYYY-MM-DD; found '\(text)'") }
      }
      if let node = object.required("cohorts"), let list = node.array {
        if list.isEmpty || list.count > Self.maximumCohorts {
          node.error("'cohorts' lists 1 to \(Self.maximumCohorts) cohorts")
        }
        for entry in list {
          guard let cohort = entry.object else { continue }
          let name = cohort.required("name")?.nonEmptyString
          let pack = cohort.required("pack")?.nonEmptyString
          let weight = cohort.required("weight")?.integer(in: 1...Self.maximumTotalWeight)
          cohort.finish()
          if let name, cohorts.contains(where: { $0.name.utf8.elementsEqual(name.utf8) }) {
            entry.error("cohort '\(name)' is named twice")
            continue
          }
          if let name, let pack, let weight { cohorts.append(Cohort(name: name, pack: pack, weight: weight)) }
        }
        let total = cohorts.reduce(0) { $0 + $1.weight }
        if total > Self.maximumTotalWeight {
          node.error("the weights add up to \(total); at most \(Self.maximumTotalWeight)")
        }
      }
      object.finish()
    }
    try log.throwIfErrors()
    guard let since, !cohorts.isEmpty else {
      throw DiagnosticError(Diagnostic(file: source.name, message: "the cohorts are incomplete"))
    }
    self.init(salt: salt, since: since, cohorts: cohorts)
  }

  /// The plan as canonical JSON (one line, keys in a fixed order): what a store keeps.
  public var json: String {
    var w = JSONWriter()
    w.object { w in
      w.field("format", Self.format)
      w.field("salt", salt)
      w.field("since", since.iso)
      w.key("cohorts")
      w.array { w in
        for cohort in cohorts {
          w.object { w in
            w.field("name", cohort.name)
            w.field("pack", cohort.pack)
            w.field("weight", cohort.weight)
          }
        }
      }
    }
    return w.output
  }
}
