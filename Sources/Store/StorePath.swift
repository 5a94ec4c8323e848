import Ledger
import RuleLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Store paths are file names, nothing else: SQLite treats `""` (a temporary database),
/// `:memory:` (one in memory) and `file:` URIs specially, so a store "saved" there would save
/// nothing, or honour options hidden in the name. Those are refused; every other path is handed
/// to SQLite as a relative or absolute file name it cannot take for a URI (`./` in front).
enum StorePath {
  /// Checks a path (a missing file or an empty one is fine when the store may be created).
  /// - Throws: ``LedgerError/unreadable(_:)`` (exit 66) for a name SQLite treats specially, a
  ///   path that is not a regular file, a missing store that may not be created;
  ///   ``LedgerError/corrupt(_:)`` (exit 65) for an empty file that may not be created in.
  static func check(_ path: String, mayCreate: Bool) throws(LedgerError) {
    if let reason = special(path) { throw .unreadable(Diagnostic(file: path.isEmpty ? nil : path, message: reason)) }
    guard FileSystem.exists(path) else {
      if mayCreate { return }
      throw .unreadable(Diagnostic(file: path, message: "no such store"))
    }
    let descriptor: Int32
    do {
      descriptor = try FileSystem.openRegularFile(path)
    } catch {
      throw .unreadable(error.diagnostics.first ?? Diagnostic(file: path, message: "cannot read"))
    }
    var info = stat()
    let size = fstat(descriptor, &info) == 0 ? Int(info.st_size) : -1
    close(descriptor)
    guard size == 0, !mayCreate else { return }
    throw .corrupt(Diagnostic(file: path, message: "not a FitQuest store (an empty file)"))
  }

  /// Why SQLite would not treat a name as a plain file, or nil.
  static func special(_ path: String) -> String? {
    if path.isEmpty {
      return "a store must be a file; an empty name is SQLite's temporary database, which saves nothing"
    }
    if path == ":memory:" {
      return "':memory:' is SQLite's in-memory database, which saves nothing; give a file name"
    }
    if path.utf8.count >= 5, path.prefix(5).lowercased() == "file:" {
      return "'file:' names a URI, which FitQuest does not open; give a file name (./\(path) for a file named so)"
    }
    return nil
  }

  /// The name SQLite is given: relative paths start with `./`, so none reads as a URI.
  static func sqliteName(_ path: String) -> String {
    path.hasPrefix("/") || path.hasPrefix("./") || path.hasPrefix("../") ? path : "./" + path
  }
}
