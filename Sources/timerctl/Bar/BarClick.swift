import Protocol

/// What a click on the bar does: the mouse buttons i3blocks reports, as the README's waybar and
/// polybar configurations map them too. Left: toggle (pause, resume, or stop the ring);
/// right: dismiss; wheel: a minute more or less.
enum BarClick {
    static func request(forButton button: Int64) -> Request? {
        switch button {
        case 1: .toggle(name: TimerSelector.next.rawValue)
        case 3: .dismiss(name: TimerSelector.next.rawValue)
        case 4: .extend(name: TimerSelector.next.rawValue, by: .seconds(60))
        case 5: .extend(name: TimerSelector.next.rawValue, by: .seconds(-60))
        default: nil
        }
    }

    /// The request for one line i3blocks wrote (`{"button":1,…}`); nil for anything else.
    static func request(forI3blocks line: [UInt8]) -> Request? {
        guard let click = try? JSONParser.parse(line), let button = click["button"]?.int64Value else { return nil }
        return request(forButton: button)
    }
}
