import Protocol

/// The scheduler's sounds: what `Rings` decides, carried out on the player, and told to
/// subscribers (`ringing`, `silenced`, `dismissed`) and in every timer object (`ringing`).
extension Scheduler {
    /// The events of changes that answer a ringing timer (and close its notification).
    static let answers: Set<TimerEvent> = [.started, .reset, .snoozed, .extended, .cancelled]

    /// Plays what `notices` ask for: their alarms as one ring (timers already ringing go on,
    /// in it), or else one chime for the lot (reminders that come together sound once).
    /// Returns the timers that began to ring, for their `ringing` events.
    @discardableResult
    func play(_ notices: [FiringPresentation.Notice], at now: Moment) -> [String] {
        var outcome = Rings.Outcome()
        var chime: (Sound, Double)?
        for notice in notices {
            switch notice.sound {
            case .ring(let source, let volume, let limit)?:
                outcome.merge(rings.ring(notice.content.timers, source: source, volume: volume, limit: limit, at: now.boot))
            case .chime(let source, let volume)?:
                if chime == nil { chime = (source, volume) }
            case nil:
                break
            }
        }
        if outcome.play.isEmpty, let (source, volume) = chime {
            outcome.play.append(rings.chime(source, volume: volume))
        }
        carryOut(outcome)
        return outcome.started
    }

    /// The ring ran its length: it stops, and its timers are `silenced`.
    func expireRings(at now: Moment) {
        let outcome = rings.expire(at: now.boot)
        guard !outcome.isEmpty else { return }
        carryOut(outcome)
        tell(.silenced, outcome.silenced, at: now)
    }

    /// The player says sound `id` ended by itself (a ring played once, or a chime).
    func soundEnded(_ id: UInt32) {
        let outcome = rings.ended(id)
        guard !outcome.isEmpty else { return }
        carryOut(outcome)
        tell(.silenced, outcome.silenced, at: clock.now())
        rearm()
    }

    /// `dismiss` (the method, the notification's button, or the user closing it): the ring
    /// stops for these timers, and those that were ringing are `dismissed`.
    func dismiss(_ names: [String], at now: Moment) {
        let outcome = rings.answer(names)
        carryOut(outcome)
        tell(.dismissed, outcome.silenced, at: now)
        submit(dismissedHooks(outcome.silenced, at: now), at: now)
    }

    func carryOut(_ outcome: Rings.Outcome) {
        for id in outcome.stop { player.stop(id) }
        for sound in outcome.play { player.play(sound) }
    }

    /// Sends subscribers `event` for each of these timers, as they are now.
    func tell(_ event: TimerEvent, _ names: [String], at now: Moment) {
        guard !subscribers.isEmpty else { return }
        for name in names {
            guard var info = try? table.get(name, at: now) else { continue }
            info.ringing = rings.isRinging(info.name)
            deliver(RPC.eventLine(event, info))
        }
    }

    func deliver(_ line: [UInt8]) {
        for sink in subscribers.values { sink.deliver(line) }
    }

    /// Sets `ringing` in the timers the replies carry (the table does not know it), as they
    /// are once the batch's changes are carried out.
    func markRinging(_ answers: inout [ClientReplies]) {
        for client in answers.indices {
            for n in answers[client].replies.indices {
                guard let reply = answers[client].replies[n], case .success(let body) = reply.result else { continue }
                switch body {
                case .timer(var info):
                    info.ringing = rings.isRinging(info.name)
                    answers[client].replies[n]?.result = .success(.timer(info))
                case .list(let records, let now, _):
                    answers[client].replies[n]?.result = .success(.list(records, at: now, ringing: rings.ringingSet))
                case .value:
                    break
                }
            }
        }
    }
}

extension Rings.Outcome {
    /// Adds what `later` asks for: a sound it stops that was to be started is not started.
    mutating func merge(_ later: Rings.Outcome) {
        for id in later.stop {
            if let started = play.firstIndex(where: { $0.id == id }) { play.remove(at: started) } else { stop.append(id) }
        }
        play += later.play
        silenced += later.silenced
        // Never twice: `ring` leaves out those ringing already.
        started += later.started
    }
}
