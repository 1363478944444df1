import Protocol
import Testing
@testable import timerctl

/// Options where they do not apply, unknown options and unknown commands.
@Suite struct ArgumentsRefusalTests: ParsesArguments {
    @Test func cancelWithNamesAndAllIsRefused() throws {
        for arguments in [["cancel", "pasta", "--all"], ["rm", "-a", "pasta"]] {
            let error = try Self.refusal(arguments)
            #expect(error.message == "cancel takes either names or --all, not both.")
            #expect(error.topic == "cancel")
        }
    }

    @Test(arguments: [
        (["start", "--json", "pasta", "8m"], "start does not take --json.", "start"),
        (["pause", "pasta", "--json"], "pause does not take --json.", "pause"),
        (["ping", "--json"], "ping does not take --json.", "ping"),
        (["ls", "--all"], "ls does not take --all.", "ls"),
        (["show", "pasta", "-a"], "show does not take --all.", "show"),
        (["ls", "-m", "x"], "ls does not take --message.", "ls"),
        (["list", "--message=x"], "list does not take --message.", "ls"),
        (["ls", "-n", "5"], "ls does not take --limit.", "ls"),
        (["show", "pasta", "--limit=5"], "show does not take --limit.", "show"),
        (["history", "--all"], "history does not take --all.", "history"),
        (["history", "-m", "x"], "history does not take --message.", "history"),
        (["ls", "--remind", "10m"], "ls does not take --remind.", "ls"),
        (["show", "pasta", "--remind=10m"], "show does not take --remind.", "show"),
        (["extend", "pasta", "+2m", "--silent"], "extend does not take --silent.", "extend"),
        (["reset", "pasta", "--no-remind"], "reset does not take --no-remind.", "reset"),
        (["cancel", "--sound", "a.oga", "pasta"], "cancel does not take --sound.", "cancel"),
        (["history", "--silent"], "history does not take --silent.", "history"),
        (["wait", "pasta", "--remind", "1m"], "wait does not take --remind.", "wait"),
        (["snooze", "pasta", "--remind", "1m"], "snooze does not take --remind.", "snooze"),
        (["snooze", "pasta", "5m", "--silent"], "snooze does not take --silent.", "snooze"),
        (["snooze", "pasta", "--sound=/a.oga"], "snooze does not take --sound.", "snooze"),
        (["snooze", "pasta", "--json"], "snooze does not take --json.", "snooze"),
        (["snooze", "pasta", "5m", "-m", "again"], "snooze does not take --message.", "snooze"),
        (["snooze", "--all"], "snooze does not take --all.", "snooze"),
    ])
    func optionsAreRefusedWhereTheyDoNotApply(arguments: [String], message: String, topic: String) throws {
        let error = try Self.refusal(arguments)
        #expect(error.message == message)
        #expect(error.topic == topic)
    }

    /// Several options a command does not take: the first one typed is named (not whichever a set yields first).
    @Test(arguments: [
        (["ping", "--json", "-m", "x", "--limit", "3", "-a"], "--json"),
        (["ping", "-a", "--limit=3", "--message", "x", "--json"], "--all"),
        (["ping", "-n5", "--json"], "--limit"),
        (["--socket", "s", "--no-spawn", "ping", "-m", "x", "--all"], "--message"),
    ])
    func theFirstOptionACommandDoesNotTakeIsNamed(arguments: [String], flag: String) throws {
        #expect(try Self.refusal(arguments).message == "ping does not take \(flag).")
    }

    @Test(arguments: [
        (["ls", "--jsn"], "ls has no option --jsn. Did you mean --json?"), (["start", "pasta", "8m", "-x"], "start has no option -x."),
        (["--verbose"], "Unknown option --verbose. `timerctl help` lists the commands and their options."),
        (["ls", "-json"], "ls has no option -json. Did you mean --json?"),
    ])
    func unknownOptionIsRefused(arguments: [String], message: String) throws {
        #expect(try Self.refusal(arguments).message == message)
    }

    @Test(arguments: [(["start", "pasta", "8m", "-m"], "-m"), (["ls", "--socket"], "--socket"), (["--message"], "--message")])
    func optionWithoutItsValueIsRefused(arguments: [String], flag: String) throws {
        #expect(try Self.refusal(arguments).message == "\(flag) needs a value.")
    }

    @Test(arguments: [("strat", "start"), ("STart", "start"), ("lst", "ls"), ("pasue", "pause"), ("cancle", "cancel"),
                      ("resum", "resume"), ("wiat", "wait"), ("stat", "start")])
    func unknownCommandSuggestsANearMiss(word: String, meant: String) throws {
        let error = try Self.refusal([word, "pasta"])
        #expect(error.message
            == "Unknown command \"\(word)\". Did you mean `timerctl \(meant) pasta`? `timerctl help` lists the commands.")
        #expect(error.topic == nil)
    }

    @Test(arguments: ["frobnicate", "version", "timers"])
    func unknownCommandFarFromAnyHasNoSuggestion(word: String) throws {
        #expect(try Self.refusal([word]).message == "Unknown command \"\(word)\". `timerctl help` lists the commands.")
    }

    @Test func helpForAnUnknownCommandIsRefused() throws {
        #expect(try Self.refusal(["help", "frobnicate"]).message
            == "There is no command \"frobnicate\". `timerctl help` lists the commands.")
        #expect(try Self.refusal(["help", "start", "ls"]).message == "help takes at most one command.")
    }
}
