import Protocol

extension CompletionSpec {
    /// The bash script. It splits the command line itself (bash's `COMP_WORDS` breaks words at
    /// `:` and `=`, which names may hold) and quotes each name the way the word was begun:
    /// `tea\ break` unquoted, `'tea break` after an opening `'`, where readline adds the
    /// closing quote. It needs nothing from the bash-completion package.
    var bash: String {
        let none = "''"
        func alternatives(_ words: [String]) -> String { words.isEmpty ? none : words.joined(separator: "|") }
        let optionCases = commands.map { command in
            "                \(alternatives(command.words))) candidates=(\(command.options.joined(separator: " "))) ;;"
        }
        let subcommandCases = commands.filter { !$0.subcommands.isEmpty }.map { command in
            "                \(alternatives(command.words))) subcommands='\(command.subcommands.map(\.name).joined(separator: " "))' ;;"
        }
        var operandCases: [String] = []
        for command in commands {
            if let operands = command.operands {
                operandCases.append(
                    "            \(alternatives(command.words))) first=\(operands.first.word) rest=\(operands.rest.word) ;;")
            }
            for sub in command.subcommands {
                let words = command.words.map { "'\($0) \(sub.name)'" }
                operandCases.append(
                    "            \(words.joined(separator: "|"))) first=\(sub.operands.first.word) rest=\(sub.operands.rest.word) ;;")
            }
        }
        // An option's values are skipped; when the word being typed is one, it is completed as such.
        let valueCases = valueOptionsByCount.map { count, options in
            """
                            \(alternatives(options)))
                                if ((i + \(count - 1) >= ${#words[@]})); then
                                    value_of=$word
                                    break
                                fi
                                [[ $word == --socket ]] && socket=${words[i]}
                                i+=\(count)
                                continue ;;
            """
        }
        let subcommandWords = commands.filter { !$0.subcommands.isEmpty }.map { command in
            "                \(alternatives(command.words))) candidates=(\(command.subcommands.map(\.name).joined(separator: " "))) ;;"
        }
        return #"""
            # bash completion for timerctl, made by `timerctl completion bash` (timerd \#(timerdVersion)).
            # Load it with `source <(timerctl completion bash)`, or install it as
            # ~/.local/share/bash-completion/completions/timerctl (`make install` does).

            # Splits $1, the command line up to the cursor, as the shell will: sets `words` to the
            # words before the one being typed and `cur` to that one (quotes and backslashes
            # removed), `raw` to it as typed and `quote` to the quote it opened, if still open.
            _timerctl_split() {
                local line=$1 c
                local -i i=0 n=${#line} started=0
                words=() cur= raw= quote=
                while ((i < n)); do
                    c=${line:i:1}
                    i+=1
                    if [[ -n $quote ]]; then
                        raw+=$c
                        if [[ $c == "$quote" ]]; then
                            quote=
                        elif [[ $quote == '"' && $c == '\' ]] && ((i < n)); then
                            c=${line:i:1}
                            i+=1
                            raw+=$c
                            [[ $c == ['"\$`'] ]] || cur+='\'
                            cur+=$c
                        else
                            cur+=$c
                        fi
                    elif [[ $c == [[:blank:]] ]]; then
                        ((started)) && words+=("$cur")
                        cur= raw= started=0
                    else
                        started=1
                        raw+=$c
                        if [[ $c == '\' ]]; then
                            if ((i < n)); then
                                c=${line:i:1}
                                i+=1
                                raw+=$c
                                cur+=$c
                            fi
                        elif [[ $c == [\'\"] ]]; then
                            quote=$c
                        else
                            cur+=$c
                        fi
                    fi
                done
            }

            _timerctl() {
                local IFS=$' \t\n' line cur raw quote word text pre= program=timerctl
                local command= sub= subcommands= socket= value_of= kind= ended= first=nothing rest=nothing
                local -a words=() candidates=() operands=() asked=()
                local -i i=1 position=0
                COMPREPLY=()
                if [[ -n ${COMP_LINE+set} ]]; then
                    line=${COMP_LINE:0:COMP_POINT}
                else
                    line="${COMP_WORDS[*]:0:COMP_CWORD+1}"
                fi
                _timerctl_split "$line"
                # Readline replaces the text after the last word break or the opening quote: $2
                # when bash calls us, else the word after its quote.
                text=$raw
                if (($# >= 2)); then
                    text=$2
                elif [[ -n $quote ]]; then
                    text=${raw#*"$quote"}
                fi
                ((${#text} <= ${#raw})) && pre=${raw:0:${#raw}-${#text}}
                # The timerctl being completed, if it was typed with a path.
                if [[ ${words[0]} == */* ]]; then
                    word=${words[0]/#\~\//$HOME/}
                    [[ -x $word ]] && program=$word
                fi

                while ((i < ${#words[@]})); do
                    word=${words[i]}
                    i+=1
                    if [[ -z $ended ]]; then
                        case $word in
                            --) ended=1; continue ;;
            \#(valueCases.joined(separator: "\n"))
                            --socket=*) socket=${word#*=}; continue ;;
                            -[0-9]*) ;;
                            -?*) continue ;;
                        esac
                    fi
                    if [[ -z $command ]]; then
                        command=$word
                        case $command in
            \#(subcommandCases.joined(separator: "\n"))
                        esac
                    elif [[ -n $subcommands && -z $sub ]]; then
                        sub=$word
                    else
                        position+=1
                        operands+=("$word")
                    fi
                done

                if [[ -n $value_of ]]; then
                    kind=value
                elif [[ -z $ended && $cur == --*=* ]]; then
                    kind=value value_of=${cur%%=*} cur=${cur#*=}
                elif [[ -z $ended && $cur == -* && $cur != -[0-9]* ]]; then
                    kind=option
                elif [[ -z $command ]]; then
                    kind=command
                elif [[ -n $subcommands && -z $sub ]]; then
                    kind=subcommand
                else
                    case $command${sub:+ $sub} in
            \#(operandCases.joined(separator: "\n"))
                    esac
                    kind=$rest
                    ((position == 0)) && kind=$first
                fi

                case $kind in
                    value)
                        case $value_of in
                            \#(alternatives(fileOptions)))
                                compopt -o filenames 2>/dev/null
                                mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
                        esac
                        return ;;
                    option)
                        candidates=(\#(topLevelOptions.joined(separator: " ")))
                        case $command in
            \#(optionCases.joined(separator: "\n"))
                        esac ;;
                    command) candidates=(\#(commands.flatMap(\.words).joined(separator: " "))) ;;
                    subcommand)
                        case $command in
            \#(subcommandWords.joined(separator: "\n"))
                        esac ;;
                    timer:*) asked=(timers "${kind#timer:}") ;;
                    preset) asked=(presets) ;;
                    checklist) asked=(checklist -- "${operands[@]}") ;;
                    shell) candidates=(\#(Completion.Shell.allCases.map(\.rawValue).joined(separator: " "))) ;;
                esac
                if ((${#asked[@]})); then
                    # A line is a name, or a word, a tab and what it is: bash shows the word alone.
                    while IFS= read -r word; do
                        candidates+=("${word%%$'\t'*}")
                    done < <("$program" __complete ${socket:+--socket "$socket"} "${asked[@]}" 2>/dev/null)
                fi

                for word in "${candidates[@]}"; do
                    [[ $word == "$cur"* ]] || continue
                    case $quote in
                        "'") word="'${word//"'"/"'\''"}" ;;
                        '"')
                            word=${word//'\'/'\\'}
                            word=${word//'"'/'\"'}
                            word=${word//'$'/'\$'}
                            word="\"${word//'`'/'\`'}" ;;
                        *) printf -v word %q "$word" ;;
                    esac
                    [[ $word == "$pre"* ]] && COMPREPLY+=("${word:${#pre}}")
                done
            }

            complete -F _timerctl timerctl

            """#
    }
}
