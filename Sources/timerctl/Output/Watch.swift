import CLinux
import Glibc
import Protocol

/// `timerctl watch [NAME…]`: a live full-screen view on the terminal's alternate screen.
///
/// The timers come from the daemon once (`list`) and then from its events (`subscribe`): the
/// daemon is not asked again every second. The screen is redrawn once a second from the local
/// clock, at once on an event, a key or a resize. Keys act through the same connection.
/// Every way out (q, Ctrl-C, SIGTERM, SIGHUP, the daemon going away) restores the terminal.
struct Watch: ~Copyable {
    var names: [String]
    var connection: DaemonConnection
    var calendar: LocalCalendar
    var terminal: Terminal

    private var timers: [String: TimerInfo] = [:]
    private var selected = 0
    private var timesUp: [String] = []
    private var status: String?

    init(names: [String], connection: consuming DaemonConnection, calendar: LocalCalendar, terminal: Terminal) {
        self.names = names
        self.connection = connection
        self.calendar = calendar
        self.terminal = terminal
    }

    mutating func run() throws(CtlFailure) {
        guard isatty(0) != 0, isatty(1) != 0 else {
            throw .usage("watch needs a terminal; for scripts use `timerctl ls --json` or `timerctl wait NAME`.")
        }
        let replies = try connection.call([.subscribe, .list])
        guard case .array(let items)? = try replies[1].get()["timers"] else {
            throw .unreachable("The daemon's reply has no timers in it.")
        }
        for item in items {
            if let timer = try? TimerInfo(json: item), watches(timer.name) { timers[timer.name] = timer }
        }
        if !names.isEmpty, let missing = names.first(where: { timers[$0] == nil }) {
            throw .refused("There is no timer named \(TimerText.quoted(missing)); `timerctl ls` lists the timers.")
        }

        let signals = try SignalWatch()
        let terminal = try RawTerminal()
        defer { terminal.restore() }
        var nextTick = Self.monotonicNow()
        draw()
        while true {
            let wait = max(0, Int32((nextTick - Self.monotonicNow()) / 1_000_000))
            var fds = [
                pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 3, wait)
            if ready < 0 && errno != EINTR { throw .unreachable("watch: poll failed: \(Errno(errno)).") }
            if fds[2].revents != 0 {
                if signals.take() != SIGWINCH { return }
            }
            if fds[1].revents != 0 {
                for (event, timer) in try connection.availableEvents() { apply(event, timer) }
            }
            if fds[0].revents != 0 {
                var byte: UInt8 = 0
                let n = read(0, &byte, 1)
                if n <= 0 { return }
                if try !handle(key: byte) { return }
            }
            if Self.monotonicNow() >= nextTick { nextTick = Self.monotonicNow() + 1_000_000_000 }
            draw()
        }
    }

    private func watches(_ name: String) -> Bool { names.isEmpty || names.contains(name) }

    private mutating func apply(_ event: TimerEvent, _ timer: TimerInfo) {
        guard watches(timer.name) else { return }
        switch event {
        case .cancelled: timers[timer.name] = nil
        case .fired:
            timers[timer.name] = timer
            timesUp.append(timer.name)
            var bell: UInt8 = 7
            _ = write(1, &bell, 1)
        default:
            timers[timer.name] = timer
            if [.started, .reset, .snoozed, .extended, .dismissed].contains(event) { timesUp.removeAll { $0 == timer.name } }
        }
        selected = min(selected, max(0, timers.count - 1))
    }

    /// Acts on a key; false to quit.
    private mutating func handle(key: UInt8) throws(CtlFailure) -> Bool {
        // Esc starts an arrow key; alone, it quits.
        if key == 27 { return readArrow() }
        let ordered = WatchScreen.ordered(Array(timers.values))
        let current = ordered.indices.contains(selected) ? ordered[selected] : nil
        if let action = WatchKey.allCases.first(where: { $0.byte == key }) {
            // Sent even when the footer leaves the key out: the refusal says what does it.
            if let current { try send(action.request(for: current)) }
            return true
        }
        switch key {
        case UInt8(ascii: "q"), 3, 4:  // q, Ctrl-C, Ctrl-D
            return false
        case UInt8(ascii: "d"):
            guard let current else { return true }
            try send(.dismiss(name: current.name))
        case UInt8(ascii: "j"): selected = min(selected + 1, max(0, ordered.count - 1))
        case UInt8(ascii: "k"): selected = max(selected - 1, 0)
        default: break
        }
        return true
    }

    /// After Esc: reads an arrow key's `[A`/`[B` and moves the selection; false for a lone Esc.
    private mutating func readArrow() -> Bool {
        var next = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        guard poll(&next, 1, 30) > 0 else { return false }
        var bytes = [UInt8](repeating: 0, count: 2)
        guard read(0, &bytes, 2) == 2, bytes[0] == UInt8(ascii: "[") else { return true }
        let count = timers.count
        if bytes[1] == UInt8(ascii: "A") { selected = max(selected - 1, 0) }
        if bytes[1] == UInt8(ascii: "B") { selected = min(selected + 1, max(0, count - 1)) }
        return true
    }

    /// Sends a request for the selected timer; a refusal shows in the status line, in watch's
    /// words (`Hints` names the key that does what the daemon asks for, not a command).
    private mutating func send(_ request: Request) throws(CtlFailure) {
        do {
            switch try connection.exchange(request) {
            case .success(let reply):
                if let value = reply["timer"], let timer = try? TimerInfo(json: value) { timers[timer.name] = timer }
                status = nil
            case .failure(let error):
                status = Hints.text(for: error, in: .watch)
            }
        } catch let failure where failure.kind == .refused {
            status = failure.message
        }
        for (event, timer) in try connection.availableEvents() { apply(event, timer) }
    }

    private func draw() {
        var size = winsize()
        let hasSize = ioctl(1, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0
        let screen = WatchScreen(
            timers: Array(timers.values), selected: selected, timesUp: timesUp, now: CommandContext.wallNow(), calendar: calendar,
            width: hasSize ? Int(size.ws_col) : 80, height: hasSize ? Int(size.ws_row) : 24, unicode: terminal.unicode,
            color: terminal.color, status: status)
        // Home, then each line cleared to its end: no flicker from clearing the whole screen.
        var text = "\u{1B}[H"
        for (i, line) in screen.lines().enumerated() {
            text += line + "\u{1B}[K" + (i + 1 < screen.height ? "\r\n" : "")
        }
        text += "\u{1B}[J"
        var bytes = Array(text.utf8)
        _ = write(1, &bytes, bytes.count)
    }

    static func monotonicNow() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }
}

/// The terminal in raw mode on its alternate screen, cursor hidden, until `restore()`.
final class RawTerminal {
    private var saved = termios()

    init() throws(CtlFailure) {
        guard tcgetattr(0, &saved) == 0 else { throw .unreachable("watch: cannot read the terminal's settings: \(Errno(errno)).") }
        var raw = saved
        // No echo, no line editing, no signals from keys (Ctrl-C arrives as a byte and quits
        // cleanly); output processing kept.
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        tcsetattr(0, TCSAFLUSH, &raw)
        Self.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
    }

    func restore() {
        Self.write("\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(0, TCSAFLUSH, &saved)
    }

    private static func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = Glibc.write(1, &bytes, bytes.count)
    }
}

/// SIGINT, SIGTERM, SIGHUP and SIGWINCH read from a signalfd, so that leaving restores the
/// terminal whatever ends the program.
struct SignalWatch: ~Copyable {
    let fd: Int32

    init() throws(CtlFailure) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGWINCH] { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        fd = signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard fd >= 0 else { throw .unreachable("watch: signalfd failed: \(Errno(errno)).") }
    }

    /// The signal that arrived.
    func take() -> Int32 {
        var info = signalfd_siginfo()
        guard read(fd, &info, MemoryLayout<signalfd_siginfo>.size) > 0 else { return 0 }
        return Int32(info.ssi_signo)
    }

    deinit { close(fd) }
}
