import RuleLanguage

/// Fuzz target: readable formulas. Any text compiles or fails with a located error; a typed
/// formula's bytecode must agree with the reference evaluator, failures included.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  if let formula = try? FormulaCompiler.compile(text: text) {
    _ = try? formula.evaluate(data: FuzzData.value)
    _ = formula.traced(data: FuzzData.value)
  }
  if let typed = try? FormulaCompiler.compile(text: text, scope: FuzzData.scope) {
    FuzzData.checkAgreement(typed)
  }
  return 0
}
