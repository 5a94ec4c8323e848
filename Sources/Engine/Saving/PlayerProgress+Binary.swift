// The compact binary form of a progress, for stores that save many players often (one
// encode/decode pair for a whole progress: `progress.binary(for: pack)` and
// `PlayerProgress(binary: bytes, pack: pack)`):
//
//   0xFB, form version 1, the writer's state version (varint), the number of sections (varint),
//   then per mechanic whose state is not empty: its state key (string) and its state as a
//   length-prefixed section, each mechanic writing its own (its `write`/`read`), then an 8-byte
//   checksum (WordHash) of everything before it.
//
// A section that is absent means the mechanic's empty state (a state saved before the mechanic
// existed loads, as with JSON); a key this build does not know is refused, naming the state
// version that wrote it. Lists kept per name of the pack write only the entries that differ from
// a new player's, when the list has the pack's names (BinaryWriter+Entries.swift). Numbers keep
// every bit: decoding what was encoded with the same pack gives an equal progress. A decoded
// progress is checked like a JSON one (ranges, duplicates) and the checksum is verified first,
// so damage is an error with the field's path or byte offset, never a crash or a changed value.

extension PlayerProgress {
  /// The first byte of the binary form, and its version.
  static let binaryMarker: UInt8 = 0xFB
  static let binaryVersion: UInt8 = 1

  /// The progress in its compact binary form. `pack` should be the pack the progress is aligned
  /// to (the engine's): entries a new player of that pack would have are then left out.
  package func binary(for pack: RulePack?) -> [UInt8] {
    var writer = BinaryWriter()
    write(to: &writer, pack: pack)
    return writer.bytes
  }

  /// Appends the binary form (with its checksum) to a writer.
  package func write(to writer: inout BinaryWriter, pack: RulePack?) {
    let start = writer.count
    writer.byte(Self.binaryMarker)
    writer.byte(Self.binaryVersion)
    writer.unsigned(UInt64(Mechanics.stateVersion))
    let written = Mechanics.all.filter { !$0.hasEmptyState(in: self) }
    writer.unsigned(UInt64(written.count))
    for mechanic in written {
      writer.string(mechanic.stateKey)
      writer.lengthPrefixed { mechanic.writeState(of: self, to: &$0, pack: pack) }
    }
    var hash = WordHash()
    writer.withBytes(from: start) { hash.add($0) }
    writer.raw64(hash.final)
  }

  /// Reads a progress from its binary form (exactly those bytes).
  /// - Throws: ``BinaryFormatError`` for damaged bytes (checksum, structure), an unknown
  ///   mechanic's key (with the state version needed) or values no events produce (with their path).
  package init(binary bytes: [UInt8], pack: RulePack?) throws(BinaryFormatError) {
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(BinaryFormatError) in try PlayerProgress(binary: buffer, pack: pack) }
    }
    self = try result.get()
  }

  /// Reads a progress from its binary form (exactly the bytes of `buffer`).
  package init(binary buffer: UnsafeRawBufferPointer, pack: RulePack?) throws(BinaryFormatError) {
    var reader = BinaryReader(buffer)
    self = try PlayerProgress(from: &reader, pack: pack)
    guard reader.isAtEnd else {
      throw BinaryFormatError("\(reader.end - reader.offset) bytes after the progress", at: reader.offset)
    }
  }

  /// Reads a progress's binary form at a reader's position (as ``write(to:pack:)`` appended it).
  /// `mechanics`: only these mechanics' sections are read (the others are left as a new
  /// player's; the checksum still covers every byte); nil: all of them.
  package init(from reader: inout BinaryReader, pack: RulePack?, mechanics: [any Mechanic.Type]? = nil)
    throws(BinaryFormatError)
  {
    let start = reader.offset
    guard try reader.byte() == Self.binaryMarker else { throw BinaryFormatError("not a FitQuest progress", at: start) }
    let form = try reader.byte()
    guard form == Self.binaryVersion else {
      throw BinaryFormatError(
        "binary progress form \(form) is not one this FitQuest reads (\(Self.binaryVersion)); update FitQuest",
        at: start + 1)
    }
    let writer = try reader.count(maximum: Int(UInt32.max), fillsInput: false)
    let count = try reader.count()
    var sections: [(mechanic: any Mechanic.Type, offset: Int, length: Int)] = []
    for _ in 0..<count {
      let keyOffset = reader.offset
      let key = try reader.string()
      guard let mechanic = Mechanics.mechanic(savedAs: key) else {
        throw BinaryFormatError(
          writer > Mechanics.stateVersion
            ? "'\(key)' is the state of a mechanic this FitQuest does not know: written by state version \(writer), this one reads up to \(Mechanics.stateVersion); update FitQuest"
            : "unknown section '\(key)'", at: keyOffset)
      }
      guard !sections.contains(where: { $0.mechanic == mechanic }) else {
        throw BinaryFormatError("section '\(key)' appears twice", at: keyOffset)
      }
      let length = try reader.count()
      sections.append((mechanic, reader.offset, length))
      reader.skip(length)
    }
    let checksumOffset = reader.offset
    let expected = try reader.raw64()
    var hash = WordHash()
    hash.add(reader.bytes(start..<checksumOffset))
    guard hash.final == expected else {
      throw BinaryFormatError("the checksum does not match: the progress is damaged", at: checksumOffset)
    }
    self.init()
    for section in sections where mechanics?.contains(where: { $0 == section.mechanic }) ?? true {
      var body = reader.section(section.offset, length: section.length)
      try section.mechanic.readState(into: &self, from: &body, pack: pack)
    }
    var checker = ProgressCheck("progress")
    checker.check(self, mechanics: mechanics)
    if let problem = checker.problems.first {
      throw BinaryFormatError("\(problem.path): \(problem.message)", at: start)
    }
  }
}

extension Mechanic {
  package static func hasEmptyState(in progress: PlayerProgress) -> Bool { progress[keyPath: state] == emptyState }

  package static func writeState(of progress: PlayerProgress, to writer: inout BinaryWriter, pack: RulePack?) {
    write(progress[keyPath: state], to: &writer, pack: pack)
  }

  package static func readState(into progress: inout PlayerProgress, from reader: inout BinaryReader, pack: RulePack?)
    throws(BinaryFormatError)
  {
    progress[keyPath: state] = try read(from: &reader, pack: pack)
    guard reader.isAtEnd else {
      throw BinaryFormatError(
        "\(reader.end - reader.offset) unread bytes at the end of section '\(stateKey)'", at: reader.offset)
    }
  }
}
