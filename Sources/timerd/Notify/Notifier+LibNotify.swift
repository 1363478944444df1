import CLibNotify
import Glibc
import Protocol

/// Shows notifications through libnotify, on a dedicated thread running GLib's default main
/// loop.
///
/// libnotify's calls are synchronous D-Bus round trips (up to the bus timeout if the server
/// hangs), so they never run on the scheduler: `show` and `close` only queue an idle callback
/// on the GLib thread and return. The main loop is also what delivers the server's signals
/// (a button pressed, a notification closed) and tells when a notification server appears or
/// goes away.
///
/// Every notification is tracked by the timers it is about: a timer that fires again replaces
/// its notification instead of stacking another, and closing a timer closes its notification.
/// When the server goes away the ids are forgotten (a new server would reuse them for other
/// notifications); what could not be shown while no server was there is shown when one
/// appears (`NotificationBacklog`). When the session bus itself goes away, libnotify's state
/// goes with it and the bus is looked for again (`SessionBus`).
///
/// The mutable state below is touched only on the GLib thread; other threads only queue work
/// for it.
final class LibNotifyNotifier: Notifier, @unchecked Sendable {  // its `var`s are the GLib thread's alone
    typealias ActionHandler = @Sendable (NotificationAction, [String]) -> Void

    /// A notification on screen, with the timers it is about.
    private final class Shown {
        let handle: UnsafeMutablePointer<NotifyNotification>
        var timers: Set<String>
        init(_ handle: UnsafeMutablePointer<NotifyNotification>, timers: Set<String>) {
            self.handle = handle
            self.timers = timers
        }
    }

    // GLib thread only.
    private var shown: [UnsafeMutableRawPointer: Shown] = [:]
    private var backlog = NotificationBacklog()
    private var capabilities: Set<String>?
    private var lastFailure: String?
    private let appName: String
    private let bus: SessionBus

    /// Where button presses go (the scheduler); set once it exists.
    private let handler = PthreadLock<ActionHandler?>(nil)
    /// Work for the GLib thread, from any thread, which the GLib thread watches.
    private let queued = WakeQueue<@Sendable (LibNotifyNotifier) -> Void>()
    /// The notifications handed to the GLib thread, and those it has finished showing: what
    /// the scheduler's head start (`WaitForNotifications`) waits on.
    let progress = NotificationProgress()

    /// `busSocket`: where the session bus's socket is, to watch for it when the bus is gone
    /// (by default from the environment, as GLib finds the bus).
    init(
        appName: String,
        busSocket: String? = BusSocket.path(
            address: getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) },
            runtimeDirectory: getenv("XDG_RUNTIME_DIR").map { String(cString: $0) })
    ) {
        self.appName = appName
        bus = SessionBus(socketPath: busSocket)
        Thread.start(name: "timerd-glib") { [self] in
            let pointer = Unmanaged.passUnretained(self).toOpaque()
            // libnotify's own warnings ("Failed to connect to proxy") repeat what `report`
            // says once, with the reason; keep them for --verbose.
            g_log_set_handler(
                "libnotify", GLogLevelFlags(rawValue: G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_MESSAGE.rawValue),
                { _, _, message, _ in Log.debug("libnotify: \(message.map { String(cString: $0) } ?? "")") }, nil)
            notify_init(appName)
            g_unix_fd_add(
                queued.fd, G_IO_IN,
                { _, _, data in
                    let notifier = LibNotifyNotifier.from(data)
                    for item in notifier.queued.take() { item(notifier) }
                    return 1  // G_SOURCE_CONTINUE
                }, pointer)
            bus.events = SessionBus.Events(
                serverAppeared: { [unowned self] in serverAppeared() },
                serverVanished: { [unowned self] in serverVanished() },
                busClosed: { [unowned self] in busClosed() })
            if let reason = bus.connect() { Log.debug("no session bus yet: \(reason)") }
            g_main_loop_run(g_main_loop_new(nil, 0))
        }
    }

    /// Routes button presses to `handler`.
    func onAction(_ handler: @escaping ActionHandler) {
        self.handler.withLock { $0 = handler }
    }

    func show(_ notification: NotificationContent) {
        progress.handOver()
        onGLibThread { notifier in
            notifier.present(notification)
            notifier.progress.finish()
        }
    }

    func close(timers names: [String]) {
        guard !names.isEmpty else { return }
        onGLibThread { $0.closeNotifications(of: Set(names)) }
    }

    // MARK: On the GLib thread

    private func present(_ content: NotificationContent) {
        // The bus is looked for again at each notification while there is none (never there,
        // or closed since).
        if let reason = bus.connect() {
            keepForLater(content)
            return report(reason, content)
        }
        guard let (handle, reused) = reuseOrCreate(for: content) else {
            return report("libnotify could not create a notification", content)
        }
        configure(handle, content)
        var error: UnsafeMutablePointer<GError>?
        if notify_notification_show(handle, &error) != 0 {
            if lastFailure != nil { Log.info("notifications work again") }
            lastFailure = nil
            shown[UnsafeMutableRawPointer(handle)] = Shown(handle, timers: Set(content.timers))
            Log.debug("notified: \(content.shownSummary)")
            backlog.serverAnswered()
            if !backlog.pending.isEmpty { flushPending() }
            return
        }
        let failure = error.map { NotifyFailure($0.pointee) } ?? .refused
        let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
        g_clear_error(&error)
        switch failure {
        case .unanswered:
            // The server may show it yet: never sent to it again. A notification it already
            // showed keeps its id, which the server may have replaced in place; a new one has
            // no id to close or replace.
            if reused {
                shown[UnsafeMutableRawPointer(handle)] = Shown(handle, timers: Set(content.timers))
            } else {
                forget(handle)
            }
            backlog.sentWithoutAnswer(content)
            let message = "the notification server did not answer for \"\(content.shownSummary)\" (\(reason))"
            if lastFailure != reason {
                Log.warning(message + "; it may still show it, so timerd does not send it again (unless that server goes away)")
            } else {
                Log.debug(message)
            }
            lastFailure = reason
        case .refused:
            forget(handle)
            keepForLater(content)
            report(reason, content)
        }
    }

    /// The notification to show `content` in: the one showing for its timers when it is about
    /// nothing else (the server then replaces it in place; `reused`), else a new one.
    /// Notifications left with no timer of their own are closed.
    private func reuseOrCreate(for content: NotificationContent) -> (
        handle: UnsafeMutablePointer<NotifyNotification>, reused: Bool
    )? {
        let timers = Set(content.timers)
        var reusable: Shown?
        for entry in shown.values where !entry.timers.isDisjoint(with: timers) {
            entry.timers.subtract(timers)
            guard entry.timers.isEmpty else { continue }
            if reusable == nil {
                reusable = entry
            } else {
                closeAndForget(entry)
            }
        }
        let summary = content.shownSummary
        let body = serverHas("body-markup") ? Markup.escape(content.shownBody) : content.shownBody
        if let reusable {
            shown[UnsafeMutableRawPointer(reusable.handle)] = nil
            notify_notification_update(reusable.handle, summary, body, content.icon)
            notify_notification_clear_actions(reusable.handle)
            notify_notification_clear_hints(reusable.handle)
            return (reusable.handle, true)
        }
        guard let handle = notify_notification_new(summary, body, content.icon) else { return nil }
        // Forget it when the server closes it (dismissed, expired, or closed by us).
        // GLib takes every signal handler as a GCallback and calls it with the signal's signature.
        g_signal_connect_data(
            UnsafeMutableRawPointer(handle), "closed",
            unsafeBitCast(Self.closedCallback, to: GCallback.self), Unmanaged.passUnretained(self).toOpaque(), nil,
            GConnectFlags(rawValue: 0))
        return (handle, false)
    }

    private static let closedCallback: @convention(c) (UnsafeMutableRawPointer?, gpointer?) -> Void = { handle, data in
        guard let handle else { return }
        let notifier = from(data)
        let notification = handle.assumingMemoryBound(to: NotifyNotification.self)
        // Closed by the user (reason 2 of the notification spec) is an answer, as Dismiss is;
        // expired (1) or closed by timerd (3) is not: an alarm rings on when its pop-up times out.
        if notify_notification_get_closed_reason(notification) == 2,
            let timers = notifier.shown[handle].map({ Array($0.timers).sorted() }), !timers.isEmpty
        {
            Log.debug("notification closed by the user for \(timers.joined(separator: ", "))")
            notifier.handler.withLock { $0 }?(.dismiss, timers)
        }
        notifier.forget(notification)
    }

    private static let actionCallback: NotifyActionCallback = { handle, key, data in
        let notifier = from(data)
        guard let handle, let key, let action = NotificationAction(key: String(cString: key)) else { return }
        let timers = notifier.shown[UnsafeMutableRawPointer(handle)].map { Array($0.timers).sorted() } ?? []
        guard !timers.isEmpty else { return }
        Log.debug("\(action.label) pressed for \(timers.joined(separator: ", "))")
        notifier.handler.withLock { $0 }?(action, timers)
    }

    private func configure(_ handle: UnsafeMutablePointer<NotifyNotification>, _ content: NotificationContent) {
        notify_notification_set_urgency(handle, NotifyUrgency(UInt32(content.urgency.rawValue)))
        notify_notification_set_category(handle, content.category)
        // Critical notifications stay until dismissed (NOTIFY_EXPIRES_NEVER); others expire as
        // the server decides.
        notify_notification_set_timeout(handle, content.urgency == .critical ? 0 : -1)
        switch content.sound {
        case .theme(let name): notify_notification_set_hint(handle, "sound-name", g_variant_new_string(name))
        case .file(let path): notify_notification_set_hint(handle, "sound-file", g_variant_new_string(path))
        case .silent: notify_notification_set_hint(handle, "suppress-sound", g_variant_new_boolean(1))
        }
        guard !content.actions.isEmpty, serverHas("actions") else { return }
        let me = Unmanaged.passUnretained(self).toOpaque()
        // No "default" action: a click on a notification without one closes it on every
        // server, which is the dismissal wanted, and some servers (xfce4-notifyd) would show
        // the default as a second "Dismiss" button.
        for action in content.actions {
            notify_notification_add_action(handle, action.key, action.label, Self.actionCallback, me, nil)
        }
    }

    private func closeNotifications(of timers: Set<String>) {
        for entry in Array(shown.values) where !entry.timers.isDisjoint(with: timers) {
            entry.timers.subtract(timers)
            if entry.timers.isEmpty { closeAndForget(entry) }
        }
        backlog.drop(timers: timers)
        if backlog.isEmpty { bus.stopWatchingForSocket() }
    }

    private func closeAndForget(_ entry: Shown) {
        var error: UnsafeMutablePointer<GError>?
        notify_notification_close(entry.handle, &error)
        g_clear_error(&error)
        forget(entry.handle)
    }

    /// Stops tracking a notification and drops our reference to it.
    private func forget(_ handle: UnsafeMutablePointer<NotifyNotification>) {
        let key = UnsafeMutableRawPointer(handle)
        shown.removeValue(forKey: key)
        g_signal_handlers_disconnect_matched(
            key, G_SIGNAL_MATCH_DATA, 0, 0, nil, nil, Unmanaged.passUnretained(self).toOpaque())
        g_object_unref(key)
    }

    private func serverAppeared() {
        Log.debug("a notification server is on the session bus")
        capabilities = nil
        // Ask now what it can do, not in the first notification's way: it is a round trip to
        // the server (and libnotify's first call also sets up its proxy), which would make the
        // first firing after start-up later than the rest.
        _ = serverHas("actions")
        if !backlog.pending.isEmpty { flushPending() }
    }

    /// The server went away: its ids mean nothing to the next one, so forget them all
    /// (without closing: that could close someone else's notification on a new server). What
    /// it did not answer went with it, if it showed it at all: the next server shows it.
    private func serverVanished() {
        if !shown.isEmpty { Log.debug("the notification server went away; forgetting \(shown.count) notifications") }
        capabilities = nil
        for entry in Array(shown.values) { forget(entry.handle) }
        backlog.serverGone()
    }

    /// The session bus went away (the session ended, or the bus was restarted), and with it
    /// the server and everything libnotify held: its proxy keeps the closed connection, which
    /// GLib would hand out again to everyone asking for the bus, so libnotify starts afresh
    /// (`notify_uninit` drops the proxy; the notifications are dropped first, while the proxy
    /// their signal handlers are on still exists).
    private func busClosed() {
        serverVanished()
        notify_uninit()
        notify_init(appName)
        if !backlog.pending.isEmpty { bus.watchForSocket() }
    }

    private func keepForLater(_ content: NotificationContent) {
        backlog.keep(content)
        if !bus.isConnected && !backlog.pending.isEmpty { bus.watchForSocket() }
    }

    private func flushPending() {
        let waiting = backlog.takePending()
        Log.info("showing \(waiting.count) notification(s) that waited for a notification server")
        for content in waiting { present(content) }
    }

    /// Whether the server advertises a capability (asked once per server).
    private func serverHas(_ capability: String) -> Bool {
        if let capabilities { return capabilities.contains(capability) }
        var found: Set<String> = []
        if let caps = notify_get_server_caps() {
            var node: UnsafeMutablePointer<GList>? = caps
            while let current = node {
                if let data = current.pointee.data {
                    found.insert(String(cString: data.assumingMemoryBound(to: CChar.self)))
                }
                node = current.pointee.next
            }
            g_list_free_full(caps, g_free)
            capabilities = found
        }
        return found.contains(capability)
    }

    private func report(_ reason: String, _ content: NotificationContent) {
        if lastFailure != reason {
            Log.warning(
                "could not show the notification \"\(content.shownSummary)\": \(reason) (timers keep running and firing; "
                    + "notifications need a session D-Bus and a notification server such as dunst; "
                    + "they are shown when one appears)")
        } else {
            Log.debug("could not show the notification \"\(content.shownSummary)\": \(reason)")
        }
        lastFailure = reason
    }

    // MARK: Getting onto the GLib thread

    /// Queues `work` on the GLib thread (see `WakeQueue` for why not `g_idle_add`).
    private func onGLibThread(_ work: @escaping @Sendable (LibNotifyNotifier) -> Void) {
        queued.post(work)
    }

    /// The notifier a GLib callback was given, unretained: the GLib thread keeps the notifier
    /// for the life of the process.
    private static func from(_ data: UnsafeMutableRawPointer?) -> LibNotifyNotifier {
        Unmanaged<LibNotifyNotifier>.fromOpaque(data!).takeUnretainedValue()
    }
}
