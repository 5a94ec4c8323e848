#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let status = FitQuestCommand.main(Array(CommandLine.arguments.dropFirst()))
Console.output.flush()
Console.error.flush()
exit(status)
