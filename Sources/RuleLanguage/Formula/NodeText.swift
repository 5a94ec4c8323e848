/// How a formula node is shown in traces and error messages, kept as a reference into the
/// formula's source rather than a copy: a 1 MB formula's nodes together hold O(n) memory, not
/// O(n²). The text is made only when it is shown, and a very long one is cut in the middle.
enum NodeText: Sendable, ExpressibleByStringInterpolation {
  /// Bytes `start..<end` of a formula text.
  case range(FormulaText, start: Int, end: Int)
  /// A JsonLogic value, shown as compact JSON.
  case json(JSONValue)
  /// A text made by the compiler ("sum of the terms").
  case fixed(String)

  init(stringLiteral value: String) { self = .fixed(value) }

  init(stringInterpolation: DefaultStringInterpolation) {
    self = .fixed(String(stringInterpolation: stringInterpolation))
  }

  /// The longest text shown; longer ones keep their beginning and end around "…".
  static let maximumLength = 160

  /// The text as shown.
  var string: String {
    switch self {
    case .range(let text, let start, let end):
      let length = end - start
      if length <= NodeText.maximumLength { return text.string(start, end) }
      let half = NodeText.maximumLength / 2
      return text.string(start, start + half) + "…" + text.string(end - half, end)
    case .json(let value):
      let shown = value.description
      guard shown.count > NodeText.maximumLength else { return shown }
      let half = NodeText.maximumLength / 2
      return String(shown.prefix(half)) + "…" + String(shown.suffix(half))
    case .fixed(let text): return text
    }
  }
}

/// The bytes of a formula's text, shared by all of its nodes.
final class FormulaText: Sendable {
  let bytes: [UInt8]

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The text of a byte range, with ranges cut inside a UTF-8 sequence widened to whole scalars.
  func string(_ start: Int, _ end: Int) -> String {
    var from = max(0, min(start, bytes.count))
    var to = max(from, min(end, bytes.count))
    while from > 0, bytes[from] & 0xC0 == 0x80 { from -= 1 }
    while to < bytes.count, bytes[to] & 0xC0 == 0x80 { to += 1 }
    return String(decoding: bytes[from..<to], as: UTF8.self)
  }
}
