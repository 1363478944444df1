/// Every command, one line each. To add one: a file under `Commands/` with a type that is a
/// `Command`, and its line here. `timerctl help` lists them in this order, and the completion
/// scripts and timerctl(1) follow it.
enum Commands {
    static let all: [any Command.Type] = [
        StartCommand.self,
        UntilCommand.self,
        AlarmCommand.self,
        StopwatchCommand.self,
        ListCommand.self,
        ShowCommand.self,
        HistoryCommand.self,
        PauseCommand.self,
        ResumeCommand.self,
        ResetCommand.self,
        CancelCommand.self,
        ExtendCommand.self,
        SnoozeCommand.self,
        DismissCommand.self,
        ToggleCommand.self,
        SkipCommand.self,
        LapCommand.self,
        WatchCommand.self,
        BarCommand.self,
        TodoCommand.self,
        WaitCommand.self,
        PresetCommand.self,
        PingCommand.self,
        CompletionCommand.self,
        AutostartCommand.self,
        HelpCommand.self,
    ]

    /// Commands for the completion scripts and the build (`__complete`, `__man`, `__unit`),
    /// which help does not list: they take any option, and `--help` after them is theirs to
    /// ignore. (`--version` is an option, `VersionCommand`, and in neither list.)
    static let hidden: [any Command.Type] = [
        CompleteCommand.self,
        ManCommand.self,
        UnitCommand.self,
    ]

    /// The command `word` names, or is an alias of; nil for any other word (hidden ones too).
    static func named(_ word: String) -> (any Command.Type)? {
        all.first { $0.topic.name == word || $0.topic.aliases.contains(word) }
    }

    /// The hidden command `word` names; nil for any other word.
    static func hidden(_ word: String) -> (any Command.Type)? {
        hidden.first { $0.topic.name == word }
    }
}
