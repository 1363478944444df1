extension KeyFile {
    /// Reads `text` line by line. Never fails: each line that breaks the rules (see `KeyFile`)
    /// becomes a problem naming its line and is skipped, and everything else loads.
    public static func parse(_ text: String) -> (KeyFile, [Problem]) {
        var parser = Parser()
        var scalars = Substring(text).unicodeScalars
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        let lines = Array(scalars).split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            parser.read(line, number: index + 1)
        }
        return (parser.file, parser.problems)
    }

    /// Where the keys being read go.
    private enum Target {
        /// No group header yet.
        case beforeAnyGroup
        /// The group at this position in `groups`.
        case group(Int)
        /// A header that could not be read: its keys are skipped, as reported with the header.
        case skipped
    }

    private struct Parser {
        var file = KeyFile()
        var problems: [Problem] = []
        var target = Target.beforeAnyGroup

        mutating func read(_ raw: ArraySlice<Unicode.Scalar>, number: Int) {
            var line = raw.drop(while: KeyFile.isBlank)
            while let last = line.last, KeyFile.isBlank(last) { line.removeLast() }
            guard let first = line.first, first != "#" else { return }
            let problem = first == "[" ? readHeader(line, number: number) : readEntry(line, number: number)
            if let problem { problems.append(Problem(line: number, message: problem)) }
        }

        /// `[name]`; returns the problem if it is not one.
        mutating func readHeader(_ line: ArraySlice<Unicode.Scalar>, number: Int) -> String? {
            let skipping = "; the keys after it are skipped up to the next group"
            target = .skipped
            guard let close = line.firstIndex(of: "]") else {
                return "group header \(quote(line)) has no closing \"]\"" + skipping
            }
            guard close == line.index(before: line.endIndex) else {
                return "group header \(quote(line)) has text after \"]\"" + skipping
            }
            let name = string(line[line.index(after: line.startIndex)..<close])
            guard !name.isEmpty else { return "group header \"[]\" has no name" + skipping }
            guard KeyFile.isValidGroupName(name) else {
                return "group name \(quote(name)) may not contain \"[\" or control characters" + skipping
            }
            target = .group(file.addGroup(name, line: number))
            return nil
        }

        /// `key=value`; returns the problem if it is not one or cannot be used.
        mutating func readEntry(_ line: ArraySlice<Unicode.Scalar>, number: Int) -> String? {
            guard let equals = line.firstIndex(of: "=") else {
                return "\(quote(line)) is not a [group] header, a key=value line or a # comment"
            }
            var keyScalars = line[..<equals]
            while let last = keyScalars.last, KeyFile.isBlank(last) { keyScalars.removeLast() }
            let key = string(keyScalars)
            guard !key.isEmpty else { return "\(quote(line)) has no key before \"=\"" }
            guard KeyFile.isValidKey(key) else {
                return "key \(quote(key)) may not contain \"[\" or \"]\" (other than a locale, as in Name[de]) or control characters"
            }
            let value: String
            switch unescape(line[line.index(after: equals)...].drop(while: KeyFile.isBlank), key: key) {
            case .success(let unescaped): value = unescaped
            case .failure(let problem): return problem.message
            }
            switch target {
            case .beforeAnyGroup:
                return "key \(quote(key)) comes before any [group] header"
            case .skipped:
                return nil
            case .group(let position):
                let entry = Entry(key: key, value: value, line: number)
                guard let earlier = file.set(entry, inGroupAt: position) else { return nil }
                return "\(quote(key)) is set again in [\(file.groups[position].name)] (earlier on line \(earlier.line)); the later value is used"
            }
        }
    }

    /// A backslash that starts no escape, said in a message.
    private struct BadEscape: Error { var message: String }

    /// The value of `key` with its escapes replaced.
    private static func unescape(_ scalars: ArraySlice<Unicode.Scalar>, key: String) -> Result<String, BadEscape> {
        let fix = "write \\\\ for a backslash"
        var result = ""
        var iterator = scalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\\" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch iterator.next() {
            case "s": result += " "
            case "n": result += "\n"
            case "t": result += "\t"
            case "r": result += "\r"
            case "\\": result += "\\"
            case nil:
                return .failure(BadEscape(message: "the value of \(quote(key)) ends in a lone \"\\\"; \(fix)"))
            case let other?:
                return .failure(BadEscape(message: """
                    the value of \(quote(key)) has \(quote("\\" + String(other))), which is not an escape \
                    (known: \\s \\n \\t \\r \\\\); \(fix)
                    """))
            }
        }
        return .success(result)
    }
}

private func string(_ scalars: some Sequence<Unicode.Scalar>) -> String {
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars)
    return text
}

/// `text` in double quotes for a message, cut after 60 characters, with tabs and other
/// control characters shown as escapes so that the message stays on one line.
private func quote(_ text: some Collection<Unicode.Scalar>) -> String {
    var shown = ""
    for scalar in text.prefix(60) {
        if scalar == "\t" {
            shown += "\\t"
        } else if KeyFile.isControl(scalar) {
            shown += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
            shown.unicodeScalars.append(scalar)
        }
    }
    return "\"\(shown)\(text.count > 60 ? "…" : "")\""
}

private func quote(_ text: String) -> String { quote(text.unicodeScalars) }
