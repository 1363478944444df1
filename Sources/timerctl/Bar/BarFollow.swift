import CLinux
import Glibc
import Protocol

/// `timerctl bar --follow`: a line for a status bar whenever what it shows changes.
///
/// The timers come from the daemon once (`list`) and then from its events (`subscribe`); the
/// line is written at once on an event, and otherwise only when the time it shows reads
/// otherwise (`BarGlance.nextChange`): once a second under an hour, once a minute beyond,
/// never while everything is paused or there is nothing. When the daemon goes away, the
/// offline line shows and the socket's directory is watched (inotify) until one listens
/// again; no daemon is ever started. It ends when the bar closes its end of the pipe.
struct BarFollow {
    var pinned: [String]
    var style: BarStyle
    var calendar: LocalCalendar
    /// The daemon's socket, for watching; connecting never starts a daemon.
    var socketPath: String
    var connect: () throws(CtlFailure) -> DaemonConnection
    /// i3blocks writes a persistent block's clicks to its standard input, a JSON object a line.
    var readsClicks: Bool

    private var output = BarOutput()
    private var clicks = LineFramer(maxLineLength: 65_536)

    init(
        pinned: [String], style: BarStyle, calendar: LocalCalendar, socketPath: String, readsClicks: Bool,
        connect: @escaping () throws(CtlFailure) -> DaemonConnection
    ) {
        self.pinned = pinned
        self.style = style
        self.calendar = calendar
        self.socketPath = socketPath
        self.readsClicks = readsClicks
        self.connect = connect
    }

    /// Why following stopped.
    private enum End: Error {
        /// The bar closed the pipe: time to go.
        case readerGone
        /// The daemon closed the connection: wait for the next one.
        case daemonGone
    }

    mutating func run() throws(CtlFailure) {
        while true {
            var reason = "timerd closed the connection"
            do {
                var connection = try connect()
                do throws(End) { try follow(&connection) } catch { if error == .readerGone { return } }
            } catch where error.kind == .unreachable {
                reason = error.message
            }
            guard output.write(style.line(nil, calendar: calendar)) else { return }
            Self.note("\(reason); waiting for timerd to listen at \(socketPath) again.")
            do throws(End) { try waitForSocket() } catch { return }
        }
    }

    /// Shows the daemon's timers until it or the bar goes away.
    private mutating func follow(_ connection: inout DaemonConnection) throws(End) {
        var timers: [String: TimerInfo] = [:]
        do {
            let replies = try connection.call([.subscribe, .list])
            guard case .array(let items)? = try replies[1].get()["timers"] else { throw End.daemonGone }
            for item in items { if let timer = try? TimerInfo(json: item) { timers[timer.name] = timer } }
        } catch {
            throw .daemonGone
        }
        while true {
            let now = CommandContext.wallNow()
            let glance = BarGlance(timers: Array(timers.values), pinned: pinned, now: now)
            guard output.write(style.line(glance, calendar: calendar)) else { throw .readerGone }
            var fds = [
                pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: 1, events: 0, revents: 0),
                pollfd(fd: readsClicks ? 0 : -1, events: Int16(POLLIN), revents: 0),
            ]
            let wait = glance.nextChange(all: style.showsAll).map { Self.milliseconds(until: $0, from: now) } ?? -1
            if poll(&fds, 3, wait) < 0 && errno != EINTR { throw .daemonGone }
            if fds[1].revents & Int16(POLLERR | POLLHUP) != 0 { throw .readerGone }
            // A click's request reads the events that came before its reply: they are taken
            // from the connection's buffer, not from the socket.
            if fds[2].revents != 0 { try answerClicks(&connection) }
            if fds[0].revents != 0 || fds[2].revents != 0 {
                do {
                    for (event, timer) in try connection.availableEvents() {
                        if event == .cancelled { timers[timer.name] = nil } else { timers[timer.name] = timer }
                    }
                } catch {
                    throw .daemonGone
                }
            }
        }
    }

    /// Reads what i3blocks wrote and carries out the clicks (`BarClick`); a refusal (nothing to
    /// dismiss) changes nothing and is not worth a word.
    private mutating func answerClicks(_ connection: inout DaemonConnection) throws(End) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = read(0, &buffer, buffer.count)
        guard n > 0 else {
            readsClicks = false  // Nothing more will come.
            return
        }
        clicks.append(contentsOf: buffer[..<n])
        while let line = try? clicks.nextLine() {
            guard let request = BarClick.request(forI3blocks: line) else { continue }
            do { _ = try connection.call([request]) } catch { throw .daemonGone }
        }
    }

    /// Waits until something changes where the socket lives (the daemon binding it), then
    /// until it answers; `readerGone` if the bar goes first.
    private mutating func waitForSocket() throws(End) {
        while true {
            let watch = DirectoryWatch(around: socketPath)
            var fds = [pollfd(fd: watch?.fd ?? -1, events: Int16(POLLIN), revents: 0), pollfd(fd: 1, events: 0, revents: 0)]
            // Without a watch (no directory above the socket can be watched), look now and then.
            if poll(&fds, 2, watch == nil ? 2_000 : -1) < 0 && errno != EINTR { continue }
            if fds[1].revents & Int16(POLLERR | POLLHUP) != 0 { throw .readerGone }
            // A daemon binds its socket a moment before it listens: a few tries, soon after.
            for delay: UInt32 in [0, 5_000, 20_000, 50_000, 100_000, 250_000] {
                usleep(delay)
                if case .success(let fd) = UnixSocket.connect(socketPath) {
                    close(fd)
                    return
                }
            }
        }
    }

    /// Whole milliseconds to wait for `then`, rounded up: a poll that woke early would find
    /// the text unchanged and sleep again.
    static func milliseconds(until then: Timestamp, from now: Timestamp) -> Int32 {
        let nanoseconds = max(0, (then - now).nanoseconds)
        return Int32(min(Int64(Int32.max), (nanoseconds + 999_999) / 1_000_000))
    }

    private static func note(_ text: String) {
        var bytes = Array("timerctl bar: \(text)\n".utf8)
        _ = write(2, &bytes, bytes.count)
    }
}

/// Standard output for a bar: each line written whole, a line not written again when it is
/// the last one, and `false` once the reader is gone (SIGPIPE is ignored: EPIPE).
struct BarOutput {
    private var last: String?

    mutating func write(_ line: String) -> Bool {
        guard line != last else { return true }
        last = line
        var bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(1, $0.baseAddress! + offset, $0.count - offset) }
            if n > 0 {
                offset += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }
}

/// An inotify watch on the deepest existing directory above a path, for whatever is created,
/// moved in or changed there: the daemon binding its socket, or creating the directory that
/// will hold it.
final class DirectoryWatch {
    let fd: Int32

    init?(around path: String) {
        var directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CREATE | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF)
        while !directory.isEmpty && inotify_add_watch(fd, directory, mask) < 0 {
            directory = String(directory[..<(directory.lastIndex(of: "/") ?? directory.startIndex)])
        }
        guard !directory.isEmpty || inotify_add_watch(fd, "/", mask) >= 0 else {
            close(fd)
            return nil
        }
        self.fd = fd
    }

    deinit { close(fd) }
}
