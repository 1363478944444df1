import Glibc
import Testing
import Protocol

@Suite struct ConfigSaveTests {
    typealias Scratch = ConfigLocationTests

    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode
    }

    static func inode(_ path: String) -> ino_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_ino
    }

    static func text(_ path: String) -> String? {
        guard case .read(let bytes) = ConfigLocation.contents(path: path) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The names in `directory`, but "." and "..": a temporary file left behind shows here.
    static func entries(_ directory: String) -> Set<String> {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: Set<String> = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.insert(name) }
        }
        return names
    }

    static let notRoot = getuid() != 0

    @Test func aNewFileAndItsDirectoriesArePrivate() throws {
        try Scratch.withScratch { scratch in
            let path = scratch + "/config/timerd/timerd.conf"
            try ConfigLocation.save("[presets]\negg=6m30s\n", to: path)
            #expect(Self.text(path) == "[presets]\negg=6m30s\n")
            #expect(Self.mode(path).map { $0 & 0o7777 } == 0o600)
            #expect(Self.mode(scratch + "/config").map { $0 & 0o7777 } == 0o700)
            #expect(Self.mode(scratch + "/config/timerd").map { $0 & 0o7777 } == 0o700)
            #expect(Self.entries(scratch + "/config/timerd") == ["timerd.conf"])
        }
    }

    @Test func anExistingFileIsReplacedWholeAndKeepsItsMode() throws {
        try Scratch.withScratch { scratch in
            let path = scratch + "/timerd.conf"
            try Scratch.write("# mine\n", to: path)
            #expect(chmod(path, 0o640) == 0)
            let before = Self.inode(path)
            try ConfigLocation.save("# mine\n[presets]\negg=1m\n", to: path)
            #expect(Self.text(path) == "# mine\n[presets]\negg=1m\n")
            #expect(Self.mode(path).map { $0 & 0o7777 } == 0o640)
            #expect(Self.inode(path) != before, "a new file renamed over the old, not the old one rewritten")
            #expect(Self.entries(scratch) == ["timerd.conf"])
        }
    }

    @Test func aSymbolicLinkStaysAndTheFileItPointsToChanges() throws {
        try Scratch.withScratch { scratch in
            #expect(mkdir(scratch + "/dotfiles", 0o700) == 0)
            let real = scratch + "/dotfiles/timerd.conf"
            try Scratch.write("[a]\n", to: real)
            let link = scratch + "/timerd.conf"
            #expect(symlink(real, link) == 0)
            try ConfigLocation.save("[a]\nk=v\n", to: link)
            #expect(Self.mode(link).map { $0 & S_IFMT } == S_IFLNK)
            #expect(Self.text(real) == "[a]\nk=v\n")
            #expect(Self.entries(scratch + "/dotfiles") == ["timerd.conf"])
        }
    }

    @Test func aLinkToNothingIsRefusedAndLeftAlone() throws {
        try Scratch.withScratch { scratch in
            let link = scratch + "/timerd.conf"
            #expect(symlink(scratch + "/gone/timerd.conf", link) == 0)
            let error = try #require(throws: ConfigSaveError.self) { try ConfigLocation.save("x", to: link) }
            #expect(error.message == """
                Cannot save \(link): it is a symbolic link to \(scratch)/gone/timerd.conf, which cannot be reached \
                (No such file or directory); create that file or remove the link.
                """)
            #expect(Self.mode(link).map { $0 & S_IFMT } == S_IFLNK)
            #expect(Self.entries(scratch) == ["timerd.conf"])
        }
    }

    @Test func aDirectoryInTheWayIsRefused() throws {
        try Scratch.withScratch { scratch in
            let path = scratch + "/timerd.conf"
            #expect(mkdir(path, 0o700) == 0)
            let error = try #require(throws: ConfigSaveError.self) { try ConfigLocation.save("x", to: path) }
            #expect(error.message == "Cannot save \(path): \(path) is a directory.")
        }
    }

    @Test func aFileWhereADirectoryShouldBeIsRefused() throws {
        try Scratch.withScratch { scratch in
            try Scratch.write("", to: scratch + "/timerd")
            let path = scratch + "/timerd/timerd.conf"
            let error = try #require(throws: ConfigSaveError.self) { try ConfigLocation.save("x", to: path) }
            #expect(error.message == "Cannot save \(path): \(scratch)/timerd is not a directory.")
        }
    }

    @Test(.enabled(if: notRoot, "root may write anything"))
    func aReadOnlyFileIsRefusedAndUnchanged() throws {
        try Scratch.withScratch { scratch in
            let path = scratch + "/timerd.conf"
            try Scratch.write("# mine\n", to: path)
            #expect(chmod(path, 0o444) == 0)
            let error = try #require(throws: ConfigSaveError.self) { try ConfigLocation.save("x", to: path) }
            #expect(error.message == "Cannot save \(path): \(path) is read-only; make it writable (chmod u+w) to change it.")
            #expect(Self.text(path) == "# mine\n")
        }
    }

    @Test(.enabled(if: notRoot, "root may write anything"))
    func aDirectoryThatCannotBeWrittenIsNamed() throws {
        try Scratch.withScratch { scratch in
            let directory = scratch + "/timerd"
            #expect(mkdir(directory, 0o500) == 0)
            defer { chmod(directory, 0o700) }
            let path = directory + "/timerd.conf"
            let error = try #require(throws: ConfigSaveError.self) { try ConfigLocation.save("x", to: path) }
            #expect(error.message == "Cannot save \(path): cannot create a temporary file in \(directory): Permission denied.")
        }
    }

    @Test func contentsAreTheBytesOrMissing() throws {
        try Scratch.withScratch { scratch in
            let path = scratch + "/timerd.conf"
            #expect(ConfigLocation.contents(path: path) == .missing)
            try Scratch.write([0x5B, 0x61, 0x5D, 0xFF], to: path)
            #expect(ConfigLocation.contents(path: path) == .read([0x5B, 0x61, 0x5D, 0xFF]))
            #expect(ConfigLocation.contents(path: scratch) == .unreadable("\(scratch) is a directory; timerd reads its settings from a text file there"))
        }
    }
}
