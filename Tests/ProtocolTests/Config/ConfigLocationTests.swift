import Glibc
import Testing
import Protocol

@Suite struct ConfigLocationTests {
    struct SystemCallFailed: Error, CustomStringConvertible {
        var description: String
        init(_ call: String) { description = "\(call): \(String(cString: strerror(errno)))" }
    }

    /// Runs `body` in a fresh directory under /tmp, then removes it and what the test made in
    /// it: files, and directories holding nothing.
    static func withScratch(_ body: (_ scratch: String) throws -> Void) throws {
        var template = Array("/tmp/timerd-tests-XXXXXX".utf8CString)
        let scratch = try template.withUnsafeMutableBufferPointer { buffer in
            guard let path = mkdtemp(buffer.baseAddress!) else { throw SystemCallFailed("mkdtemp") }
            return String(cString: path)
        }
        defer { remove(scratch) }
        try body(scratch)
    }

    /// Removes `path` and, for a directory, everything in it.
    static func remove(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            unlink(path)
            return
        }
        if let stream = opendir(path) {
            var names: [String] = []
            while let entry = readdir(stream) {
                let name = withUnsafePointer(to: &entry.pointee.d_name) {
                    String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
                }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(stream)
            for name in names { remove(path + "/" + name) }
        }
        rmdir(path)
    }

    static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw SystemCallFailed("open \(path)") }
        defer { close(fd) }
        guard bytes.withUnsafeBytes({ Glibc.write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
            throw SystemCallFailed("write \(path)")
        }
    }

    static func write(_ text: String, to path: String) throws { try write(Array(text.utf8), to: path) }

    // MARK: Where

    static let everything = [
        "TIMERD_CONFIG": "/srv/timerd.conf", "XDG_CONFIG_HOME": "/home/me/.cfg", "HOME": "/home/me",
    ]

    @Test(arguments: [
        (everything, "/srv/timerd.conf"),
        (["XDG_CONFIG_HOME": "/home/me/.cfg", "HOME": "/home/me"], "/home/me/.cfg/timerd/timerd.conf"),
        (["HOME": "/home/me"], "/home/me/.config/timerd/timerd.conf"),
        // Empty counts as unset.
        (["TIMERD_CONFIG": "", "XDG_CONFIG_HOME": "", "HOME": "/home/me"], "/home/me/.config/timerd/timerd.conf"),
        // A relative XDG_CONFIG_HOME is ignored, as the base directory spec says.
        (["XDG_CONFIG_HOME": "cfg", "HOME": "/home/me"], "/home/me/.config/timerd/timerd.conf"),
        (["XDG_CONFIG_HOME": "~/.cfg", "HOME": "/home/me"], "/home/me/.config/timerd/timerd.conf"),
        // Trailing slashes.
        (["XDG_CONFIG_HOME": "/home/me/.cfg/"], "/home/me/.cfg/timerd/timerd.conf"),
        (["XDG_CONFIG_HOME": "/"], "/timerd/timerd.conf"),
        (["HOME": "/home/me/"], "/home/me/.config/timerd/timerd.conf"),
        (["HOME": "/"], "/.config/timerd/timerd.conf"),
        // TIMERD_CONFIG is a file path, taken as given.
        (["TIMERD_CONFIG": "my.conf", "HOME": "/home/me"], "my.conf"),
    ] as [([String: String], String)])
    func path(environment: [String: String], expected: String) {
        #expect(ConfigLocation.path(environment: environment) == expected)
    }

    @Test(arguments: [
        [:], ["XDG_CONFIG_HOME": "relative"], ["HOME": ""], ["TIMERD_CONFIG": "", "XDG_CONFIG_HOME": ""],
    ] as [[String: String]])
    func noPathWithoutAnyOfThem(environment: [String: String]) {
        #expect(ConfigLocation.path(environment: environment) == nil)
    }

    // MARK: Reading

    @Test func aMissingFileIsNil() throws {
        try Self.withScratch { scratch in
            #expect(ConfigLocation.load(path: scratch + "/timerd.conf") == nil)
            #expect(ConfigLocation.load(path: scratch + "/no/such/dir/timerd.conf") == nil)
        }
    }

    @Test func aFileIsParsedWithItsProblems() throws {
        try Self.withScratch { scratch in
            let path = scratch + "/timerd.conf"
            try Self.write("\u{FEFF}[notifications]\r\nremind=1h;10m\r\nbroken\r\n", to: path)
            let (file, problems) = try #require(ConfigLocation.load(path: path))
            #expect(file.list("remind", in: "notifications") == ["1h", "10m"])
            #expect(problems.map(\.line) == [3])
        }
    }

    @Test func anEmptyFileIsAnEmptyKeyFile() throws {
        try Self.withScratch { scratch in
            try Self.write("", to: scratch + "/timerd.conf")
            let (file, problems) = try #require(ConfigLocation.load(path: scratch + "/timerd.conf"))
            #expect(file == KeyFile())
            #expect(problems == [])
        }
    }

    @Test func aDirectoryIsOneProblem() throws {
        try Self.withScratch { scratch in
            let path = scratch + "/timerd.conf"
            guard mkdir(path, 0o700) == 0 else { throw SystemCallFailed("mkdir") }
            let (file, problems) = try #require(ConfigLocation.load(path: path))
            #expect(file == KeyFile())
            #expect(problems == [KeyFile.Problem(
                line: 0, message: "\(path) is a directory; timerd reads its settings from a text file there")])
        }
    }

    @Test func aFIFOIsOneProblemAndDoesNotBlock() throws {
        try Self.withScratch { scratch in
            let path = scratch + "/timerd.conf"
            guard mkfifo(path, 0o600) == 0 else { throw SystemCallFailed("mkfifo") }
            let (_, problems) = try #require(ConfigLocation.load(path: path))
            #expect(problems == [KeyFile.Problem(
                line: 0, message: "\(path) is not a regular file; timerd reads its settings from a text file there")])
        }
    }

    @Test func oneMiBIsReadAndOneByteMoreIsOneProblem() throws {
        try Self.withScratch { scratch in
            let path = scratch + "/timerd.conf"
            var bytes = Array("[a]\nk=v\n".utf8)
            bytes += [UInt8](repeating: UInt8(ascii: "\n"), count: ConfigLocation.maxBytes - bytes.count)
            try Self.write(bytes, to: path)
            let (file, problems) = try #require(ConfigLocation.load(path: path))
            #expect(problems == [])
            #expect(file.value("k", in: "a")?.value == "v")

            try Self.write(bytes + [UInt8(ascii: "\n")], to: path)
            let (big, bigProblems) = try #require(ConfigLocation.load(path: path))
            #expect(big == KeyFile())
            #expect(bigProblems == [KeyFile.Problem(
                line: 0, message: "\(path) is larger than 1 MiB, too large for a configuration file; none of it is used")])
        }
    }

    @Test func aTwoMiBFileIsOneProblem() throws {
        try Self.withScratch { scratch in
            let path = scratch + "/timerd.conf"
            try Self.write([UInt8](repeating: UInt8(ascii: "#"), count: 2 << 20), to: path)
            let (_, problems) = try #require(ConfigLocation.load(path: path))
            #expect(problems.map(\.line) == [0])
            #expect(problems.first?.message.contains("larger than 1 MiB") == true)
        }
    }

    @Test(.enabled(if: getuid() != 0, "root reads files whatever their mode"))
    func anUnreadableFileIsOneProblemWithTheReason() throws {
        try Self.withScratch { scratch in
            let path = scratch + "/timerd.conf"
            try Self.write(Array("[a]\n".utf8), to: path, mode: 0o000)
            #expect(chmod(path, 0o000) == 0)
            let (_, problems) = try #require(ConfigLocation.load(path: path))
            #expect(problems == [KeyFile.Problem(line: 0, message: "cannot open \(path): Permission denied")])
        }
    }

    @Test func aPathThroughAFileIsOneProblem() throws {
        try Self.withScratch { scratch in
            try Self.write("", to: scratch + "/file")
            let path = scratch + "/file/timerd.conf"
            let (_, problems) = try #require(ConfigLocation.load(path: path))
            #expect(problems == [KeyFile.Problem(line: 0, message: "cannot open \(path): Not a directory")])
        }
    }

    @Test func linesThatAreNotUTF8AreSkippedWithAProblem() throws {
        try Self.withScratch { scratch in
            let path = scratch + "/timerd.conf"
            var bytes = Array("[a]\nk=caf".utf8) + [0xE9] + Array("\r\nok=1\n".utf8)
            bytes += Array("x=".utf8) + [0xC3] + Array("\n[b]\n".utf8)
            try Self.write(bytes, to: path)
            let (file, problems) = try #require(ConfigLocation.load(path: path))
            #expect(file.keys(in: "a") == ["ok"])
            #expect(file.group("b") != nil)
            #expect(problems == [
                KeyFile.Problem(line: 2, message: "the line is not UTF-8 text; save the file as UTF-8"),
                KeyFile.Problem(line: 4, message: "the line is not UTF-8 text; save the file as UTF-8"),
            ])
        }
    }
}
