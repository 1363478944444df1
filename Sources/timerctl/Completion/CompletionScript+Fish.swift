import Protocol

extension CompletionSpec {
    /// The fish script: one function prints what the word being typed can be, and fish filters
    /// and quotes it.
    var fish: String {
        func words(_ list: [String]) -> String { list.map(\.fishQuoted).joined(separator: " ") }
        let subcommandCases = commands.filter { !$0.subcommands.isEmpty }.map { command in
            """
                                case \(words(command.words))
                                    set subcommands \(words(command.subcommands.map(\.name)))
            """
        }
        var operandCases: [String] = []
        for command in commands {
            if let operands = command.operands {
                operandCases.append(
                    """
                                case \(words(command.words))
                                    set first \(operands.first.word); set rest \(operands.rest.word)
                    """)
            }
            for sub in command.subcommands {
                operandCases.append(
                    """
                                case \(words(command.words.map { "\($0) \(sub.name)" }))
                                    set first \(sub.operands.first.word); set rest \(sub.operands.rest.word)
                    """)
            }
        }
        let optionCases = commands.map { command in
            """
                            case \(words(command.words))
                                set options \(words(command.options))
            """
        }
        let valueCases = valueOptionsByCount.map { count, options in
            """
                        else if contains -- $word \(words(options))
                            if test (math $i + \(count - 1)) -gt (count $tokens)
                                set value_of $word
                                break
                            end
                            test $word = --socket; and set socket $tokens[$i]
                            set i (math $i + \(count))
                            continue
            """
        }
        let described = commands.flatMap { command in
            command.words.map { "                \("\($0)\t\(command.summary)".fishQuoted) \\" }
        }
        let subcommandWords = commands.filter { !$0.subcommands.isEmpty }.map { command in
            """
                            case \(words(command.words))
                                printf '%s\\n' \(words(command.subcommands.map(\.name)))
            """
        }
        return #"""
            # fish completion for timerctl, made by `timerctl completion fish` (timerd \#(timerdVersion)).
            # Install it as ~/.config/fish/completions/timerctl.fish (`make install` puts it in
            # PREFIX/share/fish/vendor_completions.d), or load it with `timerctl completion fish | source`.

            function __timerctl_complete --description 'What the word being typed after timerctl can be'
                set -l tokens (commandline -opc)
                set -l cur (commandline -ct)
                set -l program timerctl
                set -l command; set -l sub; set -l subcommands; set -l socket; set -l value_of; set -l operands
                set -l ended 0; set -l position 0; set -l i 2
                # The timerctl being completed, if it was typed with a path.
                if string match -q -- '*/*' $tokens[1]; and test -x $tokens[1]
                    set program $tokens[1]
                end

                while test $i -le (count $tokens)
                    set -l word $tokens[$i]
                    set i (math $i + 1)
                    if test $ended = 0
                        if test "$word" = --
                            set ended 1
                            continue
            \#(valueCases.joined(separator: "\n"))
                        else if string match -q -- '--socket=*' $word
                            set socket (string replace -- --socket= '' $word)
                            continue
                        else if string match -qr -- '^-.' $word; and not string match -qr -- '^-[0-9]' $word
                            continue
                        end
                    end
                    if test -z "$command"
                        set command $word
                        switch $command
            \#(subcommandCases.joined(separator: "\n"))
                        end
                    else if set -q subcommands[1]; and test -z "$sub"
                        set sub $word
                    else
                        set position (math $position + 1)
                        set -a operands $word
                    end
                end

                set -l kind
                set -l first nothing; set -l rest nothing
                if test -n "$value_of"
                    set kind value
                else if test $ended = 0; and string match -q -- '--*=*' $cur
                    set kind value-after-equals
                else if test $ended = 0; and string match -qr -- '^-' $cur; and not string match -qr -- '^-[0-9]' $cur
                    set kind option
                else if test -z "$command"
                    set kind command
                else if set -q subcommands[1]; and test -z "$sub"
                    set kind subcommand
                else
                    switch (string trim -- "$command $sub")
            \#(operandCases.joined(separator: "\n"))
                    end
                    set kind $rest
                    test $position = 0; and set kind $first
                end

                switch $kind
                    case value
                        if contains -- $value_of \#(words(fileOptions))
                            __fish_complete_path $cur
                        end
                    case value-after-equals
                        set -l option (string split -m 1 = -- $cur)
                        if contains -- $option[1] \#(words(fileOptions))
                            for path in (__fish_complete_path $option[2])
                                printf '%s=%s\n' $option[1] $path
                            end
                        end
                    case option
                        set -l options \#(words(topLevelOptions))
                        switch $command
            \#(optionCases.joined(separator: "\n"))
                        end
                        printf '%s\n' $options
                    case command
                        printf '%s\n' \
            \#(described.joined(separator: "\n"))

                    case subcommand
                        switch $command
            \#(subcommandWords.joined(separator: "\n"))
                        end
                    case 'timer:*' preset checklist
                        # A line is a name, or a word, a tab and what it is (fish shows both).
                        set -l arguments __complete
                        test -n "$socket"; and set -a arguments --socket $socket
                        switch $kind
                            case preset
                                set -a arguments presets
                            case checklist
                                set -a arguments checklist -- $operands
                            case '*'
                                set -a arguments timers (string replace -- timer: '' $kind)
                        end
                        $program $arguments 2>/dev/null
                    case shell
                        printf '%s\n' \#(words(Completion.Shell.allCases.map(\.rawValue)))
                end
            end

            complete -c timerctl -f -a '(__timerctl_complete)'

            """#
    }
}

extension String {
    /// The text in single quotes for fish, where `\` and `'` are escaped with a backslash.
    var fishQuoted: String {
        "'" + replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
    }

    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
