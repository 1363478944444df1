import CLibNotify
import Testing

@testable import timerd

/// Which failed `Notify` calls may have reached the server, from the errors GDBus gives.
@Suite struct NotifyFailureTests {
    static func failure(_ domain: GQuark, _ code: Int32) -> NotifyFailure { NotifyFailure(domain: domain, code: code) }

    /// What GDBus makes of an error a peer sent by name.
    static func remote(_ name: String) -> NotifyFailure {
        let error = g_dbus_error_new_for_dbus_error(name, "message")!
        defer { g_error_free(error) }
        return NotifyFailure(error.pointee)
    }

    @Test func noAnswerInTimeIsUnanswered() {
        #expect(Self.failure(g_io_error_quark(), Int32(G_IO_ERROR_TIMED_OUT.rawValue)) == .unanswered)
        #expect(Self.remote("org.freedesktop.DBus.Error.NoReply") == .unanswered)
        #expect(Self.remote("org.freedesktop.DBus.Error.Timeout") == .unanswered)
        #expect(Self.remote("org.freedesktop.DBus.Error.TimedOut") == .unanswered)
    }

    @Test func whatNeverReachedAServerOrWasAnsweredIsRefused() {
        #expect(Self.failure(g_io_error_quark(), Int32(G_IO_ERROR_CLOSED.rawValue)) == .refused)
        #expect(Self.failure(g_io_error_quark(), Int32(G_IO_ERROR_NOT_FOUND.rawValue)) == .refused)
        #expect(Self.remote("org.freedesktop.DBus.Error.ServiceUnknown") == .refused)
        #expect(Self.remote("org.freedesktop.DBus.Error.InvalidArgs") == .refused)
        #expect(Self.remote("org.example.Server.Error.Busy") == .refused)
        #expect(Self.failure(g_quark_from_static_string("other-domain"), Int32(G_IO_ERROR_TIMED_OUT.rawValue)) == .refused)
    }
}
