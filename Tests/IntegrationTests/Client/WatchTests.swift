import Foundation
import Protocol
import Testing

/// `timerctl watch` in a real terminal: tmux runs it, the test presses keys and reads the pane.
@Suite("timerctl watch in tmux")
struct WatchTests {
    /// A tmux server of the test's own (its socket in the daemon's directory), killed at the end.
    final class Tmux {
        let socket: String
        init(socket: String) { self.socket = socket }

        @discardableResult
        func command(_ arguments: [String]) throws -> ProcessResult {
            try run("/usr/bin/tmux", ["-S", socket] + arguments)
        }

        func screen(_ session: String) throws -> String { try command(["capture-pane", "-p", "-t", session]).stdout }

        func keys(_ session: String, _ keys: String...) throws { try command(["send-keys", "-t", session] + keys) }

        deinit { _ = try? command(["kill-server"]) }
    }

    @Test("The table, keys that act on the selected timer, Time's up, and a clean exit")
    func watchSeveral() throws {
        let daemon = try Daemon(bus: "unix:path=/nonexistent/bus")
        #expect(try daemon.ctl("start", "pasta", "8m").status == 0)
        #expect(try daemon.ctl("start", "パスタ", "3m", "-m", "al dente").status == 0)
        #expect(try daemon.ctl("start", "eggs", "1.5").status == 0)
        let tmux = Tmux(socket: daemon.directory + "/tmux")
        let command = "LANG=C.UTF-8 \(Programs.timerctl) watch --socket \(daemon.socket) --no-spawn; echo WATCH-EXITED $?; sleep 30"
        try tmux.command(["new-session", "-d", "-s", "w", "-x", "90", "-y", "16", command])

        #expect(eventually { (try? tmux.screen("w"))?.contains("パスタ") == true }, "\((try? tmux.screen("w")) ?? "")")
        let first = try tmux.screen("w")
        #expect(first.contains("NAME") && first.contains("pasta") && first.contains("al dente"))
        #expect(first.contains("q quit"))

        // The soonest timer (eggs) fires: the daemon's event, not a poll, brings "Time's up!".
        #expect(eventually(timeout: .seconds(5)) { (try? tmux.screen("w"))?.contains("Time's up! eggs") == true })

        // Done timers sort last; the selection starts on the first row: パスタ (3 min left).
        try tmux.keys("w", "Space")
        #expect(eventually { (try? daemon.ctl("show", "パスタ", "--json").stdout)?.contains(#""state":"paused""#) == true })
        try tmux.keys("w", "Down")
        try tmux.keys("w", "+")
        #expect(eventually {
            let pasta = try? JSONParser.parse(try daemon.ctl("show", "pasta", "--json").stdout)
            return pasta?["duration"] == 540
        }, "+ added a minute to pasta")
        try tmux.keys("w", "r")
        #expect(eventually {
            let pasta = try? JSONParser.parse(try daemon.ctl("show", "pasta", "--json").stdout)
            return pasta?["duration"] == 480
        }, "r reset pasta")

        try tmux.keys("w", "q")
        #expect(eventually { (try? tmux.screen("w"))?.contains("WATCH-EXITED 0") == true }, "q quits with status 0")
        let after = try tmux.screen("w")
        #expect(!after.contains("q quit"), "the alternate screen is gone: \(after)")
    }

    @Test("A ringing timer shows as ringing; space answers it and the screen says so")
    func spaceDismissesARingingTimer() throws {
        let daemon = try Daemon(bus: "unix:path=/nonexistent/bus")
        #expect(try daemon.ctl("start", "eggs", "1").status == 0)
        let tmux = Tmux(socket: daemon.directory + "/tmux")
        let command = "LANG=C.UTF-8 \(Programs.timerctl) watch eggs --socket \(daemon.socket) --no-spawn; echo WATCH-EXITED $?; sleep 30"
        try tmux.command(["new-session", "-d", "-s", "ring", "-x", "80", "-y", "16", command])
        #expect(eventually { (try? tmux.screen("ring"))?.contains("eggs (ringing)") == true }, "\((try? tmux.screen("ring")) ?? "")")
        #expect(try tmux.screen("ring").contains("space dismiss"))
        try tmux.keys("ring", "Space")
        #expect(eventually { (try? JSONParser.parse(try daemon.ctl("show", "eggs", "--json").stdout))?["ringing"] == .bool(false) })
        #expect(eventually { (try? tmux.screen("ring"))?.contains("eggs (done)") == true }, "\((try? tmux.screen("ring")) ?? "")")
        try tmux.keys("ring", "q")
    }

    @Test("A key the daemon refuses: the line above the keys says why, naming the key that does it")
    func aRefusedKeyNamesTheKey() throws {
        let daemon = try Daemon(bus: "unix:path=/nonexistent/bus")
        #expect(try daemon.ctl("until", "report", "+3h").status == 0)
        #expect(try daemon.ctl("stopwatch", "run").status == 0)
        let tmux = Tmux(socket: daemon.directory + "/tmux")
        for (session, name) in [("deadline", "report"), ("stopwatch", "run")] {
            let command = "LANG=C.UTF-8 \(Programs.timerctl) watch \(name) --socket \(daemon.socket) --no-spawn; sleep 30"
            try tmux.command(["new-session", "-d", "-s", session, "-x", "100", "-y", "16", command])
            #expect(eventually { (try? tmux.screen(session))?.contains("q quit") == true }, "\((try? tmux.screen(session)) ?? "")")
        }
        // A deadline that comes once: only + acts on it, and the footer says so.
        #expect(try tmux.screen("deadline").contains("\n+ 1 min · ↑↓ select · q quit"))
        try tmux.keys("deadline", "Space")
        #expect(eventually {
            (try? tmux.screen("deadline"))?.contains("\"report\" is a deadline, and a deadline does not pause; move it with + or cancel it.\n") == true
        }, "\((try? tmux.screen("deadline")) ?? "")")
        // Wider than the screen: on two lines, with the key at the end.
        try tmux.keys("deadline", "r")
        #expect(eventually { (try? tmux.screen("deadline"))?.contains(" or move it with +.\n+ 1 min · ") == true },
                "\((try? tmux.screen("deadline")) ?? "")")
        try tmux.keys("stopwatch", "+")
        #expect(eventually {
            (try? tmux.screen("stopwatch"))?.contains("\"run\" is a stopwatch: it counts up and has no end to move; r starts it again") == true
        }, "\((try? tmux.screen("stopwatch")) ?? "")")
        #expect(try tmux.screen("stopwatch").contains("space pause/resume · l lap · r reset · ↑↓ select · q quit"))
        for session in ["deadline", "stopwatch"] { try tmux.keys(session, "q") }
        #expect(try daemon.ctl("show", "report", "--json").stdout.contains(#""state":"running""#), "nothing changed")
    }

    @Test("One timer in big digits; Ctrl-C leaves cleanly")
    func watchOne() throws {
        let daemon = try Daemon(bus: "unix:path=/nonexistent/bus")
        #expect(try daemon.ctl("start", "tea", "5m").status == 0)
        let tmux = Tmux(socket: daemon.directory + "/tmux")
        let command = "LANG=C.UTF-8 \(Programs.timerctl) watch tea --socket \(daemon.socket) --no-spawn; echo WATCH-EXITED $?; sleep 30"
        try tmux.command(["new-session", "-d", "-s", "one", "-x", "80", "-y", "16", command])
        #expect(eventually { (try? tmux.screen("one"))?.contains("███") == true })
        let screen = try tmux.screen("one")
        #expect(screen.contains("tea") && screen.contains("ends "))
        try tmux.keys("one", "C-c")
        #expect(eventually { (try? tmux.screen("one"))?.contains("WATCH-EXITED 0") == true })
    }

    @Test("watch refuses to run without a terminal, and names an unknown timer")
    func watchNeedsATerminal() throws {
        let daemon = try Daemon(bus: "unix:path=/nonexistent/bus")
        let piped = try daemon.ctl("watch")
        #expect(piped.status == 2)
        #expect(piped.stderr.contains("watch needs a terminal"), "\(piped)")
    }
}
