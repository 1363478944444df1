import Foundation
import Testing

/// `make install` and `make uninstall` into a staging directory (DESTDIR), with the programs
/// of this build.
@Suite("make install and uninstall")
struct InstallTests {
    static let installed: [String: Int] = [
        "usr/bin/timerd": 0o755,
        "usr/bin/timerctl": 0o755,
        "usr/share/man/man1/timerctl.1": 0o644,
        "usr/share/man/man1/timerd.1": 0o644,
        "usr/share/man/man5/timerd.conf.5": 0o644,
        "usr/share/bash-completion/completions/timerctl": 0o644,
        "usr/share/zsh/site-functions/_timerctl": 0o644,
        "usr/share/fish/vendor_completions.d/timerctl.fish": 0o644,
        "usr/share/timerd/install-manifest": 0o644,
        "usr/lib/systemd/user/timerd.socket": 0o644,
        "usr/lib/systemd/user/timerd.service": 0o644,
        "usr/share/timerd/timerd.desktop": 0o644,
    ]

    /// Every file and directory under `root`, relative to it, sorted.
    static func tree(_ root: String) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? []).sorted()
    }

    static func files(_ root: String) -> Set<String> {
        Set(tree(root).filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
        })
    }

    /// A scratch directory with a staging directory (DESTDIR) in it, for `make install` there.
    struct Staging {
        let work = makeTemporaryDirectory()
        var destdir: String { work + "/dest" }

        /// `make TARGET DESTDIR=… PREFIX=…` with this build's programs.
        func make(_ target: String, prefix: String = "/usr") throws -> ProcessResult {
            try Repository.make(target, out: work + "/out", ["DESTDIR=\(destdir)", "PREFIX=\(prefix)"])
        }

        func remove() { removeDirectory(work) }
    }

    @Test("install puts the programs, pages, completions, units and autostart entry under PREFIX; uninstall leaves nothing")
    func installThenUninstall() throws {
        let staging = Staging()
        defer { staging.remove() }
        let destdir = staging.destdir

        let install = try staging.make("install")
        #expect(install.status == 0, "\(install)")
        #expect(Self.files(destdir) == Set(Self.installed.keys), "\(Self.tree(destdir))")
        for (path, mode) in Self.installed {
            let attributes = try FileManager.default.attributesOfItem(atPath: destdir + "/" + path)
            #expect((attributes[.posixPermissions] as? Int) == mode, "\(path)")
        }

        // What was installed works: the program, its completion, its page.
        let version = try run(destdir + "/usr/bin/timerctl", ["--version"])
        #expect(version.stdout.hasPrefix("timerctl "), "\(version)")
        let script = try String(contentsOfFile: destdir + "/usr/share/bash-completion/completions/timerctl", encoding: .utf8)
        #expect(script == (try run(Programs.timerctl, ["completion", "bash"]).stdout))
        let page = try run("/usr/bin/man", ["-l", destdir + "/usr/share/man/man1/timerctl.1"], environment: ["MANWIDTH": "80", "PATH": "/usr/bin:/bin"])
        #expect(page.status == 0 && page.stdout.contains("timerctl completion bash|zsh|fish"), "\(page.stderr)")

        // Installing again changes nothing and records nothing twice.
        let manifest = try String(contentsOfFile: destdir + "/usr/share/timerd/install-manifest", encoding: .utf8)
        #expect(try staging.make("install").status == 0)
        #expect(try String(contentsOfFile: destdir + "/usr/share/timerd/install-manifest", encoding: .utf8) == manifest)
        #expect(manifest.contains("file /usr/bin/timerctl\n") && manifest.contains("dir /usr/share/zsh/site-functions\n"))

        let uninstall = try staging.make("uninstall")
        #expect(uninstall.status == 0, "\(uninstall)")
        #expect(Self.tree(destdir) == [], "uninstall leaves nothing behind")

        let again = try staging.make("uninstall")
        #expect(again.status != 0 && again.stderr.contains("nothing to uninstall"), "\(again)")
    }

    @Test("uninstall removes only what install put there")
    func uninstallKeepsOtherFiles() throws {
        let staging = Staging()
        defer { staging.remove() }
        let destdir = staging.destdir
        try FileManager.default.createDirectory(atPath: destdir + "/usr/share/man/man1", withIntermediateDirectories: true)
        try "another page\n".write(toFile: destdir + "/usr/share/man/man1/other.1", atomically: true, encoding: .utf8)

        #expect(try staging.make("install").status == 0)
        // Something else arrives in a directory install made.
        try "#!/bin/sh\n".write(toFile: destdir + "/usr/bin/other", atomically: true, encoding: .utf8)

        let uninstall = try staging.make("uninstall")
        #expect(uninstall.status == 0, "\(uninstall)")
        #expect(Self.tree(destdir) == [
            "usr", "usr/bin", "usr/bin/other", "usr/share", "usr/share/man", "usr/share/man/man1", "usr/share/man/man1/other.1",
        ])
    }
}
