import Engine
import Foundation
import Import
import RuleLanguage

/// `fitquest import` end to end, as child processes: a Strong export of many sets, and Apple
/// Health exports of two sizes (plain, and zipped with DEFLATE) to show that memory does not grow
/// with the file.
public enum ImportBenchmark {
  public static func run(sets: Int, healthMegabytes: Int, repetitions: Int, rules: String, executable: String) throws
    -> [BenchResult]
  {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fitquest-import-bench-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var results: [BenchResult] = []

    let strong = directory.appendingPathComponent("strong.csv").path
    let strongBytes = try writeStrong(sets: sets, to: strong)
    results.append(
      try measure(
        name: "import strong", size: "\(BenchFormat.grouped(Double(sets))) sets, \(BenchFormat.megabytes(strongBytes))",
        count: sets,
        unit: "sets/s", ["import", "strong", strong, "--rules", rules], repetitions: repetitions, executable: executable
      ))

    let small = directory.appendingPathComponent("export-small.xml").path
    let large = directory.appendingPathComponent("export.xml").path
    let smallBytes = try writeHealth(megabytes: max(1, healthMegabytes / 4), to: small)
    let largeBytes = try writeHealth(megabytes: healthMegabytes, to: large)
    let quarter = try measure(
      name: "import apple-health", size: BenchFormat.megabytes(smallBytes), count: smallBytes / 1_048_576, unit: "MB/s",
      ["import", "apple-health", small, "--rules", rules], repetitions: 1, executable: executable)
    var whole = try measure(
      name: "import apple-health", size: BenchFormat.megabytes(largeBytes), count: largeBytes / 1_048_576, unit: "MB/s",
      ["import", "apple-health", large, "--rules", rules], repetitions: repetitions, executable: executable)
    whole.extra.append(("peakRSSQuarterBytes", JSONValue(.integer(Int64(quarter.peakBytes)))))
    whole.notes.append(
      "peak RSS \(BenchFormat.megabytes(whole.peakBytes)) for \(BenchFormat.megabytes(largeBytes)) vs \(BenchFormat.megabytes(quarter.peakBytes)) for a quarter of it"
    )
    results.append(whole)

    let zip = directory.appendingPathComponent("export.zip").path
    let zipBytes = try ZipWriter.write(member: "apple_health_export/export.xml", from: large, to: zip)
    var zipped = try measure(
      name: "import apple-health zip",
      size: "\(BenchFormat.megabytes(zipBytes)) → \(BenchFormat.megabytes(largeBytes))",
      count: largeBytes / 1_048_576, unit: "MB/s", ["import", "apple-health", zip, "--rules", rules],
      repetitions: repetitions,
      executable: executable)
    zipped.notes.append("MB/s of export.xml inflated (fixed-Huffman DEFLATE) and read")
    results.append(zipped)
    return results
  }

  private static func measure(
    name: String, size: String, count: Int, unit: String, _ arguments: [String], repetitions: Int, executable: String
  ) throws -> BenchResult {
    var times: [Double] = []
    var peak = 0
    for _ in 0..<repetitions {
      let run = try AwardBenchmark.spawn(executable, arguments)
      times.append(run.seconds)
      peak = max(peak, run.peakBytes)
    }
    let seconds = Clock.median(times)
    return BenchResult(
      name: name, size: size, seconds: seconds, throughput: Double(count) / seconds, unit: unit, peakBytes: peak)
  }

  /// A Strong export of `sets` rows: sessions of 4 exercises × 5 sets (one warm-up), one a day,
  /// names from the apps' catalogues and some the pack does not list.
  static func writeStrong(sets: Int, to path: String) throws -> Int {
    let exercises = [
      "Squat (Barbell)", "Bench Press (Barbell)", "Deadlift (Barbell)", "Lat Pulldown (Cable)",
      "Leg Extension (Machine)",
      "Cable Fly Crossover", "Hammer Curl (Dumbbell)", "Hip Abduction (Machine)",
    ]
    var text =
      "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
    var written = 0
    var session = 0
    var bytes = 0
    let handle = try open(path)
    defer { try? handle.close() }
    while written < sets {
      let day = 20_000 + session  // days since 1970
      let date = Day(day).iso + " 18:00:00"
      for index in 0..<4 {
        let exercise = exercises[(session + index) % exercises.count]
        for set in 0..<5 where written < sets {
          let weight = 40 + Double((session + index * 7) % 60)
          text +=
            "\(date),Session \(session % 3),1h 5m,\(exercise),\(set == 0 ? "W" : String(set)),\(weight),\(set == 0 ? 10 : 5),,,,,8\n"
          written += 1
        }
      }
      session += 1
      if text.utf8.count > 1 << 20 {
        bytes += text.utf8.count
        try handle.write(contentsOf: Data(text.utf8))
        text = ""
      }
    }
    bytes += text.utf8.count
    try handle.write(contentsOf: Data(text.utf8))
    return bytes
  }

  /// An Apple Health export of about `megabytes` MB: mostly heart-rate records (what real exports
  /// are mostly made of), with a workout and a meal (a Correlation and its repeated records)
  /// each day.
  static func writeHealth(megabytes: Int, to path: String) throws -> Int {
    let handle = try open(path)
    defer { try? handle.close() }
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE HealthData [
      <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
      ]>
      <HealthData locale="en_US">

      """
    var bytes = 0
    var day = 19_000
    while bytes + text.utf8.count < megabytes << 20 {
      let date = Day(day).iso
      for minute in stride(from: 0, to: 1440, by: 5) {
        let time = "\(date) \(two(minute / 60)):\(two(minute % 60)):00 +0200"
        text +=
          " <Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"Watch\" sourceVersion=\"9.1\" unit=\"count/min\" "
          + "creationDate=\"\(time)\" startDate=\"\(time)\" endDate=\"\(time)\" value=\"\(60 + minute % 50)\">\n"
          + "  <MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\" value=\"0\"/>\n </Record>\n"
      }
      let meal =
        "sourceName=\"App\" unit=\"kcal\" startDate=\"\(date) 12:00:00 +0200\" endDate=\"\(date) 12:00:00 +0200\" value=\"2100\""
      text +=
        " <Correlation type=\"HKCorrelationTypeIdentifierFood\" sourceName=\"App\" startDate=\"\(date) 12:00:00 +0200\" endDate=\"\(date) 12:00:00 +0200\">\n"
        + "  <Record type=\"HKQuantityTypeIdentifierDietaryEnergyConsumed\" \(meal)/>\n </Correlation>\n"
        + " <Record type=\"HKQuantityTypeIdentifierDietaryEnergyConsumed\" \(meal)/>\n"
        + " <Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" duration=\"31.5\" durationUnit=\"min\" totalDistance=\"5.2\" "
        + "totalDistanceUnit=\"km\" totalEnergyBurned=\"320\" totalEnergyBurnedUnit=\"kcal\" sourceName=\"Watch\" "
        + "startDate=\"\(date) 07:00:00 +0200\" endDate=\"\(date) 07:31:30 +0200\">\n  <MetadataEntry key=\"HKIndoorWorkout\" value=\"0\"/>\n </Workout>\n"
      day += 1
      bytes += text.utf8.count
      try handle.write(contentsOf: Data(text.utf8))
      text = ""
    }
    text += "</HealthData>\n"
    bytes += text.utf8.count
    try handle.write(contentsOf: Data(text.utf8))
    return bytes
  }

  private static func open(_ path: String) throws -> FileHandle {
    guard FileManager.default.createFile(atPath: path, contents: nil) else {
      throw DiagnosticError(Diagnostic(file: path, message: "cannot create the benchmark input"))
    }
    return try FileHandle(forWritingTo: URL(fileURLWithPath: path))
  }

  private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
