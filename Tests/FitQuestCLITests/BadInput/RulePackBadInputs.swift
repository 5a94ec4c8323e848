/// Bad rule packs, checked with `fitquest validate rules`. The pack is the engine tests' `mini`
/// pack; each case rewrites one file. 1️⃣ marks where the error must point.
extension BadInput {
  static let rulePacks: [BadInput] = [
    // Syntax.
    BadInput(
      "pack: trailing comma", [.write("rules/levels.json", #"{ "table": [50, 120,1️⃣] }"#)], validate, 65,
      .at("rules/levels.json", "trailing comma before ']' is not allowed")),
    BadInput(
      "pack: comment", [.write("rules/levels.json", "{ \"table\": [50] 1️⃣// steeper later\n}")], validate, 65,
      .at("rules/levels.json", "comments are not allowed in JSON")),
    BadInput(
      "pack: single quotes", [.write("rules/levels.json", "{ 1️⃣'table': [50] }")], validate, 65,
      .at("rules/levels.json", "single quotes are not allowed in JSON; use double quotes")),
    BadInput(
      "pack: duplicate key", [.write("rules/levels.json", #"{ "table": [50], 1️⃣"table": [60] }"#)], validate, 65,
      .at("rules/levels.json", "duplicate key 'table'")),
    BadInput(
      "pack: invalid UTF-8",
      [
        .bytes(
          "rules/pack.json",
          Array(#"{ "format": 1, "name": "mini"#.utf8) + [0xFF] + Array(#"", "version": "0.1.0" }"#.utf8))
      ],
      validate, 65, .line("rules/pack.json:1:29: error: invalid UTF-8 byte 0xFF in string")),
    BadInput(
      "pack: 1,000,000-deep nesting",
      [
        .generated("rules/levels.json", prefix: #"{"table": "#, byte: UInt8(ascii: "["), count: 1_000_000, suffix: "\n")
      ],
      // The object is level 1; the 512th '[' (column 10 + 512) opens level 513.
      validate, 65, .line("rules/levels.json:1:522: error: nesting is deeper than 512 levels")),

    // Files.
    BadInput(
      "pack: empty file", [.write("rules/levels.json", "1️⃣")], validate, 65,
      .at("rules/levels.json", "expected a JSON value; the input is empty")),
    BadInput(
      "pack: a file is a directory", [.remove("rules/levels.json"), .directory("rules/levels.json")], validate, 66,
      .line("rules/levels.json: error: is a directory, not a file")),
    BadInput(
      "pack: required file missing", [.remove("rules/levels.json")], validate, 65,
      .line("rules: error: missing required file 'levels.json'")),
    BadInput(
      "pack: unknown file", [.write("rules/xpp.json", "{}")], validate, 65,
      .line("rules/xpp.json: error: unknown rule file 'xpp.json'; did you mean 'xp.json'?")),
    BadInput(
      "pack: no such directory", [], ["validate", "nowhere"], 66, .line("nowhere: error: no such rule pack directory")),
    BadInput(
      "pack: unreadable file", [.unreadable("rules/xp.json")], validate, 66,
      .line("rules/xp.json: error: permission denied"),
      unprivileged: true),

    // Seasons, rest days, weekly goals.
    BadInput(
      "pack: season ends on a 13th month",
      [
        .write(
          "rules/seasons.json",
          #"{ "seasons": [{ "id": "s", "name": "S", "from": "2026-01-01", "to": 1️⃣"2026-13-01", "points": "1", "tiers": [{ "at": 1, "name": "T" }] }] }"#
        )
      ], validate, 65,
      .at("rules/seasons.json", #"'seasons[0].to' must be an ISO date such as "2026-03-01"; found "2026-13-01""#)),
    BadInput(
      "pack: rest weekday twice", [.write("rules/rest.json", #"{ "restWeekdays": [7, 1️⃣7] }"#)], validate, 65,
      .at("rules/rest.json", "weekday 7 is listed twice")),
    BadInput(
      "pack: goal limits reversed",
      [.write("rules/goals.json", #"{ "rewardXP": 50, "limits": { "workouts": 1️⃣[5, 2] } }"#)], validate, 65,
      .at("rules/goals.json", "'limits.workouts' must be [lowest, highest]; 5 is above 2")),

    // Types, keys and ranges.
    BadInput(
      "pack: wrong type", [.write("rules/levels.json", #"{ "table": 1️⃣"50" }"#)], validate, 65,
      .at("rules/levels.json", "'table' must be an array; found a string")),
    BadInput(
      "pack: misspelled required key",
      [.write("rules/pack.json", #"{ "format": 1, 1️⃣"nmae": "mini", "version": "0.1.0" }"#)], validate, 65,
      .at("rules/pack.json", "unknown key 'nmae'; did you mean 'name'?")),
    BadInput(
      "pack: 10^400", [.write("rules/levels.json", #"{ "table": [50, 1️⃣1e400] }"#)], validate, 65,
      .at("rules/levels.json", "number '1e400' is out of range")),
    BadInput(
      "pack: huge integer", [.write("rules/levels.json", #"{ "table": [50, 1️⃣123456789012345678901234567890] }"#)],
      validate, 65,
      .at("rules/levels.json", "'table[1]' must be between 1 and 9000000000000000; found 1.2345678901234568e+29")),
    BadInput(
      "pack: -0 where at least 1 is needed", [.write("rules/levels.json", #"{ "table": [1️⃣-0, 50] }"#)], validate, 65,
      .at("rules/levels.json", "'table[0]' must be between 1 and 9000000000000000; found 0")),
    BadInput(
      "pack: fraction where a whole number is needed", [.write("rules/levels.json", #"{ "table": [50, 1️⃣60.5] }"#)],
      validate, 65, .at("rules/levels.json", "'table[1]' must be a whole number; found 60.5")),
    BadInput(
      "pack: negative cap", [.replace("rules/xp.json", #""perWorkout": 100"#, #""perWorkout": 1️⃣-5"#)], validate, 65,
      .at("rules/xp.json", "'caps.perWorkout' must be between 1 and 1000000000; found -5")),

    // Meaning.
    BadInput(
      "pack: duplicate achievement id",
      [.replace("rules/achievements.json", #"{ "id": "mixed""#, #"{ "id": 1️⃣"first""#)],
      validate, 65, .at("rules/achievements.json", "duplicate achievement id 'first'; it is first defined on line 3")),
    BadInput(
      "pack: cycle in an evolution chain",
      [
        .replace("rules/companions.json", #""cinder": { "element""#, #""cinder": 1️⃣{ "element""#),
        .replace(
          "rules/companions.json", #""growth": { "hp": 4, "attack": 3, "defense": 2, "speed": 2 } },"#,
          #""growth": { "hp": 4, "attack": 3, "defense": 2, "speed": 2 }, "evolvesTo": { "species": "cinder", "atLevel": 4 } },"#
        ),
      ],
      validate, 65, .at("rules/companions.json", "evolution chain has a cycle: cinder → flame → blaze → cinder")),
  ]

  /// Formulas inside rule files: located inside the JSON string.
  static let packFormulas: [BadInput] = [
    BadInput(
      "formula: unknown variable",
      [.replace("rules/xp.json", #""duration": "workout.durationMin""#, #""duration": "1️⃣workout.duratonMin""#)],
      validate, 65, .at("rules/xp.json", "unknown variable 'workout.duratonMin'; did you mean 'workout.durationMin'?")),
    BadInput(
      "formula: number where true/false is needed",
      [.replace("rules/achievements.json", "player.workouts >= 1", "player.workouts 1️⃣+ 1")], validate, 65,
      .at("rules/achievements.json", "this formula must compute true or false, but it computes a number")),
    BadInput(
      "formula: unclosed parenthesis",
      [.write("rules/levels.json", #"{ "maxLevel": 5, "curve": "100 * (level - 11️⃣" }"#)],
      validate, 65,
      .at(
        "rules/levels.json",
        "expected ')' to close the '(' that is character 7 of the formula; found the end of the formula")),
    BadInput(
      "formula: division by zero in a level curve",
      [.write("rules/levels.json", #"{ "maxLevel": 5, "curve": "100 1️⃣/ (level - 2)" }"#)], validate, 65,
      .at("rules/levels.json", "division by zero in '100 / (level - 2)' (the player level curve at level 2)")),
    BadInput(
      "formula: sqrt(-1) in a level curve",
      [.write("rules/levels.json", #"{ "maxLevel": 5, "curve": "1️⃣sqrt(1 - level)" }"#)],
      validate, 65,
      .at(
        "rules/levels.json", "square root of a negative number in 'sqrt(1 - level)' (the player level curve at level 2)"
      )),
    BadInput(
      "formula: infinity in a level curve",
      [.write("rules/levels.json", #"{ "maxLevel": 5, "curve": "1️⃣pow(10, 300 * level)" }"#)], validate, 65,
      .at("rules/levels.json", "'pow(10, 300 * level)' is not a finite number (the player level curve at level 2)")),
    BadInput(
      "formula: level curve not increasing", [.write("rules/levels.json", #"{ "maxLevel": 5, "curve": 1️⃣"100" }"#)],
      validate, 65,
      .at(
        "rules/levels.json",
        "the player level curve is not strictly increasing: level 3 needs 100 XP, level 2 needs 100")),
  ]
}
