import Glibc
import Synchronization

/// Leveled logging to stderr: quiet by default (warnings and errors), `--verbose` for more.
enum Log {
    enum Level: Int, Comparable, Sendable {
        case debug, info, warning, error
        static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
        var label: String {
            switch self {
            case .debug: "debug"
            case .info: "info"
            case .warning: "warning"
            case .error: "error"
            }
        }
    }

    private static let threshold = Atomic<Int>(Level.warning.rawValue)

    static func setLevel(_ level: Level) { threshold.store(level.rawValue, ordering: .relaxed) }

    static func debug(_ message: @autoclosure () -> String) { write(.debug, message) }
    static func info(_ message: @autoclosure () -> String) { write(.info, message) }
    static func warning(_ message: @autoclosure () -> String) { write(.warning, message) }
    static func error(_ message: @autoclosure () -> String) { write(.error, message) }

    private static func write(_ level: Level, _ message: () -> String) {
        guard level.rawValue >= threshold.load(ordering: .relaxed) else { return }
        let line = "timerd: \(level.label): \(message())\n"
        var bytes = Array(line.utf8)
        _ = Glibc.write(2, &bytes, bytes.count)
    }
}
