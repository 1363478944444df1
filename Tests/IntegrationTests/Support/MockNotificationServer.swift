import Foundation
import Protocol
import Testing

/// A session bus of a test's own with python-dbusmock's `notification_daemon` template on it:
/// a notification server the test can inspect (every call it received) and drive (press a
/// button, as a user would). The bus has no service directories, so nothing else can be
/// started on it.
final class MockNotificationServer {
    let directory = makeTemporaryDirectory()
    let address: String
    private let config: String
    private var bus: Child?
    private var mock: Child?
    private let capabilities: String

    /// One `Notify` call, as the mock saw it.
    struct Notification: Equatable {
        var replacesID: Int
        var summary: String
        var body: String
        /// Action keys and labels, alternating, as on the wire.
        var actions: [String]
        var hints: [String: JSONValue]
        var expireTimeout: Int
        /// The id the mock gave it (its replaces_id, or the next number).
        var id: Int

        var actionKeys: [String] { stride(from: 0, to: actions.count, by: 2).map { actions[$0] } }
    }

    static let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "mock_notifications.py"
    ).path

    /// Starts the bus, and the server unless `serverRunning` is false (then `startServer()`).
    /// `replyTimeout`: the bus answers a call with `NoReply` when no reply came in that time
    /// (dbus-daemon's `reply_timeout` limit), as a bus does for a hung server.
    init(capabilities: String = "actions body body-markup", serverRunning: Bool = true, replyTimeout: Duration? = nil) throws {
        address = "unix:path=\(directory)/bus"
        self.capabilities = capabilities
        config = directory + "/bus.conf"
        let limit = replyTimeout.map { "<limit name=\"reply_timeout\">\(Int($0 / .milliseconds(1)))</limit>" } ?? ""
        try """
            <busconfig>
              <type>session</type>
              <listen>\(address)</listen>
              <auth>EXTERNAL</auth>
              \(limit)
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """.write(toFile: config, atomically: true, encoding: .utf8)
        try startBus()
        if serverRunning { try startServer() }
    }

    deinit {
        stopServer()
        stopBus()
        removeDirectory(directory)
    }

    /// Starts the bus (again, at the same address), with no server on it.
    func startBus() throws {
        precondition(bus == nil, "stop the bus before starting another")
        let bus = try Child("/usr/bin/dbus-daemon", ["--config-file=\(config)", "--nofork", "--nopidfile"])
        self.bus = bus
        // Up when it answers: a socket left by a bus killed before is there all along.
        try #require(
            eventually { (try? run("/usr/bin/dbus-send", ["--bus=\(address)", "--print-reply", "--dest=org.freedesktop.DBus", "/", "org.freedesktop.DBus.GetId"]))?.status == 0 },
            "the bus did not start")
    }

    /// Stops the bus (`SIGKILL`: it crashes, leaving its socket file behind); everyone on it
    /// loses their connection, as at the end of a session.
    func stopBus(signal: Int32 = SIGTERM) {
        bus?.signal(signal)
        bus?.wait()
        bus = nil
    }

    private var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        return env
    }

    /// Starts the notification server (again); its call log starts empty.
    func startServer() throws {
        mock = try Child(
            "/usr/bin/python3",
            ["-m", "dbusmock", "--template", "notification_daemon", "-p", #"{"capabilities": "\#(capabilities)"}"#],
            environment: environment, stderr: directory + "/mock.log")
        try #require(eventually { (try? run(Self.helper, ["calls"], environment: environment))?.status == 0 }, "dbusmock did not start")
    }

    /// Stops the server (`SIGKILL`: it crashes): it leaves the bus, as a crashed or restarted
    /// server does.
    func stopServer(signal: Int32 = SIGTERM) {
        mock?.signal(signal)
        mock?.wait()
        mock = nil
    }

    /// Every `Notify` the server received, in order.
    func notifications() throws -> [Notification] {
        let result = try run(Self.helper, ["calls"], environment: environment)
        guard result.status == 0, let calls = try JSONParser.parse(result.stdout).arrayValue else { return [] }
        var nextID = 1
        var found: [Notification] = []
        for call in calls where call["method"] == "Notify" {
            guard let args = call["args"]?.arrayValue, args.count == 8 else { continue }
            let replaces = Int(args[1].int64Value ?? 0)
            let id = replaces != 0 ? replaces : nextID
            if replaces == 0 { nextID += 1 }
            found.append(
                Notification(
                    replacesID: replaces, summary: args[3].stringValue ?? "", body: args[4].stringValue ?? "",
                    actions: args[5].arrayValue?.compactMap(\.stringValue) ?? [],
                    hints: args[6].objectValue.map { Dictionary(uniqueKeysWithValues: $0.map { ($0.key, $0.value) }) } ?? [:],
                    expireTimeout: Int(args[7].int64Value ?? 0), id: id))
        }
        return found
    }

    /// The ids the server was asked to close.
    func closedIDs() throws -> [Int] {
        let result = try run(Self.helper, ["calls"], environment: environment)
        guard let calls = try JSONParser.parse(result.stdout).arrayValue else { return [] }
        return calls.filter { $0["method"] == "CloseNotification" }.compactMap { $0["args"]?[0]?.int64Value }.map(Int.init)
    }

    /// Waits until `count` notifications match, and returns the matches.
    func waitFor(count: Int = 1, timeout: Duration = .seconds(10), where predicate: (Notification) -> Bool) throws
        -> [Notification]
    {
        _ = eventually(timeout: timeout) { ((try? notifications()) ?? []).filter(predicate).count >= count }
        return try notifications().filter(predicate)
    }

    /// Makes the server take `seconds` to answer each `Notify`, like a hung server.
    func answerSlowly(seconds: Double) throws {
        let result = try run(Self.helper, ["slow", String(seconds)], environment: environment)
        try #require(result.status == 0, "\(result)")
    }

    /// Makes the server take `seconds` to answer the next `Notify` (it is logged when it
    /// arrives, and shown), then answer as before.
    func answerNextSlowly(seconds: Double) throws {
        let result = try run(Self.helper, ["slow-once", String(seconds)], environment: environment)
        try #require(result.status == 0, "\(result)")
    }

    /// Why a notification closed, as the server says in `NotificationClosed`.
    enum ClosedReason: Int {
        case expired = 1
        case dismissedByUser = 2
    }

    /// Says notification `id` closed: the user closed it, or it timed out.
    func close(_ id: Int, _ reason: ClosedReason) throws {
        let result = try run(Self.helper, ["closed", String(id), String(reason.rawValue)], environment: environment)
        try #require(result.status == 0, "\(result)")
    }

    /// Presses button `key` of notification `id`, as the user would.
    func press(_ key: String, on id: Int) throws {
        let result = try run(Self.helper, ["invoke", String(id), key], environment: environment)
        try #require(result.status == 0, "\(result)")
    }
}

extension JSONValue {
    /// Element `index` of an array.
    subscript(index: Int) -> JSONValue? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }
}
