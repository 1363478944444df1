import Foundation
import Glibc
import Protocol
import Testing

@testable import timerd

/// The lock that keeps one daemon per socket: what a second daemon says about the first, and
/// that what it says is true when the pid in the lock file is out of date.
@Suite struct InstanceLockTests {
    /// Holds the lock at `path` the way a running daemon does (an open file description of its
    /// own, `flock`ed), with `pid` written in the file.
    static func hold(_ path: String, writing pid: String) throws -> Int32 {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0, flock(fd, LOCK_EX | LOCK_NB) == 0 else { throw SystemCallFailed("lock \(path)") }
        let bytes = Array(pid.utf8)
        guard ftruncate(fd, 0) == 0, pwrite(fd, bytes, bytes.count, 0) == bytes.count else {
            throw SystemCallFailed("write \(path)")
        }
        return fd
    }

    /// The pid of a process that has exited and been reaped.
    static func goneProcess() throws -> Int32 {
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { free(argv[0]) }
        guard posix_spawn(&pid, "/bin/true", nil, nil, argv, environ) == 0 else { throw SystemCallFailed("spawn") }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return pid
    }

    static func refusal(_ path: String) -> String? {
        do {
            _ = try InstanceLock(path: path, holding: "on \(path)")
            return nil
        } catch {
            return error.message
        }
    }

    @Test func aRunningHolderIsNamedByItsPid() throws {
        try withScratchDirectory { directory in
            let path = directory + "/timerd.sock.lock"
            let held = try Self.hold(path, writing: "\(getpid())\n")
            defer { close(held) }
            #expect(Self.refusal(path) == "timerd is already running (pid \(getpid())) on \(path); there is nothing to do.")
        }
    }

    /// A daemon that has just taken the lock writes its pid a moment later; until then the
    /// file names the daemon before it, which has exited. That pid is not named.
    @Test func aPidThatHasExitedIsNotNamed() throws {
        try withScratchDirectory { directory in
            let path = directory + "/timerd.sock.lock"
            let gone = try Self.goneProcess()
            let held = try Self.hold(path, writing: "\(gone)\n")
            defer { close(held) }
            #expect(Self.refusal(path) == "timerd is already running on \(path); there is nothing to do.")
        }
    }

    /// The same, when the new holder writes its pid while the second daemon looks. (The
    /// patience is long so that a loaded machine cannot make the writer late.)
    @Test func thePidWrittenWhileLookingIsNamed() throws {
        try withScratchDirectory { directory in
            let path = directory + "/timerd.sock.lock"
            let held = try Self.hold(path, writing: "\(try Self.goneProcess())\n")
            defer { close(held) }
            let looking = open(path, O_RDWR | O_CLOEXEC)
            defer { close(looking) }
            let writer = Thread {
                usleep(50_000)
                let pid = Array("\(getpid())\n".utf8)
                ftruncate(held, 0)
                _ = pwrite(held, pid, pid.count, 0)
            }
            writer.start()
            #expect(InstanceLock.holder(of: looking, patience: .seconds(10)) == .held(getpid()))
        }
    }

    /// A holder that exits while the second daemon looks lets go of the lock: the second one
    /// takes it, rather than saying that a daemon runs.
    @Test func aHolderThatLetsGoWhileLookingLeavesTheLockToUs() throws {
        try withScratchDirectory { directory in
            let path = directory + "/timerd.sock.lock"
            let held = try Self.hold(path, writing: "\(try Self.goneProcess())\n")
            let looking = open(path, O_RDWR | O_CLOEXEC)
            defer { close(looking) }
            let exiting = Thread {
                usleep(50_000)
                close(held)
            }
            exiting.start()
            #expect(InstanceLock.holder(of: looking, patience: .seconds(10)) == .ours)
            let other = open(path, O_RDONLY | O_CLOEXEC)
            defer { close(other) }
            #expect(flock(other, LOCK_EX | LOCK_NB) != 0, "and holds it")
        }
    }

    // MARK: The socket's directory

    @Test(arguments: [("TIMERD_SOCKET", "unset TIMERD_SOCKET"), ("--socket", "leave out --socket")])
    func aMissingDirectoryIsNamedWithHowToMakeIt(givenBy: String, instead: String) throws {
        try withScratchDirectory { directory in
            let missing = directory + "/gone/deeper"
            let location = SocketLocation(path: missing + "/timerd.sock", privateDirectory: nil, givenBy: givenBy)
            let error = try #require(throws: StartupError.self) { _ = try InstanceLock(location) }
            #expect(error.message == "The directory for the socket, \(missing), does not exist (\(givenBy) is \(missing)/timerd.sock). "
                + "Create it with `mkdir -m 700 -p \(missing)`, or \(instead) to use timerd's own directory.")
            #expect(entries(of: directory).isEmpty, "nothing is made")
        }
    }
}
