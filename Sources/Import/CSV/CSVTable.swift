import RuleLanguage

/// A CSV export: its header, and its data rows as fields aligned to the header. A row with
/// fewer fields is padded with empty ones (some tools drop trailing empty fields); a row with
/// more is repaired when the extra fields come from an unquoted delimiter inside a text column
/// (an exercise named `Curl, Hammer`): the fields are joined back at the first text column for
/// which the row then reads, and the row is reported as recovered. Otherwise it is skipped.
package struct CSVTable {
  private var reader: CSVReader
  /// The header's names as written, and as compared (lowercased, trimmed).
  package let header: [String]
  let keys: [String]

  /// Reads the header (the first record).
  package init(_ reader: CSVReader) throws(DiagnosticError) {
    self.reader = reader
    guard try self.reader.next() else {
      throw DiagnosticError(Diagnostic(file: reader.name, message: "the file is empty"))
    }
    header = self.reader.rawFields.map(\.trimmingSpaces)
    keys = header.map(Text.key)
  }

  /// The file's name.
  package var name: String { reader.name }

  /// Whether decimals may be written with a comma (a semicolon-separated file).
  package var usesDecimalComma: Bool { reader.delimiter == UInt8(ascii: ";") }

  /// The first column named one of `names` (compared lowercased).
  package func column(_ names: String...) -> Int? {
    for name in names { if let index = keys.firstIndex(of: name) { return index } }
    return nil
  }

  /// A column headed `name (unit)`: its index and the unit.
  package func column(withUnit name: String) -> (index: Int, unit: String)? {
    for (index, key) in keys.enumerated() where key.hasPrefix(name + " (") && key.hasSuffix(")") {
      return (index, String(key.dropFirst(name.count + 2).dropLast()))
    }
    return nil
  }

  /// The next data row (nil at the end), aligned to the header.
  /// - Parameters:
  ///   - textColumns: the columns free text may be in, where an unquoted delimiter can hide, the
  ///     likeliest first.
  ///   - reads: whether aligned fields read (dates and numbers where they belong).
  package mutating func nextRow(textColumns: [Int], reads: ([String]) -> Bool, report: inout ImportReport)
    throws(DiagnosticError)
    -> (fields: [String], line: Int)?
  {
    while try reader.next() {
      report.rows += 1
      let line = reader.recordLine
      if reader.isUnterminated {
        report.note(line, .skipped, "a quoted field is never closed (the rest of the file was read as this row)")
        continue
      }
      if reader.count <= header.count {
        return ((0..<header.count).map { $0 < reader.count ? reader.text($0) : "" }, line)
      }
      let raw = reader.rawFields
      let extra = raw.count - header.count
      let delimiter = String(UnicodeScalar(reader.delimiter))
      for column in textColumns where column < header.count {
        let joined = raw[column...(column + extra)].joined(separator: delimiter)
        let candidate = (Array(raw[..<column]) + [joined] + Array(raw[(column + extra + 1)...])).map(\.trimmingSpaces)
        if reads(candidate) {
          report.note(line, .recovered, "an unquoted '\(delimiter)' in '\(header[column])' ('\(candidate[column])')")
          return (candidate, line)
        }
      }
      report.note(line, .skipped, "\(raw.count) fields where the header has \(header.count)")
    }
    return nil
  }
}

extension String {
  /// Without surrounding spaces and tabs.
  var trimmingSpaces: String {
    var text = Substring(self)
    while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
    while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
    return String(text)
  }
}
