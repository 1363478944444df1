import Protocol

/// The bars and prompts `timerctl bar` writes for, each in its own format. Each line is one
/// line; text from users (names, messages) is escaped for the format, so that it shows as
/// typed and never becomes markup or a format tag.
enum BarFormat: String, CaseIterable, Equatable {
    /// The text alone: a shell prompt (PS1, starship), conky.
    case plain
    /// tmux's status line: `#` doubled, colours as `#[fg=…]`.
    case tmux
    /// A waybar custom module with `"return-type": "json"`: text and tooltip are Pango markup.
    case waybar
    /// An i3blocks block with `format=json` (and through it i3bar's protocol).
    case i3blocks
    /// A polybar `custom/script` module: colours as `%{F#…}`; an empty line hides it.
    case polybar

    /// The colour of a state, for the formats that colour: none while running, as the bar's own.
    static func color(_ state: BarGlance.State) -> String? {
        switch state {
        case .ringing: "#FB4934"
        case .paused, .offline: "#928374"
        case .done: "#B8BB26"
        case .running, .idle: nil
        }
    }
}

/// How a bar line is made: the format, the templates, what shows when there is nothing.
struct BarStyle: Equatable {
    var format = BarFormat.plain
    var template = BarTemplate.standard
    /// The text with no timers; empty hides the module.
    var idle = ""
    /// The text while the daemon cannot be reached.
    var offline = ""

    /// The line for `glance`, or (nil) for a daemon that cannot be reached.
    func line(_ glance: BarGlance?, calendar: LocalCalendar) -> String {
        let state = glance?.state ?? .offline
        let text =
            if let glance, glance.shown != nil { template.fill(glance, calendar: calendar) } else {
                BarTemplate.oneLine(glance == nil ? offline : idle)
            }
        switch format {
        case .plain:
            return text
        case .tmux:
            let escaped = text.replacing("#", with: "##")
            guard let color = BarFormat.color(state), !text.isEmpty else { return escaped }
            return "#[fg=\(color.lowercased())]\(escaped)#[fg=default]"
        case .polybar:
            // Polybar 3.6 has no escape for a tag: an invisible break keeps `%{` from opening one.
            let escaped = text.replacing("%{", with: "%\u{200B}{")
            guard let color = BarFormat.color(state), !text.isEmpty else { return escaped }
            return "%{F\(color)}\(escaped)%{F-}"
        case .i3blocks:
            // i3blocks (1.4 and since) reads a value as a quoted string up to its first quote,
            // escaped or not, or as digits: quotes and backslashes become look-alikes, and
            // `urgent` goes as the string "true", which it passes on to i3bar as `true`.
            var object: JSONObject = ["full_text": .string(Self.i3blocksText(text))]
            if let glance, glance.shown != nil {
                object["short_text"] = .string(Self.i3blocksText(BarTemplate.short.fill(glance, calendar: calendar)))
            }
            if let color = BarFormat.color(state), !text.isEmpty { object["color"] = .string(color) }
            if state == .ringing { object["urgent"] = "true" }
            return JSONWriter.string(.object(object))
        case .waybar:
            let object: JSONObject = [
                "text": .string(Markup.escape(text)),
                "tooltip": .string(Markup.escape(tooltip(glance, calendar: calendar))),
                "class": .string(state.rawValue),
                "percentage": .integer(Int64(glance?.percent ?? 0)),
                "alt": .string(state.rawValue),
            ]
            return JSONWriter.string(.object(object))
        }
    }

    /// `text` without the characters i3blocks cannot pass on: `"` and `\` as ＂ and ＼.
    static func i3blocksText(_ text: String) -> String {
        guard text.contains(where: { $0 == "\"" || $0 == "\\" }) else { return text }
        return String(text.map { $0 == "\"" ? "＂" : $0 == "\\" ? "＼" : $0 })
    }

    /// Every timer shown, a line each: `pasta  7:42`, `tea  3:00 (paused)`, with the message.
    func tooltip(_ glance: BarGlance?, calendar: LocalCalendar) -> String {
        guard let glance else { return "timerd is not running" }
        guard !glance.timers.isEmpty else { return "No timers" }
        return glance.timers.map { timer in
            var line = "\(timer.name)  \(BarGlance.left(timer))"
            switch BarGlance.state(timer) {
            case .paused: line += " (paused)"
            case .ringing: line += " (ringing)"
            default: break
            }
            if let message = timer.message { line += " — " + BarTemplate.oneLine(message) }
            return line
        }.joined(separator: "\n")
    }

    /// Whether the line shows every timer (a tooltip) and so changes when any of them does.
    var showsAll: Bool { format == .waybar }
}
