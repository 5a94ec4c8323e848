/// Where a formula's text lives, so that offsets inside the formula map to file positions.
public struct FormulaOrigin: Sendable {
  enum Placement: Sendable {
    /// Formula offsets are offsets in the source itself (a bare expression, or JsonLogic).
    case whole
    /// The formula is the content of a JSON string whose opening quote is at this offset.
    case jsonString(quoteOffset: Int)
  }

  /// The file holding the formula.
  public let source: SourceFile
  let placement: Placement

  /// A formula that is the whole of a source (such as an expression on the command line).
  public static func whole(_ source: SourceFile) -> FormulaOrigin {
    FormulaOrigin(source: source, placement: .whole)
  }

  /// A formula written as a JSON string whose opening quote is at `quoteOffset`.
  public static func jsonString(_ source: SourceFile, quoteOffset: Int) -> FormulaOrigin {
    FormulaOrigin(source: source, placement: .jsonString(quoteOffset: quoteOffset))
  }

  /// Maps an offset inside the formula to an offset in the file, accounting for JSON escapes.
  public func fileOffset(_ formulaOffset: Int) -> Int {
    guard case .jsonString(let quote) = placement else { return formulaOffset }
    let bytes = source.bytes
    var raw = quote + 1
    var decoded = 0
    while decoded < formulaOffset, raw < bytes.count, bytes[raw] != UInt8(ascii: "\"") {
      guard bytes[raw] == UInt8(ascii: "\\"), raw + 1 < bytes.count else {
        raw += 1
        decoded += 1
        continue
      }
      if bytes[raw + 1] != UInt8(ascii: "u") {
        raw += 2
        decoded += 1
        continue
      }
      let code = hexValue(bytes, raw + 2)
      if (0xD800...0xDBFF).contains(code) {
        raw += 12
        decoded += 4
      } else {
        raw += 6
        decoded += code < 0x80 ? 1 : (code < 0x800 ? 2 : 3)
      }
    }
    return raw
  }

  private func hexValue(_ bytes: [UInt8], _ start: Int) -> Int {
    var value = 0
    for index in start..<min(start + 4, bytes.count) {
      guard let digit = Int(String(UnicodeScalar(bytes[index])), radix: 16) else { return 0 }
      value = value * 16 + digit
    }
    return value
  }

  /// A located diagnostic for an offset inside the formula.
  public func diagnostic(at formulaOffset: Int, message: String) -> Diagnostic {
    Diagnostic(in: source, offset: fileOffset(formulaOffset), message: message)
  }

  func diagnostic(for error: FormulaSyntaxError) -> Diagnostic {
    var diagnostic = diagnostic(at: error.offset, message: error.message)
    diagnostic.isUnknownName = error.isUnknownName
    return diagnostic
  }
}
