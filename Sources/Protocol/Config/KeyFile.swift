/// A configuration file in GLib's key file format (the syntax `GKeyFile` reads), parsed by
/// hand so that a malformed line is reported with its number while the rest still loads.
///
/// ```
/// # A comment
/// [notifications]
/// remind = 1h;10m
/// sound=alarm-clock-elapsed
/// ```
///
/// - Lines are separated by `\n`; a `\r` before it is dropped (CRLF files), and so is a
///   UTF-8 byte order mark at the start.
/// - Spaces and tabs at both ends of a line and around the first `=` are ignored. A value
///   that starts or ends with a space keeps it by writing `\s`.
/// - A line whose first other character is `#` is a comment; blank lines are ignored.
/// - `[name]` starts a group; the name may not be empty nor contain `[`, `]` or control
///   characters. A group named twice continues where it left off, as in GLib.
/// - `key=value` sets a key in the current group. Keys may hold spaces inside but no `=`,
///   `[`, `]` (apart from GLib's locale suffix, `Name[de]`, which is kept as part of the
///   key) or control characters. Values use the escapes `\s` `\n` `\t` `\r` `\\`.
///
/// Lines that break these rules become `Problem`s and are skipped; so are keys before any
/// group, and the keys under a group header that could not be read. A key set twice in
/// a group is reported and the later value wins.
///
/// Unlike GLib, `\;` is not an escape: list items (see `list(_:in:)`) cannot hold `;` or `,`.
public struct KeyFile: Sendable, Equatable {
    /// One `key=value` line, its value unescaped.
    public struct Entry: Sendable, Equatable {
        public let key: String
        public let value: String
        /// The line it was read from, counting from 1; 0 for a value set with `set(_:for:in:)`.
        public let line: Int
    }

    /// A `[name]` group and its entries in the order of the file.
    public struct Group: Sendable, Equatable {
        public let name: String
        /// The line of its first header; 0 for a group added by `set(_:for:in:)`.
        public let line: Int
        public private(set) var entries: [Entry] = []
        /// Where each key is in `entries`, so a large file loads in linear time.
        private var positions: [String: Int] = [:]

        init(name: String, line: Int) {
            self.name = name
            self.line = line
        }

        public static func == (a: Group, b: Group) -> Bool {
            a.name == b.name && a.line == b.line && a.entries == b.entries
        }

        /// The entry for `key`, if the group has one.
        public func entry(_ key: String) -> Entry? { positions[key].map { entries[$0] } }

        /// Sets `entry`, replacing an entry with the same key in place; returns the one replaced.
        mutating func set(_ entry: Entry) -> Entry? {
            if let position = positions[entry.key] {
                defer { entries[position] = entry }
                return entries[position]
            }
            positions[entry.key] = entries.count
            entries.append(entry)
            return nil
        }
    }

    /// Why one line of the file was skipped or a value not used. `line` counts from 1;
    /// 0 means the file as a whole (it could not be read, say).
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        /// What is wrong, as a phrase to print after the place: `"remind" needs a value after "="`.
        public var message: String

        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }

        /// `timerd.conf:7: "remind" needs a value after "="`.
        public var description: String { description(file: "timerd.conf") }

        /// The problem placed in `file` (a name or a path): `FILE:LINE: MESSAGE`, or
        /// `FILE: MESSAGE` for line 0.
        public func description(file: String) -> String {
            line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)"
        }
    }

    /// The groups in the order they first appear.
    public private(set) var groups: [Group] = []
    private var positions: [String: Int] = [:]

    /// An empty key file.
    public init() {}

    public static func == (a: KeyFile, b: KeyFile) -> Bool { a.groups == b.groups }

    /// The group named `name` (exactly: names are case-sensitive), if there is one.
    public func group(_ name: String) -> Group? { positions[name].map { groups[$0] } }

    /// The value of `key` in `group`, unescaped, and the line it came from.
    public func value(_ key: String, in group: String) -> (value: String, line: Int)? {
        guard let entry = self.group(group)?.entry(key) else { return nil }
        return (entry.value, entry.line)
    }

    /// The keys of `group` in the order of the file; empty when there is no such group.
    public func keys(in group: String) -> [String] {
        self.group(group)?.entries.map(\.key) ?? []
    }

    /// The value of `key` in `group` split on `;` or `,`, each item trimmed of whitespace,
    /// empty items dropped: `1h; 10m,` gives `["1h", "10m"]`. Nil when the key is not set.
    public func list(_ key: String, in group: String) -> [String]? {
        guard let (value, _) = value(key, in: group) else { return nil }
        return value.split(whereSeparator: { $0 == ";" || $0 == "," })
            .map { String($0.trimmingWhitespace) }
            .filter { !$0.isEmpty }
    }

    /// Sets `key` in `group` to `value` (which may hold any text), adding the group at the
    /// end and the key at the end of its group when they are new.
    ///
    /// - Precondition: `isValidGroupName(group)` and `isValidKey(key)`; check names that
    ///   come from people first, since others could not be read back.
    public mutating func set(_ value: String, for key: String, in group: String) {
        precondition(Self.isValidGroupName(group), "invalid key file group name")
        precondition(Self.isValidKey(key), "invalid key file key")
        _ = set(Entry(key: key, value: value, line: 0), inGroupAt: addGroup(group, line: 0))
    }

    /// Sets `entry` in the group at `position`; returns the entry it replaced.
    mutating func set(_ entry: Entry, inGroupAt position: Int) -> Entry? {
        groups[position].set(entry)
    }

    /// The position of the group named `name`, added at the end if it is new.
    mutating func addGroup(_ name: String, line: Int) -> Int {
        if let position = positions[name] { return position }
        positions[name] = groups.count
        groups.append(Group(name: name, line: line))
        return groups.count - 1
    }

    // MARK: Writing

    /// The file as text: each group's header, then its `key=value` lines with the values
    /// escaped, a blank line between groups. Comments, blank lines and the spacing of the
    /// original are not kept (they are not parsed), but `parse` of the result gives the same
    /// groups, keys and values in the same order.
    public func serialized() -> String {
        var text = ""
        for (index, group) in groups.enumerated() {
            if index > 0 { text += "\n" }
            text += "[\(group.name)]\n"
            for entry in group.entries {
                text += "\(entry.key)=\(Self.escape(entry.value))\n"
            }
        }
        return text
    }

    /// `value` as it must be written after `=` to read back unchanged: a backslash, newline,
    /// tab and carriage return become `\\`, `\n`, `\t`, `\r`, and a space at either end `\s`.
    public static func escape(_ value: String) -> String {
        let scalars = Array(value.unicodeScalars)
        var result = ""
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case " " where index == 0 || index == scalars.count - 1: result += "\\s"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    // MARK: Names

    /// Whether `name` can be a group: not empty, no `[`, `]` or control characters.
    public static func isValidGroupName(_ name: String) -> Bool {
        !name.isEmpty && !name.unicodeScalars.contains { $0 == "[" || $0 == "]" || isControl($0) }
    }

    /// Whether `key` can be written as a key and read back: not empty, not starting with `#`
    /// nor starting or ending with a space or tab, no `=` or control characters, and `[` or
    /// `]` only as a locale suffix (`Name[de]`).
    public static func isValidKey(_ key: String) -> Bool {
        let scalars = Array(key.unicodeScalars)
        guard let first = scalars.first, let last = scalars.last,
            first != "#", !isBlank(first), !isBlank(last),
            !scalars.contains(where: { $0 == "=" || isControl($0) })
        else { return false }
        guard let open = scalars.firstIndex(of: "[") else { return !scalars.contains("]") }
        let locale = scalars[(open + 1)...].dropLast()
        return open > 0 && !isBlank(scalars[open - 1]) && last == "]" && !locale.isEmpty
            && !locale.contains("[") && !locale.contains("]")
    }

    /// Space, tab and carriage return: what is ignored at the ends of lines and around `=`.
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\r"
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }
}
