import Foundation
import Protocol
import Testing

/// `kill -HUP` reads timerd.conf again, `[hooks]` included: the next event runs the new command.
@Suite("Hooks: SIGHUP picks up a changed [hooks]")
struct HookReloadTests {
    @Test("done = write A, then the file says done = write B and SIGHUP: the next timer writes B, not A")
    func sighupChangesTheCommand() throws {
        // --verbose: the log says when the settings have been read again.
        let hooks = try HookDaemon(verbose: true) { out in [("done", "echo \"$TIMERD_NAME\" >> \(out)/A")] }
        let watch = try EventWatch(hooks.daemon)
        try hooks.start("before", ["seconds": 0.2, "silent": true])
        _ = try watch.next("fired", of: "before")
        #expect(eventually { hooks.lines("A") == ["before"] }, "\(hooks.daemon.log())")

        try hooks.rewrite([("done", "echo \"$TIMERD_NAME\" >> \(hooks.out)/B")])
        let reads = hooks.logLines(containing: "settings from \(hooks.config)").count
        hooks.daemon.process.signal(SIGHUP)
        // Read and applied in the same turn of the loop, before any later request.
        #expect(eventually { hooks.logLines(containing: "settings from \(hooks.config)").count == reads + 1 }, "\(hooks.daemon.log())")
        #expect(hooks.daemon.process.isRunning, "SIGHUP does not stop it")

        try hooks.start("after", ["seconds": 0.2, "silent": true])
        _ = try watch.next("fired", of: "after")
        #expect(eventually { hooks.lines("B") == ["after"] }, "\(hooks.daemon.log())")
        #expect(hooks.lines("A") == ["before"], "the old command did not run again")
        #expect(hooks.logLines(containing: "warning: hook").isEmpty, "both hooks succeeded: \(hooks.daemon.log())")
    }
}
