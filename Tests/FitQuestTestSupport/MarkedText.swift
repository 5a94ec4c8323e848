import RuleLanguage

/// Text with emoji position markers (`1️⃣`, `2️⃣`, …) removed, and where each marker stood,
/// as swift-format's tests mark expected diagnostic positions.
public struct MarkedText {
  /// The text without markers.
  public let text: String
  /// Each marker's byte offset in `text`.
  public let offsets: [String: Int]

  public static let markers = ["0️⃣", "1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

  /// Strips the markers from `marked`.
  public init(_ marked: String) {
    var text = ""
    var offsets: [String: Int] = [:]
    var rest = Substring(marked)
    outer: while !rest.isEmpty {
      for marker in MarkedText.markers where rest.hasPrefix(marker) {
        offsets[marker] = text.utf8.count
        rest = rest.dropFirst(marker.count)
        continue outer
      }
      text.append(rest.removeFirst())
    }
    self.text = text
    self.offsets = offsets
  }

  /// The line and column of a marker.
  public func position(_ marker: String = "1️⃣") -> SourcePosition? {
    guard let offset = offsets[marker] else { return nil }
    return SourceFile(name: "", text: text).position(of: offset)
  }
}
