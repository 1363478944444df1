/// Changes one key in the text of a key file and leaves every other byte as it was: comments,
/// blank lines, spacing, other groups, a byte order mark and the line endings (a CRLF file
/// stays CRLF). `KeyFile.serialized()` writes the file afresh and would lose the comments of a
/// file people edit by hand.
///
/// Groups and keys are found the way `KeyFile.parse` finds them: a `[group]` header that the
/// parser refuses starts no group (its keys belong to none, and are left alone), a group named
/// twice continues, and a `key=` line counts whatever its value, so that setting a key also
/// mends a line whose value could not be read.
public enum KeyFileEditor {
    /// `text` with `key` in `group` set to `value` (escaped with `KeyFile.escape`):
    /// - where `key` is set in the group, its line gets the new value in place (the line
    ///   the parser uses when the key is set more than once: the last); the key, the spacing
    ///   around `=` and the line ending stay as they were;
    /// - else a `key=value` line after the last line of the group that is not blank or a
    ///   comment (blank lines and comments at the end of a group usually introduce the next);
    /// - else, when the group is missing, a blank line (unless the file ends with one), the
    ///   `[group]` header and the `key=value` line at the end of the file.
    ///
    /// New lines end as the file's first line does (`\n` in an empty file); a file that did
    /// not end with a line break still does not.
    ///
    /// - Precondition: `KeyFile.isValidGroupName(group)` and `KeyFile.isValidKey(key)`.
    public static func setting(_ value: String, for key: String, in group: String, text: String) -> String {
        precondition(KeyFile.isValidGroupName(group), "invalid key file group name")
        precondition(KeyFile.isValidKey(key), "invalid key file key")
        var file = EditedText(text)
        let escaped = KeyFile.escape(value)
        if let last = file.entries(key, in: group).last {
            file.lines[last].replaceValue(with: escaped)
        } else if let end = file.lastContentLine(of: group) {
            file.insert("\(key)=\(escaped)", after: end)
        } else {
            file.append(["[\(group)]", "\(key)=\(escaped)"])
        }
        return file.text
    }

    /// `text` without the lines that set `key` in `group` (all of them, so that no earlier
    /// value comes back). The group's header stays, even when it is left empty: comments
    /// under it may still mean something. Unchanged when the key is not set there.
    ///
    /// - Precondition: `KeyFile.isValidGroupName(group)` and `KeyFile.isValidKey(key)`.
    public static func removing(key: String, in group: String, text: String) -> String {
        precondition(KeyFile.isValidGroupName(group), "invalid key file group name")
        precondition(KeyFile.isValidKey(key), "invalid key file key")
        var file = EditedText(text)
        let doomed = file.entries(key, in: group)
        guard !doomed.isEmpty else { return text }
        file.remove(Set(doomed))
        return file.text
    }
}

/// A key file's text as lines, each knowing what it is and which group it is in.
private struct EditedText {
    struct Line {
        /// The line without its ending.
        var content: Substring.UnicodeScalarView
        /// `\n`, `\r\n`, or nothing for a last line without a line break.
        var ending: String
        var kind: Kind
        /// The group the parser puts it in: nil before any header, or after one it refuses.
        var group: String?

        /// A `key=` line: the new value goes where the old one starts (after the blanks
        /// following `=`) and runs to the end, trailing blanks included.
        mutating func replaceValue(with escaped: String) {
            guard let equals = content.firstIndex(of: "=") else { return }
            let afterEquals = content.index(after: equals)
            let start = content[afterEquals...].firstIndex { !KeyFile.isBlank($0) } ?? content.endIndex
            var replaced = Substring(content[..<start]).unicodeScalars
            replaced.append(contentsOf: escaped.unicodeScalars)
            content = replaced
        }
    }

    enum Kind: Equatable {
        case blankOrComment
        case header(String?)
        /// A line with `=`, by its key as the parser reads it (perhaps not a valid one).
        case entry(key: String)
        /// Anything else: the parser reports it.
        case other
    }

    var lines: [Line] = []
    /// What new lines end with: the first line's ending, `\n` when there is none.
    let newline: String

    init(_ text: String) {
        var rest = Substring(text).unicodeScalars
        var group: String?
        var first = true
        while !rest.isEmpty {
            let content: Substring.UnicodeScalarView
            var ending = ""
            if let break_ = rest.firstIndex(of: "\n") {
                var end = break_
                if end > rest.startIndex, rest[rest.index(before: end)] == "\r" {
                    end = rest.index(before: end)
                    ending = "\r\n"
                } else {
                    ending = "\n"
                }
                content = rest[..<end]
                rest = rest[rest.index(after: break_)...]
            } else {
                content = rest
                rest = rest[rest.endIndex...]
            }
            var scanned = content
            if first, scanned.first == "\u{FEFF}" { scanned.removeFirst() }
            first = false
            let kind = Self.kind(of: scanned)
            if case .header(let name) = kind { group = name }
            lines.append(Line(content: content, ending: ending, kind: kind, group: group))
        }
        newline = lines.first.map { $0.ending.isEmpty ? "\n" : $0.ending } ?? "\n"
    }

    var text: String {
        var result = ""
        for line in lines {
            result.unicodeScalars.append(contentsOf: line.content)
            result += line.ending
        }
        return result
    }

    /// The positions of the lines setting `key` in `group`, in file order.
    func entries(_ key: String, in group: String) -> [Int] {
        lines.indices.filter { lines[$0].group == group && lines[$0].kind == .entry(key: key) }
    }

    /// The position of the last line of `group`'s last stretch that is neither blank nor a
    /// comment (its header when it has no other); nil when the file has no such group.
    func lastContentLine(of group: String) -> Int? {
        guard let header = lines.lastIndex(where: { $0.kind == .header(group) }) else { return nil }
        var last = header
        for position in lines.indices.dropFirst(header + 1) {
            if case .header = lines[position].kind { break }
            if lines[position].kind != .blankOrComment { last = position }
        }
        return last
    }

    mutating func insert(_ content: String, after position: Int) {
        var ending = newline
        if lines[position].ending.isEmpty {
            // The file's last line, without a line break: it gets one, the new line does not.
            lines[position].ending = newline
            ending = ""
        }
        let line = Line(content: Substring(content).unicodeScalars, ending: ending, kind: .other, group: nil)
        lines.insert(line, at: position + 1)
    }

    mutating func append(_ contents: [String]) {
        if let last = lines.indices.last {
            if lines[last].ending.isEmpty { lines[last].ending = newline }
            if !Self.isBlank(lines[last].content) {
                lines.append(Line(content: "".unicodeScalars[...], ending: newline, kind: .blankOrComment, group: nil))
            }
        }
        for content in contents {
            lines.append(Line(content: Substring(content).unicodeScalars, ending: newline, kind: .other, group: nil))
        }
    }

    mutating func remove(_ positions: Set<Int>) {
        let lastLineHadNoBreak = lines.last?.ending.isEmpty == true
        lines = lines.indices.filter { !positions.contains($0) }.map { lines[$0] }
        // Removing the last line of a file that did not end with a line break: neither does the result.
        if lastLineHadNoBreak, let last = lines.indices.last, !lines[last].ending.isEmpty {
            lines[last].ending = ""
        }
    }

    private static func isBlank(_ content: Substring.UnicodeScalarView) -> Bool {
        content.allSatisfy(KeyFile.isBlank)
    }

    /// What `KeyFile.parse` makes of a line; see its `read`, `readHeader` and `readEntry`.
    private static func kind(of content: Substring.UnicodeScalarView) -> Kind {
        var line = content.drop(while: KeyFile.isBlank)
        while let last = line.last, KeyFile.isBlank(last) { line.removeLast() }
        guard let first = line.first, first != "#" else { return .blankOrComment }
        if first == "[" {
            guard let close = line.firstIndex(of: "]"), close == line.index(before: line.endIndex) else {
                return .header(nil)
            }
            var name = ""
            name.unicodeScalars.append(contentsOf: line[line.index(after: line.startIndex)..<close])
            return .header(KeyFile.isValidGroupName(name) ? name : nil)
        }
        guard let equals = line.firstIndex(of: "=") else { return .other }
        var keyScalars = line[..<equals]
        while let last = keyScalars.last, KeyFile.isBlank(last) { keyScalars.removeLast() }
        var key = ""
        key.unicodeScalars.append(contentsOf: keyScalars)
        return .entry(key: key)
    }
}
