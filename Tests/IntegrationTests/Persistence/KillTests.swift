import TestSupport
import Foundation
import Protocol
import Testing

/// `kill -9` at random moments while a client streams starts and cancels, round after round on
/// one state directory: every acknowledged change is there after the restart, what was not
/// acknowledged is either wholly there or not at all, and the database is never damaged.
///
/// 50 rounds by default (a few seconds); `TIMERD_FAULT_ROUNDS` runs more and
/// `TIMERD_FAULT_SEED` another sequence of kill moments and requests.
@Suite("Faults: kill -9 during a stream of changes")
struct KillTests {
    /// What a start asked for, to check the restored timer field by field.
    struct Spec: Equatable {
        var milliseconds: Int64
        var message: String?
        var remind: [Int64]
    }

    enum Change {
        case start(String, Spec)
        case cancel(String)

        func apply(to timers: inout [String: Spec]) {
            switch self {
            case .start(let name, let spec): timers[name] = spec
            case .cancel(let name): timers[name] = nil
            }
        }

        func line(id: Int) -> String {
            switch self {
            case .start(let name, let spec):
                KillChecks.line(
                    id: id, method: "start",
                    params: KillChecks.startParams(name: name, milliseconds: spec.milliseconds, message: spec.message, remind: spec.remind))
            case .cancel(let name): KillChecks.line(id: id, method: "cancel", params: ["name": .string(name)])
            }
        }
    }

    /// `PRAGMA integrity_check` of the database as the crash left it, and the number of timers
    /// in it. On a copy of the file and its write-ahead log: opening the original would
    /// recover and checkpoint it before the daemon gets to.
    private func checkCrashState(_ database: String) throws -> (integrity: String, rows: Int?) {
        let lines = try KillChecks.sqlite(onCopyOf: database, "PRAGMA integrity_check; SELECT count(*) FROM timers;")
        return (lines[0], lines.count == 2 ? Int(lines[1]) : nil)
    }

    @Test("kill -9 at random moments of a stream of starts and cancels loses nothing acknowledged and half-applies nothing")
    func killDuringStream() throws {
        let rounds = Knob.int("TIMERD_FAULT_ROUNDS", default: 50)
        let seed = UInt64(Knob.int("TIMERD_FAULT_SEED", default: 20_251_130))
        var random = SplitMix64(seed: seed)
        let daemon = try Daemon(bus: "unix:path=/nonexistent/bus")
        let state = daemon.directory + "/state"
        // What the daemon holds at the start of a round: verified after the last restart.
        var held: [String: Spec] = [:]
        var serial = 0
        var acknowledged = 0, appliedUnacknowledged = 0, inFlightAtKill = 0
        for round in 0..<rounds {
            // Requests in flight: one at a time, up to more than the daemon reads in one batch.
            let window = [1, 4, 32, 256, 1_500].randomElement(using: &random)!
            let killAfter = Double.random(in: 0.002...0.150, using: &random)
            var changes: [Change] = []
            var model = held
            var live = Array(held.keys)
            var acked = 0
            let connection = try PolledConnection(path: daemon.socket)
            let began = wallSeconds()
            var killed = false
            while !(killed && connection.isClosed) {
                while !killed && changes.count - acked < window {
                    let change: Change
                    if live.count < 20 || (live.count < 200 && Int.random(in: 0..<10, using: &random) < 6) {
                        serial += 1
                        let spec = Spec(
                            milliseconds: Int64.random(in: 3_600_000...86_400_000, using: &random),
                            message: Bool.random(using: &random) ? "round \(round), change \(changes.count)" : nil,
                            remind: Bool.random(using: &random) ? [600, 60] : [])
                        change = .start("k\(serial)", spec)
                        live.append("k\(serial)")
                    } else {
                        let index = Int.random(in: 0..<live.count, using: &random)
                        change = .cancel(live[index])
                        live.swapAt(index, live.count - 1)
                        live.removeLast()
                    }
                    change.apply(to: &model)
                    connection.enqueue(change.line(id: changes.count))
                    changes.append(change)
                }
                connection.flush()
                let left = began + killAfter - wallSeconds()
                let ready = pollOnce([connection], timeout: killed ? 2_000 : Int32(max(0, left * 1000)))
                if killed && ready == nil {
                    Issue.record("round \(round): the connection stayed open after the daemon was killed")
                    break
                }
                for line in (ready ?? []).flatMap(\.1) {
                    let reply = try JSONParser.parse(line)
                    try #require(reply["id"] == .integer(Int64(acked)) && reply["result"] != nil, "round \(round): \(reply)")
                    acked += 1
                }
                if !killed && wallSeconds() >= began + killAfter {
                    #expect(daemon.stop(signal: SIGKILL) == 128 + SIGKILL)
                    killed = true
                }
            }
            inFlightAtKill += changes.count - acked
            acknowledged += acked

            let crash = try checkCrashState(state + "/timerd.db")
            #expect(crash.integrity == "ok", "round \(round): integrity_check after kill -9: \(crash.integrity)")
            try daemon.restart()
            let restored = try KillChecks.timers(daemon)
            #expect(crash.rows == restored.count, "round \(round): the daemon restored what the file holds")

            // Replies come in order and batches are saved in order, so what is on disk is what
            // the first `applied` changes make, for some `applied` from the acknowledged ones on.
            var expected = held
            for change in changes[..<acked] { change.apply(to: &expected) }
            var applied = acked
            while Set(expected.keys) != Set(restored.keys) && applied < changes.count {
                changes[applied].apply(to: &expected)
                applied += 1
            }
            var afterAcknowledged = held
            for change in changes[..<acked] { change.apply(to: &afterAcknowledged) }
            try #require(
                Set(expected.keys) == Set(restored.keys),
                """
                round \(round) (window \(window), killed after \(Int(killAfter * 1000)) ms, \(acked) of \(changes.count) acknowledged): \
                acknowledged but missing: \(Set(afterAcknowledged.keys).subtracting(restored.keys).sorted()); \
                there but cancelled or never sent: \(Set(restored.keys).subtracting(model.keys).subtracting(afterAcknowledged.keys).sorted())
                """)
            appliedUnacknowledged += applied - acked

            // Never half-applied: each timer is exactly what its start asked for.
            for (name, timer) in restored {
                let spec = try #require(expected[name])
                #expect(timer.kind == .countdown && timer.state == .running, "\(timer)")
                #expect(Int64((timer.duration.seconds * 1000).rounded()) == spec.milliseconds, "\(timer)")
                #expect(timer.remaining > .zero && timer.remaining <= timer.duration, "\(timer)")
                #expect(timer.message == spec.message, "\(timer)")
                #expect(timer.reminders.map { Int64($0.seconds.rounded()) } == spec.remind, "\(timer)")
            }
            held = expected
        }
        let setAside = try FileManager.default.contentsOfDirectory(atPath: state).filter { $0.contains("corrupt") }
        #expect(setAside.isEmpty, "a database was found damaged and set aside: \(setAside)")
        print(
            "kills survived: \(rounds), acknowledged changes checked: \(acknowledged) "
                + "(seed \(seed); \(inFlightAtKill) changes in flight at the kills, \(appliedUnacknowledged) of them "
                + "saved but not yet acknowledged, found whole; \(held.count) timers held at the end)")
    }
}
