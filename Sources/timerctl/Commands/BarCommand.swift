import Glibc
import Protocol

/// `timerctl bar [NAME...]`: the timers as a status bar, a panel or a prompt shows them.
struct BarCommand: Command {
    static let topic = Help.Topic(
        name: "bar", usage: "timerctl bar [NAME...] [--format F] [--follow] [OPTIONS]",
        summary: "The next timer and its time left, for a status bar or a prompt.",
        details: """
              --format F       plain (the default: a prompt, conky), tmux, waybar (JSON),
                               i3blocks (JSON), polybar
              --follow         keep writing a line whenever it changes (for a bar that
                               reads a script's lines); without it, one line and exit
              --template T     the text, from {icon} {name} {left} {others} {count}
                               {state} {percent} {ends} {message}; the default is
                               '{icon} {name} {left} {others}'
              --idle TEXT      the text when there are no timers (default: empty, which
                               hides a bar's module)
              --offline TEXT   the text while timerd is not running (default: empty)

            Shows the timer ringing, else the one with the least time left (of the NAMEs
            if given), its time left (7:42 under an hour, 1h05m, 2d 21h), ⏸ when paused,
            🔔 while it rings, and how many others are on (+2). Never starts timerd.
            With --follow it wakes only when the text changes: each second while seconds
            show, each minute while minutes do, not at all while everything is paused.
            A click can act on the timer shown: `timerctl toggle @next` pauses, resumes
            or stops its ring; @next and @ringing work with every command that takes a
            name. The README has configurations for waybar, i3blocks, polybar and tmux.
            """,
        examples: [
            "timerctl bar", "timerctl bar --format waybar --follow", "timerctl bar pasta --template '{name}: {left}'",
            "timerctl bar --format tmux",
        ],
        options: ["--format", "--follow", "--template", "--idle", "--offline"],
        operands: Completion.Operands(first: .timer(.any), rest: .timer(.any)))

    /// The timers to show; none: all of them.
    var pinned: [String]
    var style: BarStyle
    var follows: Bool

    init(pinned: [String] = [], style: BarStyle = BarStyle(), follows: Bool = false) {
        self.pinned = pinned
        self.style = style
        self.follows = follows
    }

    init(_ input: CommandInput) throws(UsageError) {
        pinned = input.operands.map(TimerText.normalized)
        style = BarStyle()
        if let text = input.options.values["format"] {
            guard let format = BarFormat(rawValue: text) else {
                throw input.refusal(
                    "\(TimerText.quoted(text)) is not a bar format; use one of "
                        + BarFormat.allCases.map(\.rawValue).joined(separator: ", ") + ".")
            }
            style.format = format
        }
        if let text = input.options.values["template"] { style.template = try BarTemplate(text) }
        style.idle = input.options.values["idle"] ?? ""
        style.offline = input.options.values["offline"] ?? ""
        follows = input.options.switches.contains("--follow")
    }

    func run(_ context: CommandContext) throws(CtlFailure) {
        if follows {
            var follow = BarFollow(
                pinned: pinned, style: style, calendar: context.calendar, socketPath: context.socketPath,
                readsClicks: style.format == .i3blocks && isatty(0) == 0
            ) { () throws(CtlFailure) in try context.connect(spawn: false) }
            return try follow.run()
        }
        let glance: BarGlance?
        do {
            var connection = try context.connect(spawn: false)
            let timers = try context.list(&connection).timers
            glance = BarGlance(timers: timers, pinned: pinned, now: CommandContext.wallNow())
        } catch where error.kind == .unreachable {
            // A prompt runs this every time: no daemon is not an error there, only an empty line.
            if isatty(1) != 0 { BarFollow.note(error.message) }
            glance = nil
        }
        var output = BarOutput()
        _ = output.write(style.line(glance, calendar: context.calendar))
    }
}
