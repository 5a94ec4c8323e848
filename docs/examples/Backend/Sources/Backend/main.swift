import Dispatch
import FitQuest
import Foundation

// 10,000 players × 30 days, in memory, on every core: one shared engine, one state per player.
// Runs the whole month twice, on one thread and on all cores, and checks both give the same
// players (the engine is deterministic and players share nothing). Exits 1 otherwise.

let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let rules = CommandLine.arguments.count > 1 ? URL(fileURLWithPath: CommandLine.arguments[1]) : repository.appendingPathComponent("rules")
let playerCount = 10_000
let days = 30

/// Results written by index from many threads, each slot by one thread only (plain memory: no
/// shared array whose buffer every writer would have to check).
final class Slots<Value>: @unchecked Sendable {
  private let memory: UnsafeMutableBufferPointer<Value?>

  init(_ count: Int) {
    memory = .allocate(capacity: count)
    memory.initialize(repeating: nil)
  }

  deinit {
    memory.baseAddress?.deinitialize(count: memory.count)
    memory.deallocate()
  }

  subscript(index: Int) -> Value? {
    get { memory[index] }
    set { memory[index] = newValue }
  }

  var values: [Value?] { Array(memory) }
}

func month(_ engine: Engine, threads: Int) -> (players: [PlayerState], events: Int, awards: Int, seconds: Double) {
  guard let start = Day(year: 2026, month: 3, day: 2) else { fatalError("no such day") }
  let players = Slots<PlayerState>(playerCount)
  let counts = Slots<(Int, Int)>(threads)
  let began = DispatchTime.now().uptimeNanoseconds
  DispatchQueue.concurrentPerform(iterations: threads) { worker in
    var events = 0
    var awards = 0
    for index in stride(from: worker, to: playerCount, by: threads) {
      var traffic = Traffic(player: index)
      var player = engine.newPlayer()
      for event in traffic.events(player: index, days: days, from: start) {
        do {
          awards += try engine.apply(event, to: &player).count
          events += 1
        } catch {
          print("error: player \(index), event \(event.id): \(error)")
        }
      }
      players[index] = player
    }
    counts[worker] = (events, awards)
  }
  let seconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
  let totals = counts.values.compactMap { $0 }.reduce((0, 0)) { ($0.0 + $1.0, $0.1 + $1.1) }
  return (players.values.compactMap { $0 }, totals.0, totals.1, seconds)
}

do {
  let engine = Engine(pack: try RulePack(contentsOf: rules))
  let cores = ProcessInfo.processInfo.activeProcessorCount
  let single = month(engine, threads: 1)
  let parallel = month(engine, threads: cores)
  let xp = parallel.players.reduce(Int64(0)) { $0 + $1.xp }
  print("\(playerCount) players × \(days) days: \(parallel.events) events, \(parallel.awards) awards, \(xp) XP in all")
  print(String(format: "1 thread: %.2f s (%.0f events/s); %d cores: %.2f s (%.0f events/s)", single.seconds,
    Double(single.events) / single.seconds, cores, parallel.seconds, Double(parallel.events) / parallel.seconds))
  guard single.players == parallel.players, single.events == parallel.events, parallel.players.count == playerCount else {
    print("FAILED: one thread and \(cores) cores gave different players")
    exit(1)
  }
  print("same players on 1 thread and on \(cores) cores")
} catch {
  print("error: \(error)")
  exit(1)
}
