import RuleLanguage

/// Fuzz target: the JSON reader must accept or reject any bytes with a located error, never crash,
/// and what it accepts must print and read back equal.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let value = try? JSONReader.parse(bytes) else { return 0 }
  let text = value.description
  guard let again = try? JSONReader.parse(text), Value(again) == Value(value) else {
    fatalError("round trip failed: \(text)")
  }
  return 0
}
