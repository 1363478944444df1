import Glibc
import Protocol

// timerctl: parse, run, map failures to exit statuses (1 refused, 2 usage, 3 no daemon).

signal(SIGPIPE, SIG_IGN)

func fail(_ message: String, status: Int32) -> Never {
    var bytes = Array("timerctl: \(message)\n".utf8)
    _ = write(2, &bytes, bytes.count)
    exit(status)
}

/// Every usage refusal leaves here, worded by `Refusal`, whether the parser or the command found it.
func refuse(_ error: UsageError) -> Never {
    fail(Refusal.text(error), status: 2)
}

let invocation: Invocation
do {
    invocation = try Arguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    refuse(error)
}

do {
    try invocation.run()
} catch {
    if let refusal = error.usageError { refuse(refusal) }
    fail(error.message, status: error.exitCode)
}
