import Foundation

/// The libm functions the generator uses, in one place.
enum Math {
  static func log(_ x: Double) -> Double { Foundation.log(x) }
  static func cos(_ x: Double) -> Double { Foundation.cos(x) }
}
