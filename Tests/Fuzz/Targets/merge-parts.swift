import RuleLanguage
import Simulation

/// Fuzz target: the partial results `fitquest merge` reads (`ShardPart(reading:)`) and combines
/// (`ShardMerge.combine`), the input a poisoned CI artifact controls. The input is read as it is
/// and, sealed with a fresh checksum as an attacker would, again. A part either reads or is a
/// located error; one that reads must write and read back equal, and combining it alone, twice,
/// or with a copy claiming the next shard must give counts or a diagnostic, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  MergeFuzz.check(bytes)
  if let sealed = MergeFuzz.sealed(bytes) { MergeFuzz.check(sealed) }
  return 0
}

enum MergeFuzz {
  /// `bytes` without a trailing checksum member, sealed with the checksum of what is left.
  static func sealed(_ bytes: [UInt8]) -> [UInt8]? {
    var payload = bytes
    while let last = payload.last, last == 0x0A || last == 0x20 { payload.removeLast() }
    let marker = Array(",\"checksum\":\"".utf8)
    if let start = lastRange(of: marker, in: payload) { payload = Array(payload[..<start]) + [0x7D] }
    guard payload.last == 0x7D, payload.count > 1 else { return nil }
    let checksum = ShardPart.checksum(ofPayload: payload)
    return Array(payload.dropLast()) + Array(",\"checksum\":\"\(checksum)\"}".utf8)
  }

  static func check(_ bytes: [UInt8]) {
    guard let part = try? ShardPart(reading: SourceFile(name: "part.json", bytes: bytes)) else { return }
    let again: ShardPart
    do {
      again = try ShardPart(reading: SourceFile(name: "again.json", bytes: part.json))
    } catch {
      fatalError("a part that reads did not read back: \(error)")
    }
    guard again == part else { fatalError("a part read back different") }
    let version = part.version
    // A part of one shard holds every run of its batches: it combines alone into its own counts.
    do {
      let merged = try ShardMerge.combine([("a", part)], version: version)
      guard merged.map(\.result) == part.batches.map(\.result) else {
        fatalError("a part alone combined into other counts")
      }
    } catch {
      if part.shards == 1 && !part.batches.isEmpty { fatalError("a part of one shard did not combine alone: \(error)") }
    }
    _ = try? ShardMerge.combine([("a", part), ("b", part)], version: version)
    var next = part
    next.shard = (part.shard + 1) % part.shards
    if let merged = try? ShardMerge.combine([("a", part), ("b", next)], version: version) {
      for (batch, original) in zip(merged, part.batches)
      where batch.result.runs != batch.runs || batch.runs != original.runs {
        fatalError("a merged batch holds \(batch.result.runs) of its \(batch.runs) runs")
      }
    }
  }

  private static func lastRange(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    var index = haystack.count - needle.count
    while index >= 0 {
      if Array(haystack[index..<index + needle.count]) == needle { return index }
      index -= 1
    }
    return nil
  }
}
