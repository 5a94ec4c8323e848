import Engine
import RuleLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Fuzz target: the rule-pack loader. The first byte picks a file of a copy of the default pack,
/// the rest replaces it; loading must give a pack or located errors, never crash or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let names = RulePackLoader.fileNames
  let name = names[Int(data[0]) % names.count]
  let work = FuzzWorkspace.pack
  FuzzWorkspace.restore(work)
  FuzzWorkspace.write(Array(UnsafeBufferPointer(start: data + 1, count: size - 1)), to: "\(work)/\(name).json")
  if let pack = try? RulePackLoader.load(directory: work) {
    _ = Engine(pack: pack).newPlayer()
  }
  return 0
}
