import Glibc

/// A write-ahead log as SQLite writes it (https://sqlite.org/fileformat2.html#walformat),
/// read to make the states a crash in the middle of a checkpoint leaves behind.
///
/// A 32-byte header (magic, version, page size, checkpoint sequence, two salts, checksum),
/// then frames: 24 bytes (page number, the database's size in pages if the frame ends a
/// transaction, the header's salts, a checksum) and the page. Frames whose salts are not the
/// header's belong to an earlier use of the file. The checksums are not checked: the logs read
/// here are copied from a live connection, not torn.
struct WriteAheadLog {
    var pageSize: Int
    /// The newest committed version of each page the log holds, in page order.
    var pages: [(number: Int, bytes: ArraySlice<UInt8>)]

    init(_ log: [UInt8]) throws {
        func word(_ offset: Int) -> Int {
            log[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        guard log.count >= 32, word(0) & ~1 == 0x377F_0682 else { throw SystemCallFailed("not a write-ahead log") }
        pageSize = word(8)
        var newest: [Int: ArraySlice<UInt8>] = [:]
        var pending: [Int: ArraySlice<UInt8>] = [:]
        var offset = 32
        while offset + 24 + pageSize <= log.count, word(offset + 8) == word(16), word(offset + 12) == word(20) {
            pending[word(offset)] = log[(offset + 24)..<(offset + 24 + pageSize)]
            if word(offset + 4) != 0 {
                newest.merge(pending) { $1 }
                pending = [:]
            }
            offset += 24 + pageSize
        }
        pages = newest.sorted { $0.key < $1.key }.map { (number: $0.key, bytes: $0.value) }
    }

    /// Leaves `database` as a checkpoint stopped after `count` pages leaves it: SQLite copies
    /// the log's pages into the database file in page order, so the first `count` of them are
    /// there, page 1 (the header, with the database's new size) first, and the file has grown
    /// only as far as the pages written reach. The log is left as it was.
    static func checkpointPartly(_ database: String, pages count: Int) throws {
        let log = try WriteAheadLog(contents(of: database + "-wal"))
        let fd = open(database, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SystemCallFailed("open \(database)") }
        defer { close(fd) }
        for page in log.pages.prefix(count) {
            let written = page.bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t((page.number - 1) * log.pageSize)) }
            guard written == log.pageSize else { throw SystemCallFailed("pwrite \(database)") }
        }
    }
}
