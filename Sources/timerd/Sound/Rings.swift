/// Which timers are ringing: a value with the time passed in, like the flood guard. The
/// scheduler tells it what fired and what was answered, and carries out what it returns
/// (sounds to play and stop, timers that stopped ringing).
///
/// There is one ring at a time, whatever fires: timers that fire together ring as one sound,
/// and a timer that fires while another rings joins that ring, so the alarm is one stream,
/// never a chord of loops. The ring stops once every timer in it has been answered, or when
/// the longest limit among them passes.
struct Rings: Equatable, Sendable {
    struct Ring: Equatable, Sendable {
        var sound: PlayedSound
        var limit: RingLimit
        /// The timers still unanswered, in firing order, and the same as a set: a ring may hold
        /// thousands (a deadline many timers share), asked about one by one.
        var timers: [String]
        var members: Set<String>
        /// When the loop stops by itself (boot clock); nil for a sound played once, or one
        /// that rings until answered.
        var ends: BootInstant?
    }

    /// What to carry out.
    struct Outcome: Equatable, Sendable {
        var play: [PlayedSound] = []
        var stop: [UInt32] = []
        /// Timers no longer ringing, in the order they stopped.
        var silenced: [String] = []
        /// Timers that began to ring (not those that were ringing already), in firing order.
        var started: [String] = []

        /// Nothing to play or stop, and no timer that stopped ringing.
        var isEmpty: Bool { play.isEmpty && stop.isEmpty && silenced.isEmpty }
    }

    private(set) var current: Ring?
    /// Ids count up from 1 for the daemon's life (0 is not a valid libcanberra id).
    private var lastID: UInt32 = 0

    /// Rings `timers` (fired together) with `source`; if a ring is on, they join it. The sound
    /// starts again only if it changes (another sound or volume, or a loop after one played
    /// once): a loop already playing goes on, its end moved to the later of the two.
    mutating func ring(
        _ timers: [String], source: Sound, volume: Double, limit: RingLimit, at now: BootInstant
    ) -> Outcome {
        guard !timers.isEmpty else { return Outcome() }
        var outcome = Outcome(started: timers.filter { !isRinging($0) })
        var joined = limit
        var ends: BootInstant? = if case .lasting(let length) = limit { now + length } else { nil }
        var ringing = timers
        var members = Set(timers)
        if let current {
            (joined, ends) = current.limit.joined(with: limit, now: now, ending: current.ends)
            // A timer that fires again moves to the end.
            ringing = current.timers.filter { !members.contains($0) } + timers
            members.formUnion(current.members)
            let same = current.sound.source == source && current.sound.volume == volume
            if same && current.limit.loops && joined.loops {
                self.current = Ring(sound: current.sound, limit: joined, timers: ringing, members: members, ends: ends)
                return outcome
            }
            outcome.stop.append(current.sound.id)
        }
        let sound = PlayedSound(id: nextID(), source: source, volume: volume, loops: joined.loops)
        current = Ring(sound: sound, limit: joined, timers: ringing, members: members, ends: ends)
        outcome.play.append(sound)
        return outcome
    }

    /// A sound played once, outside any ring (a reminder): only its id is taken.
    mutating func chime(_ source: Sound, volume: Double) -> PlayedSound {
        PlayedSound(id: nextID(), source: source, volume: volume, loops: false)
    }

    /// These timers were answered (dismissed, snoozed, restarted, cancelled, closed by the
    /// user…): they stop ringing, and the ring stops when none of its timers is left.
    mutating func answer(_ timers: [String]) -> Outcome {
        guard var ring = current else { return Outcome() }
        var outcome = Outcome()
        for name in timers where ring.members.remove(name) != nil { outcome.silenced.append(name) }
        guard !outcome.silenced.isEmpty else { return outcome }
        ring.timers.removeAll { !ring.members.contains($0) }
        if ring.timers.isEmpty {
            outcome.stop.append(ring.sound.id)
            current = nil
        } else {
            current = ring
        }
        return outcome
    }

    /// Every ringing timer answered at once.
    mutating func answerAll() -> Outcome { answer(ringing) }

    /// The sound `id` ended by itself: a ring played once is over (its timers stop ringing);
    /// a chime's end, or an older sound's, changes nothing.
    mutating func ended(_ id: UInt32) -> Outcome {
        guard let ring = current, ring.sound.id == id else { return Outcome() }
        current = nil
        return Outcome(silenced: ring.timers)
    }

    /// Stops the ring if its time is up.
    mutating func expire(at now: BootInstant) -> Outcome {
        guard let ring = current, let ends = ring.ends, ends <= now else { return Outcome() }
        current = nil
        return Outcome(stop: [ring.sound.id], silenced: ring.timers)
    }

    /// When the ring stops by itself; nil when it will not (or none is on).
    var nextEnd: BootInstant? { current?.ends }

    func isRinging(_ name: String) -> Bool { current?.members.contains(name) == true }

    /// Every ringing timer, as a set.
    var ringingSet: Set<String> { current?.members ?? [] }

    /// Every ringing timer, in the order they fired.
    var ringing: [String] { current?.timers ?? [] }

    private mutating func nextID() -> UInt32 {
        lastID = lastID == .max ? 1 : lastID + 1
        return lastID
    }
}
