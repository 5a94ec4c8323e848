/// Finds the closest known name to a misspelt one, for "did you mean …?" hints.
public enum Suggestion {
  /// Returns the candidate closest to `name` by edit distance, when it is close enough to help.
  ///
  /// Close enough means a distance of at most a third of the longer name (and at least 1), or a
  /// case-insensitive match. Ties keep the earliest candidate, so the result is deterministic.
  public static func closest<S: Sequence>(to name: String, among candidates: S) -> String?
  where S.Element == String {
    var best: (String, Int)?
    let lowered = name.lowercased()
    for candidate in candidates {
      if candidate.lowercased() == lowered { return candidate }
      let distance = editDistance(Array(name.unicodeScalars), Array(candidate.unicodeScalars))
      let limit = max(1, max(name.count, candidate.count) / 3)
      if distance <= limit, best.map({ distance < $0.1 }) ?? true { best = (candidate, distance) }
    }
    return best?.0
  }

  /// Returns "; did you mean 'x'?" or an empty string.
  public static func hint<S: Sequence>(for name: String, among candidates: S) -> String
  where S.Element == String {
    closest(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// The Damerau–Levenshtein (optimal string alignment) distance between two scalar arrays.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previous2[j - 2] + 1)
        }
        current[j] = value
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
