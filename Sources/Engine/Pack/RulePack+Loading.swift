import Foundation
import RuleLanguage

extension RulePack {
  /// Loads and compiles the pack in a directory: a file URL, such as a bundle resource's
  /// (`Bundle.main.url(forResource: "rules", withExtension: nil)`).
  /// - Throws: every problem of every file, each located (`xp.json:12:5: error: …`).
  public convenience init(contentsOf directory: URL, overrides: [JSONOverride] = []) throws(DiagnosticError) {
    guard directory.isFileURL else {
      throw DiagnosticError(
        Diagnostic(message: "a rule pack is a directory of files; '\(directory.absoluteString)' is not a file URL"))
    }
    self.init(copying: try RulePackLoader.load(directory: directory.path, overrides: overrides))
  }

  /// Compiles a pack from its files' contents by file name (`["pack.json": data, "xp.json": …]`),
  /// for packs downloaded or embedded rather than read from a directory.
  public convenience init(files: [String: Data], overrides: [JSONOverride] = []) throws(DiagnosticError) {
    self.init(copying: try RulePackLoader.load(files: files.mapValues { Array($0) }, overrides: overrides))
  }
}
