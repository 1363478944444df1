/// Why the daemon could not start: a sentence for the person reading the log or terminal.
struct StartupError: Error, CustomStringConvertible {
    var message: String
    /// `timerd` exits with this status.
    var exitCode: Int32 = 1
    init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }
    var description: String { message }
}
