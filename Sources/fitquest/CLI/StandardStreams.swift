#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard input, output and error as the process found them.
enum StandardStreams {
  /// Whether standard input was closed when the process started.
  nonisolated(unsafe) static var inputWasClosed = false

  /// Puts `/dev/null` on any closed standard descriptor, so no file opened later gets it, and
  /// remembers which were closed: reading a closed input or writing a closed output is then an
  /// error (exit 66 or 74), never "no events" or a silent success.
  static func secure() {
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 {
      let placeholder = open("/dev/null", O_RDWR)
      if placeholder >= 0 && placeholder != descriptor {
        dup2(placeholder, descriptor)
        close(placeholder)
      }
      switch descriptor {
      case 0: inputWasClosed = true
      case 1: Console.output.markFailed(EBADF)
      default: Console.error.markFailed(EBADF)
      }
    }
  }
}
