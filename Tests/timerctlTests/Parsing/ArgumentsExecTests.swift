import Protocol
import Testing
@testable import timerctl

/// `--exec COMMAND` on `start` and `until`: read as one word, the shell's text kept as typed,
/// and sent as the request's `exec`.
@Suite struct ArgumentsExecTests: ParsesArguments {
    static let command = "printf '%s\\n' \"$TIMERD_NAME\" >> ~/done.log"

    @Test func startAndUntilTakeItInEitherForm() throws {
        #expect(try Self.command(["start", "pasta", "8m", "--exec", Self.command])
            == StartCommand(name: "pasta", duration: "8m", message: nil, exec: Self.command))
        #expect(try Self.command(["--exec=playerctl pause", "until", "report", "fri", "17:00"])
            == UntilCommand(name: "report", when: "fri 17:00", message: nil, exec: "playerctl pause"))
        #expect(try Self.command(["start", "egg", "--exec", "true"]) == StartCommand(preset: "egg", message: nil, exec: "true"))
    }

    @Test func anEmptyCommandIsRefusedWithAnExample() throws {
        let error = try Self.refusal(["start", "pasta", "8m", "--exec", " "])
        #expect(error.message == "--exec needs a command, e.g. --exec 'playerctl pause'.")
        #expect(error.topic == "start")
    }

    @Test func aControlCharacterIsRefusedBeforeTheDaemonIsAsked() throws {
        let error = try Self.refusal(["start", "pasta", "8m", "--exec", "echo \u{7}"])
        #expect(error.message == "--exec: The command contains a control character; use printable text (tabs and newlines are fine).")
    }

    @Test func otherCommandsDoNotTakeIt() throws {
        #expect(try Self.refusal(["pause", "pasta", "--exec", "true"]).message == "pause does not take --exec.")
    }

    @Test func theRequestCarriesIt() throws {
        let builder = RequestBuilderTests.builder()
        let countdown = try builder.countdown(
            name: "pasta", duration: "8m", message: nil, notify: NotifyOptions(), exec: Self.command)
        #expect((countdown.body as? Methods.Start)?.exec == Self.command)
        let deadline = try builder.deadline(name: "report", when: "17:00", message: nil, notify: NotifyOptions(), exec: "true")
        #expect((deadline.body as? Methods.Start)?.params["exec"] == "true")
    }
}
