_asimi__prompt() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="asimi__prompt"
                ;;
            asimi__prompt,apply)
                cmd="asimi__prompt__subcmd__apply"
                ;;
            asimi__prompt,commit)
                cmd="asimi__prompt__subcmd__commit"
                ;;
            asimi__prompt,completions)
                cmd="asimi__prompt__subcmd__completions"
                ;;
            asimi__prompt,compress)
                cmd="asimi__prompt__subcmd__compress"
                ;;
            asimi__prompt,context)
                cmd="asimi__prompt__subcmd__context"
                ;;
            asimi__prompt,export)
                cmd="asimi__prompt__subcmd__export"
                ;;
            asimi__prompt,goal)
                cmd="asimi__prompt__subcmd__goal"
                ;;
            asimi__prompt,help)
                cmd="asimi__prompt__subcmd__help"
                ;;
            asimi__prompt,man)
                cmd="asimi__prompt__subcmd__man"
                ;;
            asimi__prompt,map)
                cmd="asimi__prompt__subcmd__map"
                ;;
            asimi__prompt,messages)
                cmd="asimi__prompt__subcmd__messages"
                ;;
            asimi__prompt,models)
                cmd="asimi__prompt__subcmd__models"
                ;;
            asimi__prompt,prompt)
                cmd="asimi__prompt__subcmd__prompt"
                ;;
            asimi__prompt,reply)
                cmd="asimi__prompt__subcmd__reply"
                ;;
            asimi__prompt,system)
                cmd="asimi__prompt__subcmd__system"
                ;;
            asimi__prompt,template)
                cmd="asimi__prompt__subcmd__template"
                ;;
            asimi__prompt__subcmd__goal,apply)
                cmd="asimi__prompt__subcmd__goal__subcmd__apply"
                ;;
            asimi__prompt__subcmd__goal,help)
                cmd="asimi__prompt__subcmd__goal__subcmd__help"
                ;;
            asimi__prompt__subcmd__goal,history)
                cmd="asimi__prompt__subcmd__goal__subcmd__history"
                ;;
            asimi__prompt__subcmd__goal,show)
                cmd="asimi__prompt__subcmd__goal__subcmd__show"
                ;;
            asimi__prompt__subcmd__goal__subcmd__help,apply)
                cmd="asimi__prompt__subcmd__goal__subcmd__help__subcmd__apply"
                ;;
            asimi__prompt__subcmd__goal__subcmd__help,help)
                cmd="asimi__prompt__subcmd__goal__subcmd__help__subcmd__help"
                ;;
            asimi__prompt__subcmd__goal__subcmd__help,history)
                cmd="asimi__prompt__subcmd__goal__subcmd__help__subcmd__history"
                ;;
            asimi__prompt__subcmd__goal__subcmd__help,show)
                cmd="asimi__prompt__subcmd__goal__subcmd__help__subcmd__show"
                ;;
            asimi__prompt__subcmd__help,apply)
                cmd="asimi__prompt__subcmd__help__subcmd__apply"
                ;;
            asimi__prompt__subcmd__help,commit)
                cmd="asimi__prompt__subcmd__help__subcmd__commit"
                ;;
            asimi__prompt__subcmd__help,completions)
                cmd="asimi__prompt__subcmd__help__subcmd__completions"
                ;;
            asimi__prompt__subcmd__help,compress)
                cmd="asimi__prompt__subcmd__help__subcmd__compress"
                ;;
            asimi__prompt__subcmd__help,context)
                cmd="asimi__prompt__subcmd__help__subcmd__context"
                ;;
            asimi__prompt__subcmd__help,export)
                cmd="asimi__prompt__subcmd__help__subcmd__export"
                ;;
            asimi__prompt__subcmd__help,goal)
                cmd="asimi__prompt__subcmd__help__subcmd__goal"
                ;;
            asimi__prompt__subcmd__help,help)
                cmd="asimi__prompt__subcmd__help__subcmd__help"
                ;;
            asimi__prompt__subcmd__help,man)
                cmd="asimi__prompt__subcmd__help__subcmd__man"
                ;;
            asimi__prompt__subcmd__help,map)
                cmd="asimi__prompt__subcmd__help__subcmd__map"
                ;;
            asimi__prompt__subcmd__help,messages)
                cmd="asimi__prompt__subcmd__help__subcmd__messages"
                ;;
            asimi__prompt__subcmd__help,models)
                cmd="asimi__prompt__subcmd__help__subcmd__models"
                ;;
            asimi__prompt__subcmd__help,prompt)
                cmd="asimi__prompt__subcmd__help__subcmd__prompt"
                ;;
            asimi__prompt__subcmd__help,reply)
                cmd="asimi__prompt__subcmd__help__subcmd__reply"
                ;;
            asimi__prompt__subcmd__help,system)
                cmd="asimi__prompt__subcmd__help__subcmd__system"
                ;;
            asimi__prompt__subcmd__help,template)
                cmd="asimi__prompt__subcmd__help__subcmd__template"
                ;;
            asimi__prompt__subcmd__help__subcmd__goal,apply)
                cmd="asimi__prompt__subcmd__help__subcmd__goal__subcmd__apply"
                ;;
            asimi__prompt__subcmd__help__subcmd__goal,history)
                cmd="asimi__prompt__subcmd__help__subcmd__goal__subcmd__history"
                ;;
            asimi__prompt__subcmd__help__subcmd__goal,show)
                cmd="asimi__prompt__subcmd__help__subcmd__goal__subcmd__show"
                ;;
            asimi__prompt__subcmd__help__subcmd__prompt,get)
                cmd="asimi__prompt__subcmd__help__subcmd__prompt__subcmd__get"
                ;;
            asimi__prompt__subcmd__help__subcmd__template,convert)
                cmd="asimi__prompt__subcmd__help__subcmd__template__subcmd__convert"
                ;;
            asimi__prompt__subcmd__help__subcmd__template,list)
                cmd="asimi__prompt__subcmd__help__subcmd__template__subcmd__list"
                ;;
            asimi__prompt__subcmd__help__subcmd__template,render)
                cmd="asimi__prompt__subcmd__help__subcmd__template__subcmd__render"
                ;;
            asimi__prompt__subcmd__prompt,get)
                cmd="asimi__prompt__subcmd__prompt__subcmd__get"
                ;;
            asimi__prompt__subcmd__prompt,help)
                cmd="asimi__prompt__subcmd__prompt__subcmd__help"
                ;;
            asimi__prompt__subcmd__prompt__subcmd__help,get)
                cmd="asimi__prompt__subcmd__prompt__subcmd__help__subcmd__get"
                ;;
            asimi__prompt__subcmd__prompt__subcmd__help,help)
                cmd="asimi__prompt__subcmd__prompt__subcmd__help__subcmd__help"
                ;;
            asimi__prompt__subcmd__template,convert)
                cmd="asimi__prompt__subcmd__template__subcmd__convert"
                ;;
            asimi__prompt__subcmd__template,help)
                cmd="asimi__prompt__subcmd__template__subcmd__help"
                ;;
            asimi__prompt__subcmd__template,list)
                cmd="asimi__prompt__subcmd__template__subcmd__list"
                ;;
            asimi__prompt__subcmd__template,render)
                cmd="asimi__prompt__subcmd__template__subcmd__render"
                ;;
            asimi__prompt__subcmd__template__subcmd__help,convert)
                cmd="asimi__prompt__subcmd__template__subcmd__help__subcmd__convert"
                ;;
            asimi__prompt__subcmd__template__subcmd__help,help)
                cmd="asimi__prompt__subcmd__template__subcmd__help__subcmd__help"
                ;;
            asimi__prompt__subcmd__template__subcmd__help,list)
                cmd="asimi__prompt__subcmd__template__subcmd__help__subcmd__list"
                ;;
            asimi__prompt__subcmd__template__subcmd__help,render)
                cmd="asimi__prompt__subcmd__template__subcmd__help__subcmd__render"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        asimi__prompt)
            opts="-C -h -V --cwd --template-fuel --template-bytes --model --mode --context-window --sandbox --templates --tool-name --protocol --goal --ascii --data --set --hermetic --no-hermetic --agent-name --interactive --non-interactive --no-section --append-system-prompt --memory --memory-file --context-file --skill --skill-arg --mcp-config --mcp-server --trust-project-mcp --mcp-timeout --require-mcp --sanity --no-sanity --check --update --json --help --version system export messages context compress reply commit map apply goal template prompt models completions man help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --cwd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-fuel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --model)
                    COMPREPLY=($(compgen -W "anthropic/claude-3-haiku anthropic/claude-fable-5 anthropic/claude-fable-5.1 anthropic/claude-fable-5.2 anthropic/claude-haiku-4.5 anthropic/claude-haiku-5.5 anthropic/claude-mythos-5 anthropic/claude-mythos-5.1 anthropic/claude-mythos-5.2 anthropic/claude-opus-4.5 anthropic/claude-opus-4.6 anthropic/claude-opus-4.7 anthropic/claude-opus-4.8 anthropic/claude-opus-5 anthropic/claude-opus-5.5 anthropic/claude-sonnet-4.6 anthropic/claude-sonnet-5 anthropic/claude-sonnet-5.5 claude-3-haiku claude-fable-5 claude-fable-5-1 claude-fable-5-2 claude-haiku-4-5 claude-haiku-5-5 claude-mythos-5 claude-mythos-5-1 claude-mythos-5-2 claude-opus-4-5 claude-opus-4-6 claude-opus-4-7 claude-opus-4-8 claude-opus-5 claude-opus-5-5 claude-sonnet-4-6 claude-sonnet-5 claude-sonnet-5-5 computer-use-preview gemini-1.5-flash gemini-1.5-pro gemini-2.5-flash-lite gemini-3-flash-preview gemini-3.1-flash-lite gemini-3.1-pro-preview gemini-3.5-flash gemini-3.5-flash-lite gemini-3.6-flash gemini-3.7-flash gemini-3.8-flash gemini-4-argon gemini-4-carbon gemini-4-hydrogen gemini-4-neon gemini-flash-latest gemini-flash-lite-latest gemini-pro-latest google/gemini-2.5-flash-lite google/gemini-3-flash-preview google/gemini-3.1-flash-lite google/gemini-3.1-pro-preview google/gemini-3.5-flash google/gemini-3.5-flash-lite google/gemini-3.6-flash google/gemini-3.7-flash google/gemini-3.8-flash google/gemini-4-argon google/gemini-4-carbon google/gemini-4-hydrogen google/gemini-4-neon gpt-4.1 gpt-4o gpt-5 gpt-5-2025-08-07 gpt-5-mini gpt-5-nano gpt-5-pro gpt-5.1 gpt-5.1-2025-11-13 gpt-5.2 gpt-5.2-pro gpt-5.4 gpt-5.4-mini gpt-5.4-nano gpt-5.5 gpt-5.5-cyber-preview gpt-5.5-pro gpt-5.6-cyber gpt-5.6-luna gpt-5.6-sol gpt-5.6-terra gpt-6-astra gpt-6-cyber gpt-6-luna gpt-6-rosalind gpt-6-sol gpt-6.1-sol gpt-6.1-terra gpt-6.2-astra gpt-6.2-sol gpt-audio-mini gpt-rosalind-research o3 openai/gpt-4.1 openai/gpt-4o openai/gpt-5 openai/gpt-5-mini openai/gpt-5-nano openai/gpt-5-pro openai/gpt-5.1 openai/gpt-5.2 openai/gpt-5.2-pro openai/gpt-5.4 openai/gpt-5.4-mini openai/gpt-5.4-nano openai/gpt-5.5 openai/gpt-5.5-pro openai/gpt-5.6-luna openai/gpt-5.6-sol openai/gpt-5.6-terra openai/gpt-6-astra openai/gpt-6-luna openai/gpt-6-sol openai/gpt-6.1-sol openai/gpt-6.1-terra openai/gpt-6.2-astra openai/gpt-6.2-sol openai/o openai/o3" -- "${cur}"))
                    return 0
                    ;;
                --mode)
                    COMPREPLY=($(compgen -W "assistant developer planning debugger user" -- "${cur}"))
                    return 0
                    ;;
                --context-window)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sandbox)
                    COMPREPLY=($(compgen -W "auto macos generic none" -- "${cur}"))
                    return 0
                    ;;
                --templates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tool-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --protocol)
                    COMPREPLY=($(compgen -W "tools edits" -- "${cur}"))
                    return 0
                    ;;
                --goal)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --data)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --set)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --agent-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --no-section)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --append-system-prompt)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --memory)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --memory-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --skill)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --skill-arg)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mcp-config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mcp-server)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mcp-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --check)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__apply)
            opts="-C -h --cwd --template-fuel --template-bytes --dry-run --json --session --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --cwd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-fuel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__commit)
            opts="-C -a -h --cwd --template-fuel --template-bytes --all --provider --max-tokens --stream --allow-retired --allow-model-mismatch --system-role --compact --secrets --prompt-only --model --templates --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --cwd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-fuel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --provider)
                    COMPREPLY=($(compgen -W "anthropic openai openai-responses openrouter gemini raw" -- "${cur}"))
                    return 0
                    ;;
                --max-tokens)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --system-role)
                    COMPREPLY=($(compgen -W "system developer" -- "${cur}"))
                    return 0
                    ;;
                --secrets)
                    COMPREPLY=($(compgen -W "redact error allow" -- "${cur}"))
                    return 0
                    ;;
                --model)
                    COMPREPLY=($(compgen -W "anthropic/claude-3-haiku anthropic/claude-fable-5 anthropic/claude-fable-5.1 anthropic/claude-fable-5.2 anthropic/claude-haiku-4.5 anthropic/claude-haiku-5.5 anthropic/claude-mythos-5 anthropic/claude-mythos-5.1 anthropic/claude-mythos-5.2 anthropic/claude-opus-4.5 anthropic/claude-opus-4.6 anthropic/claude-opus-4.7 anthropic/claude-opus-4.8 anthropic/claude-opus-5 anthropic/claude-opus-5.5 anthropic/claude-sonnet-4.6 anthropic/claude-sonnet-5 anthropic/claude-sonnet-5.5 claude-3-haiku claude-fable-5 claude-fable-5-1 claude-fable-5-2 claude-haiku-4-5 claude-haiku-5-5 claude-mythos-5 claude-mythos-5-1 claude-mythos-5-2 claude-opus-4-5 claude-opus-4-6 claude-opus-4-7 claude-opus-4-8 claude-opus-5 claude-opus-5-5 claude-sonnet-4-6 claude-sonnet-5 claude-sonnet-5-5 computer-use-preview gemini-1.5-flash gemini-1.5-pro gemini-2.5-flash-lite gemini-3-flash-preview gemini-3.1-flash-lite gemini-3.1-pro-preview gemini-3.5-flash gemini-3.5-flash-lite gemini-3.6-flash gemini-3.7-flash gemini-3.8-flash gemini-4-argon gemini-4-carbon gemini-4-hydrogen gemini-4-neon gemini-flash-latest gemini-flash-lite-latest gemini-pro-latest google/gemini-2.5-flash-lite google/gemini-3-flash-preview google/gemini-3.1-flash-lite google/gemini-3.1-pro-preview google/gemini-3.5-flash google/gemini-3.5-flash-lite google/gemini-3.6-flash google/gemini-3.7-flash google/gemini-3.8-flash google/gemini-4-argon google/gemini-4-carbon google/gemini-4-hydrogen google/gemini-4-neon gpt-4.1 gpt-4o gpt-5 gpt-5-2025-08-07 gpt-5-mini gpt-5-nano gpt-5-pro gpt-5.1 gpt-5.1-2025-11-13 gpt-5.2 gpt-5.2-pro gpt-5.4 gpt-5.4-mini gpt-5.4-nano gpt-5.5 gpt-5.5-cyber-preview gpt-5.5-pro gpt-5.6-cyber gpt-5.6-luna gpt-5.6-sol gpt-5.6-terra gpt-6-astra gpt-6-cyber gpt-6-luna gpt-6-rosalind gpt-6-sol gpt-6.1-sol gpt-6.1-terra gpt-6.2-astra gpt-6.2-sol gpt-audio-mini gpt-rosalind-research o3 openai/gpt-4.1 openai/gpt-4o openai/gpt-5 openai/gpt-5-mini openai/gpt-5-nano openai/gpt-5-pro openai/gpt-5.1 openai/gpt-5.2 openai/gpt-5.2-pro openai/gpt-5.4 openai/gpt-5.4-mini openai/gpt-5.4-nano openai/gpt-5.5 openai/gpt-5.5-pro openai/gpt-5.6-luna openai/gpt-5.6-sol openai/gpt-5.6-terra openai/gpt-6-astra openai/gpt-6-luna openai/gpt-6-sol openai/gpt-6.1-sol openai/gpt-6.1-terra openai/gpt-6.2-astra openai/gpt-6.2-sol openai/o openai/o3" -- "${cur}"))
                    return 0
                    ;;
                --templates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__completions)
            opts="-C -h --cwd --template-fuel --template-bytes --help bash zsh fish powershell elvish"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --cwd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-fuel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__compress)
            opts="-C -h --cwd --template-fuel --template-bytes --provider --max-tokens --stream --allow-retired --allow-model-mismatch --system-role --compact --secrets --history --prompt-only --model --goal --templates --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --cwd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-fuel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --provider)
                    COMPREPLY=($(compgen -W "anthropic openai openai-responses openrouter gemini raw" -- "${cur}"))
                    return 0
                    ;;
                --max-tokens)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --system-role)
                    COMPREPLY=($(compgen -W "system developer" -- "${cur}"))
                    return 0
                    ;;
                --secrets)
                    COMPREPLY=($(compgen -W "redact error allow" -- "${cur}"))
                    return 0
                    ;;
                --history)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --model)
                    COMPREPLY=($(compgen -W "anthropic/claude-3-haiku anthropic/claude-fable-5 anthropic/claude-fable-5.1 anthropic/claude-fable-5.2 anthropic/claude-haiku-4.5 anthropic/claude-haiku-5.5 anthropic/claude-mythos-5 anthropic/claude-mythos-5.1 anthropic/claude-mythos-5.2 anthropic/claude-opus-4.5 anthropic/claude-opus-4.6 anthropic/claude-opus-4.7 anthropic/claude-opus-4.8 anthropic/claude-opus-5 anthropic/claude-opus-5.5 anthropic/claude-sonnet-4.6 anthropic/claude-sonnet-5 anthropic/claude-sonnet-5.5 claude-3-haiku claude-fable-5 claude-fable-5-1 claude-fable-5-2 claude-haiku-4-5 claude-haiku-5-5 claude-mythos-5 claude-mythos-5-1 claude-mythos-5-2 claude-opus-4-5 claude-opus-4-6 claude-opus-4-7 claude-opus-4-8 claude-opus-5 claude-opus-5-5 claude-sonnet-4-6 claude-sonnet-5 claude-sonnet-5-5 computer-use-preview gemini-1.5-flash gemini-1.5-pro gemini-2.5-flash-lite gemini-3-flash-preview gemini-3.1-flash-lite gemini-3.1-pro-preview gemini-3.5-flash gemini-3.5-flash-lite gemini-3.6-flash gemini-3.7-flash gemini-3.8-flash gemini-4-argon gemini-4-carbon gemini-4-hydrogen gemini-4-neon gemini-flash-latest gemini-flash-lite-latest gemini-pro-latest google/gemini-2.5-flash-lite google/gemini-3-flash-preview google/gemini-3.1-flash-lite google/gemini-3.1-pro-preview google/gemini-3.5-flash google/gemini-3.5-flash-lite google/gemini-3.6-flash google/gemini-3.7-flash google/gemini-3.8-flash google/gemini-4-argon google/gemini-4-carbon google/gemini-4-hydrogen google/gemini-4-neon gpt-4.1 gpt-4o gpt-5 gpt-5-2025-08-07 gpt-5-mini gpt-5-nano gpt-5-pro gpt-5.1 gpt-5.1-2025-11-13 gpt-5.2 gpt-5.2-pro gpt-5.4 gpt-5.4-mini gpt-5.4-nano gpt-5.5 gpt-5.5-cyber-preview gpt-5.5-pro gpt-5.6-cyber gpt-5.6-luna gpt-5.6-sol gpt-5.6-terra gpt-6-astra gpt-6-cyber gpt-6-luna gpt-6-rosalind gpt-6-sol gpt-6.1-sol gpt-6.1-terra gpt-6.2-astra gpt-6.2-sol gpt-audio-mini gpt-rosalind-research o3 openai/gpt-4.1 openai/gpt-4o openai/gpt-5 openai/gpt-5-mini openai/gpt-5-nano openai/gpt-5-pro openai/gpt-5.1 openai/gpt-5.2 openai/gpt-5.2-pro openai/gpt-5.4 openai/gpt-5.4-mini openai/gpt-5.4-nano openai/gpt-5.5 openai/gpt-5.5-pro openai/gpt-5.6-luna openai/gpt-5.6-sol openai/gpt-5.6-terra openai/gpt-6-astra openai/gpt-6-luna openai/gpt-6-sol openai/gpt-6.1-sol openai/gpt-6.1-terra openai/gpt-6.2-astra openai/gpt-6.2-sol openai/o openai/o3" -- "${cur}"))
                    return 0
                    ;;
                --goal)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --templates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__context)
            opts="-C -h --cwd --template-fuel --template-bytes --spec --prompt --file --files-from --exclude --provider --max-tokens --stream --allow-retired --allow-model-mismatch --system-role --compact --secrets --history --tools --url-context --url --fetch-urls --max-urls --url-timeout --url-ttl --image --file-tree --no-file-tree --no-symbol-map --map-exclude --map-tokens --verbose --cache-ttl --tokenizer --prompt-cache-key --max-file-bytes --allow-outside --max-request-tokens --truncate --session --no-update --tier --review --review-worktree --flat --format --line-numbers --with-system --tree --summary-json --cache-create --cached-content --model --mode --context-window --sandbox --templates --tool-name --protocol --goal --ascii --data --set --hermetic --no-hermetic --agent-name --interactive --non-interactive --no-section --append-system-prompt --memory --memory-file --context-file --skill --skill-arg --mcp-config --mcp-server --trust-project-mcp --mcp-timeout --require-mcp --sanity --no-sanity --json --files --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --cwd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-fuel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --spec)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --prompt)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --files-from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --provider)
                    COMPREPLY=($(compgen -W "anthropic openai openai-responses openrouter gemini raw" -- "${cur}"))
                    return 0
                    ;;
                --max-tokens)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --system-role)
                    COMPREPLY=($(compgen -W "system developer" -- "${cur}"))
                    return 0
                    ;;
                --secrets)
                    COMPREPLY=($(compgen -W "redact error allow" -- "${cur}"))
                    return 0
                    ;;
                --history)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tools)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --url-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-urls)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --url-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --url-ttl)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --image)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --map-exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --map-tokens)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cache-ttl)
                    COMPREPLY=($(compgen -W "5m 1h 12h" -- "${cur}"))
                    return 0
                    ;;
                --tokenizer)
                    COMPREPLY=($(compgen -W "o200k cl100k" -- "${cur}"))
                    return 0
                    ;;
                --prompt-cache-key)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-file-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-request-tokens)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tier)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --review)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "markdown xml" -- "${cur}"))
                    return 0
                    ;;
                --tree)
                    COMPREPLY=($(compgen -W "packed all" -- "${cur}"))
                    return 0
                    ;;
                --summary-json)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cached-content)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --model)
                    COMPREPLY=($(compgen -W "anthropic/claude-3-haiku anthropic/claude-fable-5 anthropic/claude-fable-5.1 anthropic/claude-fable-5.2 anthropic/claude-haiku-4.5 anthropic/claude-haiku-5.5 anthropic/claude-mythos-5 anthropic/claude-mythos-5.1 anthropic/claude-mythos-5.2 anthropic/claude-opus-4.5 anthropic/claude-opus-4.6 anthropic/claude-opus-4.7 anthropic/claude-opus-4.8 anthropic/claude-opus-5 anthropic/claude-opus-5.5 anthropic/claude-sonnet-4.6 anthropic/claude-sonnet-5 anthropic/claude-sonnet-5.5 claude-3-haiku claude-fable-5 claude-fable-5-1 claude-fable-5-2 claude-haiku-4-5 claude-haiku-5-5 claude-mythos-5 claude-mythos-5-1 claude-mythos-5-2 claude-opus-4-5 claude-opus-4-6 claude-opus-4-7 claude-opus-4-8 claude-opus-5 claude-opus-5-5 claude-sonnet-4-6 claude-sonnet-5 claude-sonnet-5-5 computer-use-preview gemini-1.5-flash gemini-1.5-pro gemini-2.5-flash-lite gemini-3-flash-preview gemini-3.1-flash-lite gemini-3.1-pro-preview gemini-3.5-flash gemini-3.5-flash-lite gemini-3.6-flash gemini-3.7-flash gemini-3.8-flash gemini-4-argon gemini-4-carbon gemini-4-hydrogen gemini-4-neon gemini-flash-latest gemini-flash-lite-latest gemini-pro-latest google/gemini-2.5-flash-lite google/gemini-3-flash-preview google/gemini-3.1-flash-lite google/gemini-3.1-pro-preview google/gemini-3.5-flash google/gemini-3.5-flash-lite google/gemini-3.6-flash google/gemini-3.7-flash google/gemini-3.8-flash google/gemini-4-argon google/gemini-4-carbon google/gemini-4-hydrogen google/gemini-4-neon gpt-4.1 gpt-4o gpt-5 gpt-5-2025-08-07 gpt-5-mini gpt-5-nano gpt-5-pro gpt-5.1 gpt-5.1-2025-11-13 gpt-5.2 gpt-5.2-pro gpt-5.4 gpt-5.4-mini gpt-5.4-nano gpt-5.5 gpt-5.5-cyber-preview gpt-5.5-pro gpt-5.6-cyber gpt-5.6-luna gpt-5.6-sol gpt-5.6-terra gpt-6-astra gpt-6-cyber gpt-6-luna gpt-6-rosalind gpt-6-sol gpt-6.1-sol gpt-6.1-terra gpt-6.2-astra gpt-6.2-sol gpt-audio-mini gpt-rosalind-research o3 openai/gpt-4.1 openai/gpt-4o openai/gpt-5 openai/gpt-5-mini openai/gpt-5-nano openai/gpt-5-pro openai/gpt-5.1 openai/gpt-5.2 openai/gpt-5.2-pro openai/gpt-5.4 openai/gpt-5.4-mini openai/gpt-5.4-nano openai/gpt-5.5 openai/gpt-5.5-pro openai/gpt-5.6-luna openai/gpt-5.6-sol openai/gpt-5.6-terra openai/gpt-6-astra openai/gpt-6-luna openai/gpt-6-sol openai/gpt-6.1-sol openai/gpt-6.1-terra openai/gpt-6.2-astra openai/gpt-6.2-sol openai/o openai/o3" -- "${cur}"))
                    return 0
                    ;;
                --mode)
                    COMPREPLY=($(compgen -W "assistant developer planning debugger user" -- "${cur}"))
                    return 0
                    ;;
                --context-window)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sandbox)
                    COMPREPLY=($(compgen -W "auto macos generic none" -- "${cur}"))
                    return 0
                    ;;
                --templates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tool-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --protocol)
                    COMPREPLY=($(compgen -W "tools edits" -- "${cur}"))
                    return 0
                    ;;
                --goal)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --data)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --set)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --agent-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --no-section)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --append-system-prompt)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --memory)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --memory-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --skill)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --skill-arg)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mcp-config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mcp-server)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mcp-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__export)
            opts="-C -h --cwd --template-fuel --template-bytes --model --mode --context-window --sandbox --templates --tool-name --protocol --goal --ascii --data --set --hermetic --no-hermetic --agent-name --interactive --non-interactive --template --force --check --update --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --cwd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-fuel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --model)
                    COMPREPLY=($(compgen -W "anthropic/claude-3-haiku anthropic/claude-fable-5 anthropic/claude-fable-5.1 anthropic/claude-fable-5.2 anthropic/claude-haiku-4.5 anthropic/claude-haiku-5.5 anthropic/claude-mythos-5 anthropic/claude-mythos-5.1 anthropic/claude-mythos-5.2 anthropic/claude-opus-4.5 anthropic/claude-opus-4.6 anthropic/claude-opus-4.7 anthropic/claude-opus-4.8 anthropic/claude-opus-5 anthropic/claude-opus-5.5 anthropic/claude-sonnet-4.6 anthropic/claude-sonnet-5 anthropic/claude-sonnet-5.5 claude-3-haiku claude-fable-5 claude-fable-5-1 claude-fable-5-2 claude-haiku-4-5 claude-haiku-5-5 claude-mythos-5 claude-mythos-5-1 claude-mythos-5-2 claude-opus-4-5 claude-opus-4-6 claude-opus-4-7 claude-opus-4-8 claude-opus-5 claude-opus-5-5 claude-sonnet-4-6 claude-sonnet-5 claude-sonnet-5-5 computer-use-preview gemini-1.5-flash gemini-1.5-pro gemini-2.5-flash-lite gemini-3-flash-preview gemini-3.1-flash-lite gemini-3.1-pro-preview gemini-3.5-flash gemini-3.5-flash-lite gemini-3.6-flash gemini-3.7-flash gemini-3.8-flash gemini-4-argon gemini-4-carbon gemini-4-hydrogen gemini-4-neon gemini-flash-latest gemini-flash-lite-latest gemini-pro-latest google/gemini-2.5-flash-lite google/gemini-3-flash-preview google/gemini-3.1-flash-lite google/gemini-3.1-pro-preview google/gemini-3.5-flash google/gemini-3.5-flash-lite google/gemini-3.6-flash google/gemini-3.7-flash google/gemini-3.8-flash google/gemini-4-argon google/gemini-4-carbon google/gemini-4-hydrogen google/gemini-4-neon gpt-4.1 gpt-4o gpt-5 gpt-5-2025-08-07 gpt-5-mini gpt-5-nano gpt-5-pro gpt-5.1 gpt-5.1-2025-11-13 gpt-5.2 gpt-5.2-pro gpt-5.4 gpt-5.4-mini gpt-5.4-nano gpt-5.5 gpt-5.5-cyber-preview gpt-5.5-pro gpt-5.6-cyber gpt-5.6-luna gpt-5.6-sol gpt-5.6-terra gpt-6-astra gpt-6-cyber gpt-6-luna gpt-6-rosalind gpt-6-sol gpt-6.1-sol gpt-6.1-terra gpt-6.2-astra gpt-6.2-sol gpt-audio-mini gpt-rosalind-research o3 openai/gpt-4.1 openai/gpt-4o openai/gpt-5 openai/gpt-5-mini openai/gpt-5-nano openai/gpt-5-pro openai/gpt-5.1 openai/gpt-5.2 openai/gpt-5.2-pro openai/gpt-5.4 openai/gpt-5.4-mini openai/gpt-5.4-nano openai/gpt-5.5 openai/gpt-5.5-pro openai/gpt-5.6-luna openai/gpt-5.6-sol openai/gpt-5.6-terra openai/gpt-6-astra openai/gpt-6-luna openai/gpt-6-sol openai/gpt-6.1-sol openai/gpt-6.1-terra openai/gpt-6.2-astra openai/gpt-6.2-sol openai/o openai/o3" -- "${cur}"))
                    return 0
                    ;;
                --mode)
                    COMPREPLY=($(compgen -W "assistant developer planning debugger user" -- "${cur}"))
                    return 0
                    ;;
                --context-window)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sandbox)
                    COMPREPLY=($(compgen -W "auto macos generic none" -- "${cur}"))
                    return 0
                    ;;
                --templates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tool-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --protocol)
                    COMPREPLY=($(compgen -W "tools edits" -- "${cur}"))
                    return 0
                    ;;
                --goal)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --data)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --set)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --agent-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --check)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__goal)
            opts="-C -h --cwd --template-fuel --template-bytes --help show apply history help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --cwd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-fuel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__goal__subcmd__apply)
            opts="-C -h --goal --dry-run --cwd --template-fuel --template-bytes --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --goal)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cwd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-fuel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__goal__subcmd__help)
            opts="show apply history help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__goal__subcmd__help__subcmd__apply)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__goal__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__goal__subcmd__help__subcmd__history)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__goal__subcmd__help__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__goal__subcmd__history)
            opts="-C -h --goal --json --cwd --template-fuel --template-bytes --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --goal)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cwd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-fuel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__goal__subcmd__show)
            opts="-C -h --goal --ascii --yaml --json --cwd --template-fuel --template-bytes --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --goal)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cwd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-fuel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__help)
            opts="system export messages context compress reply commit map apply goal template prompt models completions man help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__help__subcmd__apply)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__help__subcmd__commit)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__help__subcmd__completions)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__help__subcmd__compress)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__help__subcmd__context)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__help__subcmd__export)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__help__subcmd__goal)
            opts="show apply history"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__help__subcmd__goal__subcmd__apply)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__help__subcmd__goal__subcmd__history)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__help__subcmd__goal__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__help__subcmd__man)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__help__subcmd__map)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__help__subcmd__messages)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__help__subcmd__models)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__help__subcmd__prompt)
            opts="get"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__help__subcmd__prompt__subcmd__get)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__help__subcmd__reply)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__help__subcmd__system)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__help__subcmd__template)
            opts="render convert list"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__help__subcmd__template__subcmd__convert)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__help__subcmd__template__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__help__subcmd__template__subcmd__render)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__man)
            opts="-C -h --cwd --template-fuel --template-bytes --out --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --cwd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-fuel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --out)
                    COMPREPLY=()
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o plusdirs
                    fi
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__map)
            opts="-C -v -h --cwd --template-fuel --template-bytes --json --tokens --map-exclude --verbose --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --cwd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-fuel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tokens)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --map-exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__messages)
            opts="-C -h --cwd --template-fuel --template-bytes --spec --prompt --file --files-from --exclude --provider --max-tokens --stream --allow-retired --allow-model-mismatch --system-role --compact --secrets --history --tools --url-context --url --fetch-urls --max-urls --url-timeout --url-ttl --image --file-tree --no-file-tree --no-symbol-map --map-exclude --map-tokens --verbose --cache-ttl --tokenizer --prompt-cache-key --max-file-bytes --allow-outside --max-request-tokens --truncate --session --no-update --tier --review --review-worktree --flat --format --line-numbers --with-system --tree --summary-json --cache-create --cached-content --model --mode --context-window --sandbox --templates --tool-name --protocol --goal --ascii --data --set --hermetic --no-hermetic --agent-name --interactive --non-interactive --no-section --append-system-prompt --memory --memory-file --context-file --skill --skill-arg --mcp-config --mcp-server --trust-project-mcp --mcp-timeout --require-mcp --sanity --no-sanity --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --cwd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-fuel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --spec)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --prompt)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --files-from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --provider)
                    COMPREPLY=($(compgen -W "anthropic openai openai-responses openrouter gemini raw" -- "${cur}"))
                    return 0
                    ;;
                --max-tokens)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --system-role)
                    COMPREPLY=($(compgen -W "system developer" -- "${cur}"))
                    return 0
                    ;;
                --secrets)
                    COMPREPLY=($(compgen -W "redact error allow" -- "${cur}"))
                    return 0
                    ;;
                --history)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tools)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --url-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-urls)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --url-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --url-ttl)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --image)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --map-exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --map-tokens)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cache-ttl)
                    COMPREPLY=($(compgen -W "5m 1h 12h" -- "${cur}"))
                    return 0
                    ;;
                --tokenizer)
                    COMPREPLY=($(compgen -W "o200k cl100k" -- "${cur}"))
                    return 0
                    ;;
                --prompt-cache-key)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-file-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-request-tokens)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tier)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --review)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "markdown xml" -- "${cur}"))
                    return 0
                    ;;
                --tree)
                    COMPREPLY=($(compgen -W "packed all" -- "${cur}"))
                    return 0
                    ;;
                --summary-json)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cached-content)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --model)
                    COMPREPLY=($(compgen -W "anthropic/claude-3-haiku anthropic/claude-fable-5 anthropic/claude-fable-5.1 anthropic/claude-fable-5.2 anthropic/claude-haiku-4.5 anthropic/claude-haiku-5.5 anthropic/claude-mythos-5 anthropic/claude-mythos-5.1 anthropic/claude-mythos-5.2 anthropic/claude-opus-4.5 anthropic/claude-opus-4.6 anthropic/claude-opus-4.7 anthropic/claude-opus-4.8 anthropic/claude-opus-5 anthropic/claude-opus-5.5 anthropic/claude-sonnet-4.6 anthropic/claude-sonnet-5 anthropic/claude-sonnet-5.5 claude-3-haiku claude-fable-5 claude-fable-5-1 claude-fable-5-2 claude-haiku-4-5 claude-haiku-5-5 claude-mythos-5 claude-mythos-5-1 claude-mythos-5-2 claude-opus-4-5 claude-opus-4-6 claude-opus-4-7 claude-opus-4-8 claude-opus-5 claude-opus-5-5 claude-sonnet-4-6 claude-sonnet-5 claude-sonnet-5-5 computer-use-preview gemini-1.5-flash gemini-1.5-pro gemini-2.5-flash-lite gemini-3-flash-preview gemini-3.1-flash-lite gemini-3.1-pro-preview gemini-3.5-flash gemini-3.5-flash-lite gemini-3.6-flash gemini-3.7-flash gemini-3.8-flash gemini-4-argon gemini-4-carbon gemini-4-hydrogen gemini-4-neon gemini-flash-latest gemini-flash-lite-latest gemini-pro-latest google/gemini-2.5-flash-lite google/gemini-3-flash-preview google/gemini-3.1-flash-lite google/gemini-3.1-pro-preview google/gemini-3.5-flash google/gemini-3.5-flash-lite google/gemini-3.6-flash google/gemini-3.7-flash google/gemini-3.8-flash google/gemini-4-argon google/gemini-4-carbon google/gemini-4-hydrogen google/gemini-4-neon gpt-4.1 gpt-4o gpt-5 gpt-5-2025-08-07 gpt-5-mini gpt-5-nano gpt-5-pro gpt-5.1 gpt-5.1-2025-11-13 gpt-5.2 gpt-5.2-pro gpt-5.4 gpt-5.4-mini gpt-5.4-nano gpt-5.5 gpt-5.5-cyber-preview gpt-5.5-pro gpt-5.6-cyber gpt-5.6-luna gpt-5.6-sol gpt-5.6-terra gpt-6-astra gpt-6-cyber gpt-6-luna gpt-6-rosalind gpt-6-sol gpt-6.1-sol gpt-6.1-terra gpt-6.2-astra gpt-6.2-sol gpt-audio-mini gpt-rosalind-research o3 openai/gpt-4.1 openai/gpt-4o openai/gpt-5 openai/gpt-5-mini openai/gpt-5-nano openai/gpt-5-pro openai/gpt-5.1 openai/gpt-5.2 openai/gpt-5.2-pro openai/gpt-5.4 openai/gpt-5.4-mini openai/gpt-5.4-nano openai/gpt-5.5 openai/gpt-5.5-pro openai/gpt-5.6-luna openai/gpt-5.6-sol openai/gpt-5.6-terra openai/gpt-6-astra openai/gpt-6-luna openai/gpt-6-sol openai/gpt-6.1-sol openai/gpt-6.1-terra openai/gpt-6.2-astra openai/gpt-6.2-sol openai/o openai/o3" -- "${cur}"))
                    return 0
                    ;;
                --mode)
                    COMPREPLY=($(compgen -W "assistant developer planning debugger user" -- "${cur}"))
                    return 0
                    ;;
                --context-window)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sandbox)
                    COMPREPLY=($(compgen -W "auto macos generic none" -- "${cur}"))
                    return 0
                    ;;
                --templates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tool-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --protocol)
                    COMPREPLY=($(compgen -W "tools edits" -- "${cur}"))
                    return 0
                    ;;
                --goal)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --data)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --set)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --agent-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --no-section)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --append-system-prompt)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --memory)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --memory-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --skill)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --skill-arg)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mcp-config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mcp-server)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mcp-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__models)
            opts="-C -h --cwd --template-fuel --template-bytes --json --templates --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --cwd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-fuel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --templates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__prompt)
            opts="-C -h --cwd --template-fuel --template-bytes --help get help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --cwd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-fuel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__prompt__subcmd__get)
            opts="-C -h --json --mcp-config --mcp-server --trust-project-mcp --mcp-timeout --require-mcp --cwd --template-fuel --template-bytes --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --mcp-config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mcp-server)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mcp-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cwd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-fuel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__prompt__subcmd__help)
            opts="get help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__prompt__subcmd__help__subcmd__get)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__prompt__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__reply)
            opts="-C -h --cwd --template-fuel --template-bytes --session --apply --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --cwd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-fuel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --session)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__system)
            opts="-C -h --cwd --template-fuel --template-bytes --model --mode --context-window --sandbox --templates --tool-name --protocol --goal --ascii --data --set --hermetic --no-hermetic --agent-name --interactive --non-interactive --no-section --append-system-prompt --memory --memory-file --context-file --skill --skill-arg --mcp-config --mcp-server --trust-project-mcp --mcp-timeout --require-mcp --sanity --no-sanity --check --update --json --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --cwd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-fuel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --model)
                    COMPREPLY=($(compgen -W "anthropic/claude-3-haiku anthropic/claude-fable-5 anthropic/claude-fable-5.1 anthropic/claude-fable-5.2 anthropic/claude-haiku-4.5 anthropic/claude-haiku-5.5 anthropic/claude-mythos-5 anthropic/claude-mythos-5.1 anthropic/claude-mythos-5.2 anthropic/claude-opus-4.5 anthropic/claude-opus-4.6 anthropic/claude-opus-4.7 anthropic/claude-opus-4.8 anthropic/claude-opus-5 anthropic/claude-opus-5.5 anthropic/claude-sonnet-4.6 anthropic/claude-sonnet-5 anthropic/claude-sonnet-5.5 claude-3-haiku claude-fable-5 claude-fable-5-1 claude-fable-5-2 claude-haiku-4-5 claude-haiku-5-5 claude-mythos-5 claude-mythos-5-1 claude-mythos-5-2 claude-opus-4-5 claude-opus-4-6 claude-opus-4-7 claude-opus-4-8 claude-opus-5 claude-opus-5-5 claude-sonnet-4-6 claude-sonnet-5 claude-sonnet-5-5 computer-use-preview gemini-1.5-flash gemini-1.5-pro gemini-2.5-flash-lite gemini-3-flash-preview gemini-3.1-flash-lite gemini-3.1-pro-preview gemini-3.5-flash gemini-3.5-flash-lite gemini-3.6-flash gemini-3.7-flash gemini-3.8-flash gemini-4-argon gemini-4-carbon gemini-4-hydrogen gemini-4-neon gemini-flash-latest gemini-flash-lite-latest gemini-pro-latest google/gemini-2.5-flash-lite google/gemini-3-flash-preview google/gemini-3.1-flash-lite google/gemini-3.1-pro-preview google/gemini-3.5-flash google/gemini-3.5-flash-lite google/gemini-3.6-flash google/gemini-3.7-flash google/gemini-3.8-flash google/gemini-4-argon google/gemini-4-carbon google/gemini-4-hydrogen google/gemini-4-neon gpt-4.1 gpt-4o gpt-5 gpt-5-2025-08-07 gpt-5-mini gpt-5-nano gpt-5-pro gpt-5.1 gpt-5.1-2025-11-13 gpt-5.2 gpt-5.2-pro gpt-5.4 gpt-5.4-mini gpt-5.4-nano gpt-5.5 gpt-5.5-cyber-preview gpt-5.5-pro gpt-5.6-cyber gpt-5.6-luna gpt-5.6-sol gpt-5.6-terra gpt-6-astra gpt-6-cyber gpt-6-luna gpt-6-rosalind gpt-6-sol gpt-6.1-sol gpt-6.1-terra gpt-6.2-astra gpt-6.2-sol gpt-audio-mini gpt-rosalind-research o3 openai/gpt-4.1 openai/gpt-4o openai/gpt-5 openai/gpt-5-mini openai/gpt-5-nano openai/gpt-5-pro openai/gpt-5.1 openai/gpt-5.2 openai/gpt-5.2-pro openai/gpt-5.4 openai/gpt-5.4-mini openai/gpt-5.4-nano openai/gpt-5.5 openai/gpt-5.5-pro openai/gpt-5.6-luna openai/gpt-5.6-sol openai/gpt-5.6-terra openai/gpt-6-astra openai/gpt-6-luna openai/gpt-6-sol openai/gpt-6.1-sol openai/gpt-6.1-terra openai/gpt-6.2-astra openai/gpt-6.2-sol openai/o openai/o3" -- "${cur}"))
                    return 0
                    ;;
                --mode)
                    COMPREPLY=($(compgen -W "assistant developer planning debugger user" -- "${cur}"))
                    return 0
                    ;;
                --context-window)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sandbox)
                    COMPREPLY=($(compgen -W "auto macos generic none" -- "${cur}"))
                    return 0
                    ;;
                --templates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tool-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --protocol)
                    COMPREPLY=($(compgen -W "tools edits" -- "${cur}"))
                    return 0
                    ;;
                --goal)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --data)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --set)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --agent-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --no-section)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --append-system-prompt)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --memory)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --memory-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --skill)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --skill-arg)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mcp-config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mcp-server)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mcp-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --check)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__template)
            opts="-C -h --cwd --template-fuel --template-bytes --help render convert list help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --cwd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-fuel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__template__subcmd__convert)
            opts="-C -h --cwd --template-fuel --template-bytes --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --cwd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-fuel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__template__subcmd__help)
            opts="render convert list help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__template__subcmd__help__subcmd__convert)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__template__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__template__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__template__subcmd__help__subcmd__render)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__template__subcmd__list)
            opts="-C -h --templates --prompts --tag --mcp-config --mcp-server --trust-project-mcp --mcp-timeout --require-mcp --cwd --template-fuel --template-bytes --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --templates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tag)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mcp-config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mcp-server)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mcp-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cwd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-fuel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        asimi__prompt__subcmd__template__subcmd__render)
            opts="-C -h --syntax --data --set --missingkey --prompt-data --model --mode --hermetic --cwd --template-fuel --template-bytes --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --syntax)
                    COMPREPLY=($(compgen -W "auto go jinja" -- "${cur}"))
                    return 0
                    ;;
                --data)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --set)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --missingkey)
                    COMPREPLY=($(compgen -W "default zero error" -- "${cur}"))
                    return 0
                    ;;
                --model)
                    COMPREPLY=($(compgen -W "anthropic/claude-3-haiku anthropic/claude-fable-5 anthropic/claude-fable-5.1 anthropic/claude-fable-5.2 anthropic/claude-haiku-4.5 anthropic/claude-haiku-5.5 anthropic/claude-mythos-5 anthropic/claude-mythos-5.1 anthropic/claude-mythos-5.2 anthropic/claude-opus-4.5 anthropic/claude-opus-4.6 anthropic/claude-opus-4.7 anthropic/claude-opus-4.8 anthropic/claude-opus-5 anthropic/claude-opus-5.5 anthropic/claude-sonnet-4.6 anthropic/claude-sonnet-5 anthropic/claude-sonnet-5.5 claude-3-haiku claude-fable-5 claude-fable-5-1 claude-fable-5-2 claude-haiku-4-5 claude-haiku-5-5 claude-mythos-5 claude-mythos-5-1 claude-mythos-5-2 claude-opus-4-5 claude-opus-4-6 claude-opus-4-7 claude-opus-4-8 claude-opus-5 claude-opus-5-5 claude-sonnet-4-6 claude-sonnet-5 claude-sonnet-5-5 computer-use-preview gemini-1.5-flash gemini-1.5-pro gemini-2.5-flash-lite gemini-3-flash-preview gemini-3.1-flash-lite gemini-3.1-pro-preview gemini-3.5-flash gemini-3.5-flash-lite gemini-3.6-flash gemini-3.7-flash gemini-3.8-flash gemini-4-argon gemini-4-carbon gemini-4-hydrogen gemini-4-neon gemini-flash-latest gemini-flash-lite-latest gemini-pro-latest google/gemini-2.5-flash-lite google/gemini-3-flash-preview google/gemini-3.1-flash-lite google/gemini-3.1-pro-preview google/gemini-3.5-flash google/gemini-3.5-flash-lite google/gemini-3.6-flash google/gemini-3.7-flash google/gemini-3.8-flash google/gemini-4-argon google/gemini-4-carbon google/gemini-4-hydrogen google/gemini-4-neon gpt-4.1 gpt-4o gpt-5 gpt-5-2025-08-07 gpt-5-mini gpt-5-nano gpt-5-pro gpt-5.1 gpt-5.1-2025-11-13 gpt-5.2 gpt-5.2-pro gpt-5.4 gpt-5.4-mini gpt-5.4-nano gpt-5.5 gpt-5.5-cyber-preview gpt-5.5-pro gpt-5.6-cyber gpt-5.6-luna gpt-5.6-sol gpt-5.6-terra gpt-6-astra gpt-6-cyber gpt-6-luna gpt-6-rosalind gpt-6-sol gpt-6.1-sol gpt-6.1-terra gpt-6.2-astra gpt-6.2-sol gpt-audio-mini gpt-rosalind-research o3 openai/gpt-4.1 openai/gpt-4o openai/gpt-5 openai/gpt-5-mini openai/gpt-5-nano openai/gpt-5-pro openai/gpt-5.1 openai/gpt-5.2 openai/gpt-5.2-pro openai/gpt-5.4 openai/gpt-5.4-mini openai/gpt-5.4-nano openai/gpt-5.5 openai/gpt-5.5-pro openai/gpt-5.6-luna openai/gpt-5.6-sol openai/gpt-5.6-terra openai/gpt-6-astra openai/gpt-6-luna openai/gpt-6-sol openai/gpt-6.1-sol openai/gpt-6.1-terra openai/gpt-6.2-astra openai/gpt-6.2-sol openai/o openai/o3" -- "${cur}"))
                    return 0
                    ;;
                --mode)
                    COMPREPLY=($(compgen -W "assistant developer planning debugger user" -- "${cur}"))
                    return 0
                    ;;
                --cwd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-fuel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _asimi__prompt -o nosort -o bashdefault -o default asimi-prompt
else
    complete -F _asimi__prompt -o bashdefault -o default asimi-prompt
fi
