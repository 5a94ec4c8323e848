/// The path from a document's root to a value, printed as `achievements[3].condition`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
  /// One step of a path.
  public enum Component: Sendable, Hashable {
    case key(String)
    case index(Int)
  }

  /// The steps from the root.
  public var components: [Component]

  /// The root path.
  public static let root = JSONPath(components: [])

  /// Creates a path from steps.
  public init(components: [Component]) {
    self.components = components
  }

  /// Returns the path extended by an object key.
  public func appending(_ key: String) -> JSONPath {
    JSONPath(components: components + [.key(key)])
  }

  /// Returns the path extended by an array index.
  public func appending(_ index: Int) -> JSONPath {
    JSONPath(components: components + [.index(index)])
  }

  /// `achievements[3].condition`; the root prints as `(root)`.
  public var description: String {
    if components.isEmpty { return "(root)" }
    var text = ""
    for component in components {
      switch component {
      case .index(let index): text += "[\(index)]"
      case .key(let key):
        if Self.isPlain(key) {
          if !text.isEmpty { text += "." }
          text += key
        } else {
          text += "[\(JSONWriter.quoted(key))]"
        }
      }
    }
    return text
  }

  private static func isPlain(_ key: String) -> Bool {
    guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
    return key.unicodeScalars.allSatisfy { scalar in
      ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        || scalar == "_" || scalar == "-"
    }
  }
}
