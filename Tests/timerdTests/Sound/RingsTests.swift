import Testing

@testable import timerd

private let t0 = Moment.start.boot
private let alarm = Sound.theme("alarm-clock-elapsed")
private let gong = Sound.file("/home/me/gong.oga")

@Suite struct RingsTests {
    @Test func timersThatFireTogetherRingAsOneLoopedSound() {
        var rings = Rings()
        let outcome = rings.ring(["pasta", "rice"], source: alarm, volume: 1, limit: .lasting(.seconds(60)), at: t0)
        #expect(outcome.play == [PlayedSound(id: 1, source: alarm, volume: 1, loops: true)])
        #expect(outcome.stop.isEmpty && outcome.silenced.isEmpty)
        #expect(rings.ringing == ["pasta", "rice"])
        #expect(rings.nextEnd == t0 + .seconds(60))
    }

    @Test func theRingStopsOnlyOnceEveryTimerInItIsAnswered() {
        var rings = Rings()
        _ = rings.ring(["pasta", "rice"], source: alarm, volume: 1, limit: .untilAnswered, at: t0)
        #expect(rings.answer(["pasta"]) == Rings.Outcome(silenced: ["pasta"]))
        #expect(rings.isRinging("rice") && !rings.isRinging("pasta"))
        #expect(rings.answer(["rice"]) == Rings.Outcome(stop: [1], silenced: ["rice"]))
        #expect(rings.ringing.isEmpty && rings.nextEnd == nil)
    }

    @Test func answeringATimerThatIsNotRingingDoesNothing() {
        var rings = Rings()
        #expect(rings.answer(["tea"]).isEmpty)
        _ = rings.ring(["pasta"], source: alarm, volume: 1, limit: .untilAnswered, at: t0)
        #expect(rings.answer(["tea"]).isEmpty)
        #expect(rings.ringing == ["pasta"])
    }

    @Test func theLoopStopsByItselfAtTheLimitAndNotBefore() {
        var rings = Rings()
        _ = rings.ring(["pasta"], source: alarm, volume: 1, limit: .lasting(.seconds(60)), at: t0)
        #expect(rings.expire(at: t0 + .seconds(59)).isEmpty)
        #expect(rings.expire(at: t0 + .seconds(60)) == Rings.Outcome(stop: [1], silenced: ["pasta"]))
        #expect(rings.ringing.isEmpty && rings.nextEnd == nil)
    }

    @Test func aTimerThatFiresWhileAnotherRingsJoinsTheLoopWhichLastsForItToo() {
        var rings = Rings()
        _ = rings.ring(["pasta"], source: alarm, volume: 1, limit: .lasting(.seconds(60)), at: t0)
        let joined = rings.ring(["tea"], source: alarm, volume: 1, limit: .lasting(.seconds(60)), at: t0 + .seconds(10))
        #expect(joined.isEmpty, "the same loop goes on: one stream, not two")
        #expect(rings.ringing == ["pasta", "tea"])
        #expect(rings.nextEnd == t0 + .seconds(70))
        #expect(rings.expire(at: t0 + .seconds(60)).isEmpty)
        #expect(rings.expire(at: t0 + .seconds(70)) == Rings.Outcome(stop: [1], silenced: ["pasta", "tea"]))
    }

    @Test func anotherSoundTakesOverTheRing() {
        var rings = Rings()
        _ = rings.ring(["pasta"], source: alarm, volume: 1, limit: .lasting(.seconds(60)), at: t0)
        let outcome = rings.ring(["tea"], source: gong, volume: 0.5, limit: .untilAnswered, at: t0 + .seconds(5))
        #expect(outcome.stop == [1] && outcome.play == [PlayedSound(id: 2, source: gong, volume: 0.5, loops: true)])
        #expect(outcome.silenced.isEmpty, "pasta rings on, in the new sound")
        #expect(rings.ringing == ["pasta", "tea"] && rings.nextEnd == nil)
    }

    @Test func untilAnsweredHasNoEnd() {
        var rings = Rings()
        _ = rings.ring(["pasta"], source: alarm, volume: 1, limit: .untilAnswered, at: t0)
        #expect(rings.nextEnd == nil)
        #expect(rings.expire(at: t0 + .seconds(86_400)).isEmpty)
    }

    @Test func onceIsNotLoopedAndStopsRingingWhenTheSoundEnds() {
        var rings = Rings()
        let outcome = rings.ring(["pasta"], source: alarm, volume: 0.5, limit: .once, at: t0)
        #expect(outcome.play.map(\.loops) == [false])
        #expect(rings.nextEnd == nil)
        #expect(rings.ended(1) == Rings.Outcome(silenced: ["pasta"]))
        #expect(rings.ringing.isEmpty)
        #expect(rings.ended(1).isEmpty)
    }

    @Test func aMissedTimerJoiningALoopDoesNotCutItShortNorLengthenIt() {
        var rings = Rings()
        _ = rings.ring(["pasta"], source: alarm, volume: 1, limit: .lasting(.seconds(60)), at: t0)
        #expect(rings.ring(["slept"], source: alarm, volume: 1, limit: .once, at: t0 + .seconds(30)).isEmpty)
        #expect(rings.nextEnd == t0 + .seconds(60))
    }

    @Test func aLoopThePlayerGaveUpOnRingsNoMore() {
        var rings = Rings()
        _ = rings.ring(["pasta"], source: alarm, volume: 1, limit: .untilAnswered, at: t0)
        #expect(rings.ended(1) == Rings.Outcome(silenced: ["pasta"]), "nothing is heard: not ringing")
    }

    @Test func aLoopAfterASoundPlayedOnceStartsTheSoundAgainLooped() {
        var rings = Rings()
        _ = rings.ring(["slept"], source: alarm, volume: 1, limit: .once, at: t0)
        let outcome = rings.ring(["pasta"], source: alarm, volume: 1, limit: .lasting(.seconds(60)), at: t0 + .seconds(2))
        #expect(outcome.stop == [1] && outcome.play.map(\.loops) == [true])
        #expect(rings.ringing == ["slept", "pasta"] && rings.nextEnd == t0 + .seconds(62))
    }

    @Test func aChimeTakesAnIdAndRingsNobody() {
        var rings = Rings()
        _ = rings.ring(["pasta"], source: alarm, volume: 1, limit: .untilAnswered, at: t0)
        let chime = rings.chime(.theme("message-new-instant"), volume: 0.7)
        #expect(chime == PlayedSound(id: 2, source: .theme("message-new-instant"), volume: 0.7, loops: false))
        #expect(rings.ended(2).isEmpty && rings.ringing == ["pasta"])
    }

    @Test func answerAllStopsTheRing() {
        var rings = Rings()
        _ = rings.ring(["pasta"], source: alarm, volume: 1, limit: .untilAnswered, at: t0)
        _ = rings.ring(["tea", "rice"], source: alarm, volume: 1, limit: .untilAnswered, at: t0)
        let outcome = rings.answerAll()
        #expect(outcome.stop == [1] && outcome.silenced == ["pasta", "tea", "rice"])
        #expect(rings.ringing.isEmpty)
    }

    @Test func outcomesMergedDoNotStartASoundThatIsStoppedInTheSameBreath() {
        var first = Rings.Outcome(play: [PlayedSound(id: 3, source: alarm, volume: 1, loops: true)], stop: [2])
        first.merge(Rings.Outcome(play: [PlayedSound(id: 4, source: gong, volume: 1, loops: true)], stop: [3]))
        #expect(first.stop == [2] && first.play.map(\.id) == [4])
    }

    @Test func volumeIsGivenToLibcanberraInDecibelsOnAVolumeControlsScale() {
        #expect(CanberraPlayer.decibels(1) == "0.00")
        #expect(CanberraPlayer.decibels(0.5) == "-18.06")
        #expect(CanberraPlayer.decibels(0.1) == "-60.00")
        #expect(CanberraPlayer.decibels(2) == "0.00")
    }
}
