/// One sound to play, under the id that stops it.
struct PlayedSound: Hashable, Sendable {
    var id: UInt32
    var source: Sound
    /// As on a volume control, 0…1: 1 is the sound's own level, 0.5 half way down the
    /// slider (on PulseAudio's cubic scale, as its mixers show it: −18 dB).
    var volume: Double
    /// Played again each time it ends, until stopped.
    var loops: Bool
}

/// Plays sounds without blocking its caller (the event loop): the live one hands the work to
/// a thread of its own, where a sound server that hangs or has gone can only delay the sound.
/// A sound that ends by itself (played once, or given up on) is reported to the handler the
/// daemon sets (`CanberraPlayer.onEnded`), as the scheduler's `soundEnded`.
protocol SoundPlayer: Sendable {
    func play(_ sound: PlayedSound)
    /// Stops the sound with this id at once (a loop, or one still playing); nothing if none.
    func stop(_ id: UInt32)
}

/// Plays nothing: for a scheduler with no sound (tests that are not about it).
struct NoSound: SoundPlayer {
    func play(_ sound: PlayedSound) {}
    func stop(_ id: UInt32) {}
}
