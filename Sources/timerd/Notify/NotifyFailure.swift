import CLibNotify

/// What a failed `Notify` call means for the notification it carried.
enum NotifyFailure: Equatable {
    /// It never reached a notification server (no bus, no server on it, the connection
    /// closed), or the server answered with an error: show it when a server can.
    case refused
    /// It went out and no answer came back: the server hung past the timeout (GDBus's 25 s,
    /// or the bus's own reply timeout), or left the bus without replying. The server may have
    /// shown it, so it must not be sent to that server again.
    case unanswered

    init(domain: GQuark, code: Int32) {
        if domain == g_io_error_quark() {
            self = code == Int32(G_IO_ERROR_TIMED_OUT.rawValue) ? .unanswered : .refused
        } else if domain == g_dbus_error_quark() {
            // A remote error is mapped into G_DBUS_ERROR by its name: NoReply is what the bus
            // sends when the server left without replying or its reply timeout passed.
            let noAnswer = [G_DBUS_ERROR_NO_REPLY, G_DBUS_ERROR_TIMEOUT, G_DBUS_ERROR_TIMED_OUT]
            self = noAnswer.contains { Int32($0.rawValue) == code } ? .unanswered : .refused
        } else {
            self = .refused
        }
    }

    init(_ error: GError) {
        self.init(domain: error.domain, code: error.code)
    }
}
