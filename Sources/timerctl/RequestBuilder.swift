import Protocol

/// Turns the words of a command into the request to send, refusing as usage errors what
/// makes no sense before the daemon is asked. Pure: the moment, the calendar and the file
/// system are given, so tests choose them.
struct RequestBuilder {
    var now: Timestamp
    var calendar: LocalCalendar

    /// `snooze NAME [DURATION]`: without a duration, the daemon's default.
    func snooze(name: String, duration text: String?) throws(CtlFailure) -> Request {
        guard let text else { return .snooze(name: name, by: nil) }
        do {
            return .snooze(name: name, by: try DurationParser.parse(text))
        } catch {
            // `snooze pasta tea`: a second name where the duration goes.
            guard text.first?.isLetter == true else { throw .usage(error.message) }
            throw .usage(
                "\(TimerText.quoted(text)) is not a duration: snooze takes one name, then optionally how long, "
                    + "e.g. `timerctl snooze \(TimerText.shellWord(name)) 10m`.")
        }
    }
}
