import Engine
import RuleLanguage

/// Fuzz target: event lines. Any bytes decode to an event or a located error; whenever the fast
/// path accepts a line, the full reader must accept it and produce the same event.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let line = Array(UnsafeBufferPointer(start: data, count: size))
  let decoder = FuzzPack.decoder
  let full = try? decoder.decodeFully(line: line, file: "fuzz.ndjson", lineNumber: 1)
  let fast = line.withUnsafeBufferPointer { FastEventDecoder(pack: decoder.pack).decode($0) }
  if let fast, fast != full { fatalError("fast path accepted a line differently: \(String(decoding: line, as: UTF8.self))") }
  if let event = full {
    let again = try? decoder.decode(line: Array(event.jsonLine.utf8), file: "fuzz.ndjson", lineNumber: 1)
    if again != event { fatalError("event did not round-trip: \(event.jsonLine)") }
  }
  return 0
}

enum FuzzPack {
  static let rules = FuzzEnvironment.directory("FITQUEST_RULES", fallback: "rules")
  static let decoder = EventDecoder(pack: try? RulePackLoader.load(directory: rules))
}
