/// Bad formulas given to `fitquest eval`, and bad command lines.
extension BadInput {
  static let formulas: [BadInput] = [
    BadInput(
      "eval: formula ends early", [], ["eval", "1 +"], 65,
      .line("<expression>:1:4: error: expected an operand; the formula ended")),
    BadInput(
      "eval: two operators", [], ["eval", "a +* b"], 65,
      .line("<expression>:1:4: error: expected an operand, found '*'")),
    BadInput(
      "eval: division by zero", [], ["eval", "1 / 0"], 65, .line("<expression>:1:3: error: division by zero in '1 / 0'")
    ),
    BadInput(
      "eval: sqrt(-1)", [], ["eval", "sqrt(-1)"], 65,
      .line("<expression>:1:1: error: square root of a negative number in 'sqrt(-1)'")),
    BadInput(
      "eval: infinity", [], ["eval", "pow(10, 400)"], 65,
      .line("<expression>:1:1: error: 'pow(10, 400)' is not a finite number")),
    BadInput(
      "eval: chained comparison", [], ["eval", "1 < 2 < 3"], 65,
      .line("<expression>:1:7: error: comparisons cannot be chained; combine them with '&&', as in 'a < b && b < c'")),
    BadInput(
      "eval: wrong argument count", [], ["eval", "max()"], 65,
      .line("<expression>:1:1: error: 'max' takes at least 1 argument; found 0")),
    BadInput(
      "eval: misspelled function", [], ["eval", "sqr(4)"], 65,
      .line("<expression>:1:1: error: unknown function 'sqr'; did you mean 'sqrt'?")),
    BadInput(
      "eval: 1,000 nested parentheses", [],
      ["eval", String(repeating: "(", count: 1000) + "1" + String(repeating: ")", count: 1000)],
      // The whole formula is level 1; the 256th '(' opens level 257, at column 257.
      65, .line("<expression>:1:257: error: the formula is nested more than 256 levels deep")),
    BadInput(
      "eval: JsonLogic cut short", [], ["eval", "--jsonlogic", #"{"+":[1,"#], 65,
      .line("<expression>:1:9: error: expected a JSON value; the input ended")),
    BadInput(
      "eval: unknown JsonLogic operator", [], ["eval", "--jsonlogic", #"{"frobnicate":[1]}"#], 65,
      .line("<expression>:1:2: error: unknown operator 'frobnicate'")),
    BadInput(
      "eval: data 1,000,000 deep",
      [.generated("data.json", prefix: "", byte: UInt8(ascii: "["), count: 1_000_000, suffix: "")],
      ["eval", "a", "--data", "@data.json"],
      65, .line("data.json:1:513: error: nesting is deeper than 512 levels")),
  ]

  static let commandLines: [BadInput] = [
    BadInput(
      "args: unknown command", [], ["simulat"], 64, .line("error: unknown command 'simulat'; did you mean 'simulate'?")),
    BadInput(
      "args: unknown option", [], ["simulate", "--frobnicate"], 64, .line("error: unknown option '--frobnicate'")),
    BadInput(
      "args: option without value", [], ["simulate", "--runs"], 64, .line("error: option '--runs' needs a value")),
    BadInput(
      "args: zero runs", [], ["simulate", "--runs", "0"], 64,
      .line("error: option '--runs' needs a whole number from 1 to 10000000; found '0'")),
    BadInput(
      "args: runs not a number", [], ["simulate", "--runs", "abc"], 64,
      .line("error: option '--runs' needs a whole number from 1 to 10000000; found 'abc'")),
    BadInput(
      "args: zero threads", [], ["simulate", "--threads", "0"], 64,
      .line("error: option '--threads' needs a whole number from 1 to 1024; found '0'")),
    BadInput(
      "args: unknown format", [], ["simulate", "--format", "xml"], 64,
      .line("error: --format must be text, json, csv, ndjson or events; found 'xml'")),
    BadInput(
      "args: negative seed", [], ["simulate", "--seed", "-1"], 64,
      .line("error: option '--seed' needs a whole number from 0 to 2^53 − 1; found '-1'")),
    BadInput(
      "args: --set without a value", [], ["simulate", "--set", "xp"], 64,
      .line("error: --set 'xp' is not PATH=VALUE, e.g. xp.caps.perWorkout=400")),
    BadInput(
      "args: --set of a misspelled key", [], ["validate", "rules", "--set", "xp.cap.perWorkout=3"], 65,
      .line("error: cannot apply --set xp.cap.perWorkout=3: no key 'cap' in 'xp'; did you mean 'caps'?")),
    BadInput(
      "args: --set of a bad value", [], ["validate", "rules", "--set", "xp.caps.perWorkout=-1"], 65,
      .line("--set xp.caps.perWorkout:1:1: error: 'caps.perWorkout' must be between 1 and 1000000000; found -1")),
    BadInput(
      "args: --set of a scenario value to validate", [], ["validate", "rules", "--set", "scenario.seed=3"], 64,
      .line("error: --set scenario.seed=3: this command reads no scenario; only rule values can be set")),
    BadInput(
      "args: award without --state", [], ["award", "--rules", "rules", "events.ndjson"], 64,
      .line("error: missing --state FILE (one player) or --store FILE.sqlite (many players)")),
    BadInput(
      "args: zero-day window", [], ["award", "--state", "state.json", "--window", "0"], 64,
      .line("error: option '--window' needs a whole number from 1 to 3650; found '0'")),
    BadInput(
      "args: award format outside its list", [], ["award", "--state", "state.json", "--format", "csv"], 64,
      .line("error: --format must be ndjson or text; found 'csv'")),
    BadInput(
      "args: an option given twice", [], ["simulate", "--svg", "a.svg", "--svg", "b.svg"], 64,
      .line("error: option '--svg' is given more than once")),
    BadInput(
      "args: a value given to a flag", [], ["award", "--state", "state.json", "--no-wait=yes"], 64,
      .line("error: option '--no-wait' takes no value")),
    BadInput(
      "args: sweep of too many values", [], ["sweep", "scenario.json", "--set", "xp.caps.perWorkout=1..1e9:0.0001"], 64,
      .line("error: --set '1..1e9:0.0001' has 9999999990001 values; a sweep has at most 1000")),
    BadInput(
      "args: tune target with an unknown statistic", [],
      ["tune", "scenario.json", "--target", "level.3 median = day 3", "--param", "xp.caps.perDay=100..200"], 64,
      .line(
        "error: --target 'level.3 median = day 3': unknown statistic 'median'; did you mean 'mean'? (a target is METRIC STATISTIC =|<=|>= VALUE [±TOLERANCE], e.g. 'level.10 p50 = day 42 ±2')"
      )),
    BadInput(
      "args: tune of a misspelled rule value", [],
      ["tune", "scenario.json", "--target", "level.3 p50 = day 3", "--param", "xp.caps.perDya=100..200"], 65,
      .line("error: --param xp.caps.perDya: no key 'perDya' in 'xp.caps'; did you mean 'perDay'?")),
    BadInput(
      "args: tune range upside down", [],
      ["tune", "scenario.json", "--target", "level.3 p50 = day 3", "--param", "xp.caps.perDay=200..100"], 64,
      .line(
        "error: --param '200..100' is not a range LOW..HIGH with LOW < HIGH, e.g. xp.categories.strength.multiplier=1.0..1.5"
      )),
    BadInput(
      "args: sensitivity of a misspelled rule value", [],
      ["sensitivity", "scenario.json", "--value", "xp.caps.perDya"], 65,
      .line("error: no number at 'xp.caps.perDya' in the rule pack; did you mean 'xp.caps.perDay'?")),
    BadInput(
      "args: lint of a missing pack", [], ["lint", "missing"], 66, .line("missing: error: no such rule pack directory")),
    BadInput(
      "args: sweep to infinity", [], ["sweep", "scenario.json", "--set", "xp.caps.perWorkout=1..inf:1"], 64,
      .line("error: --set '1..inf:1' is not FROM..TO:STEP with FROM ≤ TO and STEP > 0, e.g. 1.0..1.5:0.1")),
  ]

  /// Every entry.
  static let catalogue =
    rulePacks + packFormulas + scenarios + eventStreams + eventFormulas + formulas + commandLines + hostile + stores
    + seedRules + merges + outputs + liveOps + cohorts + imports
}
