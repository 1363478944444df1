import Foundation
import Glibc

/// An entry put in the environment of every process a bar test starts, so that all of them
/// can be found and stopped at the end: a window manager starts its bar detached, and the bar
/// starts its status command in a process group of its own, out of the test's reach otherwise.
struct ProcessMarker {
    static let key = "TIMERD_BAR_TEST"
    let value: String

    /// Marks with `value` (the test's private directory: unique while it exists).
    init(_ value: String) { self.value = value }

    var entry: (key: String, value: String) { (Self.key, value) }

    /// The processes whose environment holds the marker (this user's, or anyone's for root).
    func processes() -> [pid_t] {
        let wanted = Array("\(Self.key)=\(value)".utf8)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name -> pid_t? in
            guard let pid = pid_t(name), pid != getpid(),
                let environ = FileManager.default.contents(atPath: "/proc/\(name)/environ")
            else { return nil }
            return environ.split(separator: 0).contains { Array($0) == wanted } ? pid : nil
        }
    }

    /// Kills whatever marked process is left.
    func killAll() {
        for pid in processes() { kill(pid, SIGKILL) }
    }
}
