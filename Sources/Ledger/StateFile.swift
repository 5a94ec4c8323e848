import Engine
import Foundation
import RuleLanguage

/// The on-disk form of a ledger: a header line with a checksum, then the body as pretty JSON.
///
/// ```
/// {"fitquestLedger":1,"checksum":"9f1c…"}
/// { "appliedCount": 120, "checkpoint": {…}, "events": ["{…}", …], "state": {…}, … }
/// ```
/// The checksum (FNV-1a 64 of the body bytes) catches truncation and hand edits that break
/// the body; a file failing it is refused rather than silently reset.
struct StateFile: Codable, Equatable {
  /// The rule pack the state was last saved with.
  struct PackStamp: Codable, Equatable {
    var name: String
    var version: String
    var digest: String
  }

  var pack: PackStamp
  var windowDays: Int
  var appliedCount: Int
  /// Events dated before this day are folded into `checkpoint` and no longer kept.
  var watermark: Day?
  var checkpoint: PlayerProgress
  /// Events on or after the watermark, in application order, as JSON lines.
  var events: [String]
  /// The current state: `checkpoint` with `events` applied.
  var state: PlayerProgress

  static let format = 1

  func encoded() throws(DiagnosticError) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let body: [UInt8]
    do {
      body = Array(try encoder.encode(self))
    } catch {
      throw DiagnosticError(Diagnostic(message: "cannot encode the state: \(error)"))
    }
    var hash = FNV1a()
    hash.add(body)
    return Array("{\"fitquestLedger\":\(StateFile.format),\"checksum\":\"\(hash.hex)\"}\n".utf8) + body + [0x0A]
  }

  static func decode(_ source: SourceFile) throws(DiagnosticError) -> StateFile {
    let bytes = source.bytes
    guard let newline = bytes.firstIndex(of: 0x0A) else {
      throw DiagnosticError(Diagnostic(file: source.name, message: "not a FitQuest state file (no header line)"))
    }
    let header: JSONValue
    do {
      header = try JSONReader.parse(Array(bytes[..<newline]))
    } catch {
      throw DiagnosticError(Diagnostic(in: source, offset: error.offset, message: "not a FitQuest state file: \(error.message)"))
    }
    guard let format = header["fitquestLedger"]?.number, let checksum = header["checksum"]?.string else {
      throw DiagnosticError(Diagnostic(in: source, offset: 0, message: "not a FitQuest state file (header lacks 'fitquestLedger' and 'checksum')"))
    }
    if format > Double(StateFile.format) {
      throw DiagnosticError(Diagnostic(in: source, offset: 0, message: "state file format \(NumberText.format(format)) is newer than this fitquest supports (\(StateFile.format))"))
    }
    var body = Array(bytes[(newline + 1)...])
    if body.last == 0x0A { body.removeLast() }
    var hash = FNV1a()
    hash.add(body)
    guard hash.hex == checksum else {
      throw DiagnosticError(
        Diagnostic(in: source, offset: 0, message: "the state file is damaged: its checksum does not match its contents; restore it from a backup (FitQuest never writes a partial file)"))
    }
    do {
      _ = try JSONReader.parse(body)
    } catch {
      throw DiagnosticError(Diagnostic(in: source, offset: newline + 1 + error.offset, message: error.message))
    }
    do {
      return try JSONDecoder().decode(StateFile.self, from: Data(body))
    } catch let DecodingError.keyNotFound(key, context) {
      throw DiagnosticError(Diagnostic(file: source.name, message: "state file lacks '\(path(context.codingPath + [key]))'"))
    } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
      let DecodingError.dataCorrupted(context)
    {
      throw DiagnosticError(Diagnostic(file: source.name, message: "state file has an invalid '\(path(context.codingPath))': \(context.debugDescription)"))
    } catch {
      throw DiagnosticError(Diagnostic(file: source.name, message: "state file cannot be read: \(error)"))
    }
  }

  private static func path(_ keys: [any CodingKey]) -> String {
    var path = JSONPath.root
    for key in keys {
      if let index = key.intValue { path = path.appending(index) } else { path = path.appending(key.stringValue) }
    }
    return path.description
  }
}
