/// Bad event streams and state files, checked with `fitquest award`. The workspace's state holds
/// one workout; a rejected first line must leave it byte-identical.
extension BadInput {
  /// A valid workout line without its closing brace, to which cases add a field.
  static let workout = #"{"type":"workout","id":"w2","date":"2026-01-07","category":"strength","durationMin":30"#
  static func events(_ marked: String) -> Edit { .write("events.ndjson", marked + "\n") }
  static func lifted(_ set: String) -> Edit {
    events(workout + #","exercises":[{"name":"Squat","sets":["# + set + "]}]}")
  }

  static let eventStreams: [BadInput] = [
    // Ranges.
    BadInput(
      "event: reps 0", [lifted(#"{"reps":1️⃣0,"weightKg":100}"#)], award, 65,
      .at("events.ndjson", "'exercises[0].sets[0].reps' must be between 1 and 999; found 0")),
    BadInput(
      "event: reps 1000", [lifted(#"{"reps":1️⃣1000,"weightKg":100}"#)], award, 65,
      .at("events.ndjson", "'exercises[0].sets[0].reps' must be between 1 and 999; found 1000")),
    BadInput(
      "event: negative weight", [lifted(#"{"reps":5,"weightKg":1️⃣-2.5}"#)], award, 65,
      .at("events.ndjson", "'exercises[0].sets[0].weightKg' must be between 0 and 9999.9; found -2.5")),
    BadInput(
      "event: RPE 11", [events(workout + #","rpe":1️⃣11}"#)], award, 65,
      .at("events.ndjson", "'rpe' must be between 1 and 10; found 11")),
    BadInput(
      "event: RPE -0", [events(workout + #","rpe":1️⃣-0}"#)], award, 65,
      .at("events.ndjson", "'rpe' must be between 1 and 10; found 0")),
    BadInput(
      "event: 10^400", [events(workout + #","activeKcal":1️⃣1e400}"#)], award, 65,
      .at("events.ndjson", "number '1e400' is out of range")),
    BadInput(
      "event: huge integer", [events(workout + #","activeKcal":1️⃣123456789012345678901234567890}"#)], award, 65,
      .at("events.ndjson", "'activeKcal' must be between 0 and 20000; found 1.2345678901234568e+29")),
    BadInput(
      "event: impossible date",
      [events(#"{"type":"workout","id":"w2","date":1️⃣"2026-02-30","category":"strength","durationMin":30}"#)], award, 65,
      .at("events.ndjson", #"'date' must be an ISO date such as "2026-01-05"; found "2026-02-30""#)),

    // Names, keys and types.
    BadInput(
      "event: unknown exercise",
      [events(workout + #","exercises":[{"name":1️⃣"Sqaut","sets":[{"reps":5,"weightKg":20}]}]}"#)],
      award, 65, .at("events.ndjson", "unknown exercise 'Sqaut'; did you mean 'Squat'?")),
    BadInput(
      "event: unknown category",
      [events(#"{"type":"workout","id":"w2","date":"2026-01-07","category":1️⃣"strenght","durationMin":30}"#)], award, 65,
      .at("events.ndjson", "unknown category 'strenght'; did you mean 'strength'?")),
    BadInput(
      "event: unknown type", [events(#"{"type":1️⃣"workot","id":"w2","date":"2026-01-07"}"#)], award, 65,
      .at("events.ndjson", "unknown event type 'workot'; did you mean 'workout'?")),
    BadInput(
      "event: missing field", [events(#"1️⃣{"type":"workout","id":"w2","date":"2026-01-07","category":"strength"}"#)],
      award, 65,
      .at("events.ndjson", "missing required key 'durationMin'")),
    BadInput(
      "event: string for a number",
      [events(#"{"type":"workout","id":"w2","date":"2026-01-07","category":"strength","durationMin":1️⃣"30"}"#)], award,
      65,
      .at("events.ndjson", "'durationMin' must be a number; found a string")),
    BadInput(
      "event: duplicate key", [events(workout + #",1️⃣"durationMin":20}"#)], award, 65,
      .at("events.ndjson", "duplicate key 'durationMin'")),

    // Pauses and weekly goals.
    BadInput(
      "event: pause ends before it starts",
      [events(#"{"type":"pause","id":"p1","date":"2026-01-07","from":"2026-01-08","to":1️⃣"2026-01-07"}"#)], award, 65,
      .at("events.ndjson", "'to' (2026-01-07) must be on or after 'from' (2026-01-08)")),
    BadInput(
      "event: pause in a pack without pauses",
      [events(#"{"type":1️⃣"pause","id":"p1","date":"2026-01-07","from":"2026-01-07","to":"2026-01-08"}"#)], award, 65,
      .at("events.ndjson", "this rule pack allows no pauses (its rest.json has no 'pauses')")),
    BadInput(
      "event: goal of workouts and minutes",
      [events(#"1️⃣{"type":"goal","id":"g1","date":"2026-01-07","workouts":3,"minutes":150}"#)], award, 65,
      .at("events.ndjson", "a goal is either 'workouts' or 'minutes' per week")),

    // Syntax and size.
    BadInput(
      "event: not an object", [events("1️⃣[1,2]")], award, 65,
      .at("events.ndjson", "an event must be a JSON object; found an array")),
    BadInput(
      "event: trailing garbage", [events(workout + "} 1️⃣x")], award, 65,
      .at("events.ndjson", "unexpected 'x' after the JSON value; expected end of input")),
    BadInput(
      "event: truncated line", [events(#"{"type":"workout","id":"w2"1️⃣"#)], award, 65,
      .at("events.ndjson", "expected ',' or '}' after object member; the input ended")),
    BadInput(
      "event: invalid UTF-8",
      [
        .bytes(
          "events.ndjson",
          Array(#"{"type":"workout","id":"w"#.utf8) + [0xFF] + Array(#"2","date":"2026-01-07"}"#.utf8) + [10])
      ],
      award, 65, .line("events.ndjson:1:26: error: invalid UTF-8 byte 0xFF in string")),
    BadInput(
      "event: 1,000,000-deep nesting",
      [.generated("events.ndjson", prefix: "", byte: UInt8(ascii: "["), count: 1_000_000, suffix: "\n")], award, 65,
      .line("events.ndjson:1:513: error: nesting is deeper than 512 levels")),
    BadInput(
      "event: a 100 MB line",
      [
        .generated(
          "events.ndjson", prefix: #"{"type":"workout","id":""#, byte: UInt8(ascii: "x"), count: 100_000_000,
          suffix: "\"}\n")
      ],
      award, 65, .line("events.ndjson:1:1: error: line 1 is longer than 16 MiB; an event is at most 16 MiB")),
    BadInput(
      "event: a bad second line keeps the first",
      [events(workout + "}\n" + #"{"type":"nutrition","id":"n1","date":"2026-01-07","intakeKcal":1️⃣-5}"#)], award, 65,
      .at("events.ndjson", "'intakeKcal' must be between 0 and 20000; found -5"),
      alsoPrinted: [
        "note: 1 event(s) before line 2 were applied and saved; fix the line (or the rules) and run the same command again (applied events are skipped)"
      ],
      stateMayChange: true),

    // Files.
    BadInput(
      "event: missing file", [], ["award", "--state", "state.json", "--rules", "rules", "nope.ndjson"], 66,
      .line("nope.ndjson: error: no such file or directory")),
    BadInput(
      "event: a directory", [.directory("events.d")],
      ["award", "--state", "state.json", "--rules", "rules", "events.d"], 66,
      .line("events.d: error: is a directory, not a file")),
    BadInput(
      "state: damaged", [events(workout + "}"), .replace("state.json", #""appliedCount":1"#, #""appliedCount":2"#)],
      award, 65,
      .line(
        "state.json:1:1: error: the state file is damaged: its checksum does not match its contents; restore it from a backup (FitQuest never writes a partial file)"
      )),
    BadInput(
      "state: companion index -1, checksum fixed",
      [events(workout + "}"), .editState(#""active":0"#, #""active":-1"#)], award, 65,
      .line(
        "state.json: error: state file has an invalid 'player.progress.companions.active': -1 is not the index of a companion (there are 1)"
      )),
    BadInput(
      "state: a category listed twice, checksum fixed",
      [events(workout + "}"), .editState(#""name":"cardio""#, #""name":"strength""#)], award, 65,
      .line(
        "state.json: error: state file has an invalid 'player.progress.activity.categories[1]': category 'strength' is listed twice (first at index 0) (and 1 more)"
      )),
    BadInput(
      "state: negative XP, checksum fixed", [events(workout + "}"), .editState(#""xp":128"#, #""xp":-1000000"#)], award,
      65,
      .line("state.json: error: state file has an invalid 'player.progress.xp': -1000000 is outside 0…9007199254740992")
    ),
    BadInput(
      "state: level 1,000,000, checksum fixed",
      [events(workout + "}"), .editState(#""level":3,"loads""#, #""level":1000000,"loads""#)],
      award, 65,
      .line(
        "state.json: error: the saved state makes no sense under its rules: 'progress.level' is 1000000, but 128 XP is level 3 in rule pack 'mini'"
      )),
    BadInput(
      "state: window of -2^63 days, checksum fixed",
      [events(workout + "}"), .editState(#""windowDays":60"#, #""windowDays":-9223372036854775808"#)], award, 65,
      .line("state.json: error: state file has an invalid 'player.windowDays': -9223372036854775808 is outside 1…3650")),
    BadInput(
      "state: header format 0",
      [events(workout + "}"), .replace("state.json", #"{"fitquestLedger":2"#, #"{"fitquestLedger":0"#)], award, 65,
      .line("state.json:1:1: error: state file format 0 is not a FitQuest state format")),
    BadInput(
      "state: header format -7.5",
      [events(workout + "}"), .replace("state.json", #"{"fitquestLedger":2"#, #"{"fitquestLedger":-7.5"#)],
      award, 65, .line("state.json:1:1: error: state file format -7.5 is not a FitQuest state format")),
    BadInput(
      "state: header format 3",
      [events(workout + "}"), .replace("state.json", #"{"fitquestLedger":2"#, #"{"fitquestLedger":3"#)], award, 65,
      .line("state.json:1:1: error: state file format 3 is newer than this FitQuest reads (2); update FitQuest")),
    BadInput(
      "state: a FIFO", [events(workout + "}"), .fifo("state.json")], award, 66,
      .line("state.json: error: is a FIFO (named pipe), not a regular file")),
    BadInput(
      "state: a loop of links", [events(workout + "}"), .symlink("state.json", to: "state.json")], award, 66,
      .line("state.json: error: is a loop of symbolic links")),
    BadInput(
      "state: the lock file is a link", [events(workout + "}"), .symlink("state.json.lock", to: "elsewhere.lock")],
      award, 66,
      .line("state.json.lock: error: the lock file is a symbolic link; remove it (FitQuest never follows one)")),
    BadInput(
      "event: dated after tomorrow",
      [events(#"{"type":"workout","id":"w2","date":1️⃣"2099-01-01","category":"strength","durationMin":30}"#)],
      award + ["--today", "2026-06-01"], 65,
      .at(
        "events.ndjson",
        "event dated 2099-01-01 is after today (2026-06-01) plus one day; check the device's clock, or pass --today")),
    BadInput(
      "event: dated before the window is reported, exit 3",
      [events(#"{"type":"workout","id":"w2","date":"2025-01-01","category":"strength","durationMin":30}"#)], award, 3,
      .line(
        "error: 1 event(s) dated before the replay window were not applied (see the 'dropped' lines); pass --allow-late to accept that"
      )),
    BadInput(
      "state: not a state file", [events(workout + "}"), .write("state.json", "hello\n")], award, 65,
      .line(
        "state.json:1:1: error: not a FitQuest state file: expected a JSON value (object, array, string, number, true, false or null), found 'h'"
      )),
  ]

  /// NaN, infinities and overflow reached through the rules while awarding.
  static let eventFormulas: [BadInput] = [
    BadInput(
      "award: division by zero",
      [
        events(workout + "}"),
        .replace("rules/xp.json", #""workout.durationMin""#, #""100 / (workout.durationMin - 30)""#),
      ],
      award, 65,
      .line(
        "events.ndjson:1:1: error: event 'w2': a rule formula failed: division by zero in '100 / (workout.durationMin - 30)'"
      ),
      // Line 6 of xp.json; the formula starts at column 52, its '/' is 4 further.
      alsoPrinted: ["rules/xp.json:6:56: note: the rule formula that failed"]),
    BadInput(
      "award: sqrt(-1)",
      [
        events(workout + "}"),
        .replace("rules/xp.json", #""workout.durationMin""#, #""sqrt(20 - workout.durationMin)""#),
      ],
      award, 65,
      .line(
        "events.ndjson:1:1: error: event 'w2': a rule formula failed: square root of a negative number in 'sqrt(20 - workout.durationMin)'"
      ),
      alsoPrinted: ["rules/xp.json:6:52: note: the rule formula that failed"]),
    BadInput(
      "award: a workout's XP beyond 2^53",
      [events(workout + "}"), .write("rules/xp.json", uncappedXP("pow(10, workout.durationMin)"))], award, 65,
      .line(
        "events.ndjson:1:1: error: event 'w2': the workout's XP (1e+30) would exceed the largest exact value (2^53)")),
    BadInput(
      "award: total XP beyond 2^53",
      [
        // Each workout earns 2^52; the state already holds 128 XP, so the second passes 2^53.
        events(
          workout + "}\n" + #"{"type":"workout","id":"w3","date":"2026-01-09","category":"strength","durationMin":30}"#),
        .write("rules/xp.json", uncappedXP("pow(2, 52)")),
      ],
      award, 65,
      .line("events.ndjson:2:1: error: event 'w3': the player's total XP would exceed the largest exact value (2^53)"),
      stateMayChange: true),
  ]

  static func uncappedXP(_ term: String) -> String {
    """
    {
      "categories": { "strength": { "multiplier": 1, "base": 0 }, "cardio": { "multiplier": 1, "base": 0 } },
      "terms": { "work": "\(term)" }
    }

    """
  }
}
