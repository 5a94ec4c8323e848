import RuleLanguage
import Simulation

/// `--set PATH=VALUE` options split by target: `scenario.…` paths change scenario files, the
/// others (`xp.…`, `levels.…`) change rule files.
struct Overrides {
  var scenario: [JSONOverride] = []
  var rules: [JSONOverride] = []

  init(_ texts: [String]) throws {
    for text in texts { try add(Overrides.parse(text)) }
  }

  /// Adds an override to the side it changes.
  mutating func add(_ override: JSONOverride) throws {
    if case .key("scenario")? = override.steps.first {
      guard override.steps.count > 1 else {
        throw UsageError(
          message: "'\(override.text)': say which scenario value, e.g. scenario.adherence.probability=0.7")
      }
      scenario.append(override)
    } else {
      rules.append(override)
    }
  }

  /// These overrides and more.
  func adding(_ more: [JSONOverride]) throws -> Overrides {
    var copy = self
    for override in more { try copy.add(override) }
    return copy
  }
}

extension Overrides {
  /// Parses one `--set PATH=VALUE`; a malformed one is a usage error.
  static func parse(_ text: String) throws -> JSONOverride {
    do {
      return try JSONOverride(parsing: text)
    } catch {
      throw UsageError(message: "--set \(error.diagnostics.first?.message ?? text)")
    }
  }

  /// The `--set` options of a command that takes a rule pack only (`award`, `validate`).
  static func rulesOnly(_ texts: [String]) throws -> [JSONOverride] {
    let overrides = try Overrides(texts)
    if let first = overrides.scenario.first {
      throw UsageError(message: "--set \(first.text): this command reads no scenario; only rule values can be set")
    }
    return overrides.rules
  }
}

/// Loads the scenarios named on the command line (default: the README's default scenario).
enum ScenarioArguments {
  static let defaultScenario = "scenarios/beginner-3x.json"

  static func load(_ paths: [String], overrides: Overrides, packs: PackCache) throws(DiagnosticError) -> [Scenario] {
    var scenarios: [Scenario] = []
    var problems: [Diagnostic] = []
    for file in try files(paths) {
      do throws(DiagnosticError) {
        scenarios.append(try ScenarioLoader.load(path: file, overrides: overrides.scenario, packs: packs))
      } catch {
        // Scenarios sharing a pack share its problems (a bad --set): each is reported once.
        for problem in error.diagnostics where !problems.contains(problem) { problems.append(problem) }
      }
    }
    if !problems.isEmpty { throw DiagnosticError(problems) }
    return scenarios
  }

  /// The scenario files named: files as given, directories expanded to their `*.json` files
  /// (sorted); the default scenario when none is named.
  static func files(_ paths: [String]) throws(DiagnosticError) -> [String] {
    var files: [String] = []
    var problems: [Diagnostic] = []
    for path in paths.isEmpty ? [defaultScenario] : paths {
      do throws(DiagnosticError) {
        if FileSystem.isDirectory(path) {
          let found = try ScenarioLoader.files(in: path)
          if found.isEmpty { throw DiagnosticError(.unreadable(path, "no scenario files (*.json) in this directory")) }
          files += found
        } else {
          files.append(path)
        }
      } catch {
        problems += error.diagnostics
      }
    }
    if !problems.isEmpty { throw DiagnosticError(problems) }
    return files
  }
}
