/// Compiles formulas in either spelling into one executable form.
public enum FormulaCompiler {
  /// Compiles readable formula text.
  ///
  /// - Parameters:
  ///   - text: The formula, such as `base + workout.durationMin * 1.5`.
  ///   - origin: Where the text lives; by default the text is its own source, `<expression>`.
  ///   - scope: The declared variables; nil compiles a data formula (JsonLogic `var` look-ups).
  ///   - expecting: The required result type, if any.
  /// - Throws: A located diagnostic for syntax, name and type errors.
  public static func compile(
    text: String, origin: FormulaOrigin? = nil, scope: FormulaScope? = nil, expecting: FormulaType? = nil
  ) throws(DiagnosticError) -> Formula {
    let origin = origin ?? .whole(SourceFile(name: "<expression>", text: text))
    do {
      let syntax = try TextParser.parse(text)
      return try build(syntax, source: text, origin: origin, scope: scope, expecting: expecting)
    } catch {
      throw DiagnosticError(origin.diagnostic(for: error))
    }
  }

  /// Compiles a JsonLogic formula read from `source`.
  public static func compile(
    jsonLogic: JSONValue, source: SourceFile, scope: FormulaScope? = nil, expecting: FormulaType? = nil
  ) throws(DiagnosticError) -> Formula {
    let origin = FormulaOrigin.whole(source)
    do {
      return try build(
        try JsonLogicParser.parse(jsonLogic), source: jsonLogic.description, origin: origin, scope: scope,
        expecting: expecting)
    } catch {
      throw DiagnosticError(origin.diagnostic(for: error))
    }
  }

  /// Compiles a formula written in a rule file: a text string, a number or true/false, or a
  /// JsonLogic object. Reports problems to the node's log and returns nil.
  public static func compile(_ node: JSONNode, scope: FormulaScope, expecting: FormulaType) -> Formula? {
    do {
      switch node.value.kind {
      case .string(let text):
        return try compile(
          text: text, origin: .jsonString(node.source, quoteOffset: node.offset), scope: scope, expecting: expecting)
      case .object, .array, .integer, .double, .bool:
        return try compile(jsonLogic: node.value, source: node.source, scope: scope, expecting: expecting)
      case .null:
        node.error("'\(node.path)' must be a formula: text such as \"player.level >= 5\", a number, or JsonLogic")
        return nil
      }
    } catch {
      node.log.report(error)
      return nil
    }
  }

  private static func build(
    _ syntax: Syntax, source: String, origin: FormulaOrigin, scope: FormulaScope?, expecting: FormulaType?
  ) throws(FormulaSyntaxError) -> Formula {
    let root = try Compiler(scope: scope).compile(syntax)
    if let expecting, root.type != expecting {
      throw FormulaSyntaxError(
        offset: syntax.offset, message: "this formula must compute \(expecting), but it computes \(root.type)")
    }
    if scope != nil, root.type != .number, root.type != .bool, !root.type.isChoice {
      throw FormulaSyntaxError(offset: syntax.offset, message: "a rule formula must compute a number or true/false")
    }
    return Formula(source: source, root: root, origin: origin, typed: scope != nil)
  }
}
