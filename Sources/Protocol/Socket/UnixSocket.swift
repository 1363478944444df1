import Glibc

/// The few Unix-domain socket calls both programs make, with `sockaddr_un` handled in one place.
public enum UnixSocket {
    /// Calls `body` with a filled `sockaddr_un` for `path` (which must fit: see
    /// `SocketLocation.pathProblem`).
    public static func withAddress<R>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8.prefix(SocketLocation.maxPathBytes))
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + 1)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }

    /// Connects a blocking stream socket to `path`. Returns the descriptor, or the errno.
    public static func connect(_ path: String) -> Result<Int32, Errno> {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return .failure(Errno(errno)) }
        let result = withAddress(path) { Glibc.connect(fd, $0, $1) }
        guard result == 0 else {
            let error = errno
            close(fd)
            return .failure(Errno(error))
        }
        return .success(fd)
    }
}

/// An errno value with its message.
public struct Errno: Error, Equatable, Sendable, CustomStringConvertible {
    public var code: Int32
    public init(_ code: Int32) { self.code = code }
    public var description: String { String(cString: strerror(code)) }
}
