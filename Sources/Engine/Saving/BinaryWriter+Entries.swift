// Lists kept one entry per name of the pack (categories, exercises, achievements, quests,
// seasons) in the binary form: `total`, the digest of the pack's names when the list starts with
// exactly those names in their order (else 0), then the entries written — when aligned, those of
// the pack's names that differ from a new entry and every entry after them (a pack may keep
// entries of its own beyond its names: unlisted exercises); otherwise every entry — each as its
// index, its name and its fields.
//
// Read with the same pack, an aligned list comes back whole (the skipped entries made from the
// pack's names). Read with another pack (the rules changed), only the entries written come back,
// by name, and the engine re-aligns them like any saved state (a skipped entry was new, so
// nothing is lost).

import RuleLanguage

extension BinaryWriter {
  package mutating func entries<Entry>(
    _ list: [Entry], packNames: PackNames?, name: (Entry) -> String, isNew: (Entry) -> Bool,
    fields: (inout BinaryWriter, Entry) -> Void
  ) {
    unsigned(UInt64(list.count))
    // In place, one pass each: a loop over copies of the entries (a name and arrays in each)
    // retained and released every field of every entry, twice per save.
    list.withUnsafeBufferPointer { entries in
      var digest: UInt64 = 0
      if let packNames, packNames.names.count <= entries.count {
        let aligned = packNames.names.withUnsafeBufferPointer { names in
          names.indices.allSatisfy { name(entries[$0]).hasSameBytes(as: names[$0]) }
        }
        if aligned { digest = packNames.digest }
      }
      raw64(digest)
      let named = digest == 0 ? 0 : packNames?.names.count ?? 0
      // The count of entries written goes before them: inserted once they are written.
      let countAt = count
      var written = 0
      for index in entries.indices where index >= named || !isNew(entries[index]) {
        written += 1
        unsigned(UInt64(index))
        string(name(entries[index]))
        fields(&self, entries[index])
      }
      insertUnsigned(UInt64(written), at: countAt)
    }
  }
}

extension BinaryReader {
  /// The most entries a list of a pack's names may have.
  static let maximumEntries = 1_000_000

  package mutating func entries<Entry>(
    packNames: PackNames?, make: (String) -> Entry,
    fields: (inout BinaryReader, inout Entry) throws(BinaryFormatError) -> Void
  ) throws(BinaryFormatError) -> [Entry] {
    let start = offset
    let total = try count(maximum: BinaryReader.maximumEntries, fillsInput: false)
    let digest = try raw64()
    let written = try count(maximum: total)
    let aligned = digest != 0 && packNames.map { $0.names.count <= total && $0.digest == digest } == true
    let named = aligned ? packNames?.names ?? [] : []
    var list: [Entry] = named.map(make)
    list.reserveCapacity(aligned ? total : written)
    var previous = -1
    for position in 0..<written {
      let entryStart = offset
      let index = try count(maximum: total - 1, fillsInput: false)
      guard index > previous, digest != 0 || index == position else {
        throw BinaryFormatError("entry \(index) is out of order", at: entryStart)
      }
      previous = index
      let name = try string()
      if index < named.count {
        guard name.hasSameBytes(as: named[index]) else {
          throw BinaryFormatError("entry \(index) is '\(name)', not the pack's", at: entryStart)
        }
        try fields(&self, &list[index])
      } else {
        guard !aligned || index == list.count else {
          throw BinaryFormatError("entry \(index) is out of order", at: entryStart)
        }
        var entry = make(name)
        try fields(&self, &entry)
        list.append(entry)
      }
    }
    if aligned, list.count != total {
      throw BinaryFormatError("a list of \(total) entries holds \(list.count)", at: start)
    }
    return list
  }
}
