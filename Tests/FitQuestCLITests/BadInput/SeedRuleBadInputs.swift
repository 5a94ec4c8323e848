extension BadInput {
  /// Nutrition macros, programs and the record estimate's high-rep rule (issue 17).
  static let seedRules: [BadInput] = [
    BadInput(
      "pack: macro reads a later target",
      [
        .replace(
          "rules/nutrition.json", #""clamp": 0.15"#,
          #""clamp": 0.15, "macros": {"kcal": "baseline.kcal", "carbsG": 1️⃣"target.fatG * 2", "proteinG": "baseline.proteinG", "fatG": "baseline.fatG"}"#
        )
      ],
      validate, 65,
      .at(
        "rules/nutrition.json",
        "'target.fatG' is not computed before 'carbsG'; list 'fatG' before 'carbsG' in \"macros\" (they are computed in order)"
      )),
    BadInput(
      "pack: unknown macro",
      [
        .replace(
          "rules/nutrition.json", #""clamp": 0.15"#,
          #""clamp": 0.15, "macros": {"kcal": "baseline.kcal", 1️⃣"protien": "1", "proteinG": "1", "carbsG": "1", "fatG": "1"}"#
        )
      ],
      validate, 65,
      .at(
        "rules/nutrition.json",
        "unknown macro 'protien' (macros are kcal, proteinG, carbsG, fatG); did you mean 'proteinG'?")),
    BadInput(
      "pack: program with a deload schedule",
      [
        .replace(
          "rules/progression.json", #""incrementKg": 2.5,"#, #""incrementKg": 2.5, "program": 1️⃣{"weeks": [1.0, 0.6]},"#)
      ],
      validate, 65,
      .at(
        "rules/progression.json",
        "a program's weekly modifiers already plan its deload weeks (modifiers below 1); remove 'deload' or the program"
      )),
    BadInput(
      "pack: unknown high-rep rule",
      [
        .replace(
          "rules/records.json", #""maxRepsForEstimate": 10"#, #""maxRepsForEstimate": 10, "highRepSets": 1️⃣"clip""#)
      ],
      validate, 65,
      .at("rules/records.json", "unknown high-rep rule 'clip'; expected one of 'exclude', 'cap'")),
  ]
}
