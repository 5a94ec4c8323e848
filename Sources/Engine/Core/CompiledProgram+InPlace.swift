import RuleLanguage

extension CompiledProgram {
  /// The result of a program of a simple ``CompiledProgram/Shape``, computed in place; nil when
  /// the interpreter must run it (``CompiledProgram/Shape/other``, or a scaled slot whose product
  /// is not finite: `run` then reports the failure). In this module so that the engine's formula
  /// evaluation inlines it (a call into the formula module is not inlined).
  @inline(__always)
  func inPlace(slots: UnsafePointer<Double>) -> Double? {
    switch shape {
    case .constant(let value): return value
    case .slot(let slot): return slots[slot]
    case .compared(let slot, let comparison, let bound): return comparison.holds(slots[slot], bound) ? 1 : 0
    case .scaled(let slot, let factor):
      let value = slots[slot] * factor
      return value.isFinite ? value : nil
    case .other: return nil
    }
  }
}
