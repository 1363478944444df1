import Foundation
import Glibc
import Protocol
import Testing

@testable import timerctl

/// The connection's side of pipelining, against a peer on a socket pair that behaves as the
/// daemon does once a client's replies back up: it reads a request, writes the whole answer,
/// and only then reads on.
@Suite struct DaemonConnectionTests {
    /// A connection to a peer that runs `serve` on its own thread. The connection's socket
    /// gives up a blocking write or read after a few seconds, so a connection that wrote
    /// everything before reading fails here instead of waiting for ever.
    static func connection(serving serve: @escaping @Sendable (Int32) -> Void) throws -> DaemonConnection {
        var fds: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        for option in [SO_SNDTIMEO, SO_RCVTIMEO] {
            setsockopt(fds[0], SOL_SOCKET, option, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }
        let peer = fds[1]
        Thread.detachNewThread {
            serve(peer)
            close(peer)
        }
        return DaemonConnection(fd: fds[0])
    }

    /// Answers every request line with its id and some padding (a reply as long as a
    /// timer's), and before every hundredth an event.
    static func answerEach(_ fd: Int32) {
        var framer = LineFramer(maxLineLength: 1 << 20)
        var chunk = [UInt8](repeating: 0, count: 4096)
        let padding = JSONValue.string(String(repeating: "x", count: 300))
        let event = RPC.eventLine(.cancelled, timer("gone"))
        while true {
            while let line = try? framer.nextLine() {
                guard let id = (try? JSONParser.parse(line))?["id"] else { return }
                var out = RPC.line(RPC.result(id: id, ["id": id, "padding": padding]))
                if let n = id.int64Value, n % 100 == 0 { out = event + out }
                guard write(out, to: fd) else { return }
            }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return }
            framer.append(contentsOf: chunk[..<n])
        }
    }

    static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    static func timer(_ name: String) -> TimerInfo {
        TimerInfo(
            name: name, kind: .countdown, state: .running, duration: .seconds(60), remaining: .seconds(60),
            endsAt: Timestamp(nanoseconds: 1_800_000_000_000_000_000), createdAt: Timestamp(nanoseconds: 1_799_999_940_000_000_000))
    }

    @Test("20,000 requests pipelined, more than the socket holds either way: every reply, in order, and the events between them")
    func readsWhileItWrites() throws {
        var connection = try Self.connection(serving: Self.answerEach)
        let count = 20_000
        let results = try connection.call(Array(repeating: Request.ping, count: count))
        #expect(results.count == count)
        #expect(results.enumerated().allSatisfy { n, result in (try? result.get())?["id"] == .integer(Int64(n + 1)) })
        let events = try connection.availableEvents()
        #expect(events.count == count / 100)
        #expect(events.allSatisfy { $0.0 == .cancelled && $0.1.name == "gone" })

        // The connection goes on: ids continue after the pipeline's.
        #expect(try connection.call(.ping)["id"] == .integer(Int64(count + 1)))
    }

    @Test("A peer that turns the client away unread: its reason, not a broken pipe")
    func lastWordOfAPeerThatStopsReading() throws {
        let reason = "This timerd belongs to user 1001, not to you (user 1000); each user runs their own timerd."
        var connection = try Self.connection { fd in
            _ = Self.write(RPC.line(RPC.error(id: .null, .invalidRequest(reason))), to: fd)
            shutdown(fd, Int32(SHUT_RDWR))
        }
        do {
            _ = try connection.call(Array(repeating: Request.list, count: 20_000))
            Issue.record("a connection turned away returned replies")
        } catch {
            #expect(error.kind == .refused)
            #expect(error.message == reason)
        }
    }

    @Test("exchange returns the daemon's error as it sent it, with its code")
    func exchangeKeepsTheErrorCode() throws {
        var connection = try Self.connection { fd in
            var framer = LineFramer()
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return }
            framer.append(contentsOf: chunk[..<n])
            guard let line = try? framer.nextLine(), let id = (try? JSONParser.parse(line))?["id"] else { return }
            _ = Self.write(RPC.line(RPC.error(id: id, .invalidParams("cancel has no parameter \"all\"; it takes name."))), to: fd)
        }
        let answer = try connection.exchange(.cancelAll)
        #expect(answer.failure?.code == RPCError.invalidParamsCode)
        #expect(answer.failure?.message == "cancel has no parameter \"all\"; it takes name.")
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
