extension Help {
    /// `timerctl help preset`.
    static let presetTopic = Topic(
        name: "preset", aliases: ["presets"],
        usage: "timerctl preset set NAME DURATION [-m TEXT] | ls [--json] | rm NAME...",
        summary: "Save timers by name, for `timerctl start NAME`.",
        details: """
              set NAME DURATION    save a preset, or replace the one of that name;
                                   DURATION as for start
                -m, --message TEXT shown in its notification
              ls                   list the presets (`timerctl preset` alone does too)
                --json             print them as JSON, for scripts
              rm NAME...           forget presets
            Presets live in timerd.conf (~/.config/timerd/, $XDG_CONFIG_HOME/timerd/ or
            the file TIMERD_CONFIG names): lengths under [presets] as egg=6m30s, messages
            under [preset-messages]. Comments and other settings there are kept.
            """,
        examples: [
            "timerctl preset set egg 6m30s", "timerctl preset set tea 3m -m 'take the bag out'",
            "timerctl preset ls", "timerctl preset ls --json | jq -r '.[].name'",
            "timerctl preset rm egg", "timerctl preset rm egg tea",
        ],
        options: ["--message", "--json"])
}
