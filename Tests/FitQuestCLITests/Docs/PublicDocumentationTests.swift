import FitQuestTestSupport
import Foundation
import Testing

/// The library's public surface is documented, and its documentation's symbol links resolve:
/// DocC needs a package plugin to build (a dependency the product card forbids), so this test
/// checks what DocC would: every `public` declaration of the library modules has a `///`
/// comment, and every ``Symbol/member(_:)`` link in those comments and in the DocC catalogue
/// names a declaration that exists.
@Suite struct PublicDocumentationTests {
  static let modules = ["RuleLanguage", "Engine", "Ledger", "FitQuest"]

  struct SourceLine {
    var file: String
    var number: Int
    var text: String
  }

  static func swiftFiles() throws -> [(path: String, lines: [String])] {
    var files: [(String, [String])] = []
    for module in modules {
      let root = Paths.repository.appendingPathComponent("Sources/\(module)")
      guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
      for case let url as URL in walker where url.pathExtension == "swift" {
        let text = try String(contentsOf: url, encoding: .utf8)
        files.append(
          (url.path.replacingOccurrences(of: Paths.repository.path + "/", with: ""), text.components(separatedBy: "\n"))
        )
      }
    }
    return files.sorted { $0.0 < $1.0 }
  }

  /// Conformance requirements whose meaning the protocol documents.
  static let exempt = [
    "public static func ==", "public static func <", "public func hash(into", "public init(from decoder",
    "public func encode(to encoder",
    "public var description", "public var debugDescription", "public var testDescription",
  ]

  @Test func everyPublicDeclarationIsDocumented() throws {
    var missing: [String] = []
    for (path, lines) in try Self.swiftFiles() {
      for (index, line) in lines.enumerated() {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("public ") || text.hasPrefix("open "), !text.hasPrefix("public extension"),
          !Self.exempt.contains(where: { text.hasPrefix($0) })
        else { continue }
        var previous = index - 1
        while previous >= 0, lines[previous].trimmingCharacters(in: .whitespaces).hasPrefix("@") { previous -= 1 }
        let above = previous >= 0 ? lines[previous].trimmingCharacters(in: .whitespaces) : ""
        if !above.hasPrefix("///") { missing.append("\(path):\(index + 1): \(text)") }
      }
    }
    #expect(
      missing.isEmpty, "\(missing.count) public declarations without a doc comment:\n\(missing.joined(separator: "\n"))"
    )
  }

  @Test func everySymbolLinkResolves() throws {
    let files = try Self.swiftFiles()
    // Every declared name: types and members.
    var names = Set<String>()
    let declaration = try Regex(
      #"(?:struct|class|enum|protocol|typealias|actor|func|var|let|case|associatedtype)\s+`?([A-Za-z_][A-Za-z0-9_]*)"#)
    for (_, lines) in files {
      for line in lines {
        for match in line.matches(of: declaration) {
          if let name = match.output[1].substring { names.insert(String(name)) }
        }
        if line.contains("init(") || line.contains("init?(") { names.insert("init") }
        if line.contains("subscript") { names.insert("subscript") }
      }
    }
    // Links in doc comments and in the DocC catalogue.
    var texts: [(String, String)] = []
    for (path, lines) in files {
      for (index, line) in lines.enumerated() where line.trimmingCharacters(in: .whitespaces).hasPrefix("///") {
        texts.append(("\(path):\(index + 1)", line))
      }
    }
    let catalogue = Paths.repository.appendingPathComponent("Sources/FitQuest/Documentation.docc")
    for name in (try? FileManager.default.contentsOfDirectory(atPath: catalogue.path)) ?? [] where name.hasSuffix(".md")
    {
      let lines = try String(contentsOf: catalogue.appendingPathComponent(name), encoding: .utf8).components(
        separatedBy: "\n")
      for (index, line) in lines.enumerated() { texts.append(("Documentation.docc/\(name):\(index + 1)", line)) }
    }
    let link = try Regex(#"``([^`]+)``"#)
    var broken: [String] = []
    var count = 0
    for (place, text) in texts {
      for match in text.matches(of: link) {
        guard let symbol = match.output[1].substring else { continue }
        count += 1
        let parts = symbol.split(separator: "/").map { part in
          String(part.prefix { $0 != "(" && $0 != "-" })
        }
        if let unknown = parts.first(where: {
          !$0.isEmpty && !names.contains($0) && !["FitQuest", "Engine"].contains($0)
        }) {
          broken.append("\(place): ``\(symbol)`` (no declaration named '\(unknown)')")
        }
      }
    }
    #expect(count > 50, "the documentation should link its symbols")
    #expect(broken.isEmpty, "broken symbol links:\n\(broken.joined(separator: "\n"))")
  }
}
