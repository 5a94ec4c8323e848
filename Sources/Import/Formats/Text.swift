/// Small text helpers for reading exports.
enum Text {
  /// Lowercased, without surrounding spaces: how header names and units are compared.
  static func key(_ text: String) -> String { text.lowercased().trimmingSpaces }

  /// A decimal number as exports write it: `149.99999999999997`, `-3`, `1e2`, or with a decimal
  /// comma (`100,5`) when `decimalComma` (semicolon-separated files); nil when empty or not a
  /// number.
  static func number(_ text: String, decimalComma: Bool = false) -> Double? {
    guard !text.isEmpty else { return nil }
    let normalized = decimalComma && !text.utf8.contains(UInt8(ascii: ".")) ? text.replacingComma() : text
    guard let value = Double(normalized), value.isFinite else { return nil }
    return value
  }

  /// 8 hexadecimal digits of the FNV-1a 32-bit hash of the text's UTF-8 bytes.
  static func hash(_ text: String) -> String {
    var hash: UInt32 = 0x811C_9DC5
    for byte in text.utf8 {
      hash ^= UInt32(byte)
      hash = hash &* 0x0100_0193
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }
}

extension String {
  fileprivate func replacingComma() -> String { String(map { $0 == "," ? "." : $0 }) }
}
