/// Bad scenario files, checked with `fitquest simulate scenario.json` (see
/// ``BadInputWorkspace/scenario`` for the file each case edits).
extension BadInput {
  static let scenarios: [BadInput] = [
    BadInput(
      "scenario: end before start", [.replace("scenario.json", #""days": 14"#, #""until": 1️⃣"2025-12-01""#)], simulate,
      65,
      .at("scenario.json", "'duration.until' (2025-12-01) is not after 'start' (2026-01-05)")),
    BadInput(
      "scenario: lapse after the end",
      [
        .replace(
          "scenario.json", #""duration": { "days": 14 },"#,
          #""duration": { "days": 14 }, "adherence": { "lapses": [ { "startDay": 1️⃣20, "days": 3 } ] },"#)
      ],
      simulate, 65, .at("scenario.json", "the lapse starts on day 20, but the scenario lasts 14 days")),
    BadInput(
      "scenario: misspelled key", [.replace("scenario.json", #""seed""#, #"1️⃣"sead""#)], simulate, 65,
      .at("scenario.json", "unknown key 'sead'; did you mean 'seed'?")),
    BadInput(
      "scenario: wrong type", [.replace("scenario.json", #""seed": 1"#, #""seed": 1️⃣"one""#)], simulate, 65,
      .at("scenario.json", "'seed' must be a number; found a string")),
    BadInput(
      "scenario: negative duration", [.replace("scenario.json", #""days": 14"#, #""days": 1️⃣-3"#)], simulate, 65,
      .at("scenario.json", "'duration.days' must be between 1 and 3650; found -3")),
    BadInput(
      "scenario: 10^400 days", [.replace("scenario.json", #""days": 14"#, #""days": 1️⃣1e400"#)], simulate, 65,
      .at("scenario.json", "number '1e400' is out of range")),
    BadInput(
      "scenario: unknown category", [.replace("scenario.json", #""strength""#, #"1️⃣"strenght""#)], simulate, 65,
      .at("scenario.json", "unknown category 'strenght'; did you mean 'strength'?")),
    BadInput(
      "scenario: unknown weekday", [.replace("scenario.json", #""mon""#, #"1️⃣"mun""#)], simulate, 65,
      .at("scenario.json", "unknown weekday 'mun'; did you mean 'mon'?")),
    BadInput(
      "scenario: RPE 11", [.replace("scenario.json", #""rpe": 7"#, #""rpe": 1️⃣11"#)], simulate, 65,
      .at("scenario.json", "'plan.sessions[0].rpe' must be between 1 and 10; found 11")),
    BadInput(
      "scenario: range upside down", [.replace("scenario.json", #""rpe": 7"#, #""rpe": 1️⃣[9, 4]"#)], simulate, 65,
      .at("scenario.json", "'plan.sessions[0].rpe' is [9, 4]; the minimum is above the maximum")),
    BadInput(
      "scenario: impossible date", [.replace("scenario.json", #""2026-01-05""#, #"1️⃣"2026-13-05""#)], simulate, 65,
      .at("scenario.json", #"'start' must be an ISO date such as "2026-01-05"; found "2026-13-05""#)),
    BadInput(
      "scenario: newer format", [.replace("scenario.json", #""format": 1"#, #""format": 1️⃣2"#)], simulate, 65,
      .at("scenario.json", "scenario format 2 is newer than this fitquest supports (1)")),
    BadInput(
      "scenario: unknown metric",
      [.replace("scenario.json", #""plan""#, #""expect": [ { "metric": 1️⃣"level.1", "atMost": 3 } ], "plan""#)],
      simulate, 65,
      .at("scenario.json", "'level.1': the level must be a whole number from 2")),
    BadInput(
      "scenario: missing rule pack", [.replace("scenario.json", #""rules": "rules""#, #""rules": 1️⃣"nope""#)], simulate,
      65,
      .at("scenario.json", "cannot load rule pack 'nope': no such rule pack directory")),
    BadInput(
      "scenario: empty file", [.write("scenario.json", "1️⃣")], simulate, 65,
      .at("scenario.json", "expected a JSON value; the input is empty")),
    BadInput(
      "scenario: 1,000,000-deep nesting",
      [.generated("scenario.json", prefix: "", byte: UInt8(ascii: "["), count: 1_000_000, suffix: "")], simulate, 65,
      .line("scenario.json:1:513: error: nesting is deeper than 512 levels")),
    BadInput(
      "scenario: missing file", [], ["simulate", "nope.json"], 66, .line("nope.json: error: no such file or directory")),
    BadInput(
      "scenario: an empty directory", [.remove("scenario.json"), .directory("scenario.json")], simulate, 66,
      .line("scenario.json: error: no scenario files (*.json) in this directory")),
    BadInput(
      "scenario: unreadable file", [.unreadable("scenario.json")], simulate, 66,
      .line("scenario.json: error: permission denied"), unprivileged: true),
  ]
}
