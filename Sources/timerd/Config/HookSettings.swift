import Protocol

/// The commands timerd runs for every timer: the `[hooks]` group of timerd.conf.
///
/// ```
/// [hooks]
/// start = …        # a timer was started
/// remind = …       # a reminder came due
/// done = playerctl pause            # a timer fired (a missed one too, with TIMERD_MISSED=1)
/// missed = …       # once for every timer that came due while timerd was not running
/// dismissed = …    # a ringing timer was answered
/// cycle = …        # a step of a repeating timer ended
/// hook-timeout = 60s                # a hook still running after this is stopped
/// ```
///
/// A command is handed to `/bin/sh -c` as written: it is the user's own, like a line of their
/// shell's start-up file. What it is about comes in the environment (`HookEnvironment`).
struct HookSettings: Equatable, Sendable {
    /// The command for each event that has one.
    var commands: [HookEvent: String] = [:]
    /// How long a hook may run before it is stopped (`hook-timeout`).
    var timeout: Duration = HookPlan.defaultTimeout

    static let group = "hooks"
    static let knownKeys = HookEvent.allCases.map(\.rawValue) + ["hook-timeout"]
    /// A limit can be long (a build step), never unbounded: a hook that hangs must end.
    static let longestTimeout: Duration = .seconds(86_400)

    /// The settings in `keyFile`'s `[hooks]` group; a key that cannot be used is a problem at
    /// its line, and the rest applies.
    static func load(from keyFile: KeyFile) -> (HookSettings, [KeyFile.Problem]) {
        var settings = HookSettings()
        var problems: [KeyFile.Problem] = []
        for key in keyFile.keys(in: group) {
            guard let (value, line) = keyFile.value(key, in: group) else { continue }
            if let event = HookEvent(rawValue: key) {
                // Empty: no hook (a way to switch one off without losing the line's place).
                settings.commands[event] = value.allSatisfy(\.isWhitespace) ? nil : value
            } else if key == "hook-timeout" {
                switch timeout(value) {
                case .success(let limit): settings.timeout = limit
                case .failure(let detail):
                    problems.append(KeyFile.Problem(
                        line: line,
                        message: "hook-timeout \"\(KeyFile.escape(value))\" is not a duration from 1s to 1d, such as 60s or 5m"
                            + (detail.text.map { ": " + $0 } ?? "") + "; using \(TimeFormat.compact(settings.timeout))"))
                }
            } else {
                problems.append(KeyFile.Problem(
                    line: line, message: "unknown key \"\(key)\" in [\(group)] (known: \(knownKeys.joined(separator: ", ")))"))
            }
        }
        return (settings, problems)
    }

    /// A hook for `event`, if one is set.
    func command(for event: HookEvent) -> String? { commands[event] }

    private static func timeout(_ text: String) -> Result<Duration, Detail> {
        do {
            let limit = try DurationParser.parse(text)
            guard limit <= longestTimeout else { return .failure(Detail("it is longer than a day")) }
            guard limit >= .seconds(1) else { return .failure(Detail("it is shorter than a second")) }
            return .success(limit)
        } catch {
            var message = error.message
            if message.hasSuffix(".") { message.removeLast() }
            return .failure(Detail(message))
        }
    }

    struct Detail: Error {
        var text: String?
        init(_ text: String?) { self.text = text }
    }
}
