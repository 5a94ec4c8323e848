import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

/// Directory listings: sorted by the names' UTF-8 bytes (never in file-system order), or unsorted
/// for a caller the order does not matter to.
@Suite struct FileSystemTests {
  @Test func aDirectoryIsListedInByteOrder() throws {
    let directory = Paths.temporaryDirectory("listing")
    defer { try? FileManager.default.removeItem(at: directory) }
    // "Z" (5A) before "a" (61) before "ab" before "é" (C3 A9), whatever order the file system keeps.
    for name in ["é", "a", "Z", "ab"] {
      try Data().write(to: directory.appendingPathComponent(name))
    }
    let expected: [[UInt8]] = [[0x5A], [0x61], [0x61, 0x62], [0xC3, 0xA9]]
    #expect(try FileSystem.listDirectory(directory.path).map { Array($0.utf8) } == expected)
    // Unsorted, the same four names (without "." and "..").
    let names = try FileSystem.names(in: directory.path).map { Array($0.utf8) }
    #expect(names.sorted { $0.lexicographicallyPrecedes($1) } == expected)
  }
}
