import TestSupport
import Foundation
import Protocol
import Testing

/// `kill -9` at random moments of a write storm (starts, cancels, pauses, resumes and extends
/// over four connections at once), round after round on one state directory. After each
/// restart every acknowledged change is there, what was in flight is there as a whole prefix
/// of each connection's changes or not at all, and start-up never set a database aside.
///
/// The log keeps growing across rounds (a killed daemon never copies it back at exit), so the
/// checkpointer is at work when many of the kills come, at the first commit after a restart
/// most of all: what used to leave a database that start-up took for damaged and set aside.
///
/// `make test` runs 30 rounds with a fixed seed; `make fuzz` (`TIMERD_FUZZ_SECONDS`) runs 250
/// with a new one. `TIMERD_FAULT_ROUNDS` and `TIMERD_FUZZ_SEED` set either.
@Suite("Faults: kill -9 during a write storm over several connections")
struct KillStormTests {
    /// A timer as the changes so far make it.
    struct Spec: Equatable {
        var milliseconds: Int64
        var paused: Bool
        var message: String?
        var remind: [Int64]
    }

    enum Change {
        case start(String, Spec)
        case cancel(String)
        case pause(String)
        case resume(String)
        case extend(String, milliseconds: Int64)

        var kind: String {
            switch self {
            case .start: "start"
            case .cancel: "cancel"
            case .pause: "pause"
            case .resume: "resume"
            case .extend: "extend"
            }
        }

        var name: String {
            switch self {
            case .start(let name, _), .cancel(let name), .pause(let name), .resume(let name), .extend(let name, _): name
            }
        }

        func apply(to timers: inout [String: Spec]) {
            switch self {
            case .start(let name, let spec): timers[name] = spec
            case .cancel(let name): timers[name] = nil
            case .pause(let name): timers[name]?.paused = true
            case .resume(let name): timers[name]?.paused = false
            case .extend(let name, let delta): timers[name]?.milliseconds += delta
            }
        }

        func line(id: Int) -> String {
            let (method, params): (String, JSONObject)
            switch self {
            case .start(let name, let spec):
                (method, params) = (
                    "start", KillChecks.startParams(name: name, milliseconds: spec.milliseconds, message: spec.message, remind: spec.remind)
                )
            case .cancel(let name): (method, params) = ("cancel", ["name": .string(name)])
            case .pause(let name): (method, params) = ("pause", ["name": .string(name)])
            case .resume(let name): (method, params) = ("resume", ["name": .string(name)])
            case .extend(let name, let delta):
                (method, params) = ("extend", ["name": .string(name), "seconds": .number(Double(delta) / 1000)])
            }
            return KillChecks.line(id: id, method: method, params: params)
        }
    }

    /// One connection's part of a round: its own timers, the changes it sent in order, and the
    /// replies that came back.
    struct Client {
        let prefix: String
        var serial = 0
        /// What the changes sent so far make of its timers: what the next change is chosen from.
        var model: [String: Spec]
        /// The names in `model`, to pick from.
        var names: [String]
        var changes: [Change] = []
        /// The timer in the reply to each acknowledged change, in order.
        var replies: [TimerInfo?] = []

        init(prefix: String, serial: Int, model: [String: Spec]) {
            self.prefix = prefix
            self.serial = serial
            self.model = model
            names = model.keys.sorted()
        }

        /// A change that is valid after every change sent before it, applied to `model`.
        mutating func next(round: Int, using random: inout SplitMix64) -> Change {
            let change = choose(round: round, using: &random)
            change.apply(to: &model)
            switch change {
            case .start(let name, _): names.append(name)
            case .cancel(let name):
                let index = names.firstIndex(of: name)!
                names.swapAt(index, names.count - 1)
                names.removeLast()
            default: break
            }
            return change
        }

        private mutating func choose(round: Int, using random: inout SplitMix64) -> Change {
            let roll = Int.random(in: 0..<100, using: &random)
            // More starts than cancels, up to a bound that rises round after round: the file
            // keeps growing, so a checkpoint copies back pages past its end (see `killDuringStorm`).
            if names.count < 8 || (names.count < min(2_000, 100 + 10 * round) && roll < 45) {
                serial += 1
                let message: String? = Bool.random(using: &random)
                    ? "round \(round) " + String(repeating: "m", count: Int.random(in: 0...900, using: &random)) : nil
                let spec = Spec(
                    milliseconds: Int64.random(in: 3_600_000...86_400_000, using: &random), paused: false, message: message,
                    remind: Bool.random(using: &random) ? [600, 60] : [])
                return .start("\(prefix)\(serial)", spec)
            }
            let name = names.randomElement(using: &random)!
            switch Int.random(in: 0..<100, using: &random) {
            case ..<15: return .cancel(name)
            case ..<60: return model[name]!.paused ? .resume(name) : .pause(name)
            default: return .extend(name, milliseconds: Int64.random(in: -60_000...600_000, using: &random))
            }
        }
    }

    /// Tells when a file is written (inotify), while the connections go on.
    final class FileWatch {
        private let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))

        init?(_ path: String) {
            guard fd >= 0, inotify_add_watch(fd, path, UInt32(IN_MODIFY)) >= 0 else { return nil }
        }

        deinit { close(fd) }

        /// Waits at most `timeout` ms for the file to be written or a connection to be ready;
        /// true if the file was written.
        func waitForWrite(or connections: [PolledConnection], timeout: Int32) -> Bool {
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            fds += connections.map { pollfd(fd: $0.fd, events: $0.pollEvents, revents: 0) }
            guard poll(&fds, nfds_t(fds.count), timeout) > 0, fds[0].revents != 0 else { return false }
            var events = [UInt8](repeating: 0, count: 4_096)
            while read(fd, &events, events.count) > 0 {}
            return true
        }
    }

    private func milliseconds(_ duration: Duration) -> Int64 { Int64((duration.seconds * 1000).rounded()) }

    /// `PRAGMA integrity_check` of the database and its log as the kill left them.
    private func integrity(of database: String) throws -> String {
        try KillChecks.sqlite(onCopyOf: database, "PRAGMA integrity_check;")[0]
    }

    @Test("kill -9 during a storm of starts, cancels, pauses, resumes and extends loses nothing acknowledged and never sets a database aside")
    func killDuringStorm() throws {
        let settings = FuzzSettings.fromEnvironment()
        let rounds = Knob.int("TIMERD_FAULT_ROUNDS", default: settings.isLong ? 250 : 30)
        var random = SplitMix64(seed: settings.seed)
        let daemon = try Daemon(bus: "unix:path=/nonexistent/bus")
        let state = daemon.directory + "/state"
        let prefixes = ["a", "b", "c", "d"]
        // What the daemon holds at the start of a round, checked after every restart.
        var held: [String: Spec] = [:]
        // For each timer, what its last acknowledged change (or the last restart) fixed exactly:
        // a paused timer's time left, a running one's end. Nil when a change in flight was saved.
        var exact: [String: TimerInfo?] = [:]
        // Names are never used twice, across rounds too.
        var serials: [String: Int] = [:]
        var killsInCheckpoints = 0
        var acknowledged = 0, inFlight = 0, savedUnacknowledged = 0, byKind: [String: Int] = [:]
        let began = wallSeconds()
        for round in 0..<rounds {
            let windows = prefixes.map { _ in [1, 8, 64, 512].randomElement(using: &random)! }
            let killAfter = Double.random(in: 0.002...0.200, using: &random)
            // In half the rounds the kill comes as soon as the database file itself is written,
            // which only a checkpoint does: in the middle of one. The file keeps growing, so the
            // checkpoint's first page, the header, says the file has pages that are not there
            // yet (they are still only in the log), and the file alone looks damaged.
            let atCheckpoint = Bool.random(using: &random)
            let watch = atCheckpoint ? FileWatch(state + "/timerd.db") : nil
            // A checkpoint starts once the log holds 1,000 pages more than the last one copied.
            let checkpointPatience = 2.0
            var clients = prefixes.map { prefix in
                Client(prefix: prefix, serial: serials[prefix, default: 0], model: held.filter { $0.key.hasPrefix(prefix) })
            }
            let connections = try prefixes.map { _ in try PolledConnection(path: daemon.socket) }
            let start = wallSeconds()
            var killed = false
            while !(killed && connections.allSatisfy(\.isClosed)) {
                for (i, connection) in connections.enumerated() where !killed {
                    while clients[i].changes.count - clients[i].replies.count < windows[i] {
                        let change = clients[i].next(round: round, using: &random)
                        connection.enqueue(change.line(id: clients[i].changes.count))
                        clients[i].changes.append(change)
                    }
                    connection.flush()
                }
                let left = start + (watch == nil ? killAfter : checkpointPatience) - wallSeconds()
                let timeout = killed ? 2_000 : Int32(max(0, left * 1000))
                if !killed, let watch, watch.waitForWrite(or: connections, timeout: timeout) {
                    // Killed at once: a checkpoint of a few hundred pages takes a millisecond or two.
                    #expect(daemon.stop(signal: SIGKILL) == 128 + SIGKILL)
                    killed = true
                    killsInCheckpoints += 1
                }
                let ready = pollOnce(connections, timeout: watch == nil || killed ? timeout : 0)
                if killed && ready == nil {
                    Issue.record("round \(round): a connection stayed open after the daemon was killed")
                    break
                }
                for (i, lines) in ready ?? [] {
                    for line in lines {
                        let reply = try JSONParser.parse(line)
                        let index = clients[i].replies.count
                        try #require(
                            reply["id"] == .integer(Int64(index)) && reply["result"] != nil,
                            "round \(round), client \(prefixes[i]), change \(clients[i].changes[index]): \(reply)")
                        clients[i].replies.append(try reply["result"]?["timer"].map(TimerInfo.init(json:)))
                    }
                }
                if !killed && wallSeconds() >= start + (watch == nil ? killAfter : checkpointPatience) {
                    #expect(daemon.stop(signal: SIGKILL) == 128 + SIGKILL)
                    killed = true
                }
            }

            let check = try integrity(of: state + "/timerd.db")
            #expect(check == "ok", "round \(round): integrity_check of the files as the kill left them: \(check)")
            try daemon.restart()
            let restored = try KillChecks.timers(daemon)
            let setAside = try FileManager.default.contentsOfDirectory(atPath: state).filter { $0.contains("corrupt") }
            try #require(setAside.isEmpty, "round \(round): start-up set a database aside: \(setAside)\n\(daemon.log())")

            var next: [String: Spec] = [:]
            for client in clients {
                let acked = client.replies.count
                let mine = restored.filter { $0.key.hasPrefix(client.prefix) }
                // Each connection's changes are saved in its order, a batch at a time: what is on
                // disk is what its first `applied` changes make, for some `applied` >= acked.
                var expected = held.filter { $0.key.hasPrefix(client.prefix) }
                var last: [String: Int] = [:]
                for (index, change) in client.changes[..<acked].enumerated() {
                    change.apply(to: &expected)
                    last[change.name] = index
                }
                // Each change touches one timer: follow the timers that disagree, not the whole table.
                func agrees(_ name: String) -> Bool {
                    switch (expected[name], mine[name]) {
                    case (nil, nil): true
                    case (let spec?, let timer?):
                        milliseconds(timer.duration) == spec.milliseconds && (timer.state == .paused) == spec.paused
                            && timer.message == spec.message && timer.reminders.map { milliseconds($0) / 1000 } == spec.remind
                    default: false
                    }
                }
                var disagreeing = Set(expected.keys).union(mine.keys).filter { !agrees($0) }
                var applied = acked
                while !disagreeing.isEmpty && applied < client.changes.count {
                    let change = client.changes[applied]
                    change.apply(to: &expected)
                    last[change.name] = applied
                    if agrees(change.name) { disagreeing.remove(change.name) } else { disagreeing.insert(change.name) }
                    applied += 1
                }
                var afterAcknowledged = held.filter { $0.key.hasPrefix(client.prefix) }
                for change in client.changes[..<acked] { change.apply(to: &afterAcknowledged) }
                try #require(
                    disagreeing.isEmpty,
                    """
                    round \(round), client \(client.prefix) (\(atCheckpoint ? "killed in a checkpoint" : "killed after \(Int(killAfter * 1000)) ms"), \(acked) of \
                    \(client.changes.count) acknowledged): no prefix of its changes from the acknowledged ones on makes what \
                    was restored (\(disagreeing.sorted().prefix(5)) disagree). Acknowledged but missing: \(Set(afterAcknowledged.keys).subtracting(mine.keys).sorted()); \
                    held but never acknowledged: \(Set(mine.keys).subtracting(client.model.keys).subtracting(afterAcknowledged.keys).sorted())
                    """)
                acknowledged += acked
                inFlight += client.changes.count - acked
                savedUnacknowledged += applied - acked
                for change in client.changes[..<acked] { byKind[change.kind, default: 0] += 1 }

                // Exactly as acknowledged: the time left of a paused timer, the end of a running one.
                for (name, timer) in mine {
                    let fixed: TimerInfo?? = last[name].map { $0 < acked ? client.replies[$0] : nil } ?? exact[name]
                    #expect(timer.remaining > .zero && timer.remaining <= timer.duration, "round \(round): \(timer)")
                    if case .some(.some(let reply)) = fixed {
                        if timer.state == .paused {
                            #expect(abs(milliseconds(timer.remaining) - milliseconds(reply.remaining)) <= 1, "round \(round): \(timer) was \(reply)")
                        } else if let end = timer.endsAt, let was = reply.endsAt {
                            #expect(abs((end - was).seconds) < 0.05, "round \(round): \(timer) ends at another time than \(reply)")
                        }
                    }
                    exact[name] = .some(timer)
                }
                next.merge(expected) { $1 }
                serials[client.prefix] = client.serial
            }
            for name in exact.keys where restored[name] == nil { exact[name] = nil }
            held = next
        }
        #expect(!daemon.log().contains("could not be read"), "\(daemon.log())")
        print(
            "kill -9 during a write storm: \(rounds) rounds in \(Int(wallSeconds() - began)) s (seed \(settings.seedText)), "
                + "\(killsInCheckpoints) of the kills as a checkpoint wrote the file, "
                + "acknowledged changes checked: \(acknowledged) (\(byKind.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "))); "
                + "\(inFlight) in flight at the kills, \(savedUnacknowledged) of them saved, each connection's a whole prefix; "
                + "\(held.count) timers held at the end; no database set aside")
    }
}
