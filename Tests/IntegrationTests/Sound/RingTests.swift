import Foundation
import Protocol
import TestSupport
import Testing

/// The alarm as people hear it: real daemons ringing on a real sound server (PulseAudio, each
/// test with a null sink of its own, recorded with parec and measured with sox), answered
/// with timerctl and through a notification server. Skipped without a sound server.
@Suite("The alarm rings", .enabled(if: SoundRecorder.available))
struct RingTests {
    /// Well above a null sink's silence (0), well below the alarm's level.
    static let heard = 0.01
    /// What silence records as.
    static let silence = 0.001

    /// A daemon whose sound goes to `sink`, with `settings` in its `[notifications]`.
    static func daemon(_ sink: Sink, settings: String = "", bus: String? = nil) throws -> Daemon {
        let dir = makeTemporaryDirectory()
        try "[notifications]\n\(settings)\n".write(toFile: dir + "/timerd.conf", atomically: true, encoding: .utf8)
        return try Daemon(bus: bus, environment: sink.environment.merging(["TIMERD_CONFIG": dir + "/timerd.conf"]) { $1 })
    }

    static func pause(_ seconds: Double) { Thread.sleep(forTimeInterval: seconds) }

    static func ringing(_ daemon: Daemon, _ name: String) throws -> Bool {
        try JSONParser.parse(try daemon.ctl("show", name, "--json").stdout)["ringing"] == .bool(true)
    }

    @Test("A timer rings, rings on past its sound's own length, and falls silent within 0.5 s of timerctl dismiss")
    func ringsUntilDismissed() throws {
        // Even with the sound in the server's sample cache, whose samples play on after a
        // cancel: timerd streams its own.
        try SoundServer.shared.cache("/usr/share/sounds/freedesktop/stereo/alarm-clock-elapsed.oga", as: "alarm-clock-elapsed")
        let sink = try Sink()
        let recorder = try SoundRecorder(sink)
        let daemon = try Self.daemon(sink)
        #expect(try daemon.ctl("start", "pasta", "0.3").status == 0)
        #expect(try daemon.ctl("wait", "pasta").status == 0)
        let fired = recorder.elapsed
        #expect(try Self.ringing(daemon, "pasta"))
        // alarm-clock-elapsed lasts 6.1 s: at 7.5 s only a loop is still sounding.
        Self.pause(7.5)
        #expect(try daemon.ctl("ls").stdout.contains("♪ pasta"))
        let dismissed = try daemon.ctl("dismiss", "pasta")
        let answered = recorder.elapsed
        #expect(dismissed.status == 0 && dismissed.stdout == "pasta dismissed.\n", "\(dismissed)")
        Self.pause(1.2)
        recorder.stop()
        let first = try recorder.rms(from: fired + 0.3, to: fired + 2.5)
        let again = try recorder.rms(from: fired + 6.6, to: answered - 0.1)
        let after = try recorder.rms(from: answered + 0.5)
        #expect(first > Self.heard, "nothing was heard when it fired (\(first))")
        #expect(again > Self.heard, "it did not ring on past the sound's length (\(again))")
        #expect(after < Self.silence, "still sounding half a second after dismiss (\(after))")
        #expect(try !Self.ringing(daemon, "pasta"))
        #expect(try JSONParser.parse(try daemon.ctl("show", "pasta", "--json").stdout)["state"] == "done", "it stays done")
    }

    @Test("Dismiss in the notification, or closing it, stops the ring within 0.5 s; its timing out does not")
    func answeredInTheNotification() throws {
        let server = try MockNotificationServer()
        let sink = try Sink()
        let daemon = try Self.daemon(sink, bus: server.address)
        for (name, answer) in [("pasta", "dismiss"), ("tea", "close"), ("eggs", "expire")] {
            let recorder = try SoundRecorder(sink)
            #expect(try daemon.ctl("start", name, "0.3").status == 0)
            #expect(try daemon.ctl("wait", name).status == 0)
            let shown = try #require(try server.waitFor { $0.summary == name }.first)
            #expect(shown.hints["suppress-sound"] == .bool(true), "timerd plays it, not the server")
            Self.pause(1.5)
            let before = recorder.elapsed
            switch answer {
            case "dismiss": try server.press("dismiss", on: shown.id)
            case "close": try server.close(shown.id, .dismissedByUser)
            default: try server.close(shown.id, .expired)
            }
            let answered = recorder.elapsed
            Self.pause(1.5)
            let stillRinging = try Self.ringing(daemon, name)
            #expect(try daemon.ctl("dismiss", name).status == 0)
            recorder.stop()
            let ringing = try recorder.rms(from: before - 1, to: before)
            let after = try recorder.rms(from: answered + 0.5, to: answered + 1.4)
            #expect(ringing > Self.heard, "\(name): not ringing before it was answered (\(ringing))")
            if answer == "expire" {
                #expect(after > Self.heard, "the notification timed out and the ring stopped with it (\(after))")
                #expect(stillRinging)
            } else {
                #expect(after < Self.silence, "\(name): still sounding 0.5 s after \(answer) (\(after))")
                #expect(!stillRinging)
            }
        }
    }

    @Test("The ring stops by itself once it has rung for `ring`")
    func stopsAtTheLimit() throws {
        let sink = try Sink()
        let recorder = try SoundRecorder(sink)
        let daemon = try Self.daemon(sink, settings: "ring = 2s")
        #expect(try daemon.ctl("start", "eggs", "0.3").status == 0)
        #expect(try daemon.ctl("wait", "eggs").status == 0)
        let fired = recorder.elapsed
        Self.pause(3.5)
        recorder.stop()
        #expect(try recorder.rms(from: fired + 0.3, to: fired + 1.7) > Self.heard)
        #expect(try recorder.rms(from: fired + 2.6) < Self.silence, "still sounding past the 2 s ring")
        #expect(try !Self.ringing(daemon, "eggs"))
    }

    @Test("--silent records silence; --volume 50% records an eighth of the level (-18 dB)")
    func silentAndVolume() throws {
        let sink = try Sink()
        let daemon = try Self.daemon(sink)
        func level(_ name: String, _ options: [String]) throws -> Double {
            let recorder = try SoundRecorder(sink)
            #expect(try daemon.ctl(["start", name, "0.3"] + options).status == 0)
            #expect(try daemon.ctl("wait", name).status == 0)
            let fired = recorder.elapsed
            Self.pause(2.6)
            #expect(try daemon.ctl("dismiss", name).status == 0)
            Self.pause(0.3)
            recorder.stop()
            return try recorder.rms(from: fired + 0.3, to: fired + 2.3)
        }
        let hush = try level("hush", ["--silent"])
        let full = try level("full", [])
        let half = try level("half", ["--volume", "50%"])
        #expect(hush < Self.silence, "--silent was heard (\(hush))")
        #expect(full > Self.heard)
        #expect(half > full * 0.08 && half < full * 0.18, "full \(full), at 50% \(half)")
    }

    @Test("Timers that fire together, and one that fires while they ring, make one stream")
    func oneStream() throws {
        let sink = try Sink()
        let daemon = try Self.daemon(sink)
        let client = try daemon.connect()
        for name in ["pasta", "eggs", "rice"] {
            client.send(#"{"jsonrpc":"2.0","id":1,"method":"start","params":{"name":"\#(name)","seconds":0.4}}"#)
        }
        for _ in 0..<3 { _ = try client.readJSON() }
        #expect(try daemon.ctl("start", "tea", "1.5").status == 0)
        #expect(try daemon.ctl("wait", "rice").status == 0)
        #expect(eventually { (try? sink.streams()) == 1 }, "the three ring as one stream")
        #expect(try daemon.ctl("wait", "tea").status == 0)
        Self.pause(0.5)
        #expect(try sink.streams() == 1, "tea joined the ring")
        #expect(try daemon.ctl("dismiss", "--all").stdout == "Dismissed 4 ringing timers.\n")
        #expect(eventually { (try? sink.streams()) == 0 })
    }

    @Test("With the sound server killed mid-ring, timers still fire and answer, and the ring comes back with it")
    func soundServerRestarts() throws {
        let server = try SoundServer.start()
        let sink = Sink(existing: SoundServer.output, on: server)
        let daemon = try Self.daemon(sink, settings: "ring = until-dismissed")
        let recorder = try SoundRecorder(sink)
        #expect(try daemon.ctl("start", "pasta", "0.3").status == 0)
        #expect(try daemon.ctl("wait", "pasta").status == 0)
        Self.pause(1.5)
        server.kill()
        recorder.stop()
        #expect(try recorder.rms(from: recorder.elapsed - 1.5) > Self.heard)

        // No sound server: the daemon fires, notifies and answers all the same.
        #expect(try daemon.ctl("start", "tea", "0.3").status == 0)
        #expect(try daemon.ctl("wait", "tea").status == 0)
        #expect(try daemon.ctl("ping").status == 0)
        #expect(try Self.ringing(daemon, "pasta") && Self.ringing(daemon, "tea"))

        try server.restart()
        let back = try SoundRecorder(sink)
        Self.pause(3)
        back.stop()
        #expect(try back.rms(from: 1) > Self.heard, "the ring did not come back with the sound server")
        // Said once (the connection lost, then no server to connect to), not at every retry.
        let warnings = daemon.log().split(separator: "\n").filter { $0.contains("warning") && $0.contains("sound") }
        #expect((1...2).contains(warnings.count), "\(daemon.log())")
    }

    @Test("A sound server that hangs delays nothing else: timers fire, notify and answer, and the ring goes on after")
    func soundServerHangs() throws {
        let server = try SoundServer.start()
        let sink = Sink(existing: SoundServer.output, on: server)
        let monitor = try BusMonitor()
        let daemon = try Self.daemon(sink)
        #expect(try daemon.ctl("start", "pasta", "0.3").status == 0)
        #expect(try daemon.ctl("wait", "pasta").status == 0)
        server.hang()
        defer { server.resume() }
        #expect(try daemon.ctl("start", "tea", "0.3").status == 0)
        #expect(try daemon.ctl("wait", "tea").status == 0)
        #expect(!monitor.waitFor { $0.summary == "tea" }.isEmpty, "tea's notification was shown")
        #expect(try daemon.ctl("dismiss", "pasta").status == 0)
        #expect(try daemon.ctl("ping").status == 0)
        server.resume()
        let recorder = try SoundRecorder(sink)
        Self.pause(1.5)
        recorder.stop()
        #expect(try recorder.rms(from: 0.3) > Self.heard, "tea's ring is heard once the server answers again")
        #expect(try Self.ringing(daemon, "tea") && !Self.ringing(daemon, "pasta"))
    }

    @Test("The alarm is heard with no notification server at all")
    func heardWithoutANotificationServer() throws {
        let sink = try Sink()
        let recorder = try SoundRecorder(sink)
        let daemon = try Self.daemon(sink, bus: "unix:path=/nonexistent/bus")
        #expect(try daemon.ctl("start", "pasta", "0.3").status == 0)
        #expect(try daemon.ctl("wait", "pasta").status == 0)
        let fired = recorder.elapsed
        Self.pause(1.5)
        recorder.stop()
        #expect(try recorder.rms(from: fired + 0.3) > Self.heard)
    }

    @Test("Timers that came due while timerd was down ring once, not in a loop")
    func missedRingOnce() throws {
        let sink = try Sink()
        let daemon = try Self.daemon(sink)
        #expect(try daemon.ctl("start", "pasta", "1").status == 0)
        #expect(try daemon.ctl("start", "rice", "1").status == 0)
        #expect(daemon.stop() == 0)
        // Late by more than 2 s when the daemon is back: missed.
        Self.pause(3.5)
        let recorder = try SoundRecorder(sink)
        try daemon.restart()
        let started = recorder.elapsed
        #expect(try Self.ringing(daemon, "pasta") && Self.ringing(daemon, "rice"))
        #expect(eventually(timeout: .seconds(10)) { (try? Self.ringing(daemon, "rice")) == false }, "rung once, it rings no more")
        let ended = recorder.elapsed
        Self.pause(1)
        recorder.stop()
        #expect(try recorder.rms(from: started + 0.3, to: started + 2) > Self.heard)
        #expect(ended - started > 5, "the sound (6.1 s) was cut short: \(ended - started) s")
        #expect(try recorder.rms(from: ended + 0.3) < Self.silence, "it went on after playing once")
    }
}
