import FitQuestTestSupport
import Foundation
import Testing

/// Files commands write (`--svg`, `--junit`, `--output`, snapshots) never replace what is at the
/// path with something of another kind: links are followed and their target written atomically,
/// FIFOs and devices are written in place, directories are refused (the catalogue has the refusals).
@Suite struct OutputFileTests {
  /// A command that writes a file, with the path in place of `FILE`.
  struct Writer: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    /// What the file starts with.
    var start: String
    var testDescription: String { arguments[0] }

    func arguments(writing path: String) -> [String] { arguments.map { $0 == "FILE" ? path : $0 } }
  }

  static let writers = [
    Writer(arguments: ["simulate", "scenarios/beginner-3x.json", "--svg", "FILE"], start: "<svg "),
    Writer(arguments: ["check", "scenarios/beginner-3x.json", "--runs", "2", "--junit", "FILE"], start: "<?xml"),
    Writer(
      arguments: ["report", "scenarios/beginner-3x.json", "--runs", "2", "--output", "FILE"], start: "<!doctype html>"),
  ]

  func kind(_ path: String) throws -> FileAttributeType? {
    try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
  }

  @Test(arguments: writers)
  func aLinkIsFollowedAndItsTargetReplaced(_ writer: Writer) throws {
    let work = Paths.temporaryDirectory("output-link")
    defer { try? FileManager.default.removeItem(at: work) }
    try "old".write(toFile: work.file("target"), atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: work.file("target"))
    try FileManager.default.createSymbolicLink(atPath: work.file("link"), withDestinationPath: "target")
    // A dangling link: its target is created (with the missing directory).
    try FileManager.default.createSymbolicLink(atPath: work.file("dangling"), withDestinationPath: "new/made")
    for (link, target) in [("link", "target"), ("dangling", "new/made")] {
      let result = try CommandRunner.fitquest(writer.arguments(writing: work.file(link)))
      #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
      #expect(try kind(work.file(link)) == .typeSymbolicLink)
      #expect(try String(contentsOfFile: work.file(target), encoding: .utf8).hasPrefix(writer.start))
    }
    // The replaced file keeps its permissions; no temporary file is left behind.
    #expect(try FileManager.default.attributesOfItem(atPath: work.file("target"))[.posixPermissions] as? Int == 0o640)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: work.path).sorted() == ["dangling", "link", "new", "target"])
  }

  @Test(arguments: writers)
  func aFIFOIsWrittenInPlace(_ writer: Writer) throws {
    let work = Paths.temporaryDirectory("output-fifo")
    defer { try? FileManager.default.removeItem(at: work) }
    let fifo = work.file("pipe")
    #expect(mkfifo(fifo, 0o644) == 0)
    // A reader on the FIFO, as `cat pipe` would be; it never blocks, so a writer that replaces
    // the FIFO instead of opening it fails the test rather than hanging it.
    let descriptor = open(fifo, O_RDONLY | O_NONBLOCK)
    #expect(descriptor >= 0)
    defer { close(descriptor) }
    let reader = FIFOReader(descriptor)
    let thread = Thread { reader.run() }
    thread.start()
    let result = try CommandRunner.fitquest(writer.arguments(writing: fifo), timeout: 120)
    reader.stop()
    while !thread.isFinished { Thread.sleep(forTimeInterval: 0.01) }
    let received = reader.received
    #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
    #expect(String(decoding: received, as: UTF8.self).hasPrefix(writer.start))
    var info = stat()
    #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
  }

  @Test func devicesAndStandardOutputAreWrittenInPlace() throws {
    let work = Paths.temporaryDirectory("output-device")
    defer { try? FileManager.default.removeItem(at: work) }
    try FileManager.default.createSymbolicLink(atPath: work.file("null.svg"), withDestinationPath: "/dev/null")
    let null = try CommandRunner.fitquest(["simulate", "--svg", work.file("null.svg")])
    #expect(null.status == 0, "\(null.stderr)")
    #expect(try kind(work.file("null.svg")) == .typeSymbolicLink)
    #expect(try kind("/dev/null") == .typeCharacterSpecial)
    // /dev/stdout is the command's standard output: the chart, then the report, in order.
    let stdout = try CommandRunner.fitquest(["simulate", "--svg", "/dev/stdout"])
    #expect(stdout.status == 0, "\(stdout.stderr)")
    #expect(stdout.stdout.hasPrefix("<svg "))
    #expect(
      stdout.stdout.contains("</svg>\nbeginner-3x: seed 42, 181 days from 2026-01-05"), "\(stdout.stdout.suffix(400))")
  }

  @Test func aSnapshotThatIsALinkKeepsTheLink() throws {
    // The snapshots live elsewhere (a link to a file not written yet): --update writes the target.
    let work = Paths.temporaryDirectory("output-snapshot")
    defer { try? FileManager.default.removeItem(at: work) }
    let manager = FileManager.default
    try manager.createDirectory(atPath: work.file("suite/snapshots"), withIntermediateDirectories: true)
    try manager.createDirectory(atPath: work.file("golden"), withIntermediateDirectories: true)
    try manager.copyItem(atPath: Paths.rules, toPath: work.file("rules"))
    let scenario = try String(contentsOfFile: Paths.scenarios + "/beginner-3x.json", encoding: .utf8)
    try scenario.write(toFile: work.file("suite/beginner-3x.json"), atomically: true, encoding: .utf8)
    try manager.createSymbolicLink(
      atPath: work.file("suite/snapshots/beginner-3x.json"), withDestinationPath: "../../golden/beginner-3x.json")
    let update = try CommandRunner.fitquest(["check", "suite", "--runs", "2", "--update"], in: work)
    #expect(update.status == 0 || update.status == 1, "\(update.stderr)")
    #expect(try kind(work.file("suite/snapshots/beginner-3x.json")) == .typeSymbolicLink)
    let golden = try String(contentsOfFile: work.file("golden/beginner-3x.json"), encoding: .utf8)
    #expect(golden.contains("\"scenario\": \"beginner-3x\""), "\(golden.prefix(200))")
    #expect(try CommandRunner.fitquest(["check", "suite", "--runs", "2"], in: work).status == 0)
  }
}

/// Reads a FIFO opened without blocking until told to stop, then drains it.
final class FIFOReader: @unchecked Sendable {
  private let descriptor: Int32
  private let lock = NSLock()
  private var stopping = false
  private var data = Data()

  init(_ descriptor: Int32) { self.descriptor = descriptor }

  var received: Data { lock.withLock { data } }

  func stop() { lock.withLock { stopping = true } }

  func run() {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = read(descriptor, &buffer, buffer.count)
      if count > 0 {
        lock.withLock { data.append(contentsOf: buffer[..<count]) }
      } else if lock.withLock({ stopping }) {
        return
      } else {
        usleep(1_000)
      }
    }
  }
}
