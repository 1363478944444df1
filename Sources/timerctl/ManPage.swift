/// The COMMANDS section of timerctl(1), made from `Help.topics` so that the manual and
/// `timerctl help COMMAND` cannot disagree. `timerctl __man` prints it; the build
/// (`scripts/man2roff`) puts it into `docs/man/timerctl.1.md` and turns that into roff.
///
/// It is written in the manual sources' markdown subset (see `scripts/man2roff`): `###` for
/// a command, `**bold**` for what is typed as is, `*italic*` for what is replaced, `TERM`
/// then `:   TEXT` for an option, four spaces for a literal line.
enum ManPage {
    static func commands(_ topics: [Help.Topic] = Help.topics) -> String {
        topics.map(section).joined(separator: "\n")
    }

    static func section(_ topic: Help.Topic) -> String {
        var blocks = ["### " + ([topic.name] + topic.aliases).joined(separator: ", ")]
        blocks.append(usage(topic.usage))
        blocks.append(prose(topic.summary))
        blocks += details(topic.details)
        if !topic.aliases.isEmpty {
            blocks.append("Also: " + topic.aliases.map { "**timerctl \($0)**" }.joined(separator: ", ") + ".")
        }
        if !topic.examples.isEmpty {
            blocks.append("Examples:")
            blocks.append(topic.examples.map { "    " + $0 }.joined(separator: "\n"))
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// `timerctl history [-n N] [--json]` as `**timerctl history** [**-n** *N*] [**--json**]`:
    /// the same text once rendered, with what is typed in bold and what is replaced in italics.
    static func usage(_ usage: String) -> String {
        let words = usage.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard words.count >= 2 else { return marked(usage) }
        return (["**\(words[0]) \(words[1])**"] + words.dropFirst(2).map(marked)).joined(separator: " ")
    }

    /// A word of a usage or an option: runs of `[`, `]`, `|` and `.` stay plain, what is in
    /// capitals is italic (a placeholder), the rest bold.
    private static func marked(_ word: String) -> String {
        var result = ""
        var run = ""
        func flush() {
            guard !run.isEmpty else { return }
            result += isPlaceholder(Substring(run)) ? "*\(escaped(run))*" : "**\(escaped(run))**"
            run = ""
        }
        for character in word {
            if "[]|.".contains(character) {
                flush()
                result.append(character)
            } else {
                run.append(character)
            }
        }
        flush()
        return result
    }

    /// The details of a topic as blocks: prose lines joined into paragraphs; indented lines
    /// that say what something is (an option, `  -m, --message TEXT   shown in the
    /// notification`, or a word and what it does after a gap, `  ls   list the presets`,
    /// continued on lines indented further) as definitions; other indented lines as they are.
    static func details(_ details: String) -> [String] {
        var blocks: [String] = []
        var paragraph: [String] = []
        var literal: [String] = []
        var item: (indent: Int, term: String, text: [String])?
        func flush() {
            if !paragraph.isEmpty { blocks.append(prose(paragraph.joined(separator: " "))) }
            if !literal.isEmpty { blocks.append(literal.map { "    " + $0 }.joined(separator: "\n")) }
            if let item {
                let term = item.term.split(separator: ", ").map { form in
                    form.split(separator: " ").map { marked(String($0)) }.joined(separator: " ")
                }.joined(separator: ", ")
                // A term with nothing after it is a paragraph of its own.
                blocks.append(item.text.isEmpty ? term : term + "\n:   " + prose(item.text.joined(separator: " ")))
            }
            paragraph = []
            literal = []
            item = nil
        }
        for line in details.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let indent = line.prefix { $0 == " " }.count
            let text = String(line.dropFirst(indent))
            if text.isEmpty {
                flush()
            } else if indent >= 2, text.hasPrefix("-") {
                flush()
                let (term, description) = splitOption(text)
                item = (indent, term, description.isEmpty ? [] : [description])
            } else if let current = item, indent > current.indent {
                item!.text.append(text)
            } else if indent >= 2, let gap = text.firstRange(of: "  ") {
                flush()
                let description = text[gap.upperBound...].drop { $0 == " " }
                item = (indent, String(text[..<gap.lowerBound]), [String(description)])
            } else if indent >= 2 {
                if !paragraph.isEmpty || item != nil { flush() }
                literal.append(String(line.dropFirst(2)))
            } else {
                if !literal.isEmpty || item != nil { flush() }
                paragraph.append(text)
            }
        }
        flush()
        return blocks
    }

    /// `-m, --message TEXT   shown in the notification` into the option and what it does:
    /// the option is its forms and the placeholders after them, up to a gap of two spaces or
    /// the first other word (`--then NAME DURATION a second step` has no gap).
    private static func splitOption(_ text: String) -> (String, String) {
        var words = text.split(separator: " ", omittingEmptySubsequences: false)[...]
        var term: [Substring] = []
        while let word = words.first, !word.isEmpty,
            word.hasPrefix("-") || isPlaceholder(word.hasSuffix(",") ? word.dropLast() : word)
        {
            term.append(word)
            words.removeFirst()
        }
        return (term.joined(separator: " "), words.filter { !$0.isEmpty }.joined(separator: " "))
    }

    /// `NAME`, `N`, `DURATION`: a word in capitals stands for what is typed in its place.
    private static func isPlaceholder(_ word: Substring) -> Bool {
        word.contains(where: \.isUppercase) && word.allSatisfy { $0.isUppercase || $0.isNumber || $0 == "_" }
    }

    /// Running text: its backquoted parts stay code; `*` and `\` are taken literally, and so
    /// is a first character that would start a heading, list or definition.
    static func prose(_ text: String) -> String {
        var result = escaped(text)
        if let first = result.first, "#-:".contains(first) { result = "\\" + result }
        return result
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "\\" || character == "*" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
