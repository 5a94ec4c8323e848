/// Each mechanic's compiled rules, by its position in ``Mechanics/all``: one cell of plain memory
/// per mechanic holding its `Rules?`, so that a phase reads its rules with one load and no
/// dynamic cast (``RulePack/rules(_:)``). Immutable once built; freed with its last owner.
final class MechanicRules: @unchecked Sendable {
  private let cells: UnsafeMutableBufferPointer<UnsafeMutableRawPointer>
  private let releases: [() -> Void]

  /// Decodes every mechanic's rules, in the order of the list.
  init(_ decode: (any Mechanic.Type) -> (UnsafeMutableRawPointer, () -> Void)) {
    let made = Mechanics.all.map(decode)
    cells = .allocate(capacity: max(1, made.count))
    for (index, cell) in made.enumerated() { cells[index] = cell.0 }
    releases = made.map(\.1)
  }

  deinit {
    for release in releases { release() }
    cells.deallocate()
  }

  /// Whether every required mechanic has its rules.
  var hasRequired: Bool {
    Mechanics.all.allSatisfy { !$0.isRequired || $0.hasRules(in: self) }
  }

  /// The rules of a mechanic.
  @inline(__always)
  func rules<M: Mechanic>(_ mechanic: M.Type) -> M.Rules? {
    cells[M.index].assumingMemoryBound(to: Optional<M.Rules>.self).pointee
  }
}

extension Mechanic {
  /// A cell holding rules, and how to free it.
  static func cell(_ rules: Rules?) -> (UnsafeMutableRawPointer, () -> Void) {
    let pointer = UnsafeMutablePointer<Rules?>.allocate(capacity: 1)
    pointer.initialize(to: rules)
    return (
      UnsafeMutableRawPointer(pointer),
      {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
      }
    )
  }

  /// Decodes the mechanic's rules into a cell.
  static func decodedCell(_ decoder: PackDecoder) -> (UnsafeMutableRawPointer, () -> Void) {
    cell(decode(decoder))
  }

  static func hasRules(in table: MechanicRules) -> Bool { table.rules(Self.self) != nil }

  /// Whether a pack has this mechanic's rules and they make it run.
  static func isActive(in pack: RulePack) -> Bool {
    pack.rules(Self.self).map(isActive) ?? false
  }
}
