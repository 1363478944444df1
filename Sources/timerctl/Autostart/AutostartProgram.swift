import Glibc

/// The timerd that the login files start, and what `enable` says about it.
///
/// An entry written from a build tree (`.build/debug/timerctl autostart enable`) that pointed
/// into it would start, at each login, whatever was built there last, and nothing once the
/// build is cleaned or moved. So the installed timerd is preferred: one outside any build
/// tree, looked for in this order:
///
/// 1. beside this timerctl (an install puts the two together, at the same version);
/// 2. on PATH, in its order (what `timerd` typed in this shell runs);
/// 3. in `~/.local/bin`, where `make install` puts it for a user: a login shell puts that
///    directory on PATH only if it was there at login, so right after the first install it
///    may not be yet. (As root `make install` uses /usr/local/bin, and distributions
///    /usr/bin: both are on every PATH; a PATH without them is meant so, and respected.)
///
/// Only when none is installed does the entry point into the build tree, and `enable` warns.
struct AutostartProgram: Equatable, Sendable {
    /// The timerd to start: an absolute path.
    var path: String
    /// When `path` is in a build tree: the tree's top (the directory holding `.build`), or
    /// the build directory itself when no `.build` is in the path.
    var buildTree: String?
    /// The timerd beside this timerctl, passed over because it is in a build tree.
    var passedOver: String?

    init(path: String, buildTree: String? = nil, passedOver: String? = nil) {
        self.path = path
        self.buildTree = buildTree
        self.passedOver = passedOver
    }

    /// What `enable` says about it before writing the files: nothing for an installed timerd
    /// found where it would be (beside this timerctl); else which one, and for one in a build
    /// tree, what to do. `root`: whether `make install` installs for root (into /usr/local).
    func note(root: Bool) -> String? {
        if let buildTree {
            let place = root ? "/usr/local/bin" : "~/.local/bin"
            let tree = path.hasPrefix(buildTree + "/.build") ? " in \(buildTree)" : ""
            return "Warning: \(path) is in a build directory, and no installed timerd was found (on PATH or in "
                + "~/.local/bin): at each login the entry starts whatever was last built there, and nothing once "
                + "that build is cleaned or moved. Install timerd (`make install`\(tree) puts it in \(place)), then "
                + "run `timerctl autostart enable` again to point the entry at it."
        }
        if let passedOver {
            return "The entry starts the installed timerd, \(path), not \(passedOver) beside this timerctl, "
                + "which is in a build directory (`make install` updates the installed one)."
        }
        return nil
    }
}

/// Where `AutostartProgram.find` looks, as facts: the live system's, or a test's.
struct ProgramSearch {
    /// This timerctl's own path (from /proc/self/exe); nil when it cannot be read.
    var ownPath: String?
    var environment: [String: String]
    var isExecutable: (String) -> Bool
    var isDirectory: (String) -> Bool

    static func live(environment: [String: String]) -> ProgramSearch {
        ProgramSearch(
            ownPath: ownExecutable(), environment: environment,
            isExecutable: { access($0, X_OK) == 0 && !isDirectory($0) }, isDirectory: isDirectory)
    }

    /// The timerd to start (see `AutostartProgram`).
    func find() throws(CtlFailure) -> AutostartProgram {
        var candidates: [String] = []
        let sibling = ownPath.flatMap { own in own.lastIndex(of: "/").map { String(own[...$0]) + "timerd" } }
        if let sibling { candidates.append(sibling) }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        // A relative PATH entry names no place a login could start timerd from.
        candidates += path.split(separator: ":").filter { $0.hasPrefix("/") }.map { Self.trimmed(String($0)) + "/timerd" }
        if let home = environment["HOME"], home.hasPrefix("/") { candidates.append(Self.trimmed(home) + "/.local/bin/timerd") }
        let found = candidates.filter(isExecutable)
        if let installed = found.first(where: { buildTree(of: $0) == nil }) {
            let passedOver = found.first.flatMap { $0 == sibling && $0 != installed ? $0 : nil }
            return AutostartProgram(path: installed, passedOver: passedOver)
        }
        guard let first = found.first else {
            throw .refused(
                "timerd was not found next to timerctl, on PATH or in ~/.local/bin; install it (`make install`) "
                    + "and run `timerctl autostart enable` again.")
        }
        return AutostartProgram(path: first, buildTree: buildTree(of: first))
    }

    /// The build tree `program` is in, if it is in one: a directory named `.build` (SwiftPM's,
    /// or `.build-…` as `make` names the sanitizers' ones) on its path, or SwiftPM's
    /// `NAME.build` directory beside it (a build put elsewhere with `--build-path`).
    func buildTree(of program: String) -> String? {
        let components = program.split(separator: "/", omittingEmptySubsequences: false)
        if let index = components.dropLast().firstIndex(where: { $0 == ".build" || $0.hasPrefix(".build-") }) {
            let top = components[..<index].joined(separator: "/")
            return top.isEmpty ? "/" : top
        }
        if isDirectory(program + ".build"), let slash = program.lastIndex(of: "/") {
            return String(program[..<slash])
        }
        return nil
    }

    private static func trimmed(_ directory: String) -> String {
        directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// This program's own path, from /proc/self/exe; nil when it cannot be read.
    static func ownExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
