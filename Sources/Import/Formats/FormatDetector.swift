/// Recognises an export from its first bytes: a zip archive or XML is Apple Health; a CSV is
/// recognised by its header's column names.
enum FormatDetector {
  /// What a file looks like: a format, or a description of what it is instead.
  enum Guess: Equatable {
    case format(ImportFormat, zip: Bool)
    case unknown(String)
  }

  static func guess(_ head: [UInt8]) -> Guess {
    if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
      return .format(.appleHealth, zip: true)
    }
    if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
      return .unknown("a UTF-16 text file (save it as UTF-8)")
    }
    let text = String(decoding: head.prefix(4096), as: UTF8.self)
    if text.contains("<HealthData") || text.contains("<!DOCTYPE HealthData") {
      return .format(.appleHealth, zip: false)
    }
    if text.hasPrefix("<?xml") || text.hasPrefix("\u{FEFF}<?xml") {
      return .unknown("an XML document without <HealthData>")
    }
    if head.contains(0) { return .unknown("a binary file") }
    let firstLine = String(text.prefix { $0 != "\n" && $0 != "\r\n" && $0 != "\r" })
    let separator: Character = firstLine.filter { $0 == ";" }.count > firstLine.filter { $0 == "," }.count ? ";" : ","
    let keys = firstLine.split(separator: separator).map {
      Text.key(String($0).filter { $0 != "\"" && $0 != "\u{FEFF}" })
    }
    if keys.contains("exercise_title") && keys.contains("start_time") { return .format(.hevy, zip: false) }
    if keys.contains("exercise name") && (keys.contains("workout name") || keys.contains("set order")) {
      return .format(.strong, zip: false)
    }
    if keys.contains("exercise") && keys.contains("date") { return .format(.fitnotes, zip: false) }
    if firstLine.isEmpty { return .unknown("an empty file") }
    return .unknown("a file whose first line is '\(firstLine.prefix(80))'")
  }

  /// "a Hevy export", "an Apple Health export (a zip archive)".
  static func describe(_ guess: Guess) -> String {
    switch guess {
    case .format(let format, let zip):
      return "\(format == .appleHealth ? "an" : "a") \(format.appName) export\(zip ? " (a zip archive)" : "")"
    case .unknown(let what): return what
    }
  }
}
