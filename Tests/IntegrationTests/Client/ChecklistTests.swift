import Foundation
import Protocol
import Testing

/// A deadline's checklist, end to end: kept by the daemon across a `kill -9`, shown by
/// `timerctl`, and named in the notification dunst receives.
@Suite("Checklists through timerctl, a restart and the notification server")
struct ChecklistTests {
    @Test("Five tasks, two ticked, kill -9 and restart: the same list, and the deadline names the three left")
    func checklistSurvivesARestartAndIsInTheNotification() throws {
        let monitor = try BusMonitor()
        let daemon = try Daemon()
        let name = uniqueName("report")
        #expect(try daemon.ctl("until", name, "+5s").status == 0)
        let added = try daemon.ctl("todo", name, "add", "write intro", "gather figures", "charts", "proofread", "send it")
        #expect(added.status == 0, "\(added)")
        let ticked = try daemon.ctl("todo", name, "done", "2", "3")
        #expect(ticked.status == 0, "\(ticked)")
        let before = try daemon.ctl("todo", name, "--json").stdout

        #expect(daemon.stop(signal: SIGKILL) == 128 + SIGKILL)
        try daemon.restart()

        #expect(try daemon.ctl("todo", name, "--json").stdout == before)
        let listing = try daemon.ctl("todo", name).stdout.split(separator: "\n").dropFirst()
        #expect(listing == [
            "  1. [ ] write intro", "  2. [x] gather figures", "  3. [x] charts", "  4. [ ] proofread", "  5. [ ] send it",
        ])
        let ls = try daemon.ctl("ls").stdout
        #expect(ls.contains("\(name) [2/5]"), "\(ls)")

        #expect(try daemon.ctl("wait", name).status == 0)
        let calls = monitor.waitFor { $0.summary == name }
        #expect(calls.count == 1, "\(calls)")
        let body = try #require(calls.first?.body)
        #expect(body.hasPrefix("Deadline reached: "), "\(body)")
        #expect(body.hasSuffix("\n3 of 5 tasks not done: write intro, proofread, send it"), "\(body)")
        #expect(calls.first?.hints["urgency"] == "byte 2")
    }

    @Test("Ticking the last task congratulates with a normal-urgency notification; the deadline goes on")
    func lastTickCongratulates() throws {
        let monitor = try BusMonitor()
        let daemon = try Daemon()
        let name = uniqueName("sale")
        #expect(try daemon.ctl("until", name, "+1h").status == 0)
        #expect(try daemon.ctl("todo", name, "add", "flyers", "prices").status == 0)
        #expect(try daemon.ctl("todo", name, "done", "1", "2").status == 0)
        let calls = monitor.waitFor { $0.summary == "\(name): all 2 tasks done" }
        #expect(calls.count == 1, "\(monitor.calls())")
        #expect(calls.first?.hints["urgency"] == "byte 1", "normal")
        let shown = try TimerInfo(json: try JSONParser.parse(try daemon.ctl("show", name, "--json").stdout))
        #expect(shown.state == .running && shown.todosComplete)
        #expect(try daemon.ctl("ls").stdout.contains("\(name) [2/2 done]"))
    }

    @Test("Bad checklist input is refused with the fix, exit 2 or 1, and changes nothing")
    func badInputIsRefused() throws {
        let daemon = try Daemon()
        let name = uniqueName("report")
        #expect(try daemon.ctl("until", name, "+1h").status == 0)
        #expect(try daemon.ctl("todo", name, "add", "write intro").status == 0)
        let long = try daemon.ctl("todo", name, "add", String(repeating: "x", count: 501))
        #expect(long.status == 2)
        #expect(long.stderr.contains("at most 500 characters; this one has 501"), "\(long)")
        let missing = try daemon.ctl("todo", name, "done", "4")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("has items 1 to 1; there is no item 4"), "\(missing)")
        let noTimer = try daemon.ctl("todo", "nope", "add", "x")
        #expect(noTimer.status == 1)
        #expect(noTimer.stderr.contains("There is no timer named"), "\(noTimer)")
        #expect(try daemon.ctl("todo", name).stdout.hasSuffix("  1. [ ] write intro\n"))

        // Straight to the socket: an item too many is refused by the daemon itself.
        let client = try daemon.connect()
        let many = JSONValue.array(Array(repeating: "x", count: 1000))
        let reply = try client.call("todo.add", ["name": .string(name), "items": many])
        #expect(reply["error"]?["message"]?.stringValue?.contains("at most 1000") == true, "\(reply)")
        #expect(try daemon.ctl("todo", name, "--json").stdout == #"[{"id":1,"text":"write intro","done":false}]"# + "\n")
    }

    @Test("clear-done with nothing done says so and succeeds: nothing to do is not a failure")
    func clearDoneWithNothingDone() throws {
        let daemon = try Daemon()
        let name = uniqueName("report")
        #expect(try daemon.ctl("until", name, "+1h").status == 0)
        #expect(try daemon.ctl("todo", name, "add", "write intro").status == 0)
        let cleared = try daemon.ctl("todo", name, "clear-done")
        #expect(cleared.status == 0, "\(cleared)")
        #expect(cleared.stdout.hasPrefix("\(name) has no items that are done; nothing to clear.\n"), "\(cleared)")
        #expect(cleared.stdout.contains("1. [ ] write intro"))
    }
}
