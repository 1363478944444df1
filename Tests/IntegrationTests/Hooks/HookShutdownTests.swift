import Foundation
import Glibc
import Protocol
import Testing

/// What a hook is given of the daemon that runs it, and what becomes of it when that daemon
/// stops.
@Suite("Hooks: a hook reaches its own daemon, and does not outlive it")
struct HookShutdownTests {
    @Test("A hook's timerctl reaches the daemon that ran it, whatever socket that daemon was given")
    func aHooksTimerctlReachesItsDaemon() throws {
        let hooks = try HookDaemon { out in
            [("done", "\(TimerText.shellWord(Programs.timerctl)) --no-spawn start \"after-$TIMERD_NAME\" 1h > \(out)/said 2>&1")]
        }
        // The test's own environment names no socket: the daemon was given one with --socket.
        #expect(hooks.daemon.environment["TIMERD_SOCKET"] == nil)
        try hooks.start("tea", ["seconds": 0.2, "silent": true])
        #expect(eventually { (try? hooks.daemon.ctl("show", "after-tea").status) == 0 }, "\(hooks.lines(hooks.out + "/said")) \(hooks.daemon.log())")
    }

    @Test("When timerd stops, the hooks still running are stopped with their process groups")
    func runningHooksStopWithTheDaemon() throws {
        let hooks = try HookDaemon(verbose: true) { _ in [("done", "sleep 100000 & exec sleep 100000")] }
        let name = uniqueName("long")
        try hooks.start(name, ["seconds": 0.2, "silent": true])
        func sleeping() -> [ProcessTable.Entry] {
            ProcessTable.withEnvironment("TIMERD_NAME=" + name).filter { $0.state != "Z" }
        }
        #expect(eventually { sleeping().count == 2 }, "the hook and what it started run")
        #expect(hooks.daemon.stop() == 0)
        #expect(eventually { sleeping().isEmpty }, "\(sleeping()) outlived timerd")
        #expect(hooks.daemon.log().contains("stopped 1 hooks still running"), "\(hooks.daemon.log())")
    }
}
