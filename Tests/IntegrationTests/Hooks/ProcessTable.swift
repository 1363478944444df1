import Foundation
import Glibc

/// The processes of the machine as /proc shows them, for seeing a daemon's hooks run: which
/// are its children (a hook is `/bin/sh`, started by the daemon itself), which are zombies,
/// and which carry a timer's name in their environment (whatever the hook's shell started).
enum ProcessTable {
    struct Entry: Equatable {
        var pid: pid_t
        var parent: pid_t
        var group: pid_t
        /// `R`, `S`, `Z` (a zombie: exited, not reaped yet)…
        var state: Character
        var command: String
    }

    /// Every process now; one that exits while it is read is left out.
    static func all() -> [Entry] {
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var entries: [Entry] = []
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = pid_t(name), let entry = entry(pid) else { continue }
            entries.append(entry)
        }
        return entries
    }

    /// The children of `parent` now.
    static func children(of parent: pid_t) -> [Entry] {
        all().filter { $0.parent == parent }
    }

    /// `/proc/PID/stat`: `pid (comm) state ppid pgrp …`, where comm may hold spaces and
    /// parentheses, so the fields are read after its last `)`.
    static func entry(_ pid: pid_t) -> Entry? {
        guard let text = read("/proc/\(pid)/stat"), let open = text.firstIndex(of: "("),
            let close = text.lastIndex(of: ")")
        else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 3, let state = fields[0].first, let parent = pid_t(fields[1]), let group = pid_t(fields[2])
        else { return nil }
        return Entry(
            pid: pid, parent: parent, group: group, state: state,
            command: String(text[text.index(after: open)..<close]))
    }

    /// The processes whose environment holds `variable` exactly (`NAME=value`).
    static func withEnvironment(_ variable: String) -> [Entry] {
        let wanted = Array(variable.utf8)
        return all().filter { entry in
            guard entry.pid != getpid(), let environ = FileManager.default.contents(atPath: "/proc/\(entry.pid)/environ")
            else { return false }
            return environ.split(separator: 0).contains { Array($0) == wanted }
        }
    }

    /// Where process `pid` works (`/proc/PID/cwd`).
    static func workingDirectory(_ pid: pid_t) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd")
    }

    private static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let n = Glibc.read(fd, &buffer, buffer.count)
        return n > 0 ? String(decoding: buffer[..<n], as: UTF8.self) : nil
    }
}
