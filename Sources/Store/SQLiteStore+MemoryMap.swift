extension SQLiteStore {
  /// Lets this connection read the store's file through a memory map (`PRAGMA mmap_size`) instead
  /// of a `pread` system call and a copy per page: for a writer that goes through most of the
  /// store once (`migrate`'s writing connection). Not for a reader while another connection
  /// commits often: SQLite unmaps a connection's whole map when it sees another connection's
  /// commit (migrate's two workers, one commit per player: 10,728 unmaps in all on 10,000
  /// players, the pages read faulted in again after each). What it reads is the same; pages of
  /// the write-ahead log are still read by `pread`. The store's file never shrinks (no
  /// `VACUUM`), so a mapped page cannot vanish under a reader. The pages read count in the
  /// process's resident memory (clean pages of the file, which the kernel takes back under
  /// pressure): a reader whose memory is to stay flat in the store's size (`replay`) does not
  /// map. A connection that cannot map reads as before.
  package func mapsFileForReading() {
    mutex.lock()
    defer { mutex.unlock() }
    try? settle()
    try? database.execute("PRAGMA mmap_size=\(Self.mappedBytes)")
  }

  /// The most of the file a connection maps: SQLite's own ceiling on Linux and macOS (2 GB).
  static let mappedBytes = 0x7fff_0000
}
