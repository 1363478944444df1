import Foundation
import Protocol
import Testing

/// Names and messages are the user's text, and the user may have pasted them from anywhere:
/// what reaches the notification server is shown literally and is cut to a sensible length,
/// and what could turn the text around it (control and bidirectional formatting characters)
/// is refused before it is stored. (docs/security.md, "Notification text".)
@Suite("Notification text is shown literally and kept in bounds")
struct NotificationInjectionTests {
    static let noBus = "unix:path=/nonexistent/bus"

    @Test("Markup and a very long message arrive neutralised and shortened")
    func hostileText() throws {
        let monitor = try BusMonitor()
        let daemon = try Daemon()
        let tag = uniqueName("")
        let name = "<b>tea</b> & co\(tag)"
        let long = String(repeating: "long ", count: 190)
        let message = "<a href='https://example.com'>click</a> x\n" + long
        let started = try daemon.ctl("start", name, "1", "-m", message)
        #expect(started.status == 0, "\(started)")
        #expect(try daemon.ctl("wait", name).status == 0)
        let shownName = name
        let call = try #require(monitor.waitFor { $0.summary == shownName }.first, "\(monitor.calls().map(\.summary))")
        // The summary is plain text by the specification: sent as written.
        // dunst advertises body-markup: the body is escaped, so the link is text, not a link.
        #expect(call.body.hasPrefix("&lt;a href=&apos;https://example.com&apos;&gt;click&lt;/a&gt; x\n"), "\(call.body)")
        let lines = call.body.split(separator: "\n")
        #expect(lines.count == 3, "\(call.body)")
        #expect(lines[1].hasSuffix("…"), "the message is cut, with an ellipsis")
        #expect(lines[1].count < long.count)
        #expect(lines[2].hasPrefix("1s timer done (started "), "the status line survives a long message")
    }

    @Test("Control and bidirectional formatting characters in a name or message are refused before they are stored, by timerctl and by the daemon")
    func controlCharactersRefused() throws {
        let daemon = try Daemon(bus: Self.noBus)
        let escape = "tea\u{1B}]0;owned\u{7}"
        let byHand = try daemon.ctl("start", escape, "5m")
        #expect(byHand.status == 2, "\(byHand)")
        #expect(byHand.stderr.contains(#"contains a control character"#), "\(byHand)")
        #expect(!byHand.stderr.contains("\u{1B}"), "the error shows it escaped, not raw")
        // "txt.exe" shown as "exe.txt": an override turns the rest of the line around.
        let turned = try daemon.ctl("start", "report\u{202E}txt.exe", "5m")
        #expect(turned.status == 2, "\(turned)")
        #expect(turned.stderr.contains("bidirectional formatting character") && turned.stderr.contains(#"\u{202e}"#), "\(turned)")
        let client = try daemon.connect()
        for params: JSONValue in [
            ["name": .string(escape), "seconds": 300], ["name": "tea", "seconds": 300, "message": "bell\u{7}"],
            ["name": .string("tea\u{85}"), "seconds": 300],
        ] {
            let reply = try client.call("start", params)
            #expect(reply["error"]?["code"] == .integer(-32602), "\(reply)")
            #expect(reply["error"]?["message"]?.stringValue?.contains("control character") == true, "\(reply)")
        }
        for params: JSONValue in [
            ["name": "report\u{202E}txt.exe", "seconds": 300], ["name": "tea", "seconds": 300, "message": "\u{2066}x\u{2069}"],
        ] {
            let reply = try client.call("start", params)
            #expect(reply["error"]?["code"] == .integer(-32602), "\(reply)")
            #expect(reply["error"]?["message"]?.stringValue?.contains("bidirectional formatting character") == true, "\(reply)")
        }
        #expect(try client.call("list")["result"]?["timers"] == .array([]))
    }
}
