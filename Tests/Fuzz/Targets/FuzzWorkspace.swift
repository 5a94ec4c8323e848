import Engine
import RuleLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A scratch copy of the default pack, restored before every input.
enum FuzzWorkspace {
  static let rules = FuzzEnvironment.directory("FITQUEST_RULES", fallback: "rules")
  static let originals: [(String, [UInt8])] = RulePackLoader.fileNames.compactMap { name in
    (try? FileSystem.readBytes("\(rules)/\(name).json")).map { ("\(name).json", $0) }
  }
  static let pack: String = {
    let base = FuzzEnvironment.directory("FITQUEST_FUZZ_WORK", fallback: "/tmp")
    let path = "\(base)/fitquest-fuzz-\(getpid())"
    mkdir(path, 0o755)
    mkdir("\(path)/rules", 0o755)
    mkdir("\(path)/scenarios", 0o755)
    return "\(path)/rules"
  }()

  static func restore(_ directory: String) {
    for (name, bytes) in originals { write(bytes, to: "\(directory)/\(name)") }
  }

  static func write(_ bytes: [UInt8], to path: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { return }
    _ = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
  }
}

@inline(__always)
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
