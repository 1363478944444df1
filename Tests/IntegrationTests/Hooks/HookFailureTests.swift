import Foundation
import Protocol
import Testing

/// A hook that fails is the user's problem, not the daemon's: it is logged as a warning with
/// its exit status and the start of its error output, and everything goes on.
@Suite("Hooks: a failing hook is logged and changes nothing else")
struct HookFailureTests {
    /// The warning about `name`'s hook and the line after it (the first of its error output).
    private func warning(about name: String, _ hooks: HookDaemon) -> (line: String, next: String)? {
        let lines = hooks.daemon.log().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let about = "hook done for \(TimerText.quoted(name)) "
        guard let index = lines.firstIndex(where: { $0.hasPrefix("timerd: warning: ") && $0.contains(about) }) else { return nil }
        return (lines[index], index + 1 < lines.count ? lines[index + 1] : "")
    }

    @Test("done = no-such-command-xyz: warned with exit status 127 and the shell's message; the next timer fires and its hook runs")
    func commandNotFound() throws {
        let hooks = try HookDaemon { _ in [("done", "no-such-command-xyz --now")] }
        let watch = try EventWatch(hooks.daemon)
        try hooks.start("lost", ["seconds": 0.2, "silent": true])
        _ = try watch.next("fired", of: "lost")
        #expect(eventually { warning(about: "lost", hooks) != nil }, "\(hooks.daemon.log())")
        let (line, next) = try #require(warning(about: "lost", hooks))
        #expect(line.hasPrefix("timerd: warning: hook done for") && line.contains("failed with exit status 127"), "\(line)")
        #expect(line.hasSuffix("its error output began:"), "\(line)")
        // dash: "timerd-hook: 1: no-such-command-xyz: not found"; bash: "…: command not found".
        #expect(next.hasPrefix("  timerd-hook: ") && next.contains("no-such-command-xyz") && next.hasSuffix("not found"), "\(next)")

        // Still there, still firing, and the same hook runs (and fails) for the next timer.
        #expect(hooks.daemon.process.isRunning)
        #expect(try hooks.daemon.connect().call("ping")["result"] != nil)
        try hooks.start("next", ["seconds": 0.2, "silent": true])
        let fired = try watch.next("fired", of: "next")
        #expect(fired.state == .done)
        #expect(eventually { warning(about: "next", hooks)?.line.contains("exit status 127") == true }, "\(hooks.daemon.log())")
    }

    @Test("A hook that exits 3 is warned with its status and only the first lines of its error output; the next hook runs")
    func exitStatusThree() throws {
        let hooks = try HookDaemon { out in
            let three = #"echo "it went wrong" >&2; for i in 1 2 3 4 5 6 7 8; do echo "detail $i" >&2; done; exit 3"#
            return [("done", #"case "$TIMERD_NAME" in three) \#(three);; *) echo "$TIMERD_NAME" >> \#(out)/ok;; esac"#)]
        }
        let watch = try EventWatch(hooks.daemon)
        try hooks.start("three", ["seconds": 0.2, "silent": true])
        _ = try watch.next("fired", of: "three")
        #expect(eventually { warning(about: "three", hooks) != nil }, "\(hooks.daemon.log())")
        let (line, next) = try #require(warning(about: "three", hooks))
        #expect(line.contains("failed with exit status 3 after"), "\(line)")
        #expect(next == "  it went wrong", "the first line of its error output: \(next)")
        let log = hooks.daemon.log()
        #expect(log.contains("  detail 4\n") && !log.contains("detail 5"), "at most 5 lines of it: \(log)")

        #expect(hooks.daemon.process.isRunning)
        try hooks.start("fine", ["seconds": 0.2, "silent": true])
        _ = try watch.next("fired", of: "fine")
        #expect(eventually { hooks.lines("ok") == ["fine"] }, "\(hooks.daemon.log())")
        #expect(warning(about: "fine", hooks) == nil, "a hook that succeeds is no warning")
    }
}
