import Testing

@testable import timerd

private let t0 = Moment.start.boot

private func running(_ timers: [String] = ["pasta"], stopped: Bool = false) -> HookPlan.Running {
    HookPlan.Running(
        hook: Hook(event: .done, command: "x", facts: [], timers: timers), startedAt: t0, stopAt: t0 + .seconds(60),
        killAt: t0 + .seconds(65), stopped: stopped)
}

@Suite struct HookReportTests {
    @Test func successIsNoFailure() {
        let report = HookReport(running(), HookExit(id: 1, status: .exited(0)), at: t0 + .seconds(2))
        #expect(report.failure == nil)
        #expect(report.logLine == #"hook done for "pasta" done in 2s"#)
        let quick = HookReport(running(), HookExit(id: 1, status: .exited(0)), at: t0 + .milliseconds(12))
        #expect(quick.logLine == #"hook done for "pasta" done in 12 ms"#, "not rounded up to a second")
    }

    @Test func aFailureSaysItsStatusAndTheFirstLinesOfItsErrorOutput() {
        let output = Array("timerd-hook: 1: curl: not found\nsecond\n3\n4\n5\n6\n".utf8)
        let report = HookReport(running(), HookExit(id: 1, status: .exited(127), errorOutput: output), at: t0 + .seconds(1))
        #expect(report.failure == "hook exit 127")
        #expect(report.logLine == """
            hook done for "pasta" failed with exit status 127 after 1s; its error output began:
              timerd-hook: 1: curl: not found
              second
              3
              4
              5
            """)
    }

    @Test func aHookStoppedAtItsLimitTimedOutWhateverItsStatus() {
        let report = HookReport(running(stopped: true), HookExit(id: 1, status: .signaled(15)), at: t0 + .seconds(60))
        #expect(report.failure == "hook timed out")
        #expect(report.logLine.contains("ran past its limit (hook-timeout) and was stopped after 1m"))
    }

    @Test func otherEnds() {
        #expect(HookReport(running(), HookExit(id: 1, status: .signaled(9)), at: t0).failure == "hook signal 9")
        let notStarted = HookReport(running(), HookExit(id: 1, status: .notStarted("posix_spawn /bin/sh: No such file")), at: t0)
        #expect(notStarted.failure == "hook not started" && notStarted.logLine.hasSuffix("could not start: posix_spawn /bin/sh: No such file"))
        let many = HookReport(running(["a", "b", "c", "d", "e"]), HookExit(id: 1, status: .exited(0)), at: t0)
        #expect(many.logLine.hasPrefix(#"hook done for "a", "b", "c" and 2 more"#))
    }

    @Test func errorOutputReachesTheLogAsPlainText() {
        let lines = HookReport.firstLines(Array("\u{1B}[31mred\u{7}\n".utf8) + [0xFF, 0xFE] + Array(String(repeating: "y", count: 300).utf8))
        #expect(lines[0] == "\\u{1b}[31mred\\u{7}")
        #expect(lines[1].hasPrefix("\u{FFFD}\u{FFFD}yyy") && lines[1].hasSuffix("y…") && lines[1].unicodeScalars.count == 201)
    }
}
