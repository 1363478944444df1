/// The COMMANDS section of timerctl(1), made from `Help.topics` so that the manual and
/// `timerctl help COMMAND` cannot disagree. `timerctl __man` prints it; `make man` puts it
/// in place of the `{{commands}}` line of `docs/man/timerctl.1.scd` and runs scdoc.
///
/// It is written in scdoc(5) syntax: `##` for a command, `*bold*` for what is typed as is,
/// `_underlined_` (italic) for what is replaced, a term and a tab-indented line after it for
/// an option, a block between lines of three backquotes for literal lines.
enum ManPage {
    static func commands(_ topics: [Help.Topic] = Help.topics) -> String {
        topics.map(section).joined(separator: "\n")
    }

    static func section(_ topic: Help.Topic) -> String {
        // (A heading is not read for markup: the names go as they are.)
        var blocks = ["## " + ([topic.name] + topic.aliases).joined(separator: ", ")]
        blocks.append(usage(topic.usage))
        blocks.append(prose(topic.summary))
        blocks += details(topic.details)
        if !topic.aliases.isEmpty {
            blocks.append("Also: " + topic.aliases.map { "*timerctl \(escaped($0))*" }.joined(separator: ", ") + ".")
        }
        if !topic.examples.isEmpty {
            blocks.append("Examples:")
            blocks.append(literal(topic.examples))
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// `timerctl history [-n N] [--json]` as `*timerctl history* [*-n* _N_] [*--json*]`:
    /// the same text once rendered, with what is typed in bold and what is replaced in italics.
    static func usage(_ usage: String) -> String {
        let words = usage.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard words.count >= 2 else { return lineStart(marked(usage)) }
        let command = "*" + escaped(words[0] + " " + words[1]) + "*"
        return lineStart(([command] + words.dropFirst(2).map(marked)).joined(separator: " "))
    }

    /// A word of a usage or an option: runs of `[`, `]`, `|` and `.` stay plain, what is in
    /// capitals is italic (a placeholder), the rest bold. (A run is a whole word between those
    /// characters, so an italic one never follows a letter, where scdoc would take its `_`
    /// as part of the word.)
    private static func marked(_ word: String) -> String {
        var result = ""
        var run = ""
        func flush() {
            guard !run.isEmpty else { return }
            result += isPlaceholder(Substring(run)) ? "_\(escaped(run))_" : "*\(escaped(run))*"
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
    /// continued on lines indented further) as a term and its text indented below it; other
    /// indented lines as they are.
    static func details(_ details: String) -> [String] {
        var blocks: [String] = []
        var paragraph: [String] = []
        var literalLines: [String] = []
        var item: (indent: Int, term: String, text: [String])?
        func flush() {
            if !paragraph.isEmpty { blocks.append(prose(paragraph.joined(separator: " "))) }
            if !literalLines.isEmpty { blocks.append(literal(literalLines)) }
            if let item {
                let term = lineStart(item.term.split(separator: ", ").map { form in
                    form.split(separator: " ").map { marked(String($0)) }.joined(separator: " ")
                }.joined(separator: ", "))
                // A term with nothing after it is a paragraph of its own.
                blocks.append(item.text.isEmpty ? term : term + "\n\t" + prose(item.text.joined(separator: " ")))
            }
            paragraph = []
            literalLines = []
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
                literalLines.append(String(line.dropFirst(2)))
            } else {
                if !literalLines.isEmpty || item != nil { flush() }
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

    /// Running text, on one line: its backquoted parts in bold (as code), the rest taken
    /// literally.
    static func prose(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "`"), let close = rest[rest.index(after: open)...].firstIndex(of: "`") {
            result += escaped(rest[..<open]) + "*" + escaped(rest[rest.index(after: open)..<close]) + "*"
            rest = rest[rest.index(after: close)...]
        }
        return lineStart(result + escaped(rest))
    }

    /// Lines shown as they are, in a block between ``` lines; scdoc still reads `\` there, and
    /// a backquote is escaped so that no line can end the block.
    static func literal(_ lines: [String]) -> String {
        let body = lines.map { line in
            line.reduce(into: "") { result, character in
                if character == "\\" || character == "`" { result.append("\\") }
                result.append(character)
            }
        }
        return (["```"] + body + ["```"]).joined(separator: "\n")
    }

    /// What scdoc reads as markup anywhere in a line, escaped: `*` and `_` (bold and
    /// underline), `+` (`++` ends a line) and `\` itself.
    private static func escaped(_ text: some StringProtocol) -> String {
        var result = ""
        for character in text {
            if "\\*_+".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// A line whose first character scdoc would read as the start of a heading, list, table,
    /// literal block or comment, with that character escaped. A leading `.` cannot be: scdoc
    /// (1.11) drops it, and `\.` reaches roff as a request; an empty bold span goes first.
    static func lineStart(_ line: String) -> String {
        guard let first = line.first else { return line }
        if first == "." { return "**" + line }
        return "#-`[|];".contains(first) ? "\\" + line : line
    }
}
