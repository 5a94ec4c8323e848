import RuleLanguage

/// The members of a zip archive, from its central directory (APPNOTE.TXT §4.3.16), with ZIP64
/// sizes and offsets; a member's bytes are read from the file as they are needed.
package struct ZipArchive {
  /// A file in the archive.
  package struct Member: Sendable, Equatable {
    /// Its path in the archive (`apple_health_export/export.xml`).
    package var path: String
    /// 0: stored; 8: deflated (the only methods read).
    package var method: Int
    package var compressedSize: Int
    package var size: Int
    package var crc: UInt32
    /// Where its local header starts.
    package var headerOffset: Int
  }

  package let file: InputFile
  package private(set) var members: [Member] = []

  /// Reads the central directory of a zip file.
  package init(_ file: InputFile) throws(DiagnosticError) {
    self.file = file
    let tail = min(file.size, 22 + 65_535)
    let end = try file.bytes(at: file.size - tail, count: tail, what: "the end of the zip archive")
    guard let record = Self.lastIndex(of: 0x0605_4B50, in: end) else {
      throw DiagnosticError(
        Diagnostic(file: file.path, message: "not a zip archive (no end of central directory record)"))
    }
    var count = Int(Self.uint16(end, record + 10))
    var directorySize = Int(Self.uint32(end, record + 12))
    var directoryOffset = Int(Self.uint32(end, record + 16))
    if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
      // ZIP64: the locator just before the record points at the ZIP64 end record.
      guard record >= 20, Self.uint32(end, record - 20) == 0x0706_4B50 else {
        throw DiagnosticError(
          Diagnostic(file: file.path, message: "a ZIP64 archive without its end of central directory locator"))
      }
      let offset = Int(Self.uint64(end, record - 20 + 8))
      let zip64 = try file.bytes(at: offset, count: 56, what: "the ZIP64 end of central directory record")
      guard Self.uint32(zip64, 0) == 0x0606_4B50 else {
        throw DiagnosticError(Diagnostic(file: file.path, message: "a damaged ZIP64 end of central directory record"))
      }
      count = Int(Self.uint64(zip64, 32))
      directorySize = Int(Self.uint64(zip64, 40))
      directoryOffset = Int(Self.uint64(zip64, 48))
    }
    guard directorySize >= 0, directorySize < 1 << 30, directoryOffset >= 0,
      directoryOffset + directorySize <= file.size
    else {
      throw DiagnosticError(
        Diagnostic(file: file.path, message: "a damaged zip archive (its central directory lies outside the file)"))
    }
    let directory = try file.bytes(
      at: directoryOffset, count: directorySize, what: "the zip archive's central directory")
    var position = 0
    for _ in 0..<count {
      guard position + 46 <= directory.count, Self.uint32(directory, position) == 0x0201_4B50 else {
        throw DiagnosticError(
          Diagnostic(file: file.path, message: "a damaged zip archive (central directory entry \(members.count + 1))"))
      }
      let nameLength = Int(Self.uint16(directory, position + 28))
      let extraLength = Int(Self.uint16(directory, position + 30))
      let commentLength = Int(Self.uint16(directory, position + 32))
      let next = position + 46 + nameLength + extraLength + commentLength
      guard next <= directory.count else {
        throw DiagnosticError(
          Diagnostic(file: file.path, message: "a damaged zip archive (central directory entry \(members.count + 1))"))
      }
      var member = Member(
        path: String(decoding: directory[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self),
        method: Int(Self.uint16(directory, position + 10)),
        compressedSize: Int(Self.uint32(directory, position + 20)), size: Int(Self.uint32(directory, position + 24)),
        crc: Self.uint32(directory, position + 16), headerOffset: Int(Self.uint32(directory, position + 42)))
      Self.applyZip64(
        Array(directory[(position + 46 + nameLength)..<(position + 46 + nameLength + extraLength)]), to: &member)
      members.append(member)
      position = next
    }
  }

  /// Replaces 0xFFFFFFFF sizes and offset with the ZIP64 extra field's values, in its order.
  private static func applyZip64(_ extra: [UInt8], to member: inout Member) {
    var position = 0
    while position + 4 <= extra.count {
      let id = uint16(extra, position)
      let length = Int(uint16(extra, position + 2))
      guard id == 0x0001 else {
        position += 4 + length
        continue
      }
      var field = position + 4
      let end = min(extra.count, field + length)
      if member.size == 0xFFFF_FFFF, field + 8 <= end {
        member.size = Int(uint64(extra, field))
        field += 8
      }
      if member.compressedSize == 0xFFFF_FFFF, field + 8 <= end {
        member.compressedSize = Int(uint64(extra, field))
        field += 8
      }
      if member.headerOffset == 0xFFFF_FFFF, field + 8 <= end { member.headerOffset = Int(uint64(extra, field)) }
      return
    }
  }

  /// A member's decompressed bytes as a stream (its CRC-32 is checked by ``ZipMemberSource``).
  package func open(_ member: Member) throws(DiagnosticError) -> ZipMemberSource {
    let header = try file.bytes(at: member.headerOffset, count: 30, what: "the local header of '\(member.path)'")
    guard Self.uint32(header, 0) == 0x0403_4B50 else {
      throw DiagnosticError(
        Diagnostic(file: file.path, message: "a damaged zip archive (the local header of '\(member.path)')"))
    }
    let start = member.headerOffset + 30 + Int(Self.uint16(header, 26)) + Int(Self.uint16(header, 28))
    guard start + member.compressedSize <= file.size else {
      throw DiagnosticError(
        Diagnostic(file: file.path, message: "a damaged zip archive ('\(member.path)' runs past the end of the file)"))
    }
    let name = "\(file.path)/\(member.path)"
    let range = FileRange(file, from: start, to: start + member.compressedSize)
    switch member.method {
    case 0: return ZipMemberSource(member: member, name: name, stored: range)
    case 8:
      return ZipMemberSource(member: member, name: name, inflating: Inflater(ByteStream(range, name: name), name: name))
    default:
      throw DiagnosticError(
        Diagnostic(
          file: file.path,
          message:
            "'\(member.path)' is compressed with method \(member.method); only stored and deflated members are read"))
    }
  }

  static func uint16(_ bytes: [UInt8], _ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
  static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    UInt32(uint16(bytes, at)) | UInt32(uint16(bytes, at + 2)) << 16
  }
  static func uint64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
    UInt64(uint32(bytes, at)) | UInt64(uint32(bytes, at + 4)) << 32
  }

  private static func lastIndex(of signature: UInt32, in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 22 else { return nil }
    return stride(from: bytes.count - 22, through: 0, by: -1).first { uint32(bytes, $0) == signature }
  }
}

/// A zip member's decompressed bytes, checked against its size and CRC-32 at the end.
package struct ZipMemberSource: ByteSource {
  let member: ZipArchive.Member
  let name: String
  private var stored: FileRange?
  private var inflater: Inflater?
  private var storedChecksum = CRC32()
  private var produced = 0

  init(member: ZipArchive.Member, name: String, stored: FileRange) {
    self.member = member
    self.name = name
    self.stored = stored
  }

  init(member: ZipArchive.Member, name: String, inflating inflater: Inflater) {
    self.member = member
    self.name = name
    self.inflater = inflater
  }

  package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(DiagnosticError) -> Int {
    let count: Int
    let checksum: UInt32
    // Each source is taken out while it reads, so its buffers are not shared (and copied).
    if var source = inflater {
      inflater = nil
      count = try source.read(into: buffer)
      checksum = source.checksum.value
      inflater = source
    } else if var source = stored {
      stored = nil
      count = try source.read(into: buffer)
      storedChecksum.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
      checksum = storedChecksum.value
      stored = source
    } else {
      return 0
    }
    produced += count
    if count == 0 {
      guard produced == member.size, checksum == member.crc else {
        throw DiagnosticError(
          Diagnostic(
            file: name,
            message: "the archive member is damaged (its size or CRC-32 does not match the archive's directory)"))
      }
    }
    return count
  }
}
