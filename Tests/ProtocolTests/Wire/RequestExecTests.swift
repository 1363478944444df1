import Protocol
import Testing

/// `start`'s `exec`: the timer's own hook, shell text kept as it was given.
@Suite struct RequestExecTests: ReadsRequests {
    @Test func aCommandIsTakenAsGivenAndWrittenBack() throws {
        let command = "printf '%s\\n' \"$TIMERD_NAME\" >> ~/done.log\nplayerctl pause\t# and the music"
        let request = try Request(method: "start", params: ["name": "pasta", "seconds": 480, "exec": .string(command)])
        #expect(request == .start(name: "pasta", spec: .countdown(.seconds(480)), message: nil, exec: command))
        #expect((request.body as? Methods.Start)?.params["exec"] == .string(command))
    }

    @Test(arguments: ["", "  ", "\n"])
    func anEmptyCommandIsNone(command: String) throws {
        let request = try Request(method: "start", params: ["name": "pasta", "seconds": 480, "exec": .string(command)])
        #expect((request.body as? Methods.Start)?.exec == nil)
    }

    @Test func aCommandWithAControlCharacterIsRefused() throws {
        let error = try #require(Self.refusal("start", ["name": "pasta", "seconds": 480, "exec": "echo \u{1B}[2J"]))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message == "\"exec\": The command contains a control character; use printable text (tabs and newlines are fine).")
    }

    @Test func aCommandLongerThan4096BytesIsRefusedSayingWhatToDo() throws {
        let error = try #require(
            Self.refusal("start", ["name": "pasta", "seconds": 480, "exec": .string(String(repeating: "é", count: 2049))]))
        #expect(error.message.contains("at most 4096 bytes, or put it in a script"))
        #expect(Self.refusal("start", ["name": "pasta", "seconds": 480, "exec": .string(String(repeating: "x", count: 4096))]) == nil)
    }

    @Test func aCommandThatIsNotAStringIsRefusedWithAnExample() throws {
        let error = try #require(Self.refusal("start", ["name": "pasta", "seconds": 480, "exec": ["playerctl", "pause"]]))
        #expect(error.message == "\"exec\" must be a string, such as \"playerctl pause\".")
    }

    @Test func aDeadlineTakesOneToo() throws {
        let request = try Request(method: "start", params: ["name": "report", "at": "2026-12-04T16:00:00Z", "exec": "true"])
        #expect((request.body as? Methods.Start)?.exec == "true")
    }

    @Test func theTimerObjectCarriesItAndAnOlderDaemonsTimerHasNone() throws {
        var timer = TimerInfo(
            name: "pasta", kind: .countdown, state: .running, duration: .seconds(480), remaining: .seconds(240),
            endsAt: instant("2026-11-30T12:04:00Z"), createdAt: instant("2026-11-30T11:56:00Z"), exec: "a \"b\" $(c)")
        #expect(try TimerInfo(json: timer.json) == timer)
        #expect(timer.json["exec"] == "a \"b\" $(c)")
        timer.exec = nil
        #expect(timer.json["exec"] == .null)
        guard case .object(var older) = timer.json else { return }
        older["exec"] = nil
        #expect(try TimerInfo(json: .object(older)) == timer)
        older["exec"] = 3
        #expect(throws: RPCError.self) { try TimerInfo(json: .object(older)) }
    }
}
