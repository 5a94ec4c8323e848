import Engine
import RuleLanguage

/// Fuzz target: event lines. Any bytes decode to an event or a located error; whenever the fast
/// path accepts a line, the full reader must accept it and resolve the same event, and an
/// accepted event applied to a new player must give awards or a typed error, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let line = Array(UnsafeBufferPointer(start: data, count: size))
  let decoder = FuzzPack.decoder
  let full = try? decoder.resolveFully(line: line, file: "fuzz.ndjson", lineNumber: 1)
  let fast = line.withUnsafeBufferPointer { FastEventDecoder(pack: FuzzPack.pack).decode($0) }
  if let fast, fast.event(pack: FuzzPack.pack) != full?.event(pack: FuzzPack.pack) {
    fatalError("fast path accepted a line differently: \(String(decoding: line, as: UTF8.self))")
  }
  if let resolved = full {
    let event = resolved.event(pack: FuzzPack.pack)
    let again = try? decoder.decode(line: Array(event.jsonLine.utf8), file: "fuzz.ndjson", lineNumber: 1)
    if again != event { fatalError("event did not round-trip: \(event.jsonLine)") }
    var player = FuzzPack.engine.newPlayer()
    _ = try? FuzzPack.engine.apply(event, to: &player)
  }
  return 0
}

enum FuzzPack {
  static let rules = FuzzEnvironment.directory("FITQUEST_RULES", fallback: "rules")
  static let pack: RulePack = {
    guard let pack = try? RulePackLoader.load(directory: rules) else { fatalError("cannot load the rules at \(rules)") }
    return pack
  }()
  static let decoder = EventDecoder(pack: pack)
  static let engine = Engine(pack: pack)
}
