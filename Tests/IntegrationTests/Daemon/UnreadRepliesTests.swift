import Foundation
import Protocol
import Testing

/// Clients that ask for the list of many timers and never read it (issue 15): what they make
/// the daemon hold is bounded for all of them together, everyone else is answered meanwhile,
/// and a client that reads gets its list.
///
/// `TIMERD_UNREAD_TIMERS` (10,000) and `TIMERD_UNREAD_CLIENTS` (60) change the numbers. The
/// timing target (a ping under 50 ms with 100,000 timers) is `make bench`'s section 1c; here a
/// debug build on a loaded machine only has to answer within a bound derived from how long
/// one list takes it.
@Suite("Unread replies", .serialized)
struct UnreadRepliesTests {
    /// What the daemon keeps for unread replies and events of all clients together
    /// (`Server.ConnectionLimits.unreadBudget`).
    static let budget = 64 << 20

    @Test("Clients that send `list` and never read: the daemon's memory stays bounded, pings are answered, a reader gets its list")
    func clientsThatNeverReadTheirLists() throws {
        let timers = Knob.int("TIMERD_UNREAD_TIMERS", default: 10_000)
        let deafCount = Knob.int("TIMERD_UNREAD_CLIENTS", default: 60)
        try #require(OpenFileLimit.raise(to: deafCount + 256), "needs \(deafCount + 256) open files (ulimit -n)")
        let daemon = try Daemon(bus: "unix:path=/nonexistent/bus")
        try Self.start(timers, on: daemon)

        // One list read at once: its size, and how long this build takes to write it.
        let reader = try daemon.connect()
        let asked = ContinuousClock.now
        reader.request("list")
        let list = try #require(try reader.readLine(timeout: .seconds(120)), "no list")
        let listTime = ContinuousClock.now - asked
        try #require(try JSONParser.parse(list)["result"]?["timers"]?.arrayValue?.count == timers)
        let before = residentMemory(of: daemon.pid).now

        // The clients that never read: each asks for the list once and leaves it unread.
        let deaf = try (0..<deafCount).map { _ in try daemon.connect() }
        for client in deaf { client.request("list") }
        let pinger = try daemon.connect()
        var pings: [Duration] = []
        let began = ContinuousClock.now
        // Until every one of them has been answered (its socket has bytes) or dropped.
        while Self.waitingClients(deaf) > 0 && ContinuousClock.now - began < .seconds(300) {
            let sent = ContinuousClock.now
            pinger.request("ping")
            // Long enough to measure how long it waited, whatever that is.
            let reply = try #require(try pinger.readJSON(timeout: .seconds(300)), "the daemon closed the pinger's connection")
            pings.append(ContinuousClock.now - sent)
            try #require(reply["result"] != nil, "\(reply)")
            usleep(20_000)
        }
        let attack = ContinuousClock.now - began
        let peak = residentMemory(of: daemon.pid).peak
        let grew = (peak - before) / 1024
        let worst = pings.max() ?? .zero
        print(
            "\(deafCount) clients left a list of \(timers) timers (\(list.count / 1024) KiB) unread; in \(attack) "
                + "\(deafCount - Self.waitingClients(deaf)) were answered or dropped; memory +\(grew) MiB at the peak; "
                + "\(pings.count) pings, worst \(worst), one list takes \(listTime) to write and read")

        // What they hold is bounded by the budget, not their number: the budget and room for
        // the list being written and the allocator, where each would hold a list of its own.
        #expect(
            grew < Self.budget / (1 << 20) + 32 || underAddressSanitizer,
            "timerd grew by \(grew) MiB for \(deafCount) clients that never read a list of \(list.count / 1024) KiB")
        // A ping waits at most for the one list being written, not for every client's.
        #expect(worst < .seconds(1) + listTime * 3, "a ping waited \(worst) (one list takes \(listTime))")
        #expect(Self.waitingClients(deaf) == 0, "some clients were neither answered nor dropped in \(attack)")
        // Those dropped were told of in the log, with the reason.
        #expect(daemon.log().contains("has read none of its"), "\(daemon.log().suffix(2000))")

        // A client that reads gets the whole list, while those that do not are still there.
        reader.request("list")
        let again = try #require(try reader.readLine(timeout: .seconds(120)), "no list for a client that reads")
        #expect(try JSONParser.parse(again)["result"]?["timers"]?.arrayValue?.count == timers)
        #expect(try daemon.ctl("ping").status == 0)
        withExtendedLifetime(deaf) {}
    }

    /// Starts `count` far-future timers, pipelined, a window of them in flight.
    static func start(_ count: Int, on daemon: Daemon) throws {
        let loader = try PolledConnection(path: daemon.socket)
        var sent = 0, answered = 0
        while answered < count {
            while sent < count && sent - answered < 1_000 {
                loader.enqueue(#"{"jsonrpc":"2.0","id":\#(sent),"method":"start","params":{"name":"far-\#(sent)","seconds":\#(86_400 + sent % 1_000)}}"#)
                sent += 1
            }
            loader.flush()
            let ready = try #require(pollOnce([loader], timeout: 30_000), "no reply for 30 s after \(answered) starts")
            for line in ready.flatMap(\.1) {
                try #require(String(decoding: line.prefix(40), as: UTF8.self).contains(#""result""#), "\(String(decoding: line, as: UTF8.self))")
                answered += 1
            }
        }
    }

    /// How many of `clients` have neither bytes to read nor a closed connection.
    static func waitingClients(_ clients: [RPCClient]) -> Int {
        var fds = clients.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        _ = poll(&fds, nfds_t(fds.count), 0)
        return fds.filter { $0.revents == 0 }.count
    }
}
