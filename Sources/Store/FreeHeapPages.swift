#if canImport(Glibc)
  import Glibc
#endif

/// The pages of the C library's heap that hold only freed memory, given back to the system after
/// a batch in which players left the cache (on glibc; elsewhere nothing).
///
/// A cached player's memory is spread over glibc's per-thread arenas: `award --store` reads its
/// lines on a second thread, so the lines a player keeps were allocated in that thread's arena,
/// and a player read back from the store is allocated in the first thread's. glibc gives back
/// only the free top of an arena, so what players leave in the middle of one stays resident
/// (reused only by the thread that arena serves) while the players read back after them grow the
/// other arena: with `--cache-mb 512`, 10,000 players × 30 days ended with 157 MB free and
/// resident in the arenas (129 MB in the reading thread's, of which 18 MB of 147 MB were in use)
/// and peaked at 716–845 MB. `malloc_trim` gives back every whole free page of every arena.
enum FreeHeapPages {
  /// Gives the free pages back.
  static func release() {
    #if canImport(Glibc)
      // Declared in malloc.h, which the Glibc module leaves out: found by name.
      guard let symbol = trim else { return }
      _ = unsafeBitCast(symbol, to: Trim.self)(0)
    #endif
  }

  #if canImport(Glibc)
    private typealias Trim = @convention(c) (Int) -> Int32
    nonisolated(unsafe) private static let trim = dlsym(nil, "malloc_trim")
  #endif
}
