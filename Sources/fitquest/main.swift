#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A file-size limit (ulimit -f) must fail the write with EFBIG, reported like a full disk, rather
// than kill the process with SIGXFSZ; a closed pipe must fail the write with EPIPE, not kill it.
signal(SIGXFSZ, SIG_IGN)
signal(SIGPIPE, SIG_IGN)
// A standard stream that is closed must not be handed to the next file opened (the state file
// would receive the awards): a placeholder takes its descriptor, and using it is an error.
StandardStreams.secure()
var status = FitQuestCommand.main(Array(CommandLine.arguments.dropFirst()))
if !Console.output.flush(), let reason = Console.output.failureDescription {
  // A reader that stopped early (`| head`) is no error to report: the command ends quietly, its
  // status still saying the output is incomplete (as a tool ended by SIGPIPE does).
  if !Console.output.readerClosed {
    Console.error.line("error: cannot write standard output: \(reason); the output is incomplete")
  }
  if status == ExitCode.success || status == ExitCode.failure { status = ExitCode.ioError }
}
Console.error.flush()
exit(status)
