/// What the completion scripts know, drawn from the help topics and the option parser so that
/// they offer what `timerctl` takes, no more and no less.
struct CompletionSpec {
    struct Command {
        /// The command's name, then its aliases.
        var words: [String]
        var summary: String
        /// The long options it takes, the global ones included, sorted.
        var options: [String]
        var operands: Completion.Operands?
        var subcommands: [(name: String, operands: Completion.Operands)]

        var name: String { words[0] }
    }

    var commands: [Command]
    /// Every option that takes a value, long and short forms, sorted: the scripts skip the
    /// word after one when they look for the command, and complete its value instead.
    var valueOptions: [String]
    /// The value options by how many values they take (1, or more: `--then NAME DURATION`).
    var valueOptionsByCount: [(count: Int, options: [String])] {
        let counts = Dictionary(grouping: valueOptions) { Completion.valueCounts[Arguments.longForms[$0] ?? $0] ?? 1 }
        return counts.keys.sorted().map { ($0, counts[$0]!) }
    }
    /// The value options whose value is a path.
    var fileOptions: [String]
    /// The options before any command: the global ones and `--version`.
    var topLevelOptions: [String]

    init(topics: [Help.Topic] = Help.topics) {
        commands = topics.map { topic in
            Command(
                words: [topic.name] + topic.aliases, summary: topic.summary,
                options: Set(topic.options).union(Completion.globalOptions).sorted(),
                operands: topic.operands, subcommands: topic.subcommands)
        }
        let long = Set(topics.flatMap(\.options)).union(Completion.globalOptions).union(["--version"])
        let short = Arguments.longForms.filter { long.contains($0.value) }.map(\.key)
        valueOptions = long.union(short).filter(Self.takesValue).sorted()
        fileOptions = valueOptions.filter { Completion.fileOptions.contains(Arguments.longForms[$0] ?? $0) }
        topLevelOptions = Completion.globalOptions + ["--version"]
    }

    /// Whether the parser wants a value after `option`, asked of the parser itself.
    static func takesValue(_ option: String) -> Bool {
        do {
            _ = try Arguments.parse([option])
            return false
        } catch {
            return error.message == "\(option) needs a value."
        }
    }
}

extension String {
    /// The text in single quotes for a POSIX shell (bash, zsh): `it's` becomes `'it'\''s'`.
    var singleQuoted: String {
        "'" + split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
