import Glibc

/// The first 100 bytes of an SQLite file, read with `read(2)`: nothing SQLite would do on
/// opening (create a `-wal` or `-shm` file beside it, copy a log back when it closes) happens.
/// See https://sqlite.org/fileformat2.html#the_database_header.
enum DatabaseHeader {
    /// The `user_version` the header holds (4 bytes, big-endian, at offset 60), or nil when
    /// the file is missing, shorter than a header or not an SQLite database.
    ///
    /// Only the file's own: with a write-ahead log, a newer one may be in the log.
    static func userVersion(atPath path: String) -> Int64? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 100)
        guard pread(fd, &header, header.count, 0) == header.count,
            header[0..<16].elementsEqual("SQLite format 3\0".utf8)
        else { return nil }
        return Int64(Int32(bitPattern: header[60..<64].reduce(0) { $0 << 8 | UInt32($1) }))
    }
}
