/// Where the session bus's socket file is, so that the notifier can watch for it to appear
/// again: the `path` of the first `unix:` entry of the bus address
/// (`DBUS_SESSION_BUS_ADDRESS`), or, when no address is set, `$XDG_RUNTIME_DIR/bus`, where
/// GLib then looks (and systemd user sessions put the bus). Pure: the caller reads the
/// environment.
enum BusSocket {
    /// nil when the address names no socket file (an abstract socket, TCP, autolaunch), or
    /// when neither is set.
    static func path(address: String?, runtimeDirectory: String?) -> String? {
        guard let address, !address.isEmpty else {
            guard let runtimeDirectory, runtimeDirectory.hasPrefix("/") else { return nil }
            return runtimeDirectory.hasSuffix("/") ? runtimeDirectory + "bus" : runtimeDirectory + "/bus"
        }
        for entry in address.split(separator: ";") {
            guard let colon = entry.firstIndex(of: ":"), entry[..<colon] == "unix" else { continue }
            for pair in entry[entry.index(after: colon)...].split(separator: ",") {
                guard pair.hasPrefix("path="), let path = unescape(pair.dropFirst("path=".count)), path.hasPrefix("/")
                else { continue }
                return path
            }
        }
        return nil
    }

    /// The socket's directory and its name in it.
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = path[..<slash]
        return (directory.isEmpty ? "/" : String(directory), String(path[path.index(after: slash)...]))
    }

    /// A D-Bus address value with its `%XX` escapes read; nil if one is malformed.
    private static func unescape(_ value: Substring) -> String? {
        var bytes: [UInt8] = []
        var rest = value.utf8[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard rest.count >= 2, let high = hexValue(rest.removeFirst()), let low = hexValue(rest.removeFirst()) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
