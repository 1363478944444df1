import CLibNotify
import Glibc
import Synchronization

/// Shows notifications through libnotify, on a dedicated thread running GLib's default main
/// loop.
///
/// libnotify's calls are synchronous D-Bus round trips (up to the bus timeout if the server
/// hangs), so they never run on the scheduler: `show` only queues an idle callback on the
/// GLib thread and returns. The main loop is also what later delivers the server's signals
/// (actions, closed) to libnotify's proxy.
final class LibNotifyNotifier: Notifier {
    /// The last failure already logged, so that a missing server is reported once, not at
    /// every firing; cleared by the next success.
    private let lastFailure = Mutex<String?>(nil)

    init(appName: String) {
        Thread.start(name: "timerd-glib") {
            // libnotify's own warnings ("Failed to connect to proxy") repeat what `report`
            // says once, with the reason; keep them for --verbose.
            g_log_set_handler(
                "libnotify", GLogLevelFlags(rawValue: G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_MESSAGE.rawValue),
                { _, _, message, _ in Log.debug("libnotify: \(message.map { String(cString: $0) } ?? "")") }, nil)
            notify_init(appName)
            let loop = g_main_loop_new(nil, 0)
            g_main_loop_run(loop)
        }
    }

    func show(_ notification: NotificationContent) {
        let job = Unmanaged.passRetained(Job(notifier: self, content: notification)).toOpaque()
        // g_idle_add always queues on the default context (unlike g_main_context_invoke,
        // which could run the call right here on the scheduler's thread).
        g_idle_add_full(
            G_PRIORITY_HIGH,
            { pointer in
                let job = Unmanaged<Job>.fromOpaque(pointer!).takeRetainedValue()
                job.notifier.present(job.content)
                return 0  // G_SOURCE_REMOVE
            }, job, nil)
    }

    private final class Job {
        let notifier: LibNotifyNotifier
        let content: NotificationContent
        init(notifier: LibNotifyNotifier, content: NotificationContent) {
            self.notifier = notifier
            self.content = content
        }
    }

    /// Runs on the GLib thread.
    private func present(_ content: NotificationContent) {
        // Escape only for servers that interpret markup; elsewhere escapes would show as text.
        let body = Self.serverSupportsBodyMarkup() ? Markup.escape(content.body) : content.body
        guard let notification = notify_notification_new(content.summary, body, content.icon) else {
            return report("libnotify could not create a notification", summary: content.summary)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(notification)) }
        notify_notification_set_urgency(notification, NotifyUrgency(UInt32(content.urgency.rawValue)))
        notify_notification_set_category(notification, content.category)
        if content.urgency == .critical {
            notify_notification_set_timeout(notification, 0)  // NOTIFY_EXPIRES_NEVER
        }
        if let sound = content.soundName {
            notify_notification_set_hint(notification, "sound-name", g_variant_new_string(sound))
        }
        var error: UnsafeMutablePointer<GError>?
        if notify_notification_show(notification, &error) != 0 {
            lastFailure.withLock { $0 = nil }
            Log.debug("notified: \(content.summary)")
        } else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            report(reason, summary: content.summary)
        }
    }

    /// Asks the server (each time: it may have been replaced since) whether it reads markup.
    private static func serverSupportsBodyMarkup() -> Bool {
        guard let caps = notify_get_server_caps() else { return false }
        defer { g_list_free_full(caps, g_free) }
        var node: UnsafeMutablePointer<GList>? = caps
        while let current = node {
            if let data = current.pointee.data, String(cString: data.assumingMemoryBound(to: CChar.self)) == "body-markup" {
                return true
            }
            node = current.pointee.next
        }
        return false
    }

    private func report(_ reason: String, summary: String) {
        let isNew = lastFailure.withLock { last in
            defer { last = reason }
            return last != reason
        }
        if isNew {
            Log.warning(
                "could not show the notification \"\(summary)\": \(reason) (timers keep running and firing; "
                    + "notifications need a session D-Bus and a notification server such as dunst)")
        } else {
            Log.debug("could not show the notification \"\(summary)\": \(reason)")
        }
    }
}
