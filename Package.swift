// swift-tools-version: 6.0
// FitQuest: a deterministic gamification rules engine for fitness apps.
// No package dependencies: the Swift toolchain only (Foundation, Swift Testing).
import PackageDescription

let package = Package(
  name: "FitQuest",
  // The library runs on Linux and every Apple platform; the command-line tool on Linux and macOS.
  platforms: [.macOS(.v13), .iOS(.v16), .watchOS(.v9), .tvOS(.v16), .visionOS(.v1)],
  products: [
    // What apps and services import: `import FitQuest` (engine, ledger, rule language).
    .library(name: "FitQuest", targets: ["FitQuest"]),
    // Scenarios, Monte Carlo, reports, regression checks: for balancing tools.
    .library(name: "FitQuestSimulation", targets: ["Simulation"]),
    // Many players in one SQLite database (the system's SQLite library).
    .library(name: "FitQuestStore", targets: ["Store"]),
    // Live rule changes on a store's real players: replay, impact, migration, cohorts.
    .library(name: "FitQuestLiveOps", targets: ["LiveOps"]),
    .executable(name: "fitquest", targets: ["fitquest"]),
  ],
  targets: [
    // Layer 1: JSON reader with source positions, diagnostics, the formula language.
    .target(name: "RuleLanguage"),
    // Layer 2: domain model, rule packs, the pure reducer.
    .target(name: "Engine", dependencies: ["RuleLanguage"]),
    // Layer 2b: the durable award ledger (files, locks, atomic commits) around the engine.
    .target(name: "Ledger", dependencies: ["RuleLanguage", "Engine"]),
    // The system's SQLite C library (libsqlite3-dev on Debian; part of macOS and iOS): not a
    // package dependency, a library the platform ships.
    .systemLibrary(
      name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
    // Many players in one SQLite store, behind the ledger's PlayerStore.
    .target(name: "Store", dependencies: ["CSQLite", "RuleLanguage", "Engine", "Ledger"]),
    // The umbrella module apps import, with the DocC catalogue.
    .target(name: "FitQuest", dependencies: ["RuleLanguage", "Engine", "Ledger"]),
    // Layer 2c: readers of other apps' exports (Strong, Hevy, FitNotes, Apple Health) into events.
    .target(name: "Import", dependencies: ["RuleLanguage", "Engine"]),
    // Layer 3: scenarios, generator, runner, reports, compare, sweep, check.
    .target(name: "Simulation", dependencies: ["RuleLanguage", "Engine"]),
    // Layer 4: rule changes on real players — replay histories, impact, migration, cohorts.
    .target(name: "LiveOps", dependencies: ["RuleLanguage", "Engine", "Ledger", "Store", "Simulation"]),
    // Benchmark workloads (W1 hand-written baseline and engine runs).
    .target(name: "Benchmarks", dependencies: ["RuleLanguage", "Engine", "Ledger", "Store", "Simulation", "LiveOps", "Import"]),
    // The thin command-line front end.
    .executableTarget(
      name: "fitquest", dependencies: ["RuleLanguage", "Engine", "Ledger", "Store", "Simulation", "LiveOps", "Import", "Benchmarks"]),

    .target(name: "FitQuestTestSupport", dependencies: ["RuleLanguage"], path: "Tests/FitQuestTestSupport"),
    .testTarget(name: "RuleLanguageTests", dependencies: ["RuleLanguage", "FitQuestTestSupport"]),
    // The library as an app sees it: `import FitQuest` only.
    .testTarget(name: "LibraryTests", dependencies: ["FitQuest", "FitQuestTestSupport"], exclude: ["Fixtures"]),
    .testTarget(
      name: "EngineTests", dependencies: ["RuleLanguage", "Engine", "Ledger", "FitQuestTestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "SimulationTests", dependencies: ["RuleLanguage", "Engine", "Simulation", "Benchmarks", "FitQuestTestSupport"],
      exclude: ["Snapshots", "Fixtures"]),
    .testTarget(name: "StoreTests", dependencies: ["Store", "Ledger", "Engine", "RuleLanguage", "FitQuestTestSupport"]),
    .testTarget(
      name: "LiveOpsTests", dependencies: ["RuleLanguage", "Engine", "Ledger", "Store", "Simulation", "LiveOps", "FitQuestTestSupport"]),
    .testTarget(
      name: "ImportTests", dependencies: ["Import", "Engine", "RuleLanguage", "Simulation", "FitQuestTestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "FitQuestCLITests",
      dependencies: ["fitquest", "RuleLanguage", "Engine", "Ledger", "Store", "Simulation", "LiveOps", "FitQuestTestSupport"],
      exclude: ["Fixtures"]),
  ]
)
