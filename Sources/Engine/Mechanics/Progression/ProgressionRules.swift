import RuleLanguage

/// Progressive overload (progression.json): next-session loads from RPE bands, with deload weeks,
/// and/or a program of weekly load modifiers.
public final class ProgressionRules: Sendable {
  /// Categories whose exercises get load suggestions.
  public let categories: [Int]
  /// Bands in ascending order of `upTo`; the last covers RPE 10. Empty with a program alone.
  public let bands: [Band]
  /// Loads round to multiples of this.
  public let incrementKg: Double
  /// The deload schedule, if any.
  public let deload: Deload?
  /// The program of weekly modifiers, if any.
  public let program: Program?

  init(categories: [Int], bands: [Band], incrementKg: Double, deload: Deload?, program: Program? = nil) {
    self.categories = categories
    self.bands = bands
    self.incrementKg = incrementKg
    self.deload = deload
    self.program = program
  }

  /// A program (the seed app Antrain's week progression pattern): a repeating list of weekly
  /// load modifiers — below 1 a deload, 1 maintenance, above 1 progression. The load planned for a
  /// session is the exercise's base × the modifier of its training week; the base is the heaviest
  /// working set of the last session outside deload weeks (or that load moved by its RPE band).
  public struct Program: Sendable {
    /// The program's name.
    public let name: String
    /// The modifiers of weeks 1, 2, …, repeating.
    public let weeks: [Double]

    /// The modifier of training week `week` (1-based).
    public func modifier(week: Int) -> Double {
      weeks[((week - 1) % weeks.count + weeks.count) % weeks.count]
    }
  }

  /// An RPE band.
  public struct Band: Sendable {
    /// The highest RPE of the band.
    public let upTo: Double
    /// The load change for the next session (a fraction, +0.025 is +2.5%).
    public let change: Double
    /// The band's name, shown in suggestions.
    public let label: String
  }

  /// Deload weeks: every Nth training week, or marked weeks of a repeating cycle.
  public struct Deload: Sendable {
    /// A deload every N training weeks, when set.
    public let everyWeeks: Int?
    /// The length of a cycle whose listed `weeks` are deloads, when set.
    public let cycleWeeks: Int?
    /// The deload weeks of each cycle.
    public let weeks: [Int]
    /// The load of a deload week, as a fraction of the planned load.
    public let loadFactor: Double
    /// The volume of a deload week, as a fraction.
    public let volumeFactor: Double

    /// Whether training week `week` (1-based) is a deload week.
    public func isDeload(week: Int) -> Bool {
      if let everyWeeks, everyWeeks > 0 { return week % everyWeeks == 0 }
      if let cycleWeeks, cycleWeeks > 0 { return weeks.contains((week - 1) % cycleWeeks + 1) }
      return false
    }
  }

  /// Reads progression.json (nil when the pack has none).
  static func decode(_ decoder: PackDecoder) -> ProgressionRules? {
    guard let object = decoder.documents["progression"]?.object else { return nil }
    defer { object.finish() }
    let categoryList = object.required("categories")?.array?.compactMap { decoder.categoryIndex($0) } ?? []
    let program = decodeProgram(object.optional("program"))
    var bands: [Band] = []
    let bandsNode = object.has("program") ? object.optional("bands") : object.required("bands")
    if let bandsNode, let list = bandsNode.array {
      for node in list {
        guard let fields = node.object else { continue }
        defer { fields.finish() }
        let upToNode = fields.required("upTo")
        let upTo = upToNode?.number(in: 1...10)
        let change = fields.required("change")?.number(in: -0.5...0.5)
        let label = fields.optional("label")?.string ?? ""
        guard let upTo, let change else { continue }
        if let last = bands.last, upTo <= last.upTo {
          upToNode?.error(
            "bands must be in increasing order of 'upTo'; \(NumberText.format(upTo)) follows \(NumberText.format(last.upTo))"
          )
        }
        bands.append(Band(upTo: upTo, change: change, label: label))
      }
      if let last = bands.last, last.upTo < 10 {
        bandsNode.error("the last band must reach RPE 10 ('upTo': 10); it stops at \(NumberText.format(last.upTo))")
      }
    }
    let increment = object.required("incrementKg")?.number(in: 0.1...100)
    var deload: Deload?
    if let fields = object.optional("deload")?.object {
      defer { fields.finish() }
      let every = fields.optional("everyWeeks")?.integer(in: 2...52)
      let cycle = fields.optional("cycleWeeks")?.integer(in: 2...52)
      let weeks = fields.optional("weeks")?.array?.compactMap { $0.integer(in: 1...52) } ?? []
      if (every == nil) == (cycle == nil) {
        fields.node.error("deload needs either 'everyWeeks', or 'cycleWeeks' with 'weeks'")
      }
      let load = fields.required("loadFactor")?.number(in: 0.1...1) ?? 1
      let volume = fields.required("volumeFactor")?.number(in: 0.1...1) ?? 1
      deload = Deload(everyWeeks: every, cycleWeeks: cycle, weeks: weeks, loadFactor: load, volumeFactor: volume)
    }
    if deload != nil, let node = object.optional("program") {
      node.error(
        "a program's weekly modifiers already plan its deload weeks (modifiers below 1); remove 'deload' or the program"
      )
    }
    guard let increment, !bands.isEmpty || program != nil else { return nil }
    return ProgressionRules(
      categories: categoryList, bands: bands, incrementKg: increment, deload: deload, program: program)
  }

  /// Reads `"program": {"name": …, "weeks": [1.0, 1.025, 1.05, 0.65]}`.
  static func decodeProgram(_ node: JSONNode?) -> Program? {
    guard let fields = node?.object else { return nil }
    defer { fields.finish() }
    let name = fields.optional("name")?.string ?? "program"
    guard let list = fields.required("weeks")?.array else { return nil }
    let weeks = list.compactMap { $0.number(in: 0.3...1.5) }
    guard weeks.count == list.count else { return nil }
    guard !weeks.isEmpty, weeks.count <= 52 else {
      fields.node.error("a program needs 1 to 52 weekly modifiers; found \(weeks.count)")
      return nil
    }
    return Program(name: name, weeks: weeks)
  }
}

/// Load progression of one exercise.
public struct LoadState: Sendable, Equatable, Codable, Hashable {
  /// The exercise.
  public package(set) var exercise: String
  /// The top working load last used, 0 before the first session.
  public package(set) var lastKg = 0.0
  /// The suggested load for the next normal (non-deload) session, 0 before the first.
  public package(set) var nextKg = 0.0
  /// The RPE of the last session's top set.
  public package(set) var lastRPE: Double?

  /// Creates a load state.
  public init(exercise: String, lastKg: Double = 0, nextKg: Double = 0, lastRPE: Double? = nil) {
    self.exercise = exercise
    self.lastKg = lastKg
    self.nextKg = nextKg
    self.lastRPE = lastRPE
  }
}
