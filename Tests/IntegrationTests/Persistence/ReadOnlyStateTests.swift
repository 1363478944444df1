import Foundation
import Protocol
import Testing

/// The state directory stops being writable while the daemon runs: changes are refused with
/// `-32005` and a message that says why and what to do, nothing is made that was refused,
/// timers already set keep firing, and saving works again when the directory does.
///
/// A running daemon holds its database open, and permissions are checked only when a file is
/// opened: `chmod -w` on the directory changes nothing for it (and nothing at all for root),
/// and the kernel refuses to remount a file system read-only while a file on it is open for
/// writing (`mount -o remount,ro` fails with EBUSY). What does stop writes to open files is
/// what these tests use, on an ext4 file system of their own (a loop-mounted image; needs root):
/// the immutable attribute (`chattr +i`, undone by `chattr -i`), and the kernel's own
/// read-only remount after a file-system error (`errors=remount-ro`). The image is ext4 so that
/// the attribute works whatever file system holds the temporary directory (tmpfs keeps none).
@Suite(
    "Faults: the state directory becomes read-only",
    .enabled(if: Ext4Image.isSupported, "mounting an ext4 image needs root and a loop device (CI runs as root)"))
struct ReadOnlyStateTests {
    private func start(_ client: RPCClient, _ name: String, _ seconds: Double) throws -> JSONValue {
        try client.call("start", ["name": .string(name), "seconds": .number(seconds)])
    }

    /// A daemon keeping its state on an ext4 image of its own, watched on the bus, holding a
    /// timer due in 1.5 s (`held`) and one an hour out (`kept`).
    private func startOnImage() throws -> (Ext4Image, BusMonitor, String, Daemon, RPCClient, String) {
        let image = try Ext4Image()
        let monitor = try BusMonitor()
        let state = image.path + "/state"
        let daemon = try Daemon(environment: ["TIMERD_STATE_DIR": state])
        let client = try daemon.connect()
        let held = uniqueName("held")
        #expect(try start(client, held, 1.5)["result"] != nil)
        #expect(try start(client, "kept", 3600)["result"] != nil)
        return (image, monitor, state, daemon, client, held)
    }

    private func names(_ daemon: Daemon) throws -> [String: String] {
        let reply = try daemon.connect().call("list")
        var states: [String: String] = [:]
        for timer in reply["result"]?["timers"]?.arrayValue ?? [] {
            states[timer["name"]?.stringValue ?? ""] = timer["state"]?.stringValue
        }
        return states
    }

    @Test("Made immutable mid-run: changes are refused saying why, held timers fire, and it recovers in place")
    func immutable() throws {
        let (image, monitor, state, daemon, client, held) = try startOnImage()

        let files = [state, state + "/timerd.db", state + "/timerd.db-wal"]
        try image.setImmutable(true, files)
        let refused = try start(client, "new", 60)
        #expect(refused["error"]?["code"] == .integer(Int64(RPCError.storageFailedCode)), "\(refused)")
        let message = refused["error"]?["message"]?.stringValue ?? ""
        #expect(
            message.contains("the state directory cannot be written (Operation not permitted)")
                && message.contains("so it was not made") && message.contains("try again once the state directory can be written again"),
            "\(message)")
        let cancel = try client.call("cancel", ["name": "kept"])
        #expect(cancel["error"]?["code"] == .integer(Int64(RPCError.storageFailedCode)), "\(cancel)")
        #expect(try client.call("ping")["result"] != nil, "reading goes on")
        let during = try names(daemon)
        #expect(during["new"] == nil && during["kept"] == "running", "refused changes were not made: \(during)")

        let shown = monitor.waitFor { $0.summary == held }
        #expect(shown.count == 1, "the held timer fired while nothing could be saved")

        try image.setImmutable(false, files)
        #expect(try start(client, "new", 60)["result"] != nil, "saving works again")
        daemon.stop(signal: SIGKILL)
        try daemon.restart()
        let after = try names(daemon)
        #expect(after["new"] == "running" && after["kept"] == "running", "\(after)")
        #expect(after[held] == "done", "its firing was saved with the first save that worked: \(after)")
        usleep(300_000)
        #expect(monitor.calls().filter { $0.summary.contains(held) || $0.body.contains(held) }.count == 1, "and it did not fire again")
    }

    /// SQLite maps `timerd.db-shm` and writes it as memory: made immutable, the next write to
    /// it is a SIGBUS (exit 135, without a word) unless the daemon notices first and has SQLite
    /// map it read-only.
    @Test("SQLite's shared memory made immutable mid-run: the daemon lives, refuses changes saying why, and recovers in place")
    func sharedMemoryImmutable() throws {
        let (image, monitor, state, daemon, client, held) = try startOnImage()
        let shared = state + "/timerd.db-shm"
        try image.setImmutable(true, [shared])
        // Written back, its pages are mapped read-only again, and the next write to them asks
        // the file system, which refuses: what happens within seconds by itself.
        sync()
        let refused = try start(client, "new", 60)
        #expect(refused["error"]?["code"] == .integer(Int64(RPCError.storageFailedCode)), "\(refused)")
        let message = refused["error"]?["message"]?.stringValue ?? ""
        #expect(
            message.contains("SQLite's shared memory beside it, \(shared), cannot be written (Operation not permitted")
                && message.contains("try again once the state directory can be written again"),
            "\(message)")
        #expect(try client.call("ping")["result"] != nil, "the daemon lives: \(daemon.log())")
        #expect(try names(daemon)["new"] == nil)
        #expect(monitor.waitFor { $0.summary == held }.count == 1, "the held timer fired")
        #expect(daemon.process.isRunning)

        try image.setImmutable(false, [shared])
        #expect(try start(client, "new", 60)["result"] != nil, "saving works again: \(daemon.log())")
        daemon.stop(signal: SIGKILL)
        try daemon.restart()
        let after = try names(daemon)
        #expect(after["new"] == "running" && after["kept"] == "running" && after[held] == "done", "\(after)")
    }

    @Test("Started with SQLite's shared memory immutable: it serves, refuses changes saying why, and saves once it can")
    func startedWithSharedMemoryImmutable() throws {
        let (image, _, state, daemon, _, _) = try startOnImage()
        let shared = state + "/timerd.db-shm"
        daemon.stop(signal: SIGKILL)
        try image.setImmutable(true, [shared])
        try daemon.restart()
        let client = try daemon.connect()
        #expect(try names(daemon)["kept"] == "running")
        let refused = try start(client, "new", 60)
        let message = refused["error"]?["message"]?.stringValue ?? ""
        #expect(message.contains("\(shared), cannot be written (Operation not permitted"), "\(refused)")
        try image.setImmutable(false, [shared])
        #expect(try start(client, "new", 60)["result"] != nil, "saving works again: \(daemon.log())")
        daemon.stop(signal: SIGKILL)
        try daemon.restart()
        #expect(try names(daemon)["new"] == "running")
    }

    @Test("Remounted read-only by the kernel mid-run: changes are refused saying why, held timers fire, nothing is lost")
    func remountedReadOnly() throws {
        let (image, monitor, state, daemon, client, held) = try startOnImage()

        try image.failAndRemountReadOnly()
        let refused = try start(client, "new", 60)
        #expect(refused["error"]?["code"] == .integer(Int64(RPCError.storageFailedCode)), "\(refused)")
        let message = refused["error"]?["message"]?.stringValue ?? ""
        #expect(
            message.contains("the state directory is on a file system that is now read-only")
                && message.contains("try again once the state directory can be written again"),
            "\(message)")
        let shown = monitor.waitFor { $0.summary == held }
        #expect(shown.count == 1, "the held timer fired on the read-only file system")
        #expect(try client.call("ping")["result"] != nil)
        #expect(try names(daemon)["new"] == nil)

        // The kernel allows no read-write remount until the file system is checked, and it
        // cannot be unmounted while the daemon holds the database: stop, repair, start again.
        #expect(daemon.stop() == 0, "a clean exit on a read-only file system: \(daemon.log())")
        try image.repair()
        #expect(try run("/usr/bin/sqlite3", [state + "/timerd.db", "PRAGMA integrity_check"]).stdout == "ok\n")
        try daemon.restart()
        let after = try names(daemon)
        #expect(after["kept"] == "running" && after["new"] == nil, "\(after)")
        // Its firing could not be saved, so the restarted daemon finds it due and tells it once
        // more (at most): late rather than lost.
        #expect(after[held] == "done", "\(after)")
        #expect(monitor.calls().filter { $0.summary.contains(held) || $0.body.contains(held) }.count <= 2)
        #expect(try start(daemon.connect(), "new", 60)["result"] != nil, "saving works on the repaired file system")
    }
}

/// A small ext4 file system in an image file, loop-mounted with `errors=remount-ro`, unmounted
/// when the test ends.
final class Ext4Image {
    let directory = makeTemporaryDirectory()
    var path: String { directory + "/mnt" }
    private var image: String { directory + "/ext4.img" }

    static let isSupported: Bool = {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/sbin/mkfs.ext4"),
            let probe = try? Ext4Image()
        else { return false }
        _ = probe
        return true
    }()

    init() throws {
        mkdir(path, 0o700)
        guard FileManager.default.createFile(atPath: image, contents: nil), truncate(image, 16 << 20) == 0,
            try run("/usr/sbin/mkfs.ext4", ["-q", "-F", image]).status == 0
        else {
            removeDirectory(directory)
            throw MountError(description: "cannot make an ext4 image")
        }
        try mount()
    }

    private func mount() throws {
        let result = try run("/bin/mount", ["-o", "loop,errors=remount-ro", image, path])
        guard result.status == 0 else {
            removeDirectory(directory)
            throw MountError(description: "cannot mount an ext4 image: \(result)")
        }
    }

    deinit {
        _ = try? run("/bin/umount", [path])
        removeDirectory(directory)
    }

    /// Sets or clears the immutable attribute of `files`: writes to them fail with EPERM, even
    /// through descriptors opened before.
    func setImmutable(_ immutable: Bool, _ files: [String]) throws {
        let result = try run("/usr/bin/chattr", [immutable ? "+i" : "-i"] + files)
        try #require(result.status == 0, "\(result)")
    }

    /// Reports a file-system error to ext4, as a failing disk would: with `errors=remount-ro`
    /// the kernel makes the file system read-only at once, open files included.
    func failAndRemountReadOnly() throws {
        let source = try run("/usr/bin/findmnt", ["-n", "-o", "SOURCE", path]).stdout
        let device = String(source.split(separator: "/").last ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        try "the test made this file system fail\n".write(
            toFile: "/sys/fs/ext4/\(device)/trigger_fs_error", atomically: false, encoding: .utf8)
        // Writing to it now fails.
        let fd = open(path + "/probe", O_WRONLY | O_CREAT, 0o600)
        #expect(fd < 0 && errno == EROFS, "the file system is read-only now")
        if fd >= 0 { close(fd) }
    }

    /// Unmounts, checks and repairs the file system (`e2fsck -fy`), and mounts it again.
    func repair() throws {
        let unmounted = try run("/bin/umount", [path])
        try #require(unmounted.status == 0, "\(unmounted)")
        let checked = try run("/usr/sbin/e2fsck", ["-fy", image])
        // 0: clean, 1: errors corrected.
        try #require(checked.status <= 1, "\(checked)")
        try mount()
    }

    struct MountError: Error, CustomStringConvertible { var description: String }
}
