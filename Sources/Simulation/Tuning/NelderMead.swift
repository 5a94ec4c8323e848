import RuleLanguage

/// The derivative-free search for several parameters or several targets: Nelder–Mead's simplex
/// method on the search penalty (see ``TuneObjective/penalty(_:)``), in coordinates where each
/// range is 0…1.
///
/// The simplex starts at the pack's values (or the middle of each range) and a quarter range
/// along each parameter; it reflects away from its worst point, expands along a good direction,
/// contracts towards a better one and shrinks around its best, with the textbook coefficients
/// (1, 2, ½, ½). Points are kept inside the ranges and rounded to the simplest numbers within a
/// thousandth of each range (whole numbers for whole parameters). The search stops when every
/// target is met, when the simplex is smaller than a thousandth of the ranges, or at the
/// evaluation limit. Ties keep the earlier point, so the path is the same on every run.
struct NelderMead {
  let evaluator: TuneEvaluator
  let parameters: [TuneParameter]

  /// The simplex size, as a fraction of the ranges, at which the search stops.
  static let precision = 1e-3

  private struct Vertex {
    var position: [Double]
    var values: [Double]
    var penalty: Double
    var isMet: Bool
  }

  func run(from start: [Double]) throws(DiagnosticError) -> [Double] {
    let origin = zip(parameters, start).map { $0.position(of: $1) }
    var simplex = [try vertex(origin)]
    for index in parameters.indices {
      var position = origin
      position[index] = origin[index] + 0.25 <= 1 ? origin[index] + 0.25 : origin[index] - 0.25
      simplex.append(try vertex(position))
    }
    var evaluated = -1
    while true {
      // Best first; a tie keeps the earlier vertex (a stable sort).
      simplex = simplex.enumerated().sorted { ($0.element.penalty, $0.offset) < ($1.element.penalty, $1.offset) }.map(
        \.element)
      if let met = simplex.first(where: \.isMet) { return met.values }
      // Stop at the limit, when the simplex is as small as rounding allows, or when a whole
      // step only revisited known points (rounding made it go round in a circle).
      if evaluator.isExhausted || size(simplex) <= 2 * NelderMead.precision || evaluator.count == evaluated {
        return simplex[0].values
      }
      evaluated = evaluator.count
      let worst = simplex[simplex.count - 1]
      let centroid = self.centroid(simplex.dropLast())
      let reflected = try vertex(along(centroid, worst.position, by: -1))
      if reflected.penalty < simplex[0].penalty {
        let expanded = try vertex(along(centroid, worst.position, by: -2))
        simplex[simplex.count - 1] = expanded.penalty < reflected.penalty ? expanded : reflected
        continue
      }
      if reflected.penalty < simplex[simplex.count - 2].penalty {
        simplex[simplex.count - 1] = reflected
        continue
      }
      let outside = reflected.penalty < worst.penalty
      let contracted = try vertex(along(centroid, worst.position, by: outside ? -0.5 : 0.5))
      if contracted.penalty < min(worst.penalty, reflected.penalty) {
        simplex[simplex.count - 1] = contracted
        continue
      }
      let best = simplex[0]
      for index in simplex.indices.dropFirst() {
        simplex[index] = try vertex(zip(best.position, simplex[index].position).map { $0 + ($1 - $0) / 2 })
      }
    }
  }

  /// Evaluates the point at a position (clamped to the ranges and rounded to simple values).
  private func vertex(_ position: [Double]) throws(DiagnosticError) -> Vertex {
    let values = zip(parameters, position).map { $0.value(at: $1, slack: NelderMead.precision / 2) }
    let (penalty, met) = try evaluator.penalty(values)
    return Vertex(
      position: zip(parameters, values).map { $0.position(of: $1) }, values: values, penalty: penalty, isMet: met)
  }

  /// The centroid plus `factor` times the way from it to `point`.
  private func along(_ centroid: [Double], _ point: [Double], by factor: Double) -> [Double] {
    zip(centroid, point).map { $0 + factor * ($1 - $0) }
  }

  private func centroid(_ vertices: ArraySlice<Vertex>) -> [Double] {
    var sum = [Double](repeating: 0, count: parameters.count)
    for vertex in vertices { for index in sum.indices { sum[index] += vertex.position[index] } }
    return sum.map { $0 / Double(vertices.count) }
  }

  /// The largest distance of a vertex from the best, along any parameter.
  private func size(_ simplex: [Vertex]) -> Double {
    var largest = 0.0
    for vertex in simplex.dropFirst() {
      for index in parameters.indices {
        largest = max(largest, abs(vertex.position[index] - simplex[0].position[index]))
      }
    }
    return largest
  }
}
