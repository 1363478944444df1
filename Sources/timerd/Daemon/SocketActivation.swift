import CLinux
import Glibc
import Protocol

/// A listening socket passed by a service manager (systemd socket activation, or
/// `systemd-socket-activate`), found the way `sd_listen_fds(1)` finds it: `LISTEN_PID` must be
/// this process and `LISTEN_FDS` at least 1; the first descriptor is 3. The variables are
/// removed afterwards so that nothing this process starts takes them for its own.
enum SocketActivation {
    static let firstDescriptor: Int32 = 3

    /// The passed socket and its path, or nil when none was passed. Throws when something was
    /// passed that timerd cannot serve on.
    static func take(environment: [String: String]) throws(StartupError) -> (fd: Int32, path: String)? {
        guard let pid = environment["LISTEN_PID"].flatMap(Int32.init), pid == getpid(),
            let count = environment["LISTEN_FDS"].flatMap(Int32.init), count > 0
        else { return nil }
        for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { unsetenv(name) }
        let fd = firstDescriptor
        // Extra descriptors are not ours to use; do not leak them into what we start.
        for extra in (fd + 1)..<(fd + count) { close(extra) }
        guard let path = listeningUnixPath(fd) else {
            throw StartupError(
                "The service manager passed descriptor 3, which is not a listening Unix stream socket; "
                    + "timerd.socket must have ListenStream= with a path.")
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        return (fd, path)
    }

    /// The path a listening `AF_UNIX` stream socket is bound to, nil for anything else.
    private static func listeningUnixPath(_ fd: Int32) -> String? {
        var type: Int32 = 0, listening: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &size) == 0, type == Int32(SOCK_STREAM.rawValue) else {
            return nil
        }
        size = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) == 0, listening == 1 else { return nil }
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let got = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard got == 0, address.sun_family == sa_family_t(AF_UNIX) else { return nil }
        let path = withUnsafeBytes(of: &address.sun_path) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return path.hasPrefix("/") ? path : nil
    }
}

/// Tells a service manager how the daemon is doing (`sd_notify`): "READY=1" once it serves,
/// "STOPPING=1" when it leaves. Does nothing unless `NOTIFY_SOCKET` is set (`Type=notify`).
enum ServiceManager {
    static func notify(_ state: String) {
        guard let target = getenv("NOTIFY_SOCKET").map({ String(cString: $0) }), !target.isEmpty else { return }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        // "@name" is a socket in the abstract namespace: a NUL byte, then the name.
        var bytes = Array(target.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        var message = Array(state.utf8)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                sendto(fd, &message, message.count, Int32(MSG_NOSIGNAL), $0, length)
            }
        }
    }
}
