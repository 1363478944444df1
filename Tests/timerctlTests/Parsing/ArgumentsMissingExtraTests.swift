import Protocol
import Testing
@testable import timerctl

/// Missing and extra arguments, and how the examples quote a name.
@Suite struct ArgumentsMissingExtraTests: ParsesArguments {
    @Test(arguments: [
        (["until"], "until needs a name and a time, e.g. `timerctl until report \"fri 17:00\"`."),
        (["until", "report"], "until needs a time after the name, e.g. `timerctl until report 17:00`."),
        (["until", "bob's"], #"until needs a time after the name, e.g. `timerctl until 'bob'\''s' 17:00`."#),
        (["extend"], "extend needs a name and an amount, e.g. `timerctl extend pasta +2m`."),
        (["extend", "pasta"], "extend needs a name and an amount, e.g. `timerctl extend pasta +2m`."),
        (["show"], "show needs the name of a timer, e.g. `timerctl show pasta`."),
        (["show", "--json"], "show needs the name of a timer, e.g. `timerctl show pasta`."),
        (["pause"], "pause needs the name of a timer, e.g. `timerctl pause pasta`."),
        (["resume"], "resume needs the name of a timer, e.g. `timerctl resume pasta`."),
        (["reset"], "reset needs the name of a timer, e.g. `timerctl reset pasta`."),
        (["restart"], "restart needs the name of a timer, e.g. `timerctl restart pasta`."),
        (["cancel"], "cancel needs the name of a timer, e.g. `timerctl cancel pasta`."),
        (["rm"], "rm needs the name of a timer, e.g. `timerctl rm pasta`."),
        (["wait"], "wait needs the name of a timer, e.g. `timerctl wait pasta`."),
        (["snooze"], "snooze needs the name of a timer, e.g. `timerctl snooze pasta`."),
    ])
    func missingArgumentsAreNamedWithAnExample(arguments: [String], message: String) throws {
        let error = try Self.refusal(arguments)
        #expect(error.message == message)
        #expect(error.topic == Help.canonicalName(arguments[0]))
    }

    @Test(arguments: [
        (["show", "pasta", "tea"], "show takes only one name."),
        (["wait", "pasta", "tea"], "wait takes only one name."),
        (["ls", "pasta"], "ls takes no arguments."),
        (["ping", "now"], "ping takes no arguments."),
        (["history", "pasta"], "history takes no arguments."),
        (["history", "20", "30"], "history takes no arguments."),
        (["history", "-5"], "history takes no arguments."),
        (["history", "5000"], "history takes no arguments."),
    ])
    func extraArgumentsAreRefused(arguments: [String], message: String) throws {
        let error = try Self.refusal(arguments)
        #expect(error.message == message)
        #expect(error.topic == Help.canonicalName(arguments[0]))
    }

    @Test(arguments: [
        ("pasta", "pasta"), ("パスタ", "パスタ"), ("tea-2", "tea-2"), ("tea break", "'tea break'"), ("$HOME", "'$HOME'"),
        ("a*", "'a*'"), ("bob's", #"'bob'\''s'"#), ("", "''"),
    ])
    func shellWordQuotesOnlyWhatTheShellWouldSplitOrExpand(word: String, typed: String) {
        #expect(TimerText.shellWord(word) == typed)
    }
}
