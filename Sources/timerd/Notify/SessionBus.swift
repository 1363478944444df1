import CLibNotify
import Glibc

/// The notifier's hold on the session bus, on the GLib thread: the shared connection, which
/// libnotify uses too (GLib hands out one per process, for as long as anyone holds it), the
/// watch on the notification server's name, and, while the bus is gone and something waits to
/// be shown, a watch for the bus's socket to appear again.
///
/// When the bus goes away (the session ended and a new one starts at the same address, or the
/// bus was restarted), GDBus closes the connection for good and never reconnects: everyone
/// holding it must let it go, and the next `connect` then gets a new one. This class lets go of
/// its own hold and tells the notifier (`Events.busClosed`), which drops libnotify's.
///
/// There is no retry loop: the bus is looked for again at the next notification, and, while a
/// notification waits, when the socket's directory gains an entry of the socket's name
/// (inotify), which is what a bus starting at that address does. An idle daemon with no bus
/// wakes for nothing.
///
/// GLib thread only, like the notifier that owns it.
final class SessionBus {
    struct Events {
        var serverAppeared: () -> Void
        var serverVanished: () -> Void
        /// The connection closed and was let go (the notifier still has to drop libnotify's).
        var busClosed: () -> Void
    }

    /// Where the bus's socket is, if it is a file (see `BusSocket`).
    let socketPath: String?
    var events = Events(serverAppeared: {}, serverVanished: {}, busClosed: {})

    private let serverName = "org.freedesktop.Notifications"
    private var connection: OpaquePointer?
    private var closedHandler: gulong = 0
    private var serverWatch: guint = 0
    /// The connection was had and lost, or never had: say so when it is back.
    private var lost = false

    /// The inotify descriptor and its GLib source, while the socket is watched.
    private var socketWatch: (fd: Int32, source: guint)?
    /// A retry after the socket appeared but could not be connected to yet (a bus that has
    /// bound its socket but not yet listens on it, or the stale socket of a bus that crashed).
    private var retrySource: guint = 0
    private var retries = 0
    /// Milliseconds between the attempts after the socket appears: bounded, then it waits for
    /// the next entry in the directory or the next notification.
    private static let retryDelays: [UInt32] = [100, 200, 400, 800, 1600]

    init(socketPath: String?) {
        self.socketPath = socketPath
    }

    var isConnected: Bool { connection != nil }

    /// Connects to the session bus unless connected; nil once connected, else why not.
    @discardableResult
    func connect() -> String? {
        if connection != nil { return nil }
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            defer { g_clear_error(&error) }
            lost = true
            return error.map { String(cString: $0.pointee.message) } ?? "no session bus"
        }
        guard g_dbus_connection_is_closed(bus) == 0 else {
            // Someone still holds the closed connection, so GLib hands it out again.
            g_object_unref(UnsafeMutableRawPointer(bus))
            lost = true
            return "The connection is closed"
        }
        // GLib's shared connection raises SIGTERM when the bus goes away. timerd outlives the
        // session bus on purpose (started by timerctl, it keeps the timers across a logout);
        // stopping with the session is the service manager's job (PartOf=graphical-session.target).
        g_dbus_connection_set_exit_on_close(bus, 0)
        let me = Unmanaged.passUnretained(self).toOpaque()
        // GLib takes every signal handler as a GCallback and calls it with the signal's signature.
        closedHandler = g_signal_connect_data(
            UnsafeMutableRawPointer(bus), "closed", unsafeBitCast(Self.closedCallback, to: GCallback.self), me, nil,
            GConnectFlags(rawValue: 0))
        serverWatch = g_bus_watch_name_on_connection(
            bus, serverName, G_BUS_NAME_WATCHER_FLAGS_NONE,
            { _, _, _, data in SessionBus.from(data).events.serverAppeared() },
            { _, _, data in SessionBus.from(data).events.serverVanished() }, me, nil)
        connection = bus
        stopWatchingForSocket()
        if lost { Log.info("connected to the session bus") }
        lost = false
        return nil
    }

    private static let closedCallback:
        @convention(c) (OpaquePointer?, gboolean, UnsafeMutablePointer<GError>?, gpointer?) -> Void = { _, _, error, data in
            from(data).closed(error.map { String(cString: $0.pointee.message) })
        }

    private func closed(_ reason: String?) {
        guard let bus = connection else { return }
        Log.warning(
            "the session bus connection closed (\(reason ?? "the bus went away")); timers keep running and firing, "
                + "and their notifications are shown once the bus is back"
                + (socketPath.map { " (at \($0))" } ?? ""))
        if serverWatch != 0 { g_bus_unwatch_name(serverWatch) }
        serverWatch = 0
        g_signal_handler_disconnect(UnsafeMutableRawPointer(bus), closedHandler)
        closedHandler = 0
        connection = nil
        lost = true
        g_object_unref(UnsafeMutableRawPointer(bus))
        events.busClosed()
    }

    // MARK: Watching for the socket

    /// While not connected, watches the socket's directory for the socket to appear, and
    /// connects when it does. Tries at once too: the bus may be back already.
    func watchForSocket() {
        guard connection == nil, socketWatch == nil, let path = socketPath else { return }
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return Log.debug("cannot watch for the session bus (inotify: \(String(cString: strerror(errno))))") }
        let directory = BusSocket.split(path).directory
        let mask = UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
        guard inotify_add_watch(fd, directory, mask) >= 0 else {
            Log.debug("cannot watch \(directory) for the session bus (\(String(cString: strerror(errno)))); it is looked for at the next notification")
            close(fd)
            return
        }
        let source = g_unix_fd_add(
            fd, G_IO_IN,
            { _, _, data in
                SessionBus.from(data).socketDirectoryChanged()
                return 1  // G_SOURCE_CONTINUE (the watch is removed by stopWatchingForSocket)
            }, Unmanaged.passUnretained(self).toOpaque())
        socketWatch = (fd, source)
        retries = 0
        Log.debug("waiting for the session bus to appear at \(path)")
        var status = stat()
        if stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK { socketAppeared() }
    }

    /// Stops watching (connected, or nothing waits any more).
    func stopWatchingForSocket() {
        if retrySource != 0 { g_source_remove(retrySource) }
        retrySource = 0
        guard let watch = socketWatch else { return }
        g_source_remove(watch.source)
        close(watch.fd)
        socketWatch = nil
    }

    private func socketDirectoryChanged() {
        guard let fd = socketWatch?.fd, let path = socketPath else { return }
        let name = BusSocket.split(path).name
        var appeared = false
        var directoryGone = false
        // Aligned for inotify_event; one read holds many events.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(fd, buffer.baseAddress, buffer.count)
            guard count > 0 else { break }
            var offset = 0
            // struct inotify_event: int wd; uint32_t mask, cookie, len; char name[len].
            while offset + 16 <= count {
                let mask = buffer.load(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
                let bytes = UnsafeRawBufferPointer(rebasing: buffer[(offset + 16)..<min(offset + 16 + length, count)])
                let entry = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 && entry == name { appeared = true }
                if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 { directoryGone = true }
                offset += 16 + length
            }
        }
        if appeared {
            retries = 0
            socketAppeared()
        } else if directoryGone {
            Log.debug("the session bus's directory went away; the bus is looked for at the next notification")
            stopWatchingForSocket()
        }
    }

    /// The socket is there: connect, or try again a little later, a bounded number of times.
    private func socketAppeared() {
        guard connection == nil else { return stopWatchingForSocket() }
        if retrySource != 0 { g_source_remove(retrySource) }
        retrySource = 0
        guard let reason = connect() else { return }
        guard retries < Self.retryDelays.count else {
            return Log.debug("the session bus socket appeared, but connecting failed: \(reason)")
        }
        retrySource = g_timeout_add(
            Self.retryDelays[retries],
            { data in
                let bus = SessionBus.from(data)
                bus.retrySource = 0
                bus.retries += 1
                bus.socketAppeared()
                return 0  // G_SOURCE_REMOVE
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The bus a GLib callback was given, unretained: the notifier keeps it for the life of the
    /// process.
    private static func from(_ data: UnsafeMutableRawPointer?) -> SessionBus {
        Unmanaged<SessionBus>.fromOpaque(data!).takeUnretainedValue()
    }
}
