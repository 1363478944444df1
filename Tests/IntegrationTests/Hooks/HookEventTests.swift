import Foundation
import Protocol
import Testing

/// Each event of `[hooks]` runs its command in a real `/bin/sh`, started by a real daemon,
/// which is told the facts in its environment; the commands write their whole environment
/// (`env -0`) to files, read back here byte for byte.
@Suite("Hooks: each event runs its command with the timer's facts")
struct HookEventTests {
    @Test("A done hook is told every fact exactly: quotes, newlines and non-ASCII included; the session's variables too")
    func doneHookFacts() throws {
        let bus = "unix:path=/nonexistent/timerd-hook-bus"
        let hooks = try HookDaemon(bus: bus, environment: ["DISPLAY": ":73.0"]) { out in
            [("done", HookDaemon.dumpEnvironment(into: out))]
        }
        let name = #"Mum's "pasta" café ☕ $HOME"#
        let message = "Drain it \"now\", then add 'butter';\nsecond line — ünd $(touch x) `y`\n\nafter a blank line"
        let watch = try EventWatch(hooks.daemon)
        let started = try hooks.start(name, ["seconds": 1.5, "message": .string(message)])
        let client = try hooks.daemon.connect()
        let added = try client.call("todo.add", ["name": .string(name), "items": ["grate cheese", #"plates "2""#, "wine ✓"]])
        let items = try #require(added["result"]?["timer"]?["todos"]?.arrayValue, "\(added)")
        let second = try #require(items[1]["id"]?.int64Value)
        let ticked = try client.call("todo.set", ["name": .string(name), "id": .integer(second), "done": true])
        try #require(ticked["result"] != nil, "\(ticked)")
        try #require(try hooks.get(name).state == .running, "the checklist was set before it fired")

        let fired = try watch.next("fired", of: name)
        #expect(eventually { hooks.environments().count == 1 }, "the done hook ran once: \(hooks.daemon.log())")
        let env = try #require(hooks.environments().first)
        let due = try #require(fired.endsAt), firedAt = try #require(fired.firedAt)
        #expect(env["TIMERD_EVENT"] == "done")
        #expect(env["TIMERD_NAME"] == name)
        #expect(env["TIMERD_MESSAGE"] == message)
        #expect(env["TIMERD_KIND"] == "countdown")
        #expect(env["TIMERD_DUE"] == RFC3339.format(due))
        #expect(env["TIMERD_DUE"].flatMap(RFC3339.parse) == due, "TIMERD_DUE is RFC 3339")
        #expect(env["TIMERD_DUE"] == started.endsAt.map(RFC3339.format), "due when it was started")
        #expect(env["TIMERD_FIRED"] == RFC3339.format(firedAt))
        #expect(env["TIMERD_FIRED"].flatMap(RFC3339.parse) == firedAt, "TIMERD_FIRED is RFC 3339")
        // TIMERD_LATE_MS is the daemon's whole milliseconds between the instants themselves;
        // TIMERD_DUE and TIMERD_FIRED (and the event's fields) are each cut to the millisecond,
        // so the difference of those two is it or one more.
        let late = try #require(Int64(env["TIMERD_LATE_MS"] ?? ""), "\(env)")
        let shownLate = (firedAt - due).nanoseconds / 1_000_000
        #expect(late >= 0 && (shownLate == late || shownLate == late + 1), "TIMERD_LATE_MS \(late), fired - due \(shownLate) ms")
        #expect(env["TIMERD_DURATION"] == "1.5")
        #expect(env["TIMERD_MISSED"] == "0")
        #expect(env["TIMERD_TODO_OPEN"] == "grate cheese\nwine ✓", "the open items, one a line")
        #expect(env["TIMERD_NAMES"] == name && env["TIMERD_COUNT"] == "1")
        #expect(env["DISPLAY"] == ":73.0", "from the daemon's environment")
        #expect(env["DBUS_SESSION_BUS_ADDRESS"] == bus, "from the daemon's environment")
        #expect(env["PATH"] == hooks.daemon.environment["PATH"])
        #expect(!FileManager.default.fileExists(atPath: "/x"), "the message was never run")
    }

    @Test("start, remind, cycle, done and dismissed each run their command once, at their event")
    func everyEventRunsItsHook() throws {
        let hooks = try HookDaemon { out in
            ["start", "remind", "cycle", "done", "dismissed"].map { ($0, HookDaemon.dumpEnvironment(into: out)) }
        }
        let watch = try EventWatch(hooks.daemon)
        // A reminder 0.6 s before its end; it rings when it fires (the default), so it can be dismissed.
        try hooks.start("tea", ["seconds": 1.2, "remind": [0.6]])
        // Two steps: `work`, then `break`, once.
        try hooks.start("work", ["seconds": 0.4, "silent": true, "then": ["name": "break", "seconds": 0.4]])
        #expect(eventually { hooks.environments(of: "start").count == 2 }, "\(hooks.environments())")
        for env in hooks.environments(of: "start") {
            #expect(env["TIMERD_FIRED"] == "" && env["TIMERD_LATE_MS"] == "0" && env["TIMERD_MISSED"] == "0", "\(env)")
            #expect(env["TIMERD_DUE"].flatMap(RFC3339.parse) != nil, "\(env)")
        }
        #expect(Set(hooks.environments(of: "start").compactMap { $0["TIMERD_NAME"] }) == ["tea", "work"])
        #expect(hooks.environments(of: "start").first { $0["TIMERD_NAME"] == "tea" }?["TIMERD_DURATION"] == "1.2")

        _ = try watch.next("advanced", of: "work")
        #expect(eventually { hooks.environments(of: "cycle").count == 1 })
        let cycle = try #require(hooks.environments(of: "cycle").first)
        #expect(cycle["TIMERD_NAME"] == "work" && cycle["TIMERD_KIND"] == "countdown", "\(cycle)")

        _ = try watch.next("fired", of: "work")
        let fired = try watch.next("fired", of: "tea")
        #expect(fired.ringing, "tea rings until it is answered")
        #expect(eventually { hooks.environments(of: "remind").count == 1 })
        let remind = try #require(hooks.environments(of: "remind").first)
        #expect(remind["TIMERD_NAME"] == "tea" && remind["TIMERD_FIRED"] == "", "\(remind)")
        #expect(remind["TIMERD_DUE"] == fired.endsAt.map(RFC3339.format), "\(remind)")

        let dismissed = try hooks.daemon.connect().call("dismiss", ["name": "tea"])
        try #require(dismissed["result"] != nil, "\(dismissed)")
        #expect(eventually { hooks.environments(of: "dismissed").count == 1 })
        let answered = try #require(hooks.environments(of: "dismissed").first)
        #expect(answered["TIMERD_NAME"] == "tea" && answered["TIMERD_FIRED"] == fired.firedAt.map(RFC3339.format), "\(answered)")

        #expect(eventually { hooks.environments(of: "done").count == 2 })
        #expect(Set(hooks.environments(of: "done").compactMap { $0["TIMERD_NAME"] }) == ["tea", "work"])
        let counts = Dictionary(grouping: hooks.environments(), by: { $0["TIMERD_EVENT"] ?? "?" }).mapValues(\.count)
        #expect(counts == ["start": 2, "remind": 1, "cycle": 1, "done": 2, "dismissed": 1], "\(counts)")
    }
}
