import Foundation
import Protocol
import Testing

/// What the `kill -9` tests share: the lines they send, and what they read back after a kill.
enum KillChecks {
    /// A request line with `id`, as a client streams it.
    static func line(id: Int, method: String, params: JSONObject) -> String {
        JSONWriter.string(["jsonrpc": "2.0", "id": .integer(Int64(id)), "method": .string(method), "params": .object(params)])
    }

    /// The parameters of a `start` of `milliseconds` with these reminders and message.
    static func startParams(name: String, milliseconds: Int64, message: String?, remind: [Int64]) -> JSONObject {
        var params: JSONObject = [
            "name": .string(name), "seconds": .number(Double(milliseconds) / 1000),
            "remind": .array(remind.map { .integer($0) }),
        ]
        if let message { params["message"] = .string(message) }
        return params
    }

    /// The timers `daemon` holds, by name.
    static func timers(_ daemon: Daemon) throws -> [String: TimerInfo] {
        let reply = try daemon.connect().call("list")
        var byName: [String: TimerInfo] = [:]
        for item in try #require(reply["result"]?["timers"]?.arrayValue, "\(reply)") {
            let timer = try TimerInfo(json: item)
            byName[timer.name] = timer
        }
        return byName
    }

    /// The lines `sqlite3` prints for `sql` on a copy of `database` and its write-ahead log as
    /// the kill left them (opening the originals would recover them before the daemon gets to),
    /// or its stderr as the only line when it printed nothing.
    static func sqlite(onCopyOf database: String, _ sql: String) throws -> [String] {
        let copy = makeTemporaryDirectory()
        defer { removeDirectory(copy) }
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: database + suffix) {
            try FileManager.default.copyItem(atPath: database + suffix, toPath: copy + "/timerd.db" + suffix)
        }
        let result = try run("/usr/bin/sqlite3", [copy + "/timerd.db", sql])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        return lines.isEmpty ? [result.stderr] : lines
    }
}
