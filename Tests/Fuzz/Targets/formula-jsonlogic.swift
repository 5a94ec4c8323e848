import RuleLanguage

/// Fuzz target: JsonLogic formulas, the same oracles as the readable spelling.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let source = SourceFile(name: "fuzz.json", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
  guard let value = try? JSONReader.parse(source) else { return 0 }
  if let formula = try? FormulaCompiler.compile(jsonLogic: value, source: source) {
    _ = try? formula.evaluate(data: FuzzData.value)
  }
  if let typed = try? FormulaCompiler.compile(jsonLogic: value, source: source, scope: FuzzData.scope) {
    FuzzData.checkAgreement(typed)
  }
  return 0
}
