import Engine
import FitQuestTestSupport
import Foundation
import RuleLanguage
import Testing

/// A mechanic is its folder and one line in `Mechanics.all`: what else must hold for it to run is
/// checked here, so a forgotten registration fails a test instead of switching a mechanic off.
@Suite struct MechanicRegistryTests {
  static let sources = Paths.repository.appendingPathComponent("Sources/Engine")

  func source(_ path: String) throws -> String {
    try String(contentsOf: Self.sources.appendingPathComponent(path), encoding: .utf8)
  }

  /// The Swift files of a mechanic's folder, concatenated.
  func folder(_ name: String) throws -> String {
    let directory = Self.sources.appendingPathComponent("Mechanics/\(name)")
    return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
      .sorted()
      .map { try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
  }

  /// A mechanic's folder name: its type's name without "Mechanic".
  func folderName(_ mechanic: any Mechanic.Type) -> String {
    String(String(describing: mechanic).dropLast("Mechanic".count))
  }

  @Test func everyFolderOfMechanicsIsInTheList() throws {
    let folders = try FileManager.default.contentsOfDirectory(
      atPath: Self.sources.appendingPathComponent("Mechanics").path
    ).filter {
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(
        atPath: Self.sources.appendingPathComponent("Mechanics/\($0)").path, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }
    let listed = Mechanics.all.map(folderName)
    #expect(Set(folders) == Set(listed), "folders not in Mechanics.all: \(Set(folders).subtracting(listed).sorted())")
    #expect(listed.count == Set(listed).count)
    for mechanic in Mechanics.all {
      #expect(String(describing: mechanic).hasSuffix("Mechanic"))
      let index = mechanic.index
      #expect(index == Mechanics.all.firstIndex { $0 == mechanic })
      #expect(try folder(folderName(mechanic)).contains("enum \(String(describing: mechanic)): Mechanic"))
    }
  }

  @Test func everyPhaseIsDefinedInItsFolderAndCalledByThePipeline() throws {
    let pipeline = try source("Core/Pipeline.swift")
    for mechanic in Mechanics.all {
      let code = try folder(folderName(mechanic))
      for phase in mechanic.phases {
        #expect(
          code.contains("func \(phase)("), "\(mechanic) declares phase '\(phase)' but its folder does not define it")
        #expect(pipeline.contains("\(phase)("), "the pipeline never calls \(mechanic)'s phase '\(phase)'")
      }
      for event in mechanic.events {
        #expect(
          pipeline.contains("as \(String(describing: event))"), "the pipeline has no phase for '\(event.type)' events")
      }
    }
  }

  @Test func keysFilesAndAwardTypesAreUnique() {
    let keys = Mechanics.all.map { $0.stateKey }
    #expect(keys.count == Set(keys).count)
    #expect(Mechanics.files.count == Set(Mechanics.files).count)
    let types = AwardTypes.recordedTypes.map { String(describing: $0) }
    #expect(types.count == Set(types).count)
    #expect(AwardTypes.names.count == AwardTypes.recordedTypes.count + 1)
    #expect(Mechanics.stateVersion == Mechanics.all.map { $0.since }.max())
  }

  /// Every recorded award fits an award record, whatever its mechanic.
  @Test(arguments: AwardTypes.recordedTypes.map { String(describing: $0) })
  func everyRecordedAwardFitsARecord(_ name: String) throws {
    let type = try #require(AwardTypes.recordedTypes.first { String(describing: $0) == name })
    let (size, alignment) = (type.size, type.alignment)
    #expect(size <= AwardRecord.capacity && alignment <= 8)
  }

  @Test func anEmptyProgressHoldsEveryMechanicsEmptyState() {
    let progress = PlayerProgress()
    for mechanic in Mechanics.all {
      let isEmpty = mechanic.hasEmptyState(progress)
      #expect(isEmpty, "\(mechanic)")
    }
  }

  @Test func aNewPlayerIsTheEmptyStateAlignedToThePack() throws {
    let engine = Engine(pack: try RulePackLoader.load(directory: Paths.rules))
    var progress = PlayerProgress()
    #expect(engine.reconcile(&progress).isEmpty)
    #expect(progress == engine.newProgress())
    #expect(progress.categories.map(\.name) == engine.pack.categories.map(\.name))
    #expect(progress.records.map(\.exercise) == engine.pack.exercises.map(\.name))
    #expect(progress.quests.periods.count == 2)
  }
}

extension RecordedAward {
  static var size: Int { MemoryLayout<Self>.size }
  static var alignment: Int { MemoryLayout<Self>.alignment }
}

extension Mechanic {
  static func hasEmptyState(_ progress: PlayerProgress) -> Bool { progress[keyPath: state] == emptyState }
}
