import Glibc

/// Every `Notify` call on the session bus, as `dbus-monitor` saw it: the time the bus handed it
/// over (wall clock, µs) and the text of its arguments.
struct NotifyCall {
    var wall: Int64
    var sender: String
    var text: String
}

/// Runs `dbus-monitor` on the session bus into a file, read when the run is over.
final class BusWatch {
    private let output: String
    private var pid: pid_t = 0

    init(directory: String) throws {
        output = directory + "/monitor.txt"
        pid = try Spawn.start(
            ["dbus-monitor", "--session", "type='method_call',interface='org.freedesktop.Notifications',member='Notify'"],
            stdout: output)
        // It says it became a monitor by losing its own name.
        let begin = Clock.monotonic()
        while !(Proc.read(output) ?? "").contains("member=NameLost") {
            guard Clock.monotonic() - begin < 10_000_000_000 else {
                throw Spawn.Failure(description: "dbus-monitor did not start: is there a session bus?")
            }
            Clock.sleep(milliseconds: 5)
        }
    }

    deinit { stop() }

    func stop() {
        guard pid > 0 else { return }
        kill(pid, SIGTERM)
        Spawn.wait(pid)
        pid = 0
    }

    func calls() -> [NotifyCall] { BusWatch.parse(Proc.read(output) ?? "") }

    /// Splits dbus-monitor's text into messages: a header line (`method call time=… sender=…`)
    /// and the indented lines of its arguments.
    static func parse(_ text: String) -> [NotifyCall] {
        var calls: [NotifyCall] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("method call ") {
                guard line.contains("member=Notify"), let time = value("time", in: line), let sender = value("sender", in: line)
                else { continue }
                let parts = time.split(separator: ".")
                guard parts.count == 2, let seconds = Int64(parts[0]), let micros = Int64(parts[1]) else { continue }
                calls.append(NotifyCall(wall: seconds * 1_000_000_000 + micros * 1000, sender: String(sender), text: ""))
            } else if line.hasPrefix(" "), !calls.isEmpty {
                calls[calls.count - 1].text += line + "\n"
            }
        }
        return calls
    }

    private static func value(_ key: String, in header: Substring) -> Substring? {
        guard let start = header.firstRange(of: " \(key)=")?.upperBound else { return nil }
        return header[start...].prefix { $0 != " " && $0 != ";" }
    }

    /// For each name, the first call that mentions it (names must not be substrings of one
    /// another: the harness numbers them with a fixed width).
    static func firstMention(of names: [String], in calls: [NotifyCall]) -> [String: NotifyCall] {
        var found: [String: NotifyCall] = [:]
        for call in calls {
            for name in names where found[name] == nil && call.text.contains(name) {
                found[name] = call
            }
        }
        return found
    }
}
