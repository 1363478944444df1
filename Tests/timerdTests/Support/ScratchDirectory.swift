import Glibc

/// A system call that failed, with errno as text.
struct SystemCallFailed: Error, CustomStringConvertible {
    var description: String
    init(_ call: String) { description = "\(call): \(String(cString: strerror(errno)))" }
}

/// Runs `body` with a fresh directory under /tmp, then removes it and everything directly in
/// it (the tests there make only files and links).
func withScratchDirectory<T>(_ body: (_ directory: String) throws -> T) throws -> T {
    var template = Array("/tmp/timerd-tests-XXXXXX".utf8CString)
    let directory = try template.withUnsafeMutableBufferPointer { buffer in
        guard let path = mkdtemp(buffer.baseAddress!) else { throw SystemCallFailed("mkdtemp") }
        return String(cString: path)
    }
    defer {
        for name in entries(of: directory) { unlink(directory + "/" + name) }
        rmdir(directory)
    }
    return try body(directory)
}

/// The names in `directory`, without `.` and `..`, sorted.
func entries(of directory: String) -> [String] {
    guard let stream = opendir(directory) else { return [] }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
        let name = withUnsafePointer(to: &entry.pointee.d_name) {
            String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
}

/// The whole content of the file at `path`.
func contents(of path: String) throws -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw SystemCallFailed("open \(path)") }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = read(fd, &buffer, buffer.count)
        guard count >= 0 else { throw SystemCallFailed("read \(path)") }
        if count == 0 { return bytes }
        bytes += buffer[..<count]
    }
}

/// Creates (or replaces) the file at `path` holding exactly `bytes`.
func write(_ bytes: [UInt8], to path: String) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw SystemCallFailed("open \(path)") }
    defer { close(fd) }
    guard bytes.withUnsafeBytes({ Glibc.write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
        throw SystemCallFailed("write \(path)")
    }
}
