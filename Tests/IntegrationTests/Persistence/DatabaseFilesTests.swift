import Foundation
import Protocol
import Testing

/// The database's files deleted, replaced or cut short under a running daemon. SQLite goes on
/// writing to the files it has open, so without a check every change after `rm timerd.db` is
/// acknowledged into a file nobody will read again, and a restart finds no timers. The daemon
/// notices at its next save, or at its next quiet moment, writes every timer it holds to a new
/// file, and says so in its log.
@Suite("Faults: the database's files change under a running daemon")
struct DatabaseFilesTests {
    /// A daemon holding `count` timers (`t0`…), each acknowledged, one batch of starts.
    private func daemonHolding(_ count: Int) throws -> (Daemon, String) {
        let daemon = try Daemon(bus: "unix:path=/nonexistent/bus")
        let starts = (0..<count).map { i in
            #"{"jsonrpc":"2.0","id":\#(i),"method":"start","params":{"name":"t\#(i)","seconds":\#(3600 + i),"message":"timer \#(i)"}}"#
        }
        let client = try daemon.connect()
        client.send("[" + starts.joined(separator: ",") + "]")
        let replies = try #require(try client.readJSON(timeout: .seconds(30))?.arrayValue)
        try #require(replies.count == count && replies.allSatisfy { $0["result"] != nil }, "\(replies.prefix(3))")
        return (daemon, daemon.directory + "/state/timerd.db")
    }

    /// The names of the timers the daemon holds.
    private func names(_ daemon: Daemon) throws -> Set<String> {
        let reply = try daemon.connect().call("list")
        return Set(try #require(reply["result"]?["timers"]?.arrayValue).compactMap { $0["name"]?.stringValue })
    }

    private func start(_ name: String, on daemon: Daemon) throws {
        let reply = try daemon.connect().call("start", ["name": .string(name), "seconds": 600])
        #expect(reply["result"] != nil, "\(reply)")
    }

    /// Kills the daemon with SIGKILL, starts it again and returns what it holds then.
    private func namesAfterKill(_ daemon: Daemon) throws -> Set<String> {
        #expect(daemon.stop(signal: SIGKILL) == 128 + SIGKILL)
        try daemon.restart()
        return try names(daemon)
    }

    private let held = Set((0..<200).map { "t\($0)" })

    @Test("timerd.db deleted: the next change is saved with every timer in a new file, and a restart finds them all")
    func databaseDeleted() throws {
        let (daemon, database) = try daemonHolding(200)
        #expect(unlink(database) == 0)
        try start("after", on: daemon)
        #expect(daemon.log().contains("\(database) was deleted while timerd was running; timerd wrote the 201 timers it holds"), "\(daemon.log())")
        #expect(try namesAfterKill(daemon) == held.union(["after"]))
        #expect(try !FileManager.default.contentsOfDirectory(atPath: daemon.directory + "/state").contains { $0.contains("corrupt") })
    }

    @Test("timerd.db deleted and nothing changed since: the next request is a quiet moment that notices it")
    func databaseDeletedWithoutAChange() throws {
        let (daemon, database) = try daemonHolding(200)
        #expect(unlink(database) == 0)
        // A request that changes nothing: once its reply is out, the quiet moment after it has been.
        #expect(try daemon.connect().call("ping")["result"] != nil)
        #expect(daemon.log().contains("was deleted while timerd was running"), "\(daemon.log())")
        #expect(try namesAfterKill(daemon) == held)
    }

    @Test("Its write-ahead log deleted: every timer is written to a new file")
    func logDeleted() throws {
        let (daemon, database) = try daemonHolding(200)
        #expect(unlink(database + "-wal") == 0)
        try start("after", on: daemon)
        #expect(daemon.log().contains("\(database)-wal, its write-ahead log, was deleted while timerd was running"), "\(daemon.log())")
        #expect(try namesAfterKill(daemon) == held.union(["after"]))
    }

    @Test("Its write-ahead log cut short: every timer is written to a new file")
    func logTruncated() throws {
        let (daemon, database) = try daemonHolding(200)
        // The 200 timers are in the log alone (far below the 1,000 pages of a checkpoint).
        #expect(truncate(database + "-wal", 40_000) == 0)
        try start("after", on: daemon)
        #expect(daemon.log().contains("its write-ahead log, was cut short while timerd was running (to 40000 of its"), "\(daemon.log())")
        #expect(try namesAfterKill(daemon) == held.union(["after"]))
    }

    @Test("Replaced by another file: that file is kept aside, byte for byte, and every timer is written to a new one")
    func databaseReplaced() throws {
        let (daemon, database) = try daemonHolding(200)
        let other = daemon.directory + "/other.db"
        #expect(try run("/usr/bin/sqlite3", [other, "CREATE TABLE mine (x); INSERT INTO mine VALUES (42);"]).status == 0)
        let otherBytes = try Data(contentsOf: URL(fileURLWithPath: other))
        #expect(rename(other, database) == 0)
        try start("after", on: daemon)
        let state = daemon.directory + "/state"
        let kept = try FileManager.default.contentsOfDirectory(atPath: state).filter { $0.hasPrefix("timerd.db.replaced-") }
        try #require(kept.count == 1, "\(kept)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: state + "/" + kept[0])) == otherBytes)
        #expect(daemon.log().contains("was replaced by another file while timerd was running"), "\(daemon.log())")
        #expect(daemon.log().contains("the file that was in its place is kept as \(state)/\(kept[0])"), "\(daemon.log())")
        #expect(try namesAfterKill(daemon) == held.union(["after"]))
    }

    @Test("The whole state directory removed: it is made again and every timer written to it")
    func stateDirectoryRemoved() throws {
        let (daemon, _) = try daemonHolding(200)
        let state = daemon.directory + "/state"
        try FileManager.default.removeItem(atPath: state)
        try start("after", on: daemon)
        #expect(try namesAfterKill(daemon) == held.union(["after"]))
    }

    /// SQLite's mapping of `timerd.db-shm` reaches past the end of a file cut short: the next
    /// access to it was a SIGBUS.
    @Test("SQLite's shared memory cut short: the daemon opens the database again and lives")
    func sharedMemoryTruncated() throws {
        let (daemon, database) = try daemonHolding(200)
        #expect(truncate(database + "-shm", 0) == 0)
        try start("after", on: daemon)
        #expect(daemon.log().contains("\(database)-shm was cut short while timerd was using it"), "\(daemon.log())")
        #expect(try namesAfterKill(daemon) == held.union(["after"]))
    }

    /// The moment between the daemon's check of SQLite's shared memory and SQLite's next write
    /// to it cannot be closed: a file made unwritable right then still ends in SIGBUS. Then the
    /// daemon says what most likely happened, and exits with a status systemd restarts on.
    @Test("A SIGBUS is told in the log and ends the daemon with status 75, which systemd restarts on")
    func busErrorIsTold() throws {
        let (daemon, database) = try daemonHolding(1)
        daemon.process.signal(SIGBUS)
        // Not left to the Swift runtime's crash handler either, which may wait for ever.
        #expect(eventually(timeout: .seconds(10)) { !daemon.process.isRunning }, "the daemon did not exit")
        daemon.process.signal(SIGKILL)
        #expect(daemon.process.wait() == 75)
        #expect(daemon.log().contains("SQLite's shared memory in \(database)-shm could not be written (SIGBUS)"), "\(daemon.log())")
        try daemon.restart()
        #expect(try names(daemon) == ["t0"])
    }
}
