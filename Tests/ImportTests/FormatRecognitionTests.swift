import Engine
import Foundation
import Import
import RuleLanguage
import Testing

/// A file that is not the format named is refused with what it looks like instead.
@Suite struct FormatRecognitionTests {
  struct Refusal: Sendable, CustomTestStringConvertible {
    var file: String
    var format: ImportFormat?
    var message: String
    var testDescription: String { "\(file) as \(format?.rawValue ?? "auto")" }
  }

  @Test(arguments: [
    Refusal(
      file: "hevy-kg.csv", format: .strong,
      message:
        "not a Strong export: it looks like a Hevy export; run 'fitquest import hevy PATH' or 'fitquest import auto PATH'"
    ),
    Refusal(
      file: "strong-quoted.csv", format: .fitnotes,
      message:
        "not a FitNotes export: it looks like a Strong export; run 'fitquest import strong PATH' or 'fitquest import auto PATH'"
    ),
    Refusal(
      file: "export.zip", format: .hevy,
      message:
        "not a Hevy export: it looks like an Apple Health export (a zip archive); run 'fitquest import apple-health PATH' or 'fitquest import auto PATH'"
    ),
    Refusal(
      file: "fitnotes-kgs.csv", format: .appleHealth,
      message:
        "not an Apple Health export: it looks like a FitNotes export; run 'fitquest import fitnotes PATH' or 'fitquest import auto PATH'"
    ),
    Refusal(
      file: "deflate-fixed.bin", format: nil,
      message:
        "not an export this version reads: it looks like a binary file; formats: strong, hevy, fitnotes, apple-health"),
  ])
  func refusesWithWhatItLooksLike(_ refusal: Refusal) throws {
    let path = ImportFixture.path(refusal.file)
    let error = try #require(throws: DiagnosticError.self) {
      try Importer.run(refusal.format, path: path, pack: ImportFixture.pack)
    }
    #expect(
      error.diagnostics.map(\.headline) == [
        "\(path): error: \(refusal.message.replacingOccurrences(of: "PATH", with: path))"
      ])
  }

  @Test func aMissingColumnIsNamed() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("strong-\(UUID().uuidString).csv").path
    try "Date,Workout Name,Exercise Name,Set Order,Weight\n2024-01-01 10:00:00,A,Squat,1,100\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let error = try #require(throws: DiagnosticError.self) {
      try Importer.run(.strong, path: path, pack: ImportFixture.pack)
    }
    #expect(
      error.diagnostics.map(\.headline) == [
        "\(path):1:1: error: the header has no 'Reps' column, which a Strong export has (docs/import.md lists the layouts read)"
      ])
  }
}
