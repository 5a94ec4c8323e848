#if canImport(Glibc)
  import Glibc
#endif

/// The C library's allocator, tuned for `award --state`. Each batch allocates its award lines,
/// outcomes and queue in blocks of a megabyte or more, and frees them when it is committed;
/// glibc gave such blocks back to the system (an `mmap` per block, and the heap's free top
/// trimmed past 128 kB), so every batch took them again page by page: 58,000 page faults and
/// 0.2 s of system time on the award bench's 250,000 lines. Blocks up to 16 MiB now come from
/// the heap, and up to 16 MiB of free memory stays in the process for the next batch.
enum AwardMemory {
  /// The size under which a block comes from the heap, and the free memory the heap keeps.
  static let keptBytes: Int32 = 16 << 20

  /// Applies the tuning (on glibc; elsewhere nothing).
  static func keepBatchMemory() {
    #if canImport(Glibc)
      // `mallopt` is declared in malloc.h, which the Glibc module leaves out: found by name.
      guard let symbol = dlsym(nil, "mallopt") else { return }
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
      // M_MMAP_THRESHOLD (-3) and M_TRIM_THRESHOLD (-1) of malloc.h.
      _ = mallopt(-3, keptBytes)
      _ = mallopt(-1, keptBytes)
    #endif
  }
}
