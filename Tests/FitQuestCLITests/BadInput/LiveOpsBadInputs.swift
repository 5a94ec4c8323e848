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

extension BadInput {
  /// `packs` and `cohorts`: errors found before the store is opened.
  static let cohorts: [BadInput] = [
    BadInput(
      "packs: an invalid name", [], ["packs", "--store", "players.sqlite", "add", "new curve", "rules"], 64,
      .line(
        "error: invalid pack name 'new curve': 1 to 64 letters, digits, '-', '_' or '.', starting with a letter or a digit"
      )),
    BadInput(
      "packs: an unknown action", [], ["packs", "--store", "players.sqlite", "delete", "b"], 64,
      .line("error: unknown action 'delete'")),
    BadInput(
      "cohorts: weights adding up past the limit",
      [
        .write(
          "cohorts.json",
          #"{"since": "2026-03-02", "cohorts": 1️⃣[{"name": "a", "pack": "p", "weight": 900000}, {"name": "b", "pack": "q", "weight": 200000}]}"#
        )
      ],
      ["cohorts", "--store", "players.sqlite", "set", "cohorts.json"], 65,
      .at("cohorts.json", "the weights add up to 1100000; at most 1000000")),
    BadInput(
      "cohorts: a weight of 0",
      [
        .write(
          "cohorts.json",
          #"{"since": "2026-03-02", "cohorts": [{"name": "a", "pack": "p", "weight": 1️⃣0}, {"name": "b", "pack": "q", "weight": 1}]}"#
        )
      ],
      ["cohorts", "--store", "players.sqlite", "set", "cohorts.json"], 65,
      .at("cohorts.json", "'cohorts[0].weight' must be between 1 and 1000000; found 0")),
    BadInput(
      "cohorts: --reassign without set", [], ["cohorts", "--store", "players.sqlite", "--reassign"], 64,
      .line("error: --reassign goes with set")),
  ]
}
