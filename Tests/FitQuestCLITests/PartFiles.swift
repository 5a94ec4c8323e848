import Engine
import RuleLanguage

/// Partial results written by hand, as an attacker or a careless script would: any content,
/// sealed with the checksum a part's reader expects (FNV-1a 64 of the object's bytes without the
/// checksum member), so that the merge's other checks are what refuses them.
enum PartFiles {
  /// The part object `payload` (no checksum) with its checksum member appended, and a line break.
  static func sealed(_ payload: String) -> String {
    var hash = FNV1a()
    hash.add(Array(payload.utf8))
    return String(payload.dropLast()) + ",\"checksum\":\"\(hash.hex)\"}\n"
  }

  /// A part a shard printed, edited (`old` replaced by `new`) and sealed again.
  static func resealed(_ part: String, replacing old: String, with new: String) -> String {
    sealed(content(part).replacingOccurrences(of: old, with: new))
  }

  /// The part without its checksum member.
  static func content(_ part: String) -> String {
    guard let checksum = part.range(of: ",\"checksum\":\"", options: .backwards) else { return part }
    return part[..<checksum.lowerBound] + "}"
  }

  /// The checksum a part carries.
  static func checksum(in part: String) -> String {
    guard let start = part.range(of: ",\"checksum\":\"", options: .backwards) else { return "" }
    return String(part[start.upperBound...].prefix(16))
  }

  /// A hand-made part of `command`: shard 0 of 1, one batch of `runs` runs of `scenario.json`
  /// under `rules` with the metric `days` (14 every time), and `extra` members.
  static func part(
    command: String = "simulate", arguments: [String] = ["--runs", "2"], runs: String = "2", never: String = "0",
    extra: String = ""
  ) -> String {
    let list = arguments.map(JSONWriter.quoted).joined(separator: ",")
    return sealed(
      #"{"fitquestShard":2,"version":"1.0.0","command":"\#(command)","arguments":[\#(list)],"shard":0,"shards":1,\#(extra)"#
        + #""batches":[{"scenario":{"path":"scenario.json","digest":"0123456789abcdef"},"#
        + #""rules":{"path":"rules","digest":"0123456789abcdef"},"seed":1,"runs":\#(runs),"#
        + #""runIndexes":{"first":0,"step":1,"count":\#(runs)},"metrics":[{"metric":"days","never":\#(never),"counts":[[14,\#(runs)]]}]}]}"#
    )
  }
}
