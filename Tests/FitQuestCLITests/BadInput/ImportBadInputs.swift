extension BadInput {
  /// `import` and `persona`: usage, unreadable files, a file that is not the format named, a
  /// header without a needed column, a document cut short, histories a persona cannot be fitted to.
  static let imports: [BadInput] = [
    BadInput(
      "import: no file", [], ["import", "strong"], 64,
      .line("error: import needs a FILE after the format")),
    BadInput(
      "import: an unknown format", [], ["import", "strongg", "x.csv"], 64,
      .line(
        "error: unknown format 'strongg'; did you mean 'strong'?; formats: strong, hevy, fitnotes, apple-health, auto")),
    BadInput(
      "import: a missing file", [], ["import", "strong", "none.csv"], 66,
      .line("none.csv: error: no such file or directory")),
    BadInput(
      "import: a Hevy export named as Strong",
      [
        .write(
          "hevy.csv",
          "title,start_time,end_time,exercise_title,set_type,weight_kg,reps\nA,\"1 Jan 2025, 10:00\",,Squat,normal,100,5\n"
        )
      ],
      ["import", "strong", "hevy.csv"], 65,
      .line(
        "hevy.csv: error: not a Strong export: it looks like a Hevy export; run 'fitquest import hevy hevy.csv' or 'fitquest import auto hevy.csv'"
      )),
    BadInput(
      "import: a header without Reps",
      [.write("strong.csv", "1️⃣Date,Workout Name,Exercise Name,Weight\n2024-01-01 10:00:00,A,Squat,100\n")],
      ["import", "strong", "strong.csv"], 65,
      .at(
        "strong.csv",
        "the header has no 'Reps' column, which a Strong export has (docs/import.md lists the layouts read)")),
    BadInput(
      "import: an export.xml cut inside a tag",
      [
        .write(
          "export.xml",
          "<?xml version=\"1.0\"?>\n<HealthData>\n1️⃣<Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\"\n")
      ],
      ["import", "apple-health", "export.xml"], 65,
      .at("export.xml", "the document ends inside a tag")),
    BadInput(
      "persona: a history without workouts",
      [.write("history.ndjson", #"{"type":"nutrition","id":"n1","date":"2024-01-01","intakeKcal":2000}"# + "\n")],
      ["persona", "history.ndjson"], 65,
      .line("history.ndjson: error: the history has no workouts; a persona is fitted to at least one")),
    BadInput(
      "persona: --compare 0", [], ["persona", "history.ndjson", "--compare", "0"], 64,
      .line("error: option '--compare' needs a whole number from 1 to 100000; found '0'")),
  ]
}
