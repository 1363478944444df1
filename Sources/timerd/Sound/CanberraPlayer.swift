import CCanberra
import Glibc

/// Plays sounds through libcanberra (which reaches PulseAudio, or PipeWire's pulse server, and
/// falls back to ALSA) on a thread of its own, "timerd-sound": opening the context connects to
/// the sound server, which can take as long as that server takes to answer.
///
/// A loop is played again from libcanberra's finish callback. A sound that could not be played
/// is logged once, with its reason, until a sound plays again: a file that cannot be read or
/// is not a sound is replaced by the theme's alarm (the alarm must be heard); with no sound
/// server, a loop is tried again each second while it is wanted, so a ring comes back when
/// the sound server does. A sound that ends by itself (played once, or given up on) is told
/// to the handler set with `onEnded`.
final class CanberraPlayer: SoundPlayer, @unchecked Sendable {  // its `var`s are the sound thread's alone
    private enum Work: Sendable {
        case play(PlayedSound)
        case stop(UInt32)
        case finished(UInt32, Int32)
    }

    private let queue = WakeQueue<Work>()
    private let endedHandler = PthreadLock<(@Sendable (UInt32) -> Void)?>(nil)
    private var context: OpaquePointer?
    /// The sounds wanted: played, or waiting to be played again.
    private var wanted: [UInt32: PlayedSound] = [:]
    /// Those libcanberra is playing now (their finish callback is still to come).
    private var playing: Set<UInt32> = []
    /// When the loops that failed are tried again (CLOCK_MONOTONIC), if any did.
    private var retryAt: Duration?
    private var retrying: Set<UInt32> = []
    /// The last failure logged; nil once a sound has played.
    private var lastFailure: String?

    /// The sound server's output to play on; nil for its default (or `PULSE_SINK`'s).
    private let device: String?
    private static let retryInterval = Duration.seconds(1)
    /// What a sound file that cannot be played is replaced by.
    static let fallback = Sound.theme("alarm-clock-elapsed")

    init(device: String? = nil) {
        self.device = device
        Thread.start(name: "timerd-sound") { [self] in run() }
    }

    func play(_ sound: PlayedSound) { queue.post(.play(sound)) }
    func stop(_ id: UInt32) { queue.post(.stop(id)) }

    /// Where the ids of sounds that ended by themselves go (called on the sound thread).
    func onEnded(_ handler: @escaping @Sendable (UInt32) -> Void) {
        endedHandler.withLock { $0 = handler }
    }

    // MARK: The sound thread

    private func run() {
        warmUp()
        var watched = pollfd(fd: queue.fd, events: Int16(POLLIN), revents: 0)
        while true {
            var timeout: Int32 = -1
            if let retryAt {
                let left = retryAt - MonotonicTimer.now()
                timeout = left <= .zero ? 0 : Int32(clamping: left.nanoseconds / 1_000_000 + 1)
            }
            let ready = poll(&watched, 1, timeout)
            if ready > 0 {
                for work in queue.take() { handle(work) }
            }
            if let retryAt, MonotonicTimer.now() >= retryAt { retry() }
            // Nothing to play: let go of the sound server, and of the thread libcanberra's
            // connection runs, so that an idle daemon has nothing awake; the next sound
            // connects again.
            if context != nil && wanted.isEmpty && playing.isEmpty { closeContext() }
        }
    }

    private func handle(_ work: Work) {
        switch work {
        case .play(let sound):
            wanted[sound.id] = sound
            start(sound)
        case .stop(let id):
            wanted[id] = nil
            retrying.remove(id)
            if playing.contains(id), let context { ca_context_cancel(context, id) }
        case .finished(let id, let code):
            playing.remove(id)
            guard let sound = wanted[id] else { return }
            if code == Int32(CA_SUCCESS) {
                if sound.loops { start(sound) } else { ended(id) }
            } else if code != Int32(CA_ERROR_CANCELED) {
                failed(sound, code: code)
            }
        }
    }

    private func start(_ sound: PlayedSound) {
        guard sound.volume > 0, sound.source != .silent else { return }
        var code = playNow(sound)
        if code != Int32(CA_SUCCESS), Self.meansReconnect(code) {
            // A sound server that restarted left the context talking to nobody.
            closeContext()
            code = playNow(sound)
        }
        if code == Int32(CA_SUCCESS) {
            playing.insert(sound.id)
            if lastFailure != nil { Log.info("sound plays again") }
            lastFailure = nil
        } else {
            failed(sound, code: code)
        }
    }

    private func failed(_ sound: PlayedSound, code: Int32) {
        let reason = String(cString: ca_strerror(code))
        let failure = "\(Self.describe(sound.source)): \(reason)"
        // With no sound server to open, that is the failure, already said.
        let noServer = code == Int32(CA_ERROR_NODRIVER) && lastFailure?.hasPrefix("open: ") == true
        if failure != lastFailure && !noServer {
            lastFailure = failure
            Log.warning("could not play \(failure); \(Self.advice(for: code, sound.source))")
        }
        if Self.meansReconnect(code) { closeContext() }
        if case .file = sound.source, Self.meansUnplayable(code) {
            var replaced = sound
            replaced.source = Self.fallback
            wanted[sound.id] = replaced
            return start(replaced)
        }
        if sound.loops && (Self.meansReconnect(code) || code == Int32(CA_ERROR_NODRIVER)) {
            retrying.insert(sound.id)
            if retryAt == nil { retryAt = MonotonicTimer.now() + Self.retryInterval }
        } else {
            ended(sound.id)
        }
    }

    private func ended(_ id: UInt32) {
        wanted[id] = nil
        endedHandler.withLock { $0 }?(id)
    }

    private func retry() {
        retryAt = nil
        let ids = retrying
        retrying = []
        for id in ids.sorted() {
            if let sound = wanted[id], !playing.contains(id) { start(sound) }
        }
    }

    /// Plays `sound` once; CA_SUCCESS or libcanberra's error code.
    private func playNow(_ sound: PlayedSound) -> Int32 {
        guard let context = openContext() else { return Int32(CA_ERROR_NODRIVER) }
        var properties: OpaquePointer?
        guard ca_proplist_create(&properties) == 0, let properties else { return Int32(CA_ERROR_OOM) }
        defer { ca_proplist_destroy(properties) }
        switch sound.source {
        case .theme(let name): ca_proplist_sets(properties, CA_PROP_EVENT_ID, name)
        case .file(let path): ca_proplist_sets(properties, CA_PROP_MEDIA_FILENAME, path)
        case .silent: return Int32(CA_ERROR_INVALID)
        }
        ca_proplist_sets(properties, CA_PROP_EVENT_DESCRIPTION, "Timer done")
        ca_proplist_sets(properties, CA_PROP_MEDIA_ROLE, "event")
        ca_proplist_sets(properties, CA_PROP_CANBERRA_VOLUME, Self.decibels(sound.volume))
        // Streamed from the file, never played from the server's sample cache (which
        // "volatile" would use if anyone had put the sound there): a cached sample is the
        // server's, and played on to its end after a cancel; a stream ends with it. And a file
        // changed on disk is played as it is now.
        ca_proplist_sets(properties, CA_PROP_CANBERRA_CACHE_CONTROL, "never")
        let box = Unmanaged.passUnretained(self).toOpaque()
        return ca_context_play_full(
            context, sound.id, properties,
            { _, id, code, data in
                // On libcanberra's own thread: only hand the news to the sound thread.
                Unmanaged<CanberraPlayer>.fromOpaque(data!).takeUnretainedValue().queue.post(.finished(id, code))
            }, box)
    }

    private func openContext() -> OpaquePointer? {
        if let context { return context }
        var created: OpaquePointer?
        guard ca_context_create(&created) == 0, let created else { return nil }
        var properties: OpaquePointer?
        if ca_proplist_create(&properties) == 0, let properties {
            ca_proplist_sets(properties, CA_PROP_APPLICATION_NAME, "timerd")
            ca_proplist_sets(properties, CA_PROP_APPLICATION_ID, "timerd")
            ca_context_change_props_full(created, properties)
            ca_proplist_destroy(properties)
        }
        if let device { ca_context_change_device(created, device) }
        let code = ca_context_open(created)
        guard code == 0 else {
            ca_context_destroy(created)
            let reason = String(cString: ca_strerror(code))
            if lastFailure != "open: \(reason)" {
                lastFailure = "open: \(reason)"
                Log.warning(
                    "no sound server to ring on (\(reason)); the timers still fire and notify, and the ring is tried "
                        + "again each second while it lasts. Start PulseAudio or PipeWire's pulse server, or set "
                        + "sound-player = server in timerd.conf to leave the sound to the notification server")
            }
            return nil
        }
        context = created
        return created
    }

    /// Opens a context and lets it go, saying nothing if there is no sound server: the first
    /// one loads libcanberra's PulseAudio driver and libpulse, which would otherwise delay the
    /// first ring after start-up (bench/analysis.md, section 1d).
    private func warmUp() {
        var created: OpaquePointer?
        guard ca_context_create(&created) == 0, let created else { return }
        _ = ca_context_open(created)
        ca_context_destroy(created)
    }

    private func closeContext() {
        guard let context else { return }
        ca_context_destroy(context)
        self.context = nil
        // Its sounds' callbacks come with CA_ERROR_DESTROYED, or not at all: none is playing.
        playing.removeAll()
    }

    // MARK: Pure parts

    /// libcanberra's volume is a gain in decibels, as a string. A volume control's position
    /// is the cube root of the amplitude (PulseAudio's scale, which its mixers show), so the
    /// gain is 20·log10 of its cube.
    static func decibels(_ volume: Double) -> String {
        let gain = 60 * log10(min(max(volume, 0.01), 1))
        return String(format: gain)
    }

    /// The file cannot be played, whatever the sound server does: missing, unreadable, not a
    /// sound libcanberra can decode.
    private static func meansUnplayable(_ code: Int32) -> Bool {
        [CA_ERROR_NOTFOUND, CA_ERROR_ACCESS, CA_ERROR_CORRUPT, CA_ERROR_NOTSUPPORTED].contains { Int32($0) == code }
    }

    private static func meansReconnect(_ code: Int32) -> Bool {
        [CA_ERROR_DISCONNECTED, CA_ERROR_STATE, CA_ERROR_DESTROYED, CA_ERROR_IO, CA_ERROR_SYSTEM]
            .contains { Int32($0) == code }
    }

    static func describe(_ source: Sound) -> String {
        switch source {
        case .theme(let name): "the sound \"\(name)\""
        case .file(let path): "\(path)"
        case .silent: "silence"
        }
    }

    static func advice(for code: Int32, _ source: Sound) -> String {
        switch (code, source) {
        case (Int32(CA_ERROR_NOTFOUND), .theme):
            "install the sound theme (Debian: sound-theme-freedesktop), or set sound = FILE in timerd.conf"
        case (Int32(CA_ERROR_NOTFOUND), .file), (Int32(CA_ERROR_ACCESS), .file):
            "playing the theme's alarm instead; check that the file exists and is readable, or choose another with --sound FILE"
        case (Int32(CA_ERROR_CORRUPT), .file), (Int32(CA_ERROR_NOTSUPPORTED), .file):
            "playing the theme's alarm instead; use a WAV or Ogg Vorbis file"
        default:
            "the timers still fire and notify; the ring is tried again while it lasts"
        }
    }
}

extension String {
    /// A decimal with two places, without Foundation.
    fileprivate init(format value: Double) {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let fraction = magnitude % 100
        self = "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
