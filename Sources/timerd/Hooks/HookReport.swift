import Protocol

/// What is said of a hook that ended: a line for the log, and for a failure the short word
/// `history` shows beside the timer (`hook exit 1`). Pure: the scheduler logs it.
struct HookReport: Equatable, Sendable {
    /// nil when it succeeded.
    var failure: String?
    var logLine: String

    /// At most this many lines of its error output go into the log, each at most `lineLength`
    /// characters: enough to see what went wrong, never a flood.
    static let maxLines = 5
    static let lineLength = 200

    init(_ run: HookPlan.Running, _ exit: HookExit, at now: BootInstant) {
        let about = "hook \(run.hook.event.rawValue) for " + run.hook.timers.prefix(3).map(TimerText.quoted).joined(separator: ", ")
            + (run.hook.timers.count > 3 ? " and \(run.hook.timers.count - 3) more" : "")
        let took = Self.took(max(.zero, now - run.startedAt))
        switch exit.status {
        case .exited(0) where !run.stopped:
            failure = nil
            logLine = "\(about) done in \(took)"
        case _ where run.stopped:
            failure = "hook timed out"
            logLine = "\(about) ran past its limit (hook-timeout) and was stopped after \(took)"
        case .exited(let code):
            failure = "hook exit \(code)"
            logLine = "\(about) failed with exit status \(code) after \(took)"
        case .signaled(let signal):
            failure = "hook signal \(signal)"
            logLine = "\(about) was ended by signal \(signal) after \(took)"
        case .notStarted(let reason):
            failure = "hook not started"
            logLine = "\(about) could not start: \(reason)"
        }
        let lines = Self.firstLines(exit.errorOutput)
        if !lines.isEmpty { logLine += "; its error output began:\n" + lines.map { "  " + $0 }.joined(separator: "\n") }
    }

    /// How long it ran: milliseconds under a second (most hooks), as `compact` beyond.
    static func took(_ length: Duration) -> String {
        length < .seconds(1) ? "\(length.nanoseconds / 1_000_000) ms" : TimeFormat.compact(length)
    }

    /// The first lines of `output`, as text safe for a terminal: invalid UTF-8 replaced, control
    /// characters escaped, each line cut.
    static func firstLines(_ output: [UInt8]) -> [String] {
        let text = String(decoding: output, as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: true).prefix(maxLines).map { line in
            var shown = ""
            for scalar in line.unicodeScalars.prefix(lineLength) {
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    shown += scalar == "\t" ? "\t" : "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    shown.unicodeScalars.append(scalar)
                }
            }
            return line.unicodeScalars.count > lineLength ? shown + "…" : shown
        }
    }
}
