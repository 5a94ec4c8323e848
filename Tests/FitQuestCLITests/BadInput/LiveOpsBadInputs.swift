extension BadInput {
  /// `replay`, `migrate`, `packs` and `cohorts`.
  static let liveOps: [BadInput] = [
    BadInput(
      "replay: no candidate", [], ["replay", "--store", "players.sqlite"], 64,
      .line("error: missing --candidate DIR (the rule pack to try)")),
    BadInput(
      "replay: both --players and --sample", [],
      ["replay", "--store", "players.sqlite", "--candidate", "rules", "--players", "p.txt", "--sample", "5"], 64,
      .line("error: give --players or --sample, not both")),
    BadInput(
      "replay: a missing store", [], ["replay", "--store", "none.sqlite", "--candidate", "rules"], 66,
      .line("none.sqlite: error: no such store")),
    BadInput(
      "replay: a candidate that does not load", [.write("rules/levels.json", "{1️⃣")],
      ["replay", "--store", "none.sqlite", "--candidate", "rules"], 65,
      .at("rules/levels.json", "expected a string key or '}'; the input ended")),
    BadInput(
      "migrate: no policy", [], ["migrate", "--store", "players.sqlite", "--rules", "rules"], 64,
      .line("error: missing --policy (recompute, never-demote or keep-unlocks)")),
    BadInput(
      "migrate: an unknown policy", [],
      ["migrate", "--store", "players.sqlite", "--rules", "rules", "--policy", "keep-unlock"], 64,
      .line(
        "error: --policy must be recompute, never-demote, keep-unlocks; found 'keep-unlock'; did you mean 'keep-unlocks'?"
      )),
    BadInput(
      "migrate: a missing store", [],
      ["migrate", "--store", "none.sqlite", "--rules", "rules", "--policy", "recompute"], 66,
      .line("none.sqlite: error: no such store")),
  ]
}
