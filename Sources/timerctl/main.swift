import Glibc
import Protocol

// timerctl: parse, run, map failures to exit statuses (1 refused, 2 usage, 3 no daemon).

signal(SIGPIPE, SIG_IGN)

func fail(_ message: String, status: Int32) -> Never {
    var bytes = Array("timerctl: \(message)\n".utf8)
    _ = write(2, &bytes, bytes.count)
    exit(status)
}

let invocation: Invocation
do {
    invocation = try Arguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    var message = error.message
    if let topic = error.topic, let usage = Help.topic(topic)?.usage { message += "\nUsage: \(usage)" }
    fail(message, status: 2)
}

do {
    try Runner(invocation: invocation).run()
} catch {
    fail(error.message, status: error.exitCode)
}
