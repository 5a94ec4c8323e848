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
    let child = try ChildProcess(
      executable, arguments, in: directory, environment: environment, takesInput: true, capturesOutput: true,
      capturesErrors: true)
    let pid = child.processIdentifier
    let watchdog = DispatchWorkItem { if child.isRunning { kill(pid, SIGKILL) } }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
    defer { watchdog.cancel() }
    if let stdin { child.writeInput(Data(stdin.utf8)) }
    child.closeInput()
    let ended = child.wait()
    return CommandResult(
      status: ended.isSignal ? -ended.code : ended.code,
      stdout: String(decoding: child.output, as: UTF8.self),
      stderr: String(decoding: child.errors, as: UTF8.self))
  }
}
