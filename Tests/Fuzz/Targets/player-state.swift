import Engine
import Foundation
import RuleLanguage

/// Fuzz target: saved players (`PlayerState(data:)`), the input an attacker edits by hand. Any
/// bytes decode to a player or a decoding error; a player that decodes must apply an event (or
/// refuse it with a typed error) without crashing, and must save and read back equal.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard var player = try? PlayerState(data: Data(bytes: data, count: size)) else { return 0 }
  guard let saved = try? player.data(), let again = try? PlayerState(data: saved), again == player else {
    fatalError("a decoded player did not read back equal")
  }
  let day = player.latestDay ?? Day(validYear: 2026, month: 1, day: 5)
  for event: Event in [
    .workout(id: "fuzz-w", day: day.adding(1), category: "strength", durationMin: 40, rpe: 8),
    .workout(id: "fuzz-late", day: day.adding(-1), category: "cardio", durationMin: 30),
    .retraction(id: "fuzz-r", day: day.adding(1), of: "fuzz-w"),
  ] {
    _ = try? PlayerFuzz.engine.apply(event, to: &player)
  }
  return 0
}

enum PlayerFuzz {
  static let engine: Engine = {
    let rules = FuzzEnvironment.directory("FITQUEST_RULES", fallback: "rules")
    guard let pack = try? RulePackLoader.load(directory: rules) else { fatalError("cannot load the rules at \(rules)") }
    return Engine(pack: pack)
  }()
}
