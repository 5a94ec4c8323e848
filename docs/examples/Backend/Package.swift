// swift-tools-version: 6.0
// A service on FitQuest: 10,000 players, 30 days each, in memory on all cores.
import PackageDescription

let package = Package(
  name: "Backend",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "FitQuest", path: "../../..")],
  targets: [
    .executableTarget(name: "Backend", dependencies: [.product(name: "FitQuest", package: "FitQuest")])
  ]
)
