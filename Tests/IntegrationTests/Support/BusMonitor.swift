import Foundation
import Testing

/// What the notification server was sent: every `Notify` call on the session bus, seen by
/// `dbus-monitor`, with the bus's timestamp and whether the server answered it.
struct NotifyCall: Equatable {
    var time: Double
    var sender: String
    var serial: Int
    var appName: String
    var icon: String
    var summary: String
    var body: String
    var hints: [String: String]
    var expireTimeout: Int
    /// The id the server returned (nil if it has not answered).
    var notificationID: Int?
}

/// Runs `dbus-monitor` on the session bus for the lifetime of a test.
final class BusMonitor {
    private var process: Child?
    private let directory = makeTemporaryDirectory()
    private var outputPath: String { directory + "/monitor.txt" }

    /// Watches the desktop's session bus, or the bus at `address`.
    init(address: String? = nil) throws {
        if address == nil { try Desktop.require() }
        // To a file rather than a pipe: nobody has to read while the test runs.
        process = try Child(
            "/usr/bin/dbus-monitor",
            (address.map { ["--address", $0] } ?? ["--session"]) + [
                "type='method_call',interface='org.freedesktop.Notifications',member='Notify'",
                "type='method_call',interface='org.freedesktop.Notifications',member='GetCapabilities'",
                "type='method_return'",
            ], stdout: outputPath)
        // dbus-monitor announces that it became a monitor by losing its own name.
        let ready = eventually { output().contains("member=NameLost") }
        try #require(ready, "dbus-monitor did not start")
    }

    deinit {
        process?.signal(SIGTERM)
        process?.wait()
        removeDirectory(directory)
    }

    private func output() -> String {
        (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    /// Every `Notify` call seen so far, with the server's answers matched in.
    func calls() -> [NotifyCall] {
        Self.parse(output())
    }

    /// Every `GetCapabilities` call seen so far: when, and from which connection.
    func capabilityQueries() -> [(time: Double, sender: String)] {
        output().split(separator: "\n").compactMap { line in
            guard line.hasPrefix("method call"), line.contains("member=GetCapabilities"),
                let time = Self.field("time", in: line).flatMap(Double.init), let sender = Self.field("sender", in: line)
            else { return nil }
            return (time, sender)
        }
    }

    /// Waits until `count` calls match `predicate` (or the timeout), and returns the matches.
    func waitFor(count: Int = 1, timeout: Duration = .seconds(10), where predicate: (NotifyCall) -> Bool) -> [NotifyCall] {
        _ = eventually(timeout: timeout) { calls().filter(predicate).filter { $0.notificationID != nil }.count >= count }
        return calls().filter(predicate)
    }

    // MARK: Parsing dbus-monitor's text output

    static func parse(_ text: String) -> [NotifyCall] {
        var messages: [[Substring]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" ") && (line.hasPrefix("method") || line.hasPrefix("signal") || line.hasPrefix("error")) {
                messages.append([line])
            } else if !messages.isEmpty {
                messages[messages.count - 1].append(line)
            }
        }
        var calls: [NotifyCall] = []
        var returns: [String: Int] = [:]  // "destination#reply_serial" -> id
        for message in messages {
            let header = message[0]
            if header.hasPrefix("method return"), let destination = field("destination", in: header),
                let replySerial = field("reply_serial", in: header), message.count > 1,
                let id = Int(message[1].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "uint32 ", with: ""))
            {
                returns["\(destination)#\(replySerial)"] = id
            }
            guard header.hasPrefix("method call"), header.contains("member=Notify"),
                let time = field("time", in: header).flatMap(Double.init),
                let sender = field("sender", in: header),
                let serial = field("serial", in: header).flatMap(Int.init)
            else { continue }
            let body = message.dropFirst().joined(separator: "\n")
            let strings = topLevelStrings(body)
            guard strings.count >= 4 else { continue }
            var hints: [String: String] = [:]
            let lines = Array(message.dropFirst())
            for (i, line) in lines.enumerated() where line.hasPrefix("         string \"") && i + 1 < lines.count {
                let key = line.trimmingCharacters(in: .whitespaces).dropFirst("string \"".count).dropLast()
                let value = lines[i + 1].trimmingCharacters(in: .whitespaces)
                guard value.hasPrefix("variant") else { continue }
                hints[String(key)] = value.dropFirst("variant".count).trimmingCharacters(in: .whitespaces)
            }
            let timeout = lines.last { $0.hasPrefix("   int32 ") }.flatMap { Int($0.dropFirst("   int32 ".count)) } ?? -99
            calls.append(
                NotifyCall(
                    time: time, sender: sender, serial: serial, appName: strings[0], icon: strings[1],
                    summary: strings[2], body: strings[3], hints: hints, expireTimeout: timeout,
                    notificationID: nil))
        }
        return calls.map { call in
            var call = call
            call.notificationID = returns["\(call.sender)#\(call.serial)"]
            return call
        }
    }

    private static func field(_ name: String, in header: Substring) -> String? {
        guard let range = header.range(of: " \(name)=") else { return nil }
        let rest = header[range.upperBound...]
        return String(rest.prefix { $0 != " " && $0 != ";" })
    }

    /// The top-level string arguments (3-space indent), which may span lines.
    private static func topLevelStrings(_ body: String) -> [String] {
        var result: [String] = []
        var current: String?
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            if var open = current {
                open += "\n" + line
                if line.hasSuffix("\"") {
                    result.append(String(open.dropLast()))
                    current = nil
                } else {
                    current = open
                }
            } else if line.hasPrefix("   string \"") {
                let content = String(line.dropFirst("   string \"".count))
                if content.hasSuffix("\"") && !content.isEmpty {
                    result.append(String(content.dropLast()))
                } else {
                    current = content
                }
            }
        }
        return result
    }
}
