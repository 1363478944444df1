import Glibc
import TestSupport
import Testing

@testable import timerd

/// The sound thread against the real sound server of `make test` (PulseAudio, each test with
/// a null sink of its own, recorded): skipped without one.
@Suite(.enabled(if: SoundRecorder.available))
struct CanberraPlayerTests {
    static let alarm = Sound.theme("alarm-clock-elapsed")
    /// Well above the null sink's silence (0), well below the alarm's level at full volume.
    static let heard = 0.01

    static func pause(_ seconds: Double) {
        var left = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        var rest = timespec()
        while nanosleep(&left, &rest) < 0 && errno == EINTR { left = rest }
    }

    @Test func aLoopRingsPastTheSoundsOwnLengthAndFallsSilentWhenStopped() throws {
        let sink = try Sink()
        let player = CanberraPlayer(device: sink.name)
        let recorder = try SoundRecorder(sink)
        player.play(PlayedSound(id: 1, source: Self.alarm, volume: 1, loops: true))
        // alarm-clock-elapsed lasts 6.1 s: at 7.5 s only a loop is still playing.
        Self.pause(8)
        player.stop(1)
        let stopped = recorder.elapsed
        Self.pause(1.5)
        recorder.stop()
        let first = try recorder.rms(from: 1, to: 5)
        let again = try recorder.rms(from: 6.6, to: stopped - 0.2)
        let after = try recorder.rms(from: stopped + 0.5)
        #expect(first > Self.heard, "nothing was played (\(first))")
        #expect(again > Self.heard, "the sound was not played again once it ended (\(again))")
        #expect(after < 0.0005, "still sounding half a second after stop (\(after), stopped at \(stopped) s)")
    }

    @Test func aLowerVolumeRecordsALowerLevel() throws {
        let sink = try Sink()
        let player = CanberraPlayer(device: sink.name)
        func level(_ volume: Double, id: UInt32) throws -> Double {
            let recorder = try SoundRecorder(sink)
            player.play(PlayedSound(id: id, source: Self.alarm, volume: volume, loops: false))
            Self.pause(3)
            player.stop(id)
            Self.pause(0.3)
            recorder.stop()
            return try recorder.rms(from: 0.5, to: 2.5)
        }
        let full = try level(1, id: 1)
        let half = try level(0.5, id: 2)
        #expect(full > Self.heard)
        // Half way down a volume control: an eighth of the amplitude (−18 dB). Allow for the
        // edges of the recording.
        #expect(half > full * 0.08 && half < full * 0.18, "full \(full), half \(half)")
    }

    @Test(arguments: ["/etc/passwd", "/nonexistent/gong.oga"])
    func aFileThatCannotBePlayedIsReplacedByTheAlarm(path: String) throws {
        let sink = try Sink()
        let player = CanberraPlayer(device: sink.name)
        let recorder = try SoundRecorder(sink)
        player.play(PlayedSound(id: 1, source: .file(path), volume: 1, loops: true))
        Self.pause(2)
        player.stop(1)
        Self.pause(0.3)
        recorder.stop()
        let level = try recorder.rms(from: 0.3, to: 1.8)
        #expect(level > Self.heard, "nothing was heard for \(path) (\(level))")
    }

    @Test func aSoundPlayedOnceIsToldWhenItEnds() throws {
        let sink = try Sink()
        let player = CanberraPlayer(device: sink.name)
        let ended = PthreadLock<[UInt32]>([])
        player.onEnded { id in ended.withLock { $0.append(id) } }
        player.play(PlayedSound(id: 7, source: .theme("message-new-instant"), volume: 1, loops: false))
        player.play(PlayedSound(id: 8, source: Self.alarm, volume: 1, loops: true))
        Self.pause(3)
        player.stop(8)
        Self.pause(0.3)
        #expect(ended.withLock { $0 } == [7], "the chime ended by itself; the loop was stopped")
    }
}
