import Glibc

/// What /proc says about a process.
enum Proc {
    /// The whole text of a (small) file, or nil if it cannot be read.
    static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The value of `key:` in /proc/PID/status (in kB for memory lines).
    static func status(_ pid: pid_t, _ key: String, task: String? = nil) -> Int? {
        let path = task.map { "/proc/\(pid)/task/\($0)/status" } ?? "/proc/\(pid)/status"
        guard let text = read(path) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
            return Int(line.dropFirst(key.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return nil
    }

    /// Resident memory in MiB.
    static func residentMiB(_ pid: pid_t) -> Double {
        Double(status(pid, "VmRSS") ?? 0) / 1024
    }

    /// The thread ids of a process.
    static func threads(_ pid: pid_t) -> [String] {
        guard let dir = opendir("/proc/\(pid)/task") else { return [] }
        defer { closedir(dir) }
        var result: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { result.append(name) }
        }
        return result
    }

    /// Context switches, voluntary and not (or voluntary only), of each thread.
    static func contextSwitches(_ pid: pid_t, voluntaryOnly: Bool = false) -> [String: Int] {
        var result: [String: Int] = [:]
        for task in threads(pid) {
            result[task] = (status(pid, "voluntary_ctxt_switches", task: task) ?? 0)
                + (voluntaryOnly ? 0 : status(pid, "nonvoluntary_ctxt_switches", task: task) ?? 0)
        }
        return result
    }

    /// The context switches between two readings: those of threads alive at the second, and
    /// one for each thread that ended in between (it had to wake to end; its count is gone).
    static func switches(from before: [String: Int], to after: [String: Int]) -> Int {
        after.reduce(0) { $0 + $1.value - (before[$1.key] ?? 0) } + before.keys.filter { after[$0] == nil }.count
    }
}

extension Proc {
    /// The names of a process's threads (their `comm`), sorted.
    static func threadNames(_ pid: pid_t) -> [String] {
        threads(pid).compactMap { read("/proc/\(pid)/task/\($0)/comm")?.trimmingCharacters(in: "\n") }.sorted()
    }

    /// The parent of a process, or nil if it is gone.
    static func parent(_ pid: pid_t) -> pid_t? {
        // The name in parentheses may hold spaces and parentheses: the fields follow the last ")".
        guard let stat = read("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }
}

extension Proc {
    /// The CPU time of a whole process so far (every thread, those that ended too), in ns, from
    /// its CPU-time clock (`clock_getcpuclockid`); nil if it is gone. Exact to the
    /// nanosecond, where /proc/PID/stat counts in clock ticks (10 ms here).
    static func cpuNanoseconds(_ pid: pid_t) -> Int64? {
        var clock = clockid_t()
        var ts = timespec()
        guard clock_getcpuclockid(pid, &clock) == 0, clock_gettime(clock, &ts) == 0 else { return nil }
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// utime + stime of a whole process from /proc/PID/stat, in ms (whole clock ticks).
    static func statCPUMilliseconds(_ pid: pid_t) -> Double? {
        guard let stat = read("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return nil }
        // After the name: state is field 3, utime 14 and stime 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return Double(user + system) * 1000 / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
