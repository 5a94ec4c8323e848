import RuleLanguage
import Simulation

/// `--set PATH=VALUE` options split by target: `scenario.…` paths change scenario files, the
/// others (`xp.…`, `levels.…`) change rule files.
struct Overrides {
  var scenario: [JSONOverride] = []
  var rules: [JSONOverride] = []

  init(_ texts: [String]) throws(DiagnosticError) {
    for text in texts {
      let override = try JSONOverride(parsing: text)
      if case .key("scenario")? = override.steps.first {
        guard override.steps.count > 1 else {
          throw DiagnosticError(Diagnostic(message: "'\(text)': say which scenario value, e.g. scenario.adherence.probability=0.7"))
        }
        scenario.append(override)
      } else {
        rules.append(override)
      }
    }
  }
}

/// Loads the scenarios named on the command line (default: the README's default scenario).
enum ScenarioArguments {
  static let defaultScenario = "scenarios/beginner-3x.json"

  static func load(_ paths: [String], overrides: Overrides, packs: PackCache) throws(DiagnosticError) -> [Scenario] {
    var scenarios: [Scenario] = []
    var problems: [Diagnostic] = []
    for path in paths.isEmpty ? [defaultScenario] : paths {
      do throws(DiagnosticError) {
        if FileSystem.isDirectory(path) {
          for file in try ScenarioLoader.files(in: path) {
            scenarios.append(try ScenarioLoader.load(path: file, overrides: overrides.scenario, packs: packs))
          }
        } else {
          scenarios.append(try ScenarioLoader.load(path: path, overrides: overrides.scenario, packs: packs))
        }
      } catch {
        problems += error.diagnostics
      }
    }
    if !problems.isEmpty { throw DiagnosticError(problems) }
    return scenarios
  }
}
