import Foundation
import Protocol
import Testing

/// A thousand timers due in the same second, each with a done hook: the daemon runs at most 4
/// hooks at once, queues the rest, runs every one in the end, and reaps each.
@Suite("Hooks: a flood of firings runs every hook, at most 4 at a time")
struct HookFloodTests {
    static let count = 1_000
    static let bound = 4

    @Test("1,000 timers due within one second: every done hook runs, never more than 4 at once, no zombie left")
    func thousandHooks() throws {
        // Each hook lasts 50 ms and more, so that they overlap and every slot is taken while
        // the queue drains (250 rounds of 4: some 15 s on a small machine).
        let hooks = try HookDaemon { out in [("done", "sleep 0.05; echo \"$TIMERD_NAME\" >> \(out)/ran")] }
        let daemon = hooks.daemon.pid

        // Deadlines a millisecond apart over one second, starting 2 s from now, pipelined on
        // one connection.
        let first = (wallSeconds() + 2).rounded(.up)
        var lines: [UInt8] = []
        for i in 0..<Self.count {
            let at = Timestamp(nanoseconds: (Int64(first) * 1000 + Int64(i)) * 1_000_000)
            let params: JSONObject = ["name": .string("flood-\(i)"), "at": .string(RFC3339.format(at)), "silent": true]
            let request: JSONObject = ["jsonrpc": "2.0", "id": .integer(Int64(i)), "method": "start", "params": .object(params)]
            lines += Array(JSONWriter.string(.object(request)).utf8)
            lines.append(0x0A)
        }
        lines += Array(#"{"jsonrpc":"2.0","id":"last","method":"ping"}"#.utf8) + [0x0A]
        let client = try hooks.daemon.connect()
        let (replies, closed) = try client.exchange(lines, until: "last", timeout: .seconds(30))
        try #require(!closed && replies.count == Self.count)
        #expect(replies.allSatisfy { $0?["result"] != nil }, "\(replies.first { $0?["result"] == nil } ?? nil)")
        try #require(wallSeconds() < first, "starting them took too long for them to be due together")

        // Watch the daemon's children (the hooks' shells) until every hook has written its line.
        var most = 0, samples = 0, zombiesSeen = 0
        var zombieSince: [pid_t: ContinuousClock.Instant] = [:]
        var longestZombie: Duration = .zero
        let deadline = ContinuousClock.now + .seconds(120)
        while hooks.lines("ran").count < Self.count && ContinuousClock.now < deadline {
            let children = ProcessTable.children(of: daemon)
            samples += 1
            most = max(most, children.count)
            let now = ContinuousClock.now
            let zombies = Set(children.filter { $0.state == "Z" }.map(\.pid))
            zombiesSeen += zombies.count
            zombieSince = zombieSince.filter { zombies.contains($0.key) }
            for pid in zombies where zombieSince[pid] == nil { zombieSince[pid] = now }
            for since in zombieSince.values { longestZombie = max(longestZombie, now - since) }
            usleep(2_000)
        }
        print(
            "\(samples) samples of the daemon's children: at most \(most) at once; "
                + "zombies seen \(zombiesSeen) times, the longest for \(longestZombie)")

        let ran = hooks.lines("ran")
        #expect(ran.count == Self.count, "\(ran.count) hooks ran of \(Self.count)")
        #expect(Set(ran) == Set((0..<Self.count).map { "flood-\($0)" }), "each timer's hook ran once")
        #expect(most <= Self.bound, "\(most) hooks ran at once")
        #expect(most == Self.bound, "the hooks overlapped and filled every slot (at most \(most) seen)")
        // A hook that exited is a zombie until the loop reads its pidfd: an instant, never a wait.
        #expect(longestZombie < .seconds(1), "a hook stayed a zombie for \(longestZombie)")
        #expect(eventually { ProcessTable.children(of: daemon).isEmpty }, "\(ProcessTable.children(of: daemon))")
        #expect(hooks.logLines(containing: "hooks were not run").isEmpty, "none dropped: \(hooks.daemon.log())")
        let timers = try #require(try hooks.daemon.connect().call("list")["result"]?["timers"]?.arrayValue)
        #expect(timers.count == Self.count && timers.allSatisfy { $0["state"] == "done" })
    }
}
