import Foundation

/// The outcome of running a process.
public struct CommandResult: Sendable {
  public var status: Int32
  public var stdout: String
  public var stderr: String

  public init(status: Int32, stdout: String, stderr: String) {
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
  }
}

/// Runs the built `fitquest` binary end to end, as ArgumentParser's `AssertExecuteCommand` does.
public enum CommandRunner {
  /// Runs `fitquest` with arguments, optional standard input and working directory.
  public static func fitquest(
    _ arguments: [String], stdin: String? = nil, in directory: URL? = nil, environment: [String: String] = [:],
    timeout: Double = 300
  ) throws -> CommandResult {
    try run(
      Paths.fitquest, arguments, stdin: stdin, in: directory ?? Paths.repository, environment: environment,
      timeout: timeout)
  }

  /// Runs `fitquest` as an unprivileged user (nobody, through `setpriv`) when the tests run as
  /// root, so that file permissions apply; as the current user otherwise.
  public static func fitquestUnprivileged(_ arguments: [String], in directory: URL) throws -> CommandResult {
    guard getuid() == 0 else { return try fitquest(arguments, in: directory) }
    let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
    return try run(
      setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", Paths.fitquest.path] + arguments, in: directory)
  }

  /// Runs an executable and waits for it; after `timeout` seconds it is killed, and the result
  /// has status -9 (a hang fails the test rather than the whole run).
  public static func run(
    _ executable: URL, _ arguments: [String], stdin: String? = nil, in directory: URL,
    environment: [String: String] = [:],
    timeout: Double = 300
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
    let watchdog = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
    defer { watchdog.cancel() }
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
    let killed = process.terminationReason == .uncaughtSignal
    return CommandResult(
      status: killed ? -process.terminationStatus : process.terminationStatus,
      stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }
}
