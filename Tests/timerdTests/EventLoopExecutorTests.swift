import CLinux
import Glibc
import Testing

@testable import timerd

/// An actor that runs on a loop, as the scheduler does.
private actor OnLoop {
    nonisolated let loop: EventLoop
    nonisolated var unownedExecutor: UnownedSerialExecutor { loop.asUnownedSerialExecutor() }
    var calls: [String] = []

    init(_ loop: EventLoop) { self.loop = loop }

    func note(_ call: String) -> Bool {
        calls.append(call)
        return loop.isLoopThread
    }
}

/// The event loop as the scheduler's executor: the daemon's one thread. What the tests share
/// with the loop's thread is under `PthreadLock`, which ThreadSanitizer follows.
@Suite struct EventLoopExecutorTests {
    /// A loop running on a thread of its own, and an eventfd registered on it whose handler
    /// runs `body` (on the loop's thread, outside any task) each time it is signalled.
    private final class Running: Sendable {
        let loop: EventLoop
        let fd: Int32
        private let body = PthreadLock<(@Sendable () -> Void)?>(nil)

        init() throws {
            loop = try EventLoop()
            fd = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
            try loop.register(fd, events: EPOLLIN.rawValue) { [fd, body] _ in
                var count: UInt64 = 0
                _ = read(fd, &count, 8)
                body.withLock { $0 }?()
            }
            let loop = loop
            Thread.start(name: "test-executor") { loop.run() }
            while !loop.hasStarted { usleep(100) }
        }

        /// Runs `body` in the eventfd's handler, as a timerfd's handler runs in the daemon.
        func inHandler(_ work: @escaping @Sendable () -> Void) {
            body.withLock { $0 = work }
            var one: UInt64 = 1
            _ = write(fd, &one, 8)
        }

        /// Stops the loop and lets go of the handler's work, which may hold the loop (an actor
        /// on it, say): LeakSanitizer would report the cycle.
        func stop() {
            body.withLock { $0 = nil }
            let loop = loop, fd = fd
            loop.execute {
                loop.unregister(fd)
                close(fd)
                loop.stop()
            }
        }
    }

    @Test func anActorWhoseExecutorIsTheLoopRunsOnTheLoopsThread() async throws {
        let running = try Running()
        defer { running.stop() }
        let actor = OnLoop(running.loop)
        #expect(!running.loop.isLoopThread)
        #expect(await actor.note("from a task"))
        #expect(await actor.calls == ["from a task"])
    }

    @Test func aHandlerOnTheLoopReachesTheActorSynchronously() async throws {
        let running = try Running()
        defer { running.stop() }
        let actor = OnLoop(running.loop)
        let result = PthreadLock<Bool?>(nil)
        running.inHandler { [loop = running.loop] in
            // What the daemon does with a timerfd's wake-up: no task, no hop.
            let onLoop = loop.enter(actor) { $0.note("from a handler") }
            result.withLock { $0 = onLoop }
        }
        while result.withLock({ $0 }) == nil { try await Task.sleep(for: .milliseconds(1)) }
        #expect(result.withLock { $0 } == true)
        #expect(await actor.calls == ["from a handler"])
    }

    @Test func workHandedOverOnTheLoopRunsAfterTheHandlerInOrder() async throws {
        let running = try Running()
        defer { running.stop() }
        let order = PthreadLock<[String]>([])
        running.inHandler { [loop = running.loop] in
            loop.execute { order.withLock { $0.append("first handed over") } }
            loop.execute {
                order.withLock { $0.append("second handed over") }
                // Handed over by handed-over work: the next round.
                loop.execute { order.withLock { $0.append("handed over by the second") } }
            }
            order.withLock { $0.append("handler") }
        }
        while order.withLock({ $0.count }) < 4 { try await Task.sleep(for: .milliseconds(1)) }
        #expect(order.withLock { $0 } == ["handler", "first handed over", "second handed over", "handed over by the second"])
    }

    @Test func workFromOtherThreadsRunsOnTheLoopInTheOrderHandedOver() async throws {
        let running = try Running()
        defer { running.stop() }
        let seen = PthreadLock<[Int]>([])
        let onLoop = PthreadLock<Bool>(true)
        for i in 0..<100 {
            running.loop.execute { [loop = running.loop] in
                seen.withLock { $0.append(i) }
                if !loop.isLoopThread { onLoop.withLock { $0 = false } }
            }
        }
        while seen.withLock({ $0.count }) < 100 { try await Task.sleep(for: .milliseconds(1)) }
        #expect(seen.withLock { $0 } == Array(0..<100))
        #expect(onLoop.withLock { $0 })
    }
}
