import Engine
import Foundation
import RuleLanguage

/// The header line of a state file and the JSON body after it: encoding, checking, and errors
/// that name the file and the field.
enum LedgerFormat {
  /// The header and body bytes of a value.
  static func encode(_ value: some Encodable, format: Int) throws(DiagnosticError) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let body: [UInt8]
    do {
      body = Array(try encoder.encode(value))
    } catch {
      throw DiagnosticError(Diagnostic(message: "cannot encode the state: \(error)"))
    }
    var hash = FNV1a()
    hash.add(body)
    return Array("{\"fitquestLedger\":\(format),\"checksum\":\"\(hash.hex)\"}\n".utf8) + body + [0x0A]
  }

  /// The format number and the checked body of a state file.
  static func split(_ source: SourceFile) throws(LedgerError) -> (Int, [UInt8]) {
    let bytes = source.bytes
    guard let newline = bytes.firstIndex(of: 0x0A) else {
      throw .corrupt(Diagnostic(file: source.name, message: "not a FitQuest state file (no header line)"))
    }
    let header: JSONValue
    do {
      header = try JSONReader.parse(Array(bytes[..<newline]))
    } catch {
      throw .corrupt(
        Diagnostic(in: source, offset: error.offset, message: "not a FitQuest state file: \(error.message)"))
    }
    guard let number = header["fitquestLedger"]?.number, let checksum = header["checksum"]?.string else {
      throw .corrupt(
        Diagnostic(
          in: source, offset: 0, message: "not a FitQuest state file (its header lacks 'fitquestLedger' and 'checksum')"
        ))
    }
    guard number == number.rounded(), number >= 1, number <= Double(FileStore.format) else {
      let reason =
        number > Double(FileStore.format) && number == number.rounded()
        ? "is newer than this FitQuest reads (\(FileStore.format)); update FitQuest" : "is not a FitQuest state format"
      throw .corrupt(
        Diagnostic(in: source, offset: 0, message: "state file format \(NumberText.format(number)) \(reason)"))
    }
    var body = Array(bytes[(newline + 1)...])
    if body.last == 0x0A { body.removeLast() }
    var hash = FNV1a()
    hash.add(body)
    guard hash.hex == checksum else {
      throw .corrupt(
        Diagnostic(
          in: source, offset: 0,
          message:
            "the state file is damaged: its checksum does not match its contents; restore it from a backup (FitQuest never writes a partial file)"
        ))
    }
    do {
      _ = try JSONReader.parse(body)
    } catch {
      throw .corrupt(Diagnostic(in: source, offset: newline + 1 + error.offset, message: error.message))
    }
    return (Int(number), body)
  }

  /// Decodes a body, naming the field of any problem.
  static func decode<T: Decodable>(_ type: T.Type, from body: [UInt8], _ source: SourceFile) throws(LedgerError) -> T {
    do {
      return try JSONDecoder().decode(T.self, from: Data(body))
    } catch let DecodingError.keyNotFound(key, context) {
      throw .corrupt(Diagnostic(file: source.name, message: "state file lacks '\(path(context.codingPath + [key]))'"))
    } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
      let DecodingError.dataCorrupted(context)
    {
      let field = path(context.codingPath)
      throw .corrupt(
        Diagnostic(
          file: source.name,
          message: "state file has an invalid \(field == "$" ? "value" : "'\(field)'"): \(context.debugDescription)"))
    } catch {
      throw .corrupt(Diagnostic(file: source.name, message: "state file cannot be read: \(error)"))
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
