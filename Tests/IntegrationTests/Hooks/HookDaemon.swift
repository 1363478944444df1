import Foundation
import Protocol
import Testing

/// A real daemon whose timerd.conf has a `[hooks]` group, and a directory its hooks write to.
///
/// The commands are written into the file as a user would write them, with the output
/// directory spelled out (a path of `mkdtemp`'s letters, which the shell takes as it is): the
/// daemon is told nothing else about the test.
final class HookDaemon {
    /// Holds timerd.conf and `out`; the daemon keeps its socket and state in a directory of its own.
    let directory: String
    /// Where the hooks write.
    let out: String
    let daemon: Daemon

    var config: String { directory + "/timerd.conf" }

    /// Starts a daemon with `hooks` (key, command) in `[hooks]`, in that order. `body` builds
    /// them from the output directory. No session bus by default: a hook's facts do not need
    /// one, and a thousand notifications would only load the machine's notification server.
    init(
        verbose: Bool = false, bus: String? = "unix:path=/nonexistent/bus", environment: [String: String] = [:],
        _ body: (_ out: String) -> [(String, String)]
    ) throws {
        directory = makeTemporaryDirectory()
        out = directory + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        try Self.hooksGroup(body(out)).write(toFile: directory + "/timerd.conf", atomically: true, encoding: .utf8)
        daemon = try Daemon(
            bus: bus, extraArguments: verbose ? ["--verbose"] : [],
            environment: environment.merging(["TIMERD_CONFIG": directory + "/timerd.conf"]) { $1 })
    }

    deinit { removeDirectory(directory) }

    /// The `[hooks]` group holding `entries`, each value escaped as timerd.conf reads it.
    static func hooksGroup(_ entries: [(String, String)]) -> String {
        "[hooks]\n" + entries.map { "\($0.0) = \(KeyFile.escape($0.1))\n" }.joined()
    }

    /// Replaces timerd.conf's `[hooks]` group (the daemon reads it again on SIGHUP).
    func rewrite(_ entries: [(String, String)]) throws {
        try Self.hooksGroup(entries).write(toFile: config, atomically: true, encoding: .utf8)
    }

    /// A command that writes its whole environment, NUL-separated (`env -0`, so that values
    /// holding newlines come back exactly), to a file of its own in `out`, named `env.PID`.
    /// Written aside and renamed, so that a file seen is a whole one.
    static func dumpEnvironment(into out: String) -> String {
        "env -0 > \(out)/.part.$$ && mv \(out)/.part.$$ \(out)/env.$$"
    }

    /// The environments the hooks wrote with `dumpEnvironment`, each as a dictionary.
    func environments() -> [[String: String]] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
        return names.filter { $0.hasPrefix("env.") }.sorted().compactMap { name in
            guard let data = FileManager.default.contents(atPath: out + "/" + name) else { return nil }
            var variables: [String: String] = [:]
            for entry in data.split(separator: 0) {
                let text = String(decoding: entry, as: UTF8.self)
                guard let equals = text.firstIndex(of: "=") else { continue }
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            return variables
        }
    }

    /// The environments written by hooks of `event`.
    func environments(of event: String) -> [[String: String]] {
        environments().filter { $0["TIMERD_EVENT"] == event }
    }

    /// The lines of `file` in `out`, none if it does not exist.
    func lines(_ file: String) -> [String] {
        guard let text = try? String(contentsOfFile: out + "/" + file, encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Starts a timer with the protocol's `start` (`params` beyond the name); returns it.
    @discardableResult
    func start(_ name: String, _ params: JSONObject) throws -> TimerInfo {
        var all = params
        all["name"] = .string(name)
        let reply = try daemon.connect().call("start", .object(all))
        return try TimerInfo(json: try #require(reply["result"]?["timer"], "start \(name): \(reply)"))
    }

    /// The timer as the daemon has it now.
    func get(_ name: String) throws -> TimerInfo {
        let reply = try daemon.connect().call("get", ["name": .string(name)])
        return try TimerInfo(json: try #require(reply["result"]?["timer"], "get \(name): \(reply)"))
    }

    /// The daemon's log lines that say `words`, all of them.
    func logLines(containing words: String...) -> [String] {
        daemon.log().split(separator: "\n").map(String.init).filter { line in words.allSatisfy(line.contains) }
    }
}

/// `instant` as `wallSeconds()` reads the clock: seconds since the epoch.
func epochSeconds(_ instant: Timestamp) -> Double {
    Double(instant.nanoseconds) / 1e9
}
