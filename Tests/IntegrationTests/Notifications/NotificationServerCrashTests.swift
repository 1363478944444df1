import Foundation
import Protocol
import Testing

/// The notification server crashes (`kill -9`) while timers are firing and comes back: the
/// timers fire on time regardless, what came due while no server was there is shown when one
/// is back, and the daemon carries on.
@Suite("Faults: the notification server dies while timers fire")
struct NotificationServerCrashTests {
    @Test("Killed and restarted mid-firing: every timer fires on time and is shown by a server")
    func killedDuringFiring() throws {
        let server = try MockNotificationServer()
        let monitor = try BusMonitor(address: server.address)
        let daemon = try Daemon(bus: server.address)
        // 16 timers 250 ms apart (under the flood guard's 5 a second, so each has its own
        // notification); the server is killed after the 4th is due and back after the 10th.
        let names = (0..<16).map { "tea-\($0 + 10)" }
        let client = try daemon.connect()
        for (i, name) in names.enumerated() {
            client.send(#"{"jsonrpc":"2.0","id":\#(i),"method":"start","params":{"name":"\#(name)","seconds":\#(0.5 + 0.25 * Double(i))}}"#)
        }
        var started: [String: Double] = [:]
        for _ in names {
            let reply = try #require(try client.readJSON())
            let timer = try TimerInfo(json: try #require(reply["result"]?["timer"], "\(reply)"))
            started[timer.name] = Double(try #require(timer.endsAt).nanoseconds) / 1e9
        }
        let t0 = try #require(started[names[0]]) - 0.5
        sleepUntil(t0 + 0.5 + 0.25 * 3.5)
        server.stopServer(signal: SIGKILL)
        let killedAt = wallSeconds()
        sleepUntil(t0 + 0.5 + 0.25 * 9.5)
        let restartedAt = wallSeconds()
        try server.startServer()
        #expect(try daemon.ctl("wait", names.last!).status == 0)

        // Every timer fired on time, whatever the notification server was doing.
        let reply = try daemon.connect().call("list")
        for item in try #require(reply["result"]?["timers"]?.arrayValue) {
            let timer = try TimerInfo(json: item)
            let firedAt = Double(try #require(timer.firedAt, "\(timer)").nanoseconds) / 1e9
            let due = try #require(started[timer.name])
            #expect(timer.state == .done && !timer.missed, "\(timer)")
            #expect(firedAt >= due - 0.001 && firedAt < due + 0.5, "\(timer.name) fired \(firedAt - due) s after it was due")
        }
        // Each was shown by a server that answered: the first one before it died, or the
        // second once it was there (those due in between are shown when it appears).
        let answered = { monitor.calls().filter { $0.notificationID != nil } }
        #expect(eventually { Set(answered().map(\.summary)).isSuperset(of: names) }, "\(answered().map(\.summary))")
        // The second server's log starts empty: what it received came after the crash.
        let shownLate = try server.notifications().map(\.summary)
        let dueWhileDown = names.filter { started[$0]! > killedAt && started[$0]! < restartedAt }
        #expect(dueWhileDown.count >= 5, "the test kills the server for long enough")
        #expect(Set(shownLate).isSuperset(of: dueWhileDown), "due while no server was there: \(dueWhileDown); shown after: \(shownLate)")
        #expect(try daemon.ctl("ping").status == 0)
        print(
            "notification server killed and restarted while firing: \(Set(answered().map(\.summary)).intersection(names).count) "
                + "of \(names.count) timers shown, \(dueWhileDown.count) of them due while it was down")
    }

    private func sleepUntil(_ seconds: Double) {
        let left = seconds - wallSeconds()
        if left > 0 { usleep(UInt32(left * 1e6)) }
    }
}
