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

    /// The request for one line of clicks (`{"name":"timer","button":1,…}`); nil for anything
    /// else, or for a click on another block than `block` (i3blocks' `BLOCK_NAME`, when known).
    ///
    /// i3blocks 1.5 and later write a persistent block's clicks to it, an object a line.
    /// i3blocks 1.4 (Debian 12's) leaves it i3bar's own stream, `[` and then `,{…}` lines for
    /// every block, which it reads too: the opening `[`, the commas and other blocks' clicks
    /// are passed over, and a click it takes first never reaches us (the README says so).
    static func request(forI3blocks line: [UInt8], block: String? = nil) -> Request? {
        let object = line.drop { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard object.first == UInt8(ascii: "{"), let click = try? JSONParser.parse(object),
            let button = click["button"]?.int64Value
        else { return nil }
        if let block, let name = click["name"]?.stringValue, name != block { return nil }
        return request(forButton: button)
    }
}
