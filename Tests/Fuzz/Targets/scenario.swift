import Engine
import RuleLanguage
import Simulation

/// Fuzz target: the scenario loader, and a short run of what it accepts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let directory = FuzzWorkspace.pack
  if FuzzScenario.first {
    FuzzWorkspace.restore(directory)
    FuzzScenario.first = false
  }
  let path = directory.replacingOccurrences(of: "/rules", with: "/scenarios/fuzz.json")
  FuzzWorkspace.write(Array(UnsafeBufferPointer(start: data, count: size)), to: path)
  guard let scenario = try? ScenarioLoader.load(path: path, packs: FuzzScenario.packs) else { return 0 }
  // Run at most two weeks, so a valid input cannot make the target slow.
  if scenario.days <= 14, let engine = try? FuzzScenario.packs.engine(for: scenario.rulesPath) {
    _ = try? SimulationRunner.run(scenario, engine: engine)
  }
  return 0
}

enum FuzzScenario {
  nonisolated(unsafe) static var first = true
  static let packs = PackCache()
}
