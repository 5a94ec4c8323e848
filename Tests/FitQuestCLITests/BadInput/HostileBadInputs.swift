/// Input from someone careless or hostile: formulas built to exhaust the stack, memory or time,
/// limits that were bypassed, files that are not files.
extension BadInput {
  static let hostile: [BadInput] = [
    BadInput(
      "hostile: 150 problems in one file",
      [
        .write(
          "rules/achievements.json",
          "{ \"achievements\": ["
            + (0..<150).map { index in
              "{ \"id\": \"a\(index)\", \"name\": \"A\", \"condition\": \"\(index == 0 ? "1️⃣" : "")player.workout >= 1\" }"
            }.joined(separator: ", ") + "] }")
      ],
      BadInput.validate, 65,
      .at("rules/achievements.json", "unknown variable 'player.workout'; did you mean 'player.workouts'?"),
      alsoPrinted: ["note: 50 more problem(s) not shown; fix these first"]),
    BadInput(
      "hostile: 17,500-term chain of subtractions", [],
      ["eval", Array(repeating: "1", count: 17_500).joined(separator: " - ")], 65,
      // '1 - 1 - …': the k-th '-' is at column 4k − 1 and makes the tree k + 1 tall, so the
      // 256th (column 1023) is the first past the limit of 256.
      .line(
        "<expression>:1:1023: error: the formula is nested more than 256 levels deep (counting operators whose operands are operators)"
      )),
    BadInput(
      "hostile: JsonLogic reduce doubling a list", [],
      [
        "eval", "--jsonlogic",
        #"{"reduce":[[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20],{"merge":[{"var":"accumulator"},{"var":"accumulator"}]},[1]]}"#,
      ],
      65,
      .line(
        #"<expression>:1:66: error: '{"merge":[{"var":"accumulator"},{"var":"accumulator"}]}' builds a list of more than 100000 elements (the limit of one evaluation)"#
      )),
    BadInput(
      "hostile: JsonLogic reduce doubling a string", [],
      [
        "eval", "--jsonlogic",
        #"{"reduce":[[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21],{"cat":[{"var":"accumulator"},{"var":"accumulator"}]},"ab"]}"#,
      ],
      65,
      .line(
        #"<expression>:1:69: error: '{"cat":[{"var":"accumulator"},{"var":"accumulator"}]}' builds a string of more than 1000000 characters (the limit of one evaluation)"#
      )),
    BadInput(
      "hostile: level table longer than any level",
      [
        .write(
          "rules/levels.json",
          "{ \"table\": 1️⃣[" + Array(repeating: "1", count: 1_000_000).joined(separator: ",") + "] }")
      ],
      BadInput.validate, 65,
      .at(
        "rules/levels.json",
        "the player level table has 1000000 entries; levels go up to 1000000, so it has at most 999999")),
    BadInput(
      "hostile: level curve too expensive to tabulate",
      [
        .write(
          "rules/levels.json",
          #"{ "maxLevel": 1000000, "curve": 1️⃣"floor(100 * pow(level - 1, 1.5) + sqrt(level + 0) + sqrt(level + 1) + sqrt(level + 2) + sqrt(level + 3) + sqrt(level + 4) + sqrt(level + 5) + sqrt(level + 6) + sqrt(level + 7) + sqrt(level + 8) + sqrt(level + 9) + sqrt(level + 10) + sqrt(level + 11) + sqrt(level + 12) + sqrt(level + 13) + sqrt(level + 14) + sqrt(level + 15) + sqrt(level + 16) + sqrt(level + 17) + sqrt(level + 18) + sqrt(level + 19) + sqrt(level + 20) + sqrt(level + 21) + sqrt(level + 22) + sqrt(level + 23) + sqrt(level + 24) + sqrt(level + 25) + sqrt(level + 26) + sqrt(level + 27) + sqrt(level + 28) + sqrt(level + 29))" }"#
        )
      ],
      BadInput.validate, 65,
      .at(
        "rules/levels.json",
        "the player level curve is too expensive to tabulate for 1000000 levels (more than 50000000 steps); lower 'maxLevel' or simplify the curve"
      )),
    BadInput(
      "hostile: scenario until the year 9999",
      [.replace("scenario.json", #""duration": { "days": 14 }"#, #""duration": { "until": 1️⃣"9999-12-31" }"#)],
      BadInput.simulate, 65,
      .at("scenario.json", "'duration' is 2912439 days; a scenario lasts at most 3650 days (ten years)")),
    BadInput(
      "hostile: weeks beyond ten years",
      [.replace("scenario.json", #""duration": { "days": 14 }"#, #""duration": { "weeks": 1️⃣3650 }"#)],
      BadInput.simulate, 65,
      .at("scenario.json", "'duration' is 25550 days; a scenario lasts at most 3650 days (ten years)")),
    BadInput(
      "hostile: a FIFO as a rule file", [.fifo("rules/streaks.json")], BadInput.validate, 66,
      .line("rules/streaks.json: error: is a FIFO (named pipe), not a regular file")),
    BadInput(
      "hostile: a FIFO as the scenario", [.fifo("scenario.json")], BadInput.simulate, 66,
      .line("scenario.json: error: is a FIFO (named pipe), not a regular file")),
    BadInput(
      "hostile: a FIFO as the formula file", [.fifo("formula.txt")], ["eval", "@formula.txt"], 66,
      .line("formula.txt: error: is a FIFO (named pipe), not a regular file")),
  ]
}
