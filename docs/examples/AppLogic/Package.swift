// swift-tools-version: 6.0
// An app's logic on FitQuest: a package that depends on FitQuest by path, as an app would.
import PackageDescription

let package = Package(
  name: "AppLogic",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [.package(name: "FitQuest", path: "../../..")],
  targets: [
    .executableTarget(name: "AppLogic", dependencies: [.product(name: "FitQuest", package: "FitQuest")])
  ]
)
