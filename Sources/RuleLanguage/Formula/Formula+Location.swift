extension Formula {
  /// The byte offset in its source file where the formula begins: the first character inside
  /// the quotes of a text formula, the value itself for a number or a JsonLogic object.
  public var startOffset: Int {
    switch origin.placement {
    case .whole: return root.offset
    case .jsonString: return origin.fileOffset(0)
    }
  }
}
