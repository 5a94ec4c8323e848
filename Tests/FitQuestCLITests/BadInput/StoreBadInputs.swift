extension BadInput {
  /// `award --store`, `players`, `--partition`, `split`, `--shard` and `merge`.
  static let stores: [BadInput] = [
    BadInput(
      "store: event without a player", [events(workout + "}")],
      ["award", "--store", "players.sqlite", "--rules", "rules", "--today", "2026-12-31", "events.ndjson"], 65,
      .line("events.ndjson:1:1: error: an event needs \"player\" with --store")),
    BadInput(
      "store: player id too long",
      [
        events(
          #"{"player":"\#(String(repeating: "p", count: 201))","type":"workout","id":"w2","date":"2026-01-07","category":"strength","durationMin":30}"#
        )
      ],
      ["award", "--store", "players.sqlite", "--rules", "rules", "--today", "2026-12-31", "events.ndjson"], 65,
      .line("events.ndjson:1:11: error: 'player' is longer than 200 bytes")),
    BadInput(
      "store: not a database",
      [.write("players.sqlite", "this is not SQLite\n"), events(workout + #","player":"a"}"#)],
      ["award", "--store", "players.sqlite", "--rules", "rules", "--today", "2026-12-31", "events.ndjson"], 65,
      .line("players.sqlite: error: not a FitQuest store: file is not a database")),
    BadInput(
      "store: a directory", [.directory("players.sqlite"), events(workout + #","player":"a"}"#)],
      ["award", "--store", "players.sqlite", "--rules", "rules", "--today", "2026-12-31", "events.ndjson"], 66,
      .line("players.sqlite: error: is a directory, not a file")),
    BadInput(
      "store: --state and --store", [],
      ["award", "--state", "s.json", "--store", "players.sqlite", "--rules", "rules"], 64,
      .line("error: give --state or --store, not both")),
    BadInput(
      "store: bad partition", [], ["award", "--store", "players.sqlite", "--partition", "3/3"], 64,
      .line("error: --partition must be I/N with 0 ≤ I < N; found '3/3'")),
    BadInput(
      "store: players of a missing store", [], ["players", "--store", "none.sqlite", "list"], 66,
      .line("none.sqlite: error: no such store")),
    BadInput(
      "store: NUL in a player id",
      [
        events(
          #"{"player":1️⃣"ana\u0000evil","type":"workout","id":"w2","date":"2026-01-07","category":"strength","durationMin":30}"#
        )
      ],
      ["award", "--store", "players.sqlite", "--rules", "rules", "--today", "2026-12-31", "events.ndjson"], 65,
      .at("events.ndjson", "'player' must not contain NUL (\\u0000)")),
    BadInput(
      "store: ':memory:'", [events(workout + #","player":"a"}"#)],
      ["award", "--store", ":memory:", "--rules", "rules", "--today", "2026-12-31", "events.ndjson"], 66,
      .line(":memory:: error: ':memory:' is SQLite's in-memory database, which saves nothing; give a file name")),
    BadInput(
      "store: an empty name", [events(workout + #","player":"a"}"#)],
      ["award", "--store", "", "--rules", "rules", "--today", "2026-12-31", "events.ndjson"], 66,
      .line("error: a store must be a file; an empty name is SQLite's temporary database, which saves nothing")),
    BadInput(
      "store: a file: URI", [events(workout + #","player":"a"}"#)],
      [
        "award", "--store", "file:players.sqlite?mode=memory", "--rules", "rules", "--today", "2026-12-31",
        "events.ndjson",
      ], 66,
      .line(
        "file:players.sqlite?mode=memory: error: 'file:' names a URI, which FitQuest does not open; give a file name (./file:players.sqlite?mode=memory for a file named so)"
      )),
    BadInput(
      "store: an empty file listed", [.write("players.sqlite", "")], ["players", "--store", "players.sqlite", "list"],
      65,
      .line("players.sqlite: error: not a FitQuest store (an empty file)")),
    BadInput(
      "store: a player id too long on the command line", [],
      ["players", "--store", "players.sqlite", "show", String(repeating: "p", count: 201)], 64,
      .line(
        "error: a player id is 1 to 200 bytes of UTF-8 without NUL; found '\(String(repeating: "p", count: 201))' (201 bytes)"
      )),
    BadInput(
      "store: a store option without a store", [],
      ["award", "--state", "state.json", "--cache-mb", "64", "--rules", "rules"], 64,
      .line("error: --cache-mb needs --store")),
    BadInput(
      "split: a line without a player", [events(workout + "}")],
      ["split", "--partitions", "2", "--output-dir", "parts", "events.ndjson"], 65,
      .line("events.ndjson:1:1: error: an event needs \"player\" (a string) to be given a partition")),
    BadInput(
      "split: the output directory is a file", [.write("parts", "x\n"), events(workout + #","player":"a"}"#)],
      ["split", "--partitions", "2", "--output-dir", "parts", "events.ndjson"], 74,
      .line("error: parts: is not a directory")),
    BadInput(
      "shard: out of range", [], ["simulate", "--runs", "4", "--shard", "4/4"], 64,
      .line("error: --shard must be I/N with 0 ≤ I < N; found '4/4'")),
    BadInput(
      "merge: not a part", [.write("part.json", "{\"runs\": 3}\n")], ["merge", "part.json"], 65,
      .line("part.json: error: not a partial result of 'fitquest … --shard I/N': no 'fitquestShard'")),
  ]
}
