import Glibc
import Protocol
import Testing
@testable import timerctl

/// Which timerd `autostart enable` writes into the files: the installed one, also when run
/// from a build tree; a build tree's only when none is installed, with a warning.
@Suite struct AutostartProgramTests: UsesAutostartScratch {
    /// A search over a made-up file system: `programs` are the executables, `directories` the
    /// directories; this timerctl is `own`.
    static func search(own: String?, path: String?, home: String? = "/home/ada", programs: Set<String>,
                       directories: Set<String> = []) -> ProgramSearch {
        var environment: [String: String] = [:]
        environment["PATH"] = path
        environment["HOME"] = home
        return ProgramSearch(
            ownPath: own, environment: environment, isExecutable: { programs.contains($0) },
            isDirectory: { directories.contains($0) })
    }

    static let built = "/home/ada/src/timerd/.build/x86_64-unknown-linux-gnu/debug"

    @Test func installedBesideThisTimerctlIsTakenAsItIs() throws {
        let found = try Self.search(
            own: "/usr/local/bin/timerctl", path: "/usr/local/bin:/usr/bin",
            programs: ["/usr/local/bin/timerd", "/usr/bin/timerd"]
        ).find()
        #expect(found == AutostartProgram(path: "/usr/local/bin/timerd"))
        #expect(found.note(root: false) == nil, "nothing to say")
    }

    @Test func fromABuildTreeTheInstalledOneOnPathIsPreferred() throws {
        let found = try Self.search(
            own: Self.built + "/timerctl", path: "/home/ada/bin:\(Self.built):/usr/local/bin/:/usr/bin",
            programs: [Self.built + "/timerd", "/usr/local/bin/timerd", "/usr/bin/timerd"]
        ).find()
        #expect(found == AutostartProgram(path: "/usr/local/bin/timerd", passedOver: Self.built + "/timerd"))
        #expect(found.note(root: false) == """
            The entry starts the installed timerd, /usr/local/bin/timerd, not \(Self.built)/timerd beside this timerctl, \
            which is in a build directory (`make install` updates the installed one).
            """)
    }

    /// Right after the first `make install`, ~/.local/bin is not on PATH yet (a login shell adds
    /// it only if it was there at login).
    @Test func installedInLocalBinThoughNotOnPath() throws {
        let found = try Self.search(
            own: Self.built + "/timerctl", path: "/usr/bin:/bin",
            programs: [Self.built + "/timerd", "/home/ada/.local/bin/timerd"]
        ).find()
        #expect(found == AutostartProgram(path: "/home/ada/.local/bin/timerd", passedOver: Self.built + "/timerd"))
    }

    @Test func onlyABuildTreesTimerdIsTakenWithAWarning() throws {
        let found = try Self.search(own: Self.built + "/timerctl", path: "/usr/bin:/bin", programs: [Self.built + "/timerd"]).find()
        #expect(found == AutostartProgram(path: Self.built + "/timerd", buildTree: "/home/ada/src/timerd"))
        #expect(found.note(root: false) == """
            Warning: \(Self.built)/timerd is in a build directory, and no installed timerd was found (on PATH or in \
            ~/.local/bin): at each login the entry starts whatever was last built there, and nothing once that build is \
            cleaned or moved. Install timerd (`make install` in /home/ada/src/timerd puts it in ~/.local/bin), then run \
            `timerctl autostart enable` again to point the entry at it.
            """)
        #expect(found.note(root: true)?.contains("(`make install` in /home/ada/src/timerd puts it in /usr/local/bin)") == true)
    }

    /// Build trees: `.build` (SwiftPM), `.build-asan` and `.build-tsan` (make's sanitizer
    /// builds), or anywhere SwiftPM put its products (`--build-path`): its `timerd.build`
    /// directory is beside the program.
    @Test(arguments: [
        ("/home/ada/src/timerd/.build/release/timerd", "/home/ada/src/timerd"),
        ("/home/ada/src/timerd/.build-asan/debug/timerd", "/home/ada/src/timerd"),
        ("/.build/debug/timerd", "/"),
        ("/tmp/out/debug/timerd", "/tmp/out/debug"),
    ])
    func buildTrees(program: String, tree: String) {
        let search = Self.search(own: nil, path: nil, programs: [], directories: ["/tmp/out/debug/timerd.build"])
        #expect(search.buildTree(of: program) == tree)
    }

    @Test(arguments: ["/usr/bin/timerd", "/home/ada/.local/bin/timerd", "/home/ada/.builder/timerd", "/opt/build/timerd"])
    func notBuildTrees(program: String) {
        #expect(Self.search(own: nil, path: nil, programs: []).buildTree(of: program) == nil)
    }

    @Test func aBuildPutElsewhereIsNamedWithoutItsTree() throws {
        let found = try Self.search(
            own: "/tmp/out/debug/timerctl", path: "/usr/bin", home: nil, programs: ["/tmp/out/debug/timerd"],
            directories: ["/tmp/out/debug/timerd.build"]
        ).find()
        #expect(found.buildTree == "/tmp/out/debug")
        #expect(found.note(root: false)?.contains("Install timerd (`make install` puts it in ~/.local/bin)") == true)
    }

    @Test func relativePathEntriesAreNoPlaceToStartFrom() throws {
        let found = try Self.search(
            own: Self.built + "/timerctl", path: "bin:.:/usr/bin", programs: [Self.built + "/timerd", "bin/timerd", "./timerd"]
        ).find()
        #expect(found.path == Self.built + "/timerd")
    }

    @Test func withoutATimerctlPathPathDecides() throws {
        #expect(try Self.search(own: nil, path: "/usr/bin", programs: ["/usr/bin/timerd"]).find() == AutostartProgram(path: "/usr/bin/timerd"))
    }

    @Test func noTimerdAnywhereIsRefusedSayingWhatToDo() {
        let refusal = #expect(throws: CtlFailure.self) {
            try Self.search(own: "/usr/bin/timerctl", path: "/usr/bin:/bin", programs: []).find()
        }
        #expect(refusal?.message == """
            timerd was not found next to timerctl, on PATH or in ~/.local/bin; install it (`make install`) and run \
            `timerctl autostart enable` again.
            """)
    }

    /// The same on real files, in a scratch directory: a build tree's timerd and timerctl (with
    /// SwiftPM's `timerd.build` beside them), and one installed in the scratch home's
    /// ~/.local/bin, which is not on PATH.
    @Test func onRealFiles() throws {
        try Self.withScratch { scratch in
            let built = scratch.directory + "/src/timerd/.build/debug"
            let local = scratch.directory + "/home/.local/bin"
            for (path, mode) in [(built + "/timerd", 0o755), (built + "/timerctl", 0o755), (local + "/timerd", 0o644)] {
                try scratch.write("#!/bin/sh\n", to: path)
                #expect(chmod(path, mode_t(mode)) == 0)
            }
            #expect(mkdir(built + "/timerd.build", 0o755) == 0)
            var search = ProgramSearch.live(environment: ["PATH": "/nonexistent", "HOME": scratch.directory + "/home"])
            search.ownPath = built + "/timerctl"
            #expect(try search.find() == AutostartProgram(path: built + "/timerd", buildTree: scratch.directory + "/src/timerd"),
                    "~/.local/bin/timerd is not executable")
            #expect(chmod(local + "/timerd", 0o755) == 0)
            #expect(try search.find() == AutostartProgram(path: local + "/timerd", passedOver: built + "/timerd"))
            #expect(search.buildTree(of: local + "/timerd") == nil)
            #expect(!search.isExecutable(local), "a directory is no program")
        }
    }

    /// What `enable` says, in order: the mechanism, then the timerd, then what it wrote.
    @Test func enableFromABuildTreeWarnsBeforeWriting() throws {
        try Self.withScratch(mode: "xdg") { scratch in
            var autostart = scratch.autostart
            autostart.timerd = { () throws(CtlFailure) in
                AutostartProgram(path: Self.built + "/timerd", buildTree: "/home/ada/src/timerd")
            }
            try autostart.run(.enable)
            #expect(scratch.log.output == """
                This system has no systemd user session (TIMERD_AUTOSTART_MODE=xdg chooses it), so the desktop starts timerd when you log in (XDG autostart).
                Warning: \(Self.built)/timerd is in a build directory, and no installed timerd was found (on PATH or in ~/.local/bin): at each login the entry starts whatever was last built there, and nothing once that build is cleaned or moved. Install timerd (`make install` in /home/ada/src/timerd puts it in \(getuid() == 0 ? "/usr/local/bin" : "~/.local/bin")), then run `timerctl autostart enable` again to point the entry at it.
                Wrote \(scratch.desktopEntry) (Exec=\(Self.built)/timerd --started-by autostart).
                timerd is not running now: the next timerctl starts it, and from your next login on the desktop does.
                To undo it: timerctl autostart disable

                """)
        }
    }
}
