import Foundation

/// The outcome of running a process.
public struct CommandResult: Sendable {
  public var status: Int32
  public var stdout: String
  public var stderr: String
}

/// Runs the built `fitquest` binary end to end, as ArgumentParser's `AssertExecuteCommand` does.
public enum CommandRunner {
  /// Runs `fitquest` with arguments, optional standard input and working directory.
  public static func fitquest(
    _ arguments: [String], stdin: String? = nil, in directory: URL? = nil, environment: [String: String] = [:]
  ) throws -> CommandResult {
    try run(Paths.fitquest, arguments, stdin: stdin, in: directory ?? Paths.repository, environment: environment)
  }

  /// Runs an executable and waits for it.
  public static func run(
    _ executable: URL, _ arguments: [String], stdin: String? = nil, in directory: URL, environment: [String: String] = [:]
  ) throws -> CommandResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    let input = Pipe()
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    let group = DispatchGroup()
    nonisolated(unsafe) var outData = Data()
    nonisolated(unsafe) var errData = Data()
    group.enter()
    DispatchQueue.global().async {
      outData = output.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    errData = error.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return CommandResult(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }
}
