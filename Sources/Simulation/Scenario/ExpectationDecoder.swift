import Engine
import RuleLanguage

/// Reads a scenario's `expect` list.
struct ExpectationDecoder {
  let engine: Engine?
  let days: Int

  func decode(_ node: JSONNode?) -> [ScenarioExpectation] {
    guard let list = node?.array else { return [] }
    var expectations: [ScenarioExpectation] = []
    for item in list {
      guard let fields = item.object else { continue }
      defer { fields.finish() }
      // Every key is read before the metric is judged, so a bad metric reports only itself.
      let metricNode = fields.required("metric")
      let metricName = metricNode?.string
      var atLeast = fields.optional("atLeast")?.number
      var atMost = fields.optional("atMost")?.number
      if let betweenNode = fields.optional("between") {
        if atLeast != nil || atMost != nil {
          betweenNode.error("give either 'between' or 'atLeast'/'atMost', not both")
        } else if let bounds = betweenNode.array, bounds.count == 2, let low = bounds[0].number,
          let high = bounds[1].number
        {
          if low > high {
            betweenNode.error(
              "'between' is [\(NumberText.format(low)), \(NumberText.format(high))]; the minimum is above the maximum")
          }
          atLeast = low
          atMost = high
        } else {
          betweenNode.error("'between' must be [min, max]")
        }
      }
      let neverNode = fields.optional("never")
      let never = neverNode?.bool ?? false
      let share = fields.optional("inAtLeast")?.number(in: 0...1)
      guard let metricNode, let metric = metricName else { continue }
      if let problem = Metrics.problem(with: metric, pack: engine?.pack, days: days) {
        metricNode.error(problem)
        continue
      }
      if never && (atLeast != nil || atMost != nil) {
        neverNode?.error("'never' cannot be combined with bounds")
      }
      if never && !Metrics.isDay(metric) {
        neverNode?.error(
          "'never' applies to day metrics (level.N, achievement.ID, evolution.N); '\(metric)' always has a value")
      }
      let position = item.source.position(of: item.offset)
      expectations.append(
        ScenarioExpectation(
          metric: metric, atLeast: atLeast, atMost: atMost, never: never, share: share, position: position,
          file: item.source.name))
    }
    return expectations
  }
}
