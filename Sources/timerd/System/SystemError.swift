import Glibc

/// A failed system call: which call, on what, and errno, so the message says what went wrong
/// where ("bind /run/user/1000/timerd/timerd.sock: Address already in use").
struct SystemError: Error, CustomStringConvertible {
    var call: String
    var errno: Int32

    init(_ call: String, errno: Int32 = Glibc.errno) {
        self.call = call
        self.errno = errno
    }

    var description: String { "\(call): \(String(cString: strerror(errno)))" }
}
