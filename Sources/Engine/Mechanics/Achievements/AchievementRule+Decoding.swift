import RuleLanguage

// achievements.json

extension AchievementRule {
  /// Reads achievements.json (none when the pack has no such file).
  static func decode(_ decoder: PackDecoder) -> [AchievementRule] {
    guard let object = decoder.documents["achievements"]?.object else { return [] }
    defer { object.finish() }
    guard let list = object.required("achievements")?.array else { return [] }
    var rules: [AchievementRule] = []
    var firstLine: [String: Int] = [:]
    for node in list {
      guard let fields = node.object else { continue }
      defer { fields.finish() }
      let idNode = fields.required("id")
      let id = idNode?.nonEmptyString ?? ""
      var isDuplicate = false
      if let idNode, let line = firstLine[id] {
        idNode.error("duplicate achievement id '\(id)'; it is first defined on line \(line)")
        isDuplicate = true
      } else if let idNode, !id.isEmpty {
        firstLine[id] = node.source.position(of: idNode.offset).line
      }
      let name = fields.required("name")?.nonEmptyString ?? id
      let description = fields.optional("description")?.string ?? ""
      let hidden = fields.optional("hidden")?.bool ?? false
      let conditionNode = fields.optional("condition")
      let metricNode = fields.optional("metric")
      let tiersNode = fields.optional("tiers")
      let rewardNode = fields.optional("rewardXP")
      var tiers: [AchievementTier] = []
      switch (conditionNode, metricNode, tiersNode) {
      case (let conditionNode?, nil, nil):
        let reward = rewardNode?.integer(in: 0...1_000_000) ?? 0
        if let condition = decoder.formula(conditionNode, .player, .bool) {
          tiers = [AchievementTier(name: nil, rewardXP: reward, condition: .formula(condition))]
        }
      case (nil, let metricNode?, let tiersNode?):
        if rewardNode != nil { rewardNode?.error("a tiered achievement gives 'rewardXP' per tier") }
        tiers = decodeTiers(metric: metricNode, tiers: tiersNode, decoder)
      default:
        node.error("achievement '\(id)' needs either 'condition', or 'metric' with 'tiers'")
      }
      if !tiers.isEmpty && !isDuplicate && !id.isEmpty {
        rules.append(AchievementRule(id: id, name: name, description: description, isHidden: hidden, tiers: tiers))
      }
    }
    return rules
  }

  private static func decodeTiers(metric metricNode: JSONNode, tiers tiersNode: JSONNode, _ decoder: PackDecoder)
    -> [AchievementTier]
  {
    guard let metric = decoder.formula(metricNode, .player, .number), let list = tiersNode.array else { return [] }
    if list.isEmpty { tiersNode.error("'\(tiersNode.path)' needs at least one tier") }
    var tiers: [AchievementTier] = []
    var previous = -Double.infinity
    for node in list {
      guard let fields = node.object else { continue }
      defer { fields.finish() }
      let atNode = fields.required("at")
      let at = atNode?.number
      let name = fields.optional("name")?.nonEmptyString
      let reward = fields.optional("rewardXP")?.integer(in: 0...1_000_000) ?? 0
      guard let at else { continue }
      if at <= previous {
        atNode?.error(
          "tiers must be in increasing order of 'at'; \(NumberText.format(at)) follows \(NumberText.format(previous))")
      }
      previous = at
      tiers.append(AchievementTier(name: name, rewardXP: reward, condition: .metric(metric, atLeast: at)))
    }
    return tiers
  }
}
