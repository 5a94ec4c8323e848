import Foundation
import Testing

@testable import Benchmarks

/// The bench's child processes: their failures and their peak memory.
@Suite struct BenchChildProcessTests {
  /// The kernel's figure is the child's own only above the bench's own peak (the child ran in
  /// the bench's memory until its exec): 900 MB against a bench of 300 MB is the child's.
  @Test func aReportedPeakAboveTheParentsIsTheChilds() {
    #expect(BenchChildProcess.peak(reported: 900 << 20, parentPeak: 300 << 20, sampled: 850 << 20) == 900 << 20)
  }

  /// 300 MB reported for a bench whose own peak is 300 MB may be the bench's: the sample (40 MB)
  /// stands.
  @Test func aReportedPeakAtTheParentsGivesWayToTheSample() {
    #expect(BenchChildProcess.peak(reported: 300 << 20, parentPeak: 300 << 20, sampled: 40 << 20) == 40 << 20)
    #expect(BenchChildProcess.peak(reported: 100 << 20, parentPeak: 300 << 20, sampled: 40 << 20) == 40 << 20)
  }

  /// Without a sample (no /proc), the kernel's figure is all there is.
  @Test func withoutASampleTheReportedPeakStands() {
    #expect(BenchChildProcess.peak(reported: 100 << 20, parentPeak: 300 << 20, sampled: nil) == 100 << 20)
  }

  /// A child that fails is an error with what it wrote to standard error.
  @Test func aFailingChildThrowsWithItsMessage() throws {
    let child = try BenchChildProcess("/bin/sh", ["-c", "echo 'cannot open the store' >&2; exit 3"])
    let error = #expect(throws: (any Error).self) { try child.finish() }
    #expect("\(error.map { "\($0)" } ?? "")".contains("cannot open the store"))
  }

  /// Two children run at once: the first waits (up to 10 s) for a file the second makes.
  @Test func twoChildrenRunAtOnce() throws {
    let signal = FileManager.default.temporaryDirectory
      .appendingPathComponent("fitquest-child-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: signal) }
    let first = try BenchChildProcess(
      "/bin/sh", ["-c", "i=0; while [ ! -e '\(signal)' ]; do i=$((i+1)); [ $i -gt 1000 ] && exit 1; sleep 0.01; done"])
    let second = try BenchChildProcess("/bin/sh", ["-c", "touch '\(signal)'"])
    let a = try first.finish()
    let b = try second.finish()
    #expect(a.seconds > 0 && b.seconds > 0)
    #expect(a.peakBytes > 0 && b.peakBytes > 0)
  }
}
