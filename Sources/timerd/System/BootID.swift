import Glibc

/// The kernel's id for this boot (`/proc/sys/kernel/random/boot_id`): boot-clock instants
/// saved under one id mean nothing under another.
enum BootID {
    static func current() -> String {
        guard let file = fopen("/proc/sys/kernel/random/boot_id", "r") else { return "unknown" }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 64)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return "unknown" }
        let bytes = buffer.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
