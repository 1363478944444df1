import Foundation
import Protocol
import Testing

/// A notification server that hangs longer than a `Notify` may wait for its answer. The call
/// fails for timerd, but it reached the server, which shows it once it comes round: a timed-out
/// call is not a refused one, and the firing must not be sent again.
@Suite("Faults: a notification server that does not answer in time")
struct NotificationServerHangTests {
    /// How the call runs out of time: the bus's own reply timeout (dbus-daemon's
    /// `reply_timeout`, answered with `NoReply`), or GDBus's, which libnotify leaves at its
    /// 25 s default and no caller can shorten.
    enum Timeout: String, CustomTestStringConvertible, CaseIterable {
        case bus, gdbus
        var testDescription: String { rawValue == "bus" ? "the bus's reply timeout" : "GDBus's 25 s timeout" }
        var replyTimeout: Duration? { self == .bus ? .milliseconds(1500) : nil }
        /// How long the server sleeps on the call: past the timeout.
        var hang: Double { self == .bus ? 3 : 27 }
    }

    @Test("A firing whose Notify timed out is not sent again with the next notification", arguments: Timeout.allCases)
    func timedOutIsNotResent(_ timeout: Timeout) throws {
        let server = try MockNotificationServer(replyTimeout: timeout.replyTimeout)
        let daemon = try Daemon(bus: server.address)
        try server.answerNextSlowly(seconds: timeout.hang)
        #expect(try daemon.ctl("start", "first", "0.2").status == 0)
        #expect(try daemon.ctl("wait", "first").status == 0)
        // timerd gives up on the call, then the server answers (and shows it), too late.
        #expect(eventually(timeout: .seconds(timeout.hang + 10)) { daemon.log().contains("\"first\"") }, "\(daemon.log())")
        #expect(eventually(timeout: .seconds(timeout.hang + 10)) { ((try? server.notifications()) ?? []).count == 1 })

        #expect(try daemon.ctl("start", "second", "0.2").status == 0)
        #expect(try daemon.ctl("wait", "second").status == 0)
        #expect(try server.waitFor { $0.summary == "second" }.count == 1)
        // Sent again, it would follow the second at once, as what waited for a server does.
        _ = eventually(timeout: .seconds(2)) { ((try? server.notifications()) ?? []).filter { $0.summary == "first" }.count > 1 }
        let sent = try server.notifications().map(\.summary)
        #expect(sent == ["first", "second"], "\(daemon.log())")
        #expect(daemon.log().contains("did not answer"), "\(daemon.log())")
    }

    @Test("A firing the hung server did not answer is shown by the next server if that one is killed")
    func unansweredGoesToTheNextServer() throws {
        let server = try MockNotificationServer(replyTimeout: .milliseconds(1500))
        let daemon = try Daemon(bus: server.address)
        try server.answerNextSlowly(seconds: 30)
        #expect(try daemon.ctl("start", "first", "0.2").status == 0)
        #expect(try daemon.ctl("wait", "first").status == 0)
        #expect(eventually { daemon.log().contains("did not answer") }, "\(daemon.log())")
        // The hung server never comes round; it is killed, and what it may have shown with it.
        server.stopServer(signal: SIGKILL)
        try server.startServer()
        #expect(try server.waitFor { $0.summary == "first" }.count == 1, "\(daemon.log())")
    }
}
