import Protocol
import Testing
@testable import timerctl

/// `until --every`, `alarm --days`, `--fresh-todo` and `skip`: read as typed, the rule read
/// against the deadline's time of day, refusals that say what is taken.
@Suite struct ArgumentsRecurrenceTests: ParsesArguments {
    @Test func untilTakesARuleAndAlarmIsTheSameWithDays() throws {
        #expect(try Self.command(["until", "standup", "9:55", "--every", "weekday"])
            == UntilCommand(name: "standup", when: "9:55", message: nil, every: RecurrenceWords(spec: "weekday")))
        let alarm = try #require(try Self.command(["alarm", "wake", "7:30", "--days", "mon-fri", "--fresh-todo"]) as? AlarmCommand)
        #expect(alarm.until == UntilCommand(
            name: "wake", when: "7:30", message: nil, every: RecurrenceWords(spec: "mon-fri", freshChecklist: true, flag: "--days")))
        let daily = try #require(try Self.command(["alarm", "wake", "7:30"]) as? AlarmCommand)
        #expect(daily.until.every?.spec == "day", "every day unless told")
        #expect(try Self.command(["skip", "standup", "wake"]) == SkipCommand(names: ["standup", "wake"]))
    }

    @Test func refusalsSayWhatToDo() throws {
        #expect(try Self.refusal(["until", "x", "9:00", "--fresh-todo"]).message
            == "--fresh-todo is for a deadline that comes again: add --every SPEC, e.g. --every weekday.")
        #expect(try Self.refusal(["until", "x", "9:00", "--every", ""]).message
            == "--every needs a rule, e.g. --every weekday, --every mon,wed,fri or --every 2h.")
        #expect(try Self.refusal(["alarm", "wake"]).message == "alarm needs a time of day after the name, e.g. `timerctl alarm wake 7:30`.")
        #expect(try Self.refusal(["start", "x", "5m", "--every", "day"]).message == "start does not take --every.")
    }

    @Test func theRequestCarriesTheRuleAtTheDeadlinesTimeOfDay() throws {
        let builder = RequestBuilderTests.builder()
        let request = try builder.deadline(
            name: "standup", when: "9:55", message: nil, notify: NotifyOptions(), every: RecurrenceWords(spec: "mon,wed,fri"))
        let every = try #require((request.body as? Methods.Start)?.every)
        #expect(every == Recurrence(.weekdays([.monday, .wednesday, .friday]), at: TimeOfDay(hour: 9, minute: 55)))
        let failure = try #require(throws: CtlFailure.self) {
            try builder.deadline(name: "x", when: "9:55", message: nil, notify: NotifyOptions(), every: RecurrenceWords(spec: "often"))
        }
        #expect(failure.message.hasPrefix("--every: \"often\" is not a rule for when it comes again"))
        #expect(failure.exitCode == 2)
    }
}
