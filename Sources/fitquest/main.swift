#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A file-size limit (ulimit -f) must fail the write with EFBIG, reported like a full disk, rather
// than kill the process with SIGXFSZ.
signal(SIGXFSZ, SIG_IGN)
let status = FitQuestCommand.main(Array(CommandLine.arguments.dropFirst()))
Console.output.flush()
Console.error.flush()
exit(status)
