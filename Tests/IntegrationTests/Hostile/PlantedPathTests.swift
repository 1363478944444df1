import Foundation
import Protocol
import Testing

/// Something put in timerd's way at the paths it uses: a symbolic link, a FIFO, another
/// user's file or directory. Each is refused with a message naming the path and the fix, and
/// nothing is followed or written through it. (docs/security.md, "Other users".)
@Suite("Planted paths are refused, not followed")
struct PlantedPathTests {
    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode : nil
    }

    static func exists(_ path: String) -> Bool { mode(path) != nil }

    @Test("A symbolic link at the socket path is refused and its target left alone")
    func symlinkAtSocket() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let socket = dir + "/timerd.sock", target = dir + "/elsewhere.sock"
        symlink(target, socket)
        let result = try run(Programs.timerd, ["--socket", socket], environment: testEnvironment(in: dir))
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("\(socket) is a symbolic link; timerd does not follow links at its socket path"), "\(result)")
        #expect(result.stderr.contains("Remove it (`rm \(socket)`)"), "\(result)")
        #expect(!Self.exists(target), "nothing was bound through the link")
        #expect(Self.mode(socket).map { $0 & S_IFMT } == S_IFLNK, "the link is left for the user to look at")
    }

    @Test("A symbolic link at the lock path is refused and its target not created")
    func symlinkAtLock() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let socket = dir + "/timerd.sock", target = dir + "/clobbered"
        symlink(target, socket + ".lock")
        let result = try run(Programs.timerd, ["--socket", socket], environment: testEnvironment(in: dir))
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("The lock file \(socket).lock is a symbolic link; timerd does not follow links there"), "\(result)")
        #expect(result.stderr.contains("Remove it (`rm \(socket).lock`)"), "\(result)")
        #expect(!Self.exists(target))
        #expect(!Self.exists(socket), "it stopped before listening")
    }

    @Test("A FIFO at the lock path is refused at once, not waited on")
    func fifoAtLock() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let socket = dir + "/timerd.sock"
        mkfifo(socket + ".lock", 0o600)
        let result = try run(Programs.timerd, ["--socket", socket], environment: testEnvironment(in: dir))
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("The lock file \(socket).lock is not a regular file; timerd refuses to use it"), "\(result)")
    }

    @Test("A symbolic link as the runtime directory is refused by timerctl as by timerd")
    func symlinkAsRuntimeDirectory() throws {
        let runtime = makeTemporaryDirectory(), elsewhere = makeTemporaryDirectory()
        defer {
            removeDirectory(runtime)
            removeDirectory(elsewhere)
        }
        symlink(elsewhere, runtime + "/timerd")
        let env = testEnvironment(in: runtime, runtime: runtime)
        for program in [Programs.timerd, Programs.timerctl] {
            let result = try run(program, program == Programs.timerctl ? ["ls"] : [], environment: env)
            #expect(result.status != 0, "\(result)")
            #expect(result.stderr.contains("\(runtime)/timerd is a symbolic link, not a directory"), "\(result)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty, "nothing was put through the link")
    }

    @Test(
        "Another user's runtime directory, lock file or leftover socket is refused with its owner named",
        .enabled(if: getuid() == 0, "only root can give files to another user"))
    func anotherUsersFiles() throws {
        let nobody: uid_t = 65_534
        // The runtime directory.
        let runtime = makeTemporaryDirectory()
        defer { removeDirectory(runtime) }
        mkdir(runtime + "/timerd", 0o700)
        chown(runtime + "/timerd", nobody, nobody)
        let env = testEnvironment(in: runtime, runtime: runtime)
        for program in [Programs.timerd, Programs.timerctl] {
            let result = try run(program, program == Programs.timerctl ? ["ls"] : [], environment: env)
            #expect(result.status != 0, "\(result)")
            #expect(result.stderr.contains("\(runtime)/timerd belongs to user \(nobody), not to you (0)"), "\(result)")
        }
        #expect(!Self.exists(runtime + "/timerd/timerd.sock"))

        // A lock file planted in a shared directory.
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/timerd.sock"
        close(open(path + ".lock", O_CREAT | O_WRONLY, 0o666))
        chown(path + ".lock", nobody, nobody)
        var result = try run(Programs.timerd, ["--socket", path], environment: testEnvironment(in: dir))
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("The lock file \(path).lock belongs to user \(nobody), not to you (user 0)"), "\(result)")
        unlink(path + ".lock")

        // A dead socket of another user's at the socket path is not ours to replace.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        _ = UnixSocket.withAddress(path) { bind(fd, $0, $1) }
        close(fd)
        chown(path, nobody, nobody)
        result = try run(Programs.timerd, ["--socket", path], environment: testEnvironment(in: dir))
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("\(path) is a socket of user \(nobody), not yours (user 0); timerd will not replace it"), "\(result)")
        #expect(Self.exists(path))
    }
}
