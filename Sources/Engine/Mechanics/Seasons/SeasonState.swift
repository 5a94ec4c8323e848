/// The player's seasons: each season's points and tier, in the pack's order.
public struct SeasonsState: Sendable, Equatable, Codable, Hashable {
  /// Per season of the pack.
  public package(set) var seasons: [SeasonProgress] = []
  /// Season tiers reached over the player's life.
  public package(set) var tiers = 0

  /// Creates empty progress.
  public init() {}
}

/// One season's progress.
public struct SeasonProgress: Sendable, Equatable, Codable, Hashable {
  /// The season id.
  public package(set) var id: String
  /// Points earned in the season.
  public package(set) var points: Int64 = 0
  /// Tiers reached (0: none).
  public package(set) var tier = 0

  /// A season not started.
  public init(id: String) { self.id = id }
}

enum SeasonFacts {
  static func facts(_ names: FactNames) -> [Fact] {
    [
      Fact(
        "player.seasonTiers", .number, FactScope.all, "season tiers reached", monotonic: true, player: \.seasons.tiers)
    ]
  }
}
