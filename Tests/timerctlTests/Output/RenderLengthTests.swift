import Testing
@testable import timerctl

/// A countdown's length echoed as it was set, and a bare number's unit said plainly.
@Suite struct RenderLengthTests {
    @Test(arguments: [
        (Duration.milliseconds(200), "0.2s"), (.milliseconds(1500), "1.5s"), (.milliseconds(90_250), "90.25s"),
        (.seconds(8), "8s"), (.seconds(480), "8m"), (.seconds(5400), "1h30m"), (.milliseconds(1), "0.001s"),
    ])
    func aLengthIsEchoedAsSetNotRounded(length: Duration, shown: String) {
        #expect(Render.length(length) == shown)
    }

    @Test func aBareNumberGetsItsUnitSaid() {
        #expect(StartCommand.unitNote("8") == "(8 seconds: a bare number is seconds; for minutes say 8m.)")
        #expect(StartCommand.unitNote("1") == "(1 second: a bare number is seconds; for minutes say 1m.)")
        for typed in ["8m", "1:30", "0.2", "90s", "1h 30m"] { #expect(StartCommand.unitNote(typed) == nil, "\(typed)") }
    }
}
