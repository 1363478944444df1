import Protocol

extension CompletionSpec {
    /// The zsh script, for compsys. zsh quotes what `compadd` inserts, so names need no care here.
    var zsh: String {
        func alternatives(_ words: [String]) -> String { words.isEmpty ? "''" : words.joined(separator: "|") }
        let subcommandCases = commands.filter { !$0.subcommands.isEmpty }.map { command in
            "                (\(alternatives(command.words))) subcommands=(\(command.subcommands.map(\.name).joined(separator: " "))) ;;"
        }
        var operandCases: [String] = []
        for command in commands {
            if let operands = command.operands {
                operandCases.append("            (\(alternatives(command.words))) first=\(operands.first.word) rest=\(operands.rest.word) ;;")
            }
            for sub in command.subcommands {
                let words = command.words.map { "'\($0) \(sub.name)'" }
                operandCases.append(
                    "            (\(words.joined(separator: "|"))) first=\(sub.operands.first.word) rest=\(sub.operands.rest.word) ;;")
            }
        }
        let optionCases = commands.map { command in
            "                (\(alternatives(command.words))) candidates=(\(command.options.joined(separator: " "))) ;;"
        }
        let valueCases = valueOptionsByCount.map { count, options in
            """
                            (\(alternatives(options)))
                                if (( i + \(count - 1) >= CURRENT )); then
                                    value_of=$word
                                    break
                                fi
                                [[ $word == --socket ]] && socket=${(Q)words[i]}
                                (( i += \(count) ))
                                continue ;;
            """
        }
        let described = commands.flatMap { command in
            command.words.map { word in "        " + "\(word):\(command.summary)".singleQuoted }
        }
        return #"""
            #compdef timerctl
            # zsh completion for timerctl, made by `timerctl completion zsh` (timerd \#(timerdVersion)).
            # Install it as _timerctl in a directory on $fpath before compinit runs (`make install`
            # puts it in PREFIX/share/zsh/site-functions), or load it after compinit with
            # `source <(timerctl completion zsh)`.

            _timerctl() {
                local program=timerctl command= sub= socket= value_of= ended= kind= first=nothing rest=nothing word expl
                local -a candidates subcommands arguments described operands
                local -i i=2 position=0
                described=(
            \#(described.joined(separator: "\n"))
                )
                # The timerctl being completed, if it was typed with a path.
                word=${(Q)words[1]}
                [[ $word == */* && -x ${word/#\~\//$HOME/} ]] && program=${word/#\~\//$HOME/}

                while (( i < CURRENT )); do
                    word=${(Q)words[i]}
                    (( i++ ))
                    if [[ -z $ended ]]; then
                        case $word in
                            (--) ended=1; continue ;;
            \#(valueCases.joined(separator: "\n"))
                            (--socket=*) socket=${word#*=}; continue ;;
                            (-[0-9]*) ;;
                            (-?*) continue ;;
                        esac
                    fi
                    if [[ -z $command ]]; then
                        command=$word
                        case $command in
            \#(subcommandCases.joined(separator: "\n"))
                        esac
                    elif (( $#subcommands )) && [[ -z $sub ]]; then
                        sub=$word
                    else
                        (( position++ ))
                        operands+=("$word")
                    fi
                done

                if [[ -n $value_of ]]; then
                    kind=value
                elif [[ -z $ended && $PREFIX == --*=* ]]; then
                    value_of=${PREFIX%%=*}
                    compset -P '*='
                    kind=value
                elif [[ -z $ended && $PREFIX == -* && $PREFIX != -[0-9]* ]]; then
                    kind=option
                elif [[ -z $command ]]; then
                    kind=command
                elif (( $#subcommands )) && [[ -z $sub ]]; then
                    kind=subcommand
                else
                    case "$command${sub:+ $sub}" in
            \#(operandCases.joined(separator: "\n"))
                    esac
                    kind=$rest
                    (( position == 0 )) && kind=$first
                fi

                case $kind in
                    (value)
                        case $value_of in
                            (\#(alternatives(fileOptions))) _files ;;
                        esac ;;
                    (option)
                        candidates=(\#(topLevelOptions.joined(separator: " ")))
                        case $command in
            \#(optionCases.joined(separator: "\n"))
                        esac
                        _wanted options expl option compadd -a candidates ;;
                    (command) _describe -t commands 'timerctl command' described ;;
                    (subcommand) _wanted subcommands expl "$command command" compadd -a subcommands ;;
                    (timer:*|preset|checklist)
                        arguments=(__complete)
                        [[ -n $socket ]] && arguments+=(--socket "$socket")
                        case $kind in
                            (timer:*) arguments+=(timers "${kind#timer:}") ;;
                            (preset) arguments+=(presets) ;;
                            (checklist) arguments+=(checklist -- "${operands[@]}") ;;
                        esac
                        candidates=(${(f)"$($program "${arguments[@]}" 2>/dev/null)"})
                        if [[ $kind == checklist ]]; then
                            # A word, a tab and what it is: _describe shows both, in timerctl's order.
                            described=("${(@)candidates/$'\t'/:}")
                            _describe -V -t checklist 'checklist' described
                        else
                            _wanted ${kind%%:*}s expl ${kind%%:*} compadd -a candidates
                        fi ;;
                    (shell) _wanted shells expl shell compadd \#(Completion.Shell.allCases.map(\.rawValue).joined(separator: " ")) ;;
                esac
            }

            if [[ $funcstack[1] == _timerctl ]]; then
                # Autoloaded from $fpath: this file is the function's body on its first call.
                _timerctl "$@"
            elif (( $+functions[compdef] )); then
                compdef _timerctl timerctl
            else
                print -u2 'timerctl: run compinit before loading its completion (autoload -U compinit && compinit)'
            fi

            """#
    }
}
