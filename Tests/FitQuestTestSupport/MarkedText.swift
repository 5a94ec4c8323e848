import RuleLanguage

/// Text with emoji position markers (`1️⃣`, `2️⃣`, …) removed, and where each marker stood,
/// as swift-format's tests mark expected diagnostic positions.
public struct MarkedText {
  /// The text without markers.
  public let text: String
  /// Each marker's byte offset in `text`.
  public let offsets: [String: Int]

  public static let markers = ["0️⃣", "1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

  /// Strips the markers from `marked`. (A byte scan: every marker is a digit followed by the same
  /// two scalars, U+FE0F U+20E3, so the text is read once, not once per marker per character.)
  public init(_ marked: String) {
    let bytes = Array(marked.utf8)
    let keycap = Array("0️⃣".utf8.dropFirst())
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count)
    var offsets: [String: Int] = [:]
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), index + keycap.count < bytes.count,
        bytes[(index + 1)...(index + keycap.count)].elementsEqual(keycap)
      {
        offsets[MarkedText.markers[Int(byte - UInt8(ascii: "0"))]] = text.count
        index += 1 + keycap.count
        continue
      }
      text.append(byte)
      index += 1
    }
    self.text = String(decoding: text, as: UTF8.self)
    self.offsets = offsets
  }

  /// The line and column of a marker.
  public func position(_ marker: String = "1️⃣") -> SourcePosition? {
    guard let offset = offsets[marker] else { return nil }
    return SourceFile(name: "", text: text).position(of: offset)
  }
}
