import Glibc
import Testing
import Protocol

@Suite struct PrivateDirectoryTests {
    struct SystemCallFailed: Error, CustomStringConvertible {
        var description: String
        init(_ call: String) { description = "\(call): \(String(cString: strerror(errno)))" }
    }

    /// Runs `body` with a fresh directory under /tmp and the path of an entry in it that does
    /// not exist yet; removes both afterwards (the entry may be a file, link or directory).
    static func withScratch(_ body: (_ scratch: String, _ entry: String) throws -> Void) throws {
        var template = Array("/tmp/timerd-tests-XXXXXX".utf8CString)
        let scratch = try template.withUnsafeMutableBufferPointer { buffer in
            guard let path = mkdtemp(buffer.baseAddress!) else { throw SystemCallFailed("mkdtemp") }
            return String(cString: path)
        }
        let entry = scratch + "/timerd"
        defer {
            var info = stat()
            if lstat(entry, &info) == 0 {
                _ = info.st_mode & S_IFMT == S_IFDIR ? rmdir(entry) : unlink(entry)
            }
            rmdir(scratch)
        }
        try body(scratch, entry)
    }

    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode
    }

    /// A directory with exactly `mode`, whatever the umask.
    static func makeDirectory(_ path: String, mode: mode_t) throws {
        guard mkdir(path, mode) == 0 else { throw SystemCallFailed("mkdir") }
        guard chmod(path, mode) == 0 else { throw SystemCallFailed("chmod") }
    }

    @Test func prepareCreatesAPrivateDirectory() throws {
        try Self.withScratch { _, entry in
            #expect(PrivateDirectory.prepare(entry) == nil)
            let mode = try #require(Self.mode(entry))
            #expect(mode & S_IFMT == S_IFDIR)
            #expect(mode & 0o777 == 0o700)
        }
    }

    @Test func prepareAcceptsAnExistingPrivateDirectory() throws {
        try Self.withScratch { _, entry in
            try Self.makeDirectory(entry, mode: 0o700)
            #expect(PrivateDirectory.prepare(entry) == nil)
            #expect(PrivateDirectory.prepare(entry) == nil)
            #expect(PrivateDirectory.check(entry) == nil)
        }
    }

    @Test(arguments: [0o755, 0o750, 0o705, 0o701, 0o770, 0o777] as [mode_t])
    func directoryOthersCanReachIsRefusedWithAChmodHint(mode: mode_t) throws {
        try Self.withScratch { _, entry in
            try Self.makeDirectory(entry, mode: mode)
            let problem = try #require(PrivateDirectory.prepare(entry))
            #expect(problem == """
                \(entry) has mode \(String(mode, radix: 8)), so other users could reach timerd's socket; \
                run `chmod 700 \(entry)` and try again.
                """)
            #expect(PrivateDirectory.check(entry) == problem)
            // Refusing changes nothing.
            #expect(Self.mode(entry).map { $0 & 0o777 } == mode)
        }
    }

    @Test func symlinkToADirectoryIsRefused() throws {
        try Self.withScratch { scratch, entry in
            let target = scratch + "/real"
            try Self.makeDirectory(target, mode: 0o700)
            defer { rmdir(target) }
            guard symlink(target, entry) == 0 else { throw SystemCallFailed("symlink") }
            let problem = try #require(PrivateDirectory.prepare(entry))
            #expect(problem.hasPrefix("\(entry) is a symbolic link, not a directory (someone may have planted it)"))
            #expect(problem.contains("Remove it (`rm \(entry)`)"))
            #expect(PrivateDirectory.check(entry) == problem)
        }
    }

    @Test func regularFileIsRefused() throws {
        try Self.withScratch { _, entry in
            let fd = open(entry, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw SystemCallFailed("open") }
            close(fd)
            let problem = try #require(PrivateDirectory.prepare(entry))
            #expect(problem.hasPrefix("\(entry) is not a directory"))
        }
    }

    @Test(.enabled(if: getuid() == 0, "only root can give a directory away"))
    func directoryOwnedBySomeoneElseIsRefused() throws {
        try Self.withScratch { _, entry in
            try Self.makeDirectory(entry, mode: 0o700)
            guard chown(entry, 4242, 4242) == 0 else { throw SystemCallFailed("chown") }
            let problem = try #require(PrivateDirectory.prepare(entry))
            #expect(problem.hasPrefix("\(entry) belongs to user 4242, not to you (0)"))
        }
    }

    @Test func missingParentIsReported() throws {
        try Self.withScratch { _, entry in
            let path = entry + "/deeper"
            let problem = try #require(PrivateDirectory.prepare(path))
            #expect(problem == """
                Cannot create the directory \(path): No such file or directory. \
                Check that its parent exists and is writable.
                """)
        }
    }

    @Test func checkDoesNotCreate() throws {
        try Self.withScratch { _, entry in
            #expect(PrivateDirectory.check(entry) == "Cannot use \(entry): No such file or directory.")
            #expect(Self.mode(entry) == nil)
        }
    }
}
