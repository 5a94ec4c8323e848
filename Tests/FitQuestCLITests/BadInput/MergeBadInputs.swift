extension BadInput {
  /// A part in the workspace.
  static func part(_ text: String, as name: String = "part.json") -> Edit { .write(name, text) }

  /// Partial results that do not belong together, are not what a shard printed, or name things
  /// to run or write; and shards asked for what a shard never does. No crash, nothing written.
  static let merges: [BadInput] = [
    BadInput(
      "merge: a part of award --store",
      [part(PartFiles.part(command: "award", arguments: ["--store", "store.sqlite", "events.ndjson"]))],
      ["merge", "part.json"], 65,
      .line(
        "part.json: error: 'award' is not a command that shards; merge takes parts of simulate, compare, sweep, check")),
    BadInput(
      "merge: a part that merges itself", [part(PartFiles.part(command: "merge", arguments: ["part.json"]))],
      ["merge", "part.json"], 65,
      .line(
        "part.json: error: 'merge' is not a command that shards; merge takes parts of simulate, compare, sweep, check")),
    BadInput(
      "merge: a part that names a chart to write",
      [part(PartFiles.part(arguments: ["--runs", "2", "--svg", "chart.svg"]))],
      ["merge", "part.json"], 65,
      .line("part.json: error: the part's arguments are refused: --svg names a file to write, which a shard never does")
    ),
    BadInput(
      "merge: a part of check --update",
      [part(PartFiles.part(command: "check", arguments: ["--update", "--runs", "2"]))],
      ["merge", "part.json"], 65,
      .line(
        "part.json: error: the part's arguments are refused: --update cannot be sharded: snapshots are written by one run"
      )),
    BadInput(
      "merge: arguments not in canonical form", [part(PartFiles.part(arguments: ["--runs=2"]))],
      ["merge", "part.json"], 65,
      .line("part.json: error: the part's arguments are refused: they are not in the form a shard records (--runs 2)")),
    BadInput(
      "merge: a never count of 1e300", [part(PartFiles.part(never: "1️⃣1e300"))], ["merge", "part.json"], 65,
      .at("part.json", "'batches[0].metrics[0].never' must be between 0 and 2; found 1e+300")),
    BadInput(
      "merge: runs of 6e18",
      [part(PartFiles.part(runs: "6000000000000000000").replacingOccurrences(of: "\"runs\":6", with: "\"runs\":1️⃣6"))],
      ["merge", "part.json"], 65,
      .at("part.json", "'batches[0].runs' must be between 1 and 10000000; found 6e+18")),
    BadInput(
      "merge: a count that is not whole",
      [part(PartFiles.part().replacingOccurrences(of: "[[14,2]]", with: "[[14,1️⃣1.5]]"))],
      ["merge", "part.json"], 65,
      .at("part.json", "'batches[0].metrics[0].counts[0][1]' must be a whole number; found 1.5")),
    BadInput(
      "merge: an unknown field", [part(PartFiles.part(extra: #"1️⃣"extra":1,"#))], ["merge", "part.json"], 65,
      .at("part.json", "unknown key 'extra'")),
    {
      let part = PartFiles.part()
      let tampered = part.replacingOccurrences(of: "\"seed\":1,", with: "\"seed\":2,")
      let (written, computed) = (
        PartFiles.checksum(in: part), PartFiles.checksum(in: PartFiles.sealed(PartFiles.content(tampered)))
      )
      return BadInput(
        "merge: a part changed after it was written",
        [.write("part.json", tampered.replacingOccurrences(of: "\"checksum\":", with: "\"checksum\":1️⃣"))],
        ["merge", "part.json"], 65,
        .at(
          "part.json",
          "the checksum is \(written) but the part's content gives \(computed): the part was changed after it was written"
        ))
    }(),
    BadInput(
      "merge: a part of the first format",
      [part(#"{"fitquestShard":1️⃣1,"command":"simulate","arguments":[],"shard":0,"shards":1,"results":[]}"#)],
      ["merge", "part.json"], 65,
      .at(
        "part.json", "'fitquestShard' is format 1; this FitQuest reads format 2: make the parts again with this version"
      )),
    BadInput(
      "merge: a part of another version",
      [part(PartFiles.resealed(PartFiles.part(), replacing: "1.0.0", with: "0.9.0"))], ["merge", "part.json"], 65,
      .line(
        "part.json: error: made by FitQuest 0.9.0; this is FitQuest 1.0.0: make the parts and merge them with one version"
      )),
    BadInput(
      "merge: --junit for parts of simulate", [part(PartFiles.part())], ["merge", "part.json", "--junit", "check.xml"],
      64,
      .line("error: --junit applies to parts of 'check'; these are parts of 'simulate'")),
    BadInput(
      "shard: check --update=NAME", [], ["check", "--update=scenario", "--shard", "0/2", "scenario.json"], 64,
      .line("error: --update cannot be sharded: snapshots are written by one run")),
    BadInput(
      "shard: a JUnit file", [], ["check", "--runs", "4", "--junit", "check.xml", "--shard", "0/2", "scenario.json"],
      64,
      .line(
        "error: --junit names a file to write, which a shard never does: give it to 'fitquest merge PART… --junit FILE'"
      )),
    BadInput(
      "shard: a single run", [], ["simulate", "scenario.json", "--shard", "0/2"], 64,
      .line(
        "error: --shard splits Monte Carlo runs, and 'simulate' ran none with these arguments; give --runs N (N > 1)")),
  ]

  /// Outputs whose path holds something that is not a regular file: never replaced.
  static let outputs: [BadInput] = [
    BadInput(
      "output: --svg on a directory", [.directory("chart.svg")], ["simulate", "scenario.json", "--svg", "chart.svg"],
      74,
      .line("error: chart.svg: cannot write: is a directory; refusing to replace it")),
    BadInput(
      "output: --svg through a link to /dev/full", [.symlink("chart.svg", to: "/dev/full")],
      ["simulate", "scenario.json", "--svg", "chart.svg"], 74,
      .line("error: chart.svg: cannot write: no space left on the device")),
    BadInput(
      "output: --junit through a loop of links", [.symlink("a.xml", to: "b.xml"), .symlink("b.xml", to: "a.xml")],
      ["check", "scenario.json", "--junit", "a.xml"], 74, .line("error: a.xml: cannot write: a loop of symbolic links")),
    BadInput(
      "output: report --output through a link to a directory",
      [.directory("reports"), .symlink("report.html", to: "reports")],
      ["report", "scenario.json", "--runs", "2", "--output", "report.html"], 74,
      .line("error: report.html: cannot write: reports is a directory; refusing to replace it")),
  ]
}
