import Glibc
import Testing

@testable import timerd

/// A `ShellHookRunner` on the tests' loop, running real `/bin/sh`: what a hook gets (its
/// environment, descriptors, signals) and how its end is reported.
private final class RunnerUnderTest: Sendable {
    let loop = EventLoop.forTests
    let runner: ShellHookRunner
    private let exits = PthreadLock<[HookExit]>([])

    init(shell: String = "/bin/sh", inherited: [String: String] = ["PATH": "/usr/bin:/bin"]) {
        runner = ShellHookRunner(loop: loop, inherited: inherited, shell: shell)
        let done = PthreadLock(false)
        loop.execute { [runner, exits] in
            runner.onFinished { exit in exits.withLock { $0.append(exit) } }
            done.withLock { $0 = true }
        }
        while !done.withLock({ $0 }) { usleep(1000) }
    }

    func run(_ id: UInt64, _ command: String, facts: [String] = []) {
        let launch = HookPlan.Launch(id: id, hook: Hook(event: .done, command: command, facts: facts, timers: ["t"]))
        loop.execute { [runner] in runner.run(launch) }
    }

    func stop(_ id: UInt64, force: Bool) {
        loop.execute { [runner] in runner.stop(id, force: force) }
    }

    /// The end of hook `id`, once it is reported (at most 10 s: a loaded machine).
    func exit(_ id: UInt64) throws -> HookExit {
        for _ in 0..<10_000 {
            if let exit = exits.withLock({ $0.first { $0.id == id } }) { return exit }
            usleep(1000)
        }
        throw SystemCallFailed("hook \(id) did not end within 10 s")
    }
}

private func text(_ path: String) throws -> String { String(decoding: try contents(of: path), as: UTF8.self) }

@Suite struct ShellHookRunnerTests {
    @Test func aHookGetsItsFactsInTheEnvironmentOverTheDaemons() throws {
        try withScratchDirectory { (dir: String) throws in
            let subject = RunnerUnderTest(inherited: ["PATH": "/usr/bin:/bin", "HOME": "/home/me", "TIMERD_NAME": "stale"])
            subject.run(1, #"env > "$OUT""#, facts: ["OUT=\(dir)/env", "TIMERD_NAME=pasta", "TIMERD_MESSAGE=a\nb"])
            #expect(try subject.exit(1).status == .exited(0))
            let lines = try text(dir + "/env")
            #expect(lines.contains("TIMERD_NAME=pasta\n") && !lines.contains("stale"))
            #expect(lines.contains("TIMERD_MESSAGE=a\nb\n") && lines.contains("HOME=/home/me\n"))
        }
    }

    @Test func aNameThatLooksLikeCodeIsNeverRun() throws {
        try withScratchDirectory { (dir: String) throws in
            let subject = RunnerUnderTest()
            let name = "$(touch \(dir)/pwned)`touch \(dir)/pwned2`; touch \(dir)/pwned3"
            subject.run(1, #"printf '%s' "$TIMERD_NAME" > "$OUT"; echo $TIMERD_NAME > /dev/null"#, facts: ["OUT=\(dir)/name", "TIMERD_NAME=\(name)"])
            #expect(try subject.exit(1).status == .exited(0))
            #expect(try text(dir + "/name") == name)
            #expect(entries(of: dir) == ["name"])
        }
    }

    @Test func aFailureIsReportedWithItsStatusAndErrorOutput() throws {
        let subject = RunnerUnderTest()
        subject.run(1, "echo out; echo oops >&2; exit 3")
        let exit = try subject.exit(1)
        #expect(exit.status == .exited(3))
        #expect(String(decoding: exit.errorOutput, as: UTF8.self) == "oops\n")
    }

    @Test func aCommandNotFoundIsAFailureAndAMissingShellIsNotAStart() throws {
        let subject = RunnerUnderTest()
        subject.run(1, "no-such-command-for-timerd")
        let exit = try subject.exit(1)
        #expect(exit.status == .exited(127))
        #expect(String(decoding: exit.errorOutput, as: UTF8.self).contains("not found"))

        let noShell = RunnerUnderTest(shell: "/nonexistent/sh")
        noShell.run(2, "true")
        guard case .notStarted(let reason) = try noShell.exit(2).status else {
            Issue.record("a missing shell started")
            return
        }
        #expect(reason.contains("/nonexistent/sh"))
    }

    @Test func stoppingEndsTheWholeProcessGroup() throws {
        try withScratchDirectory { (dir: String) throws in
            let subject = RunnerUnderTest()
            // A child in the background, which would outlive its shell if only the shell were stopped.
            subject.run(1, #"sleep 1000 & echo $! > "$OUT"; wait"#, facts: ["OUT=\(dir)/pid"])
            var pid: pid_t = 0
            for _ in 0..<5000 where pid == 0 {
                pid = pid_t((try? text(dir + "/pid"))?.split(separator: "\n").first.flatMap { Int32($0) } ?? 0)
                usleep(1000)
            }
            #expect(pid > 0 && kill(pid, 0) == 0)
            subject.stop(1, force: false)
            #expect(try subject.exit(1).status == .signaled(SIGTERM))
            // The background sleep went with it (it is not ours to reap: init takes it).
            var gone = false
            for _ in 0..<5000 where !gone {
                gone = kill(pid, 0) != 0 || (try? text("/proc/\(pid)/stat"))?.contains(") Z ") == true
                usleep(1000)
            }
            #expect(gone)
        }
    }

    @Test func aHookGetsNoDescriptorOfTheDaemonsAndSignalsAtTheirDefaults() throws {
        try withScratchDirectory { (dir: String) throws in
            let subject = RunnerUnderTest()
            // As in the daemon: SIGPIPE ignored, SIGTERM and SIGHUP blocked on the loop's thread
            // (the one that spawns), and a descriptor that is not close-on-exec, as systemd's
            // socket is.
            signal(SIGPIPE, SIG_IGN)
            let masked = PthreadLock(false)
            subject.loop.execute {
                var set = sigset_t()
                sigemptyset(&set)
                sigaddset(&set, SIGTERM)
                sigaddset(&set, SIGHUP)
                pthread_sigmask(SIG_BLOCK, &set, nil)
                masked.withLock { $0 = true }
            }
            while !masked.withLock({ $0 }) { usleep(1000) }
            let leaked = dup2(open("/dev/null", O_RDONLY), 200)
            defer { close(leaked) }
            // Builtins only, so that what is read is the shell's own (dash keeps 10 for itself).
            subject.run(
                1,
                #"[ -e /proc/$$/fd/200 ] && echo leaked; while read l; do case $l in SigBlk*|SigIgn*) echo "$l";; esac; done < /proc/$$/status"#
                    + #" > "$OUT""#, facts: ["OUT=\(dir)/status"])
            #expect(try subject.exit(1).status == .exited(0))
            let lines = try text(dir + "/status").split(separator: "\n")
            #expect(leaked == 200 && !lines.contains("leaked"))
            #expect(lines.contains("SigBlk:\t0000000000000000"))
            let ignored = lines.first { $0.hasPrefix("SigIgn:") }.flatMap { UInt64($0.dropFirst(8), radix: 16) }
            #expect(ignored.map { $0 & (1 << (UInt64(SIGPIPE) - 1)) == 0 } == true)
        }
    }

    @Test func aChattyHookNeverStallsAndOnlyTheStartIsKept() throws {
        let subject = RunnerUnderTest()
        subject.run(1, "head -c 1000000 /dev/zero | tr '\\0' x >&2")
        let exit = try subject.exit(1)
        #expect(exit.status == .exited(0))
        #expect(exit.errorOutput == [UInt8](repeating: UInt8(ascii: "x"), count: HookExit.keptOutput))
    }
}
