import Foundation
import Protocol
import Testing

/// Timers that came due while the daemon was killed (`kill -9`) run their hooks once it is
/// back: each its `done` hook saying TIMERD_MISSED=1, or with `missed` set, that one hook once
/// for all of them.
@Suite("Hooks: timers missed across kill -9 run their hooks once after the restart")
struct HookMissedTests {
    /// More than the 2 s after which a timer that fires late counts as missed.
    static let downFor = 3.5

    /// Waits until the wall clock reads `seconds`: the daemon is down, there is nothing to wait on.
    private func sleep(until seconds: Double) {
        let left = seconds - wallSeconds()
        if left > 0 { usleep(UInt32(left * 1e6)) }
    }

    /// Fires a timer of `name` now and waits for it: hooks of what came before were submitted
    /// earlier, so once this one's hook has run, theirs have had their turn.
    private func fireSentinel(_ name: String, _ hooks: HookDaemon) throws {
        let watch = try EventWatch(hooks.daemon)
        try hooks.start(name, ["seconds": 0.2, "silent": true])
        _ = try watch.next("fired", of: name)
    }

    @Test("A timer due while timerd was killed runs its done hook once after the restart, with TIMERD_MISSED=1")
    func doneHookAfterKill() throws {
        let hooks = try HookDaemon { out in [("done", HookDaemon.dumpEnvironment(into: out))] }
        let started = try hooks.start("pasta", ["seconds": 0.5, "silent": true])
        #expect(hooks.daemon.stop(signal: SIGKILL) == 128 + SIGKILL)
        sleep(until: epochSeconds(try #require(started.endsAt)) + Self.downFor)
        #expect(hooks.environments().isEmpty, "nothing ran while the daemon was down")
        try hooks.daemon.restart()

        #expect(eventually { hooks.environments().count == 1 }, "\(hooks.daemon.log())")
        let env = try #require(hooks.environments().first)
        #expect(env["TIMERD_EVENT"] == "done" && env["TIMERD_NAME"] == "pasta", "\(env)")
        #expect(env["TIMERD_MISSED"] == "1", "\(env)")
        #expect(env["TIMERD_DUE"] == started.endsAt.map(RFC3339.format))
        let late = Int(env["TIMERD_LATE_MS"] ?? "") ?? -1
        #expect(late >= Int(Self.downFor * 1000), "late by \(late) ms")

        // Once: not again after another restart, nor behind a later timer's hook.
        #expect(hooks.daemon.stop() == 0)
        try hooks.daemon.restart()
        try fireSentinel("sentinel", hooks)
        #expect(eventually { hooks.environments().count == 2 })
        let names = hooks.environments().compactMap { $0["TIMERD_NAME"] }.sorted()
        #expect(names == ["pasta", "sentinel"], "\(names)")
    }

    @Test("With missed = … set, the timers missed across kill -9 run it once, with TIMERD_NAMES and TIMERD_COUNT, and no done hook")
    func missedHookOnceForAll() throws {
        let hooks = try HookDaemon { out in
            [("done", "echo \"$TIMERD_NAME $TIMERD_MISSED\" >> \(out)/done"), ("missed", HookDaemon.dumpEnvironment(into: out))]
        }
        let names = ["eggs", #"Mum's "rice""#, "tea ☕"]
        var due = 0.0
        for (index, name) in names.enumerated() {
            let timer = try hooks.start(name, ["seconds": .number(0.3 + 0.2 * Double(index)), "silent": true])
            due = epochSeconds(try #require(timer.endsAt))
        }
        // Not due yet at the restart: neither missed nor fired.
        try hooks.start("later", ["seconds": 3600, "silent": true])
        #expect(hooks.daemon.stop(signal: SIGKILL) == 128 + SIGKILL)
        sleep(until: due + Self.downFor)
        try hooks.daemon.restart()

        #expect(eventually { hooks.environments().count == 1 }, "\(hooks.daemon.log())")
        let env = try #require(hooks.environments().first)
        #expect(env["TIMERD_EVENT"] == "missed" && env["TIMERD_MISSED"] == "1", "\(env)")
        #expect(env["TIMERD_COUNT"] == "3", "\(env)")
        let listed = try #require(env["TIMERD_NAMES"]).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(listed.sorted() == names.sorted(), "one a line: \(listed)")

        try fireSentinel("sentinel", hooks)
        #expect(eventually { hooks.lines("done") == ["sentinel 0"] }, "only the sentinel ran the done hook: \(hooks.lines("done"))")
        #expect(hooks.environments().count == 1, "the missed hook ran once")
        #expect(try hooks.get("later").state == .running)
    }
}
