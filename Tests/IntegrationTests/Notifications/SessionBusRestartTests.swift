import Foundation
import Protocol
import Testing

/// A timerd that outlives the session (started by timerctl, or the autostart entry): at logout
/// the session bus goes away, and at the next login a new one starts at the same address.
/// GDBus never reconnects a closed connection, so timerd must notice, let go of it, and connect
/// to the new bus; what fired while there was none is shown once the new bus has a server.
@Suite("Faults: the session bus restarts under timerd")
struct SessionBusRestartTests {
    /// How the bus goes, and where timerd finds it.
    enum Case: String, CaseIterable, CustomTestStringConvertible {
        /// Stopped (it removes its socket), at an address naming its socket.
        case stopped
        /// Crashed (`SIGKILL`: its socket file stays until the next bus replaces it).
        case crashed
        /// Stopped, at an address naming a link to its socket: the link's directory never
        /// changes (as for a socket that systemd holds), so only the next notification finds
        /// the new bus.
        case linked
        var testDescription: String { rawValue }
        var signal: Int32 { self == .crashed ? SIGKILL : SIGTERM }
    }

    @Test(
        "The bus stops and a new one starts at the same address: what fired meanwhile is shown, and timerd runs on",
        arguments: Case.allCases)
    func busRestarts(_ kind: Case) throws {
        let server = try MockNotificationServer()
        let link = makeTemporaryDirectory()
        defer { removeDirectory(link) }
        try FileManager.default.createSymbolicLink(atPath: link + "/bus", withDestinationPath: server.directory + "/bus")
        let daemon = try Daemon(bus: kind == .linked ? "unix:path=\(link)/bus" : server.address, extraArguments: ["--verbose"])
        #expect(try daemon.ctl("start", "before", "0.2").status == 0)
        #expect(try daemon.ctl("wait", "before").status == 0)
        #expect(try server.waitFor { $0.summary == "before" }.count == 1)

        // The session ends: its notification server and bus go (SIGKILL leaves the socket
        // file behind, which the next bus replaces).
        server.stopServer()
        server.stopBus(signal: kind.signal)
        #expect(eventually { daemon.log().contains("the session bus connection closed") }, "\(daemon.log())")
        #expect(try daemon.ctl("start", "during", "0.2").status == 0)
        #expect(try daemon.ctl("wait", "during").status == 0)
        #expect(eventually { daemon.log().contains("could not show the notification \"during\"") }, "\(daemon.log())")

        // The next session's bus, at the same address, and its notification server.
        try server.startBus()
        try server.startServer()
        if kind != .linked {
            // Shown as soon as they are there, before any other notification asks for the bus.
            #expect(try server.waitFor { $0.summary == "during" }.count == 1, "\(daemon.log())")
        }

        #expect(try daemon.ctl("start", "after", "0.2").status == 0)
        #expect(try daemon.ctl("wait", "after").status == 0)
        #expect(try server.waitFor { $0.summary == "after" }.count == 1, "\(daemon.log())")
        #expect(try server.notifications().map(\.summary).filter { $0 == "during" } == ["during"], "shown, once")

        #expect(daemon.process.isRunning)
        #expect(try daemon.ctl("ping").status == 0)
        // GDBus's exit-on-close raises SIGTERM when the bus goes away; timerd turns it off
        // rather than rely on the signal's landing on a thread that never reads it.
        #expect(Self.threadsWithSIGTERMPending(daemon.pid).isEmpty, "exit-on-close raised SIGTERM")
    }

    /// The names of the process's threads that have SIGTERM pending.
    static func threadsWithSIGTERMPending(_ pid: Int32) -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.compactMap { task in
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigPnd:") }),
                let mask = UInt64(line.dropFirst("SigPnd:".count).trimmingCharacters(in: .whitespaces), radix: 16),
                mask & (1 << (UInt64(SIGTERM) - 1)) != 0
            else { return nil }
            return (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8)) ?? task
        }
    }
}
