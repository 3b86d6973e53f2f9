
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'asimi-prompt' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'asimi-prompt'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'asimi-prompt' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--template-fuel', '--template-fuel', [CompletionResultType]::ParameterName, 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel')
            [CompletionResult]::new('--template-bytes', '--template-bytes', [CompletionResultType]::ParameterName, 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes')
            [CompletionResult]::new('--model', '--model', [CompletionResultType]::ParameterName, 'The model (`asimi-prompt models` lists them)')
            [CompletionResult]::new('--mode', '--mode', [CompletionResultType]::ParameterName, 'The operational mode: assistant, developer, planning, debugger or user')
            [CompletionResult]::new('--context-window', '--context-window', [CompletionResultType]::ParameterName, 'The context window in tokens (default: the model''s)')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'The sandbox to describe; auto reads the SANDBOX variable')
            [CompletionResult]::new('--templates', '--templates', [CompletionResultType]::ParameterName, 'A template directory searched before the project''s, the user''s and the built-in templates')
            [CompletionResult]::new('--tool-name', '--tool-name', [CompletionResultType]::ParameterName, 'A tool name the prompt mentions, e.g. grep=rg (keys: read_file, write_file, grep, glob, edit, shell, read_many_files, memory, ls)')
            [CompletionResult]::new('--protocol', '--protocol', [CompletionResultType]::ParameterName, 'How the prompt says the model changes files: through the agent''s tools, or through edit blocks in its reply. Default: tools for system and export; for requests, tools with --tools and edits without (the body carries no tools)')
            [CompletionResult]::new('--goal', '--goal', [CompletionResultType]::ParameterName, 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt''s goal section')
            [CompletionResult]::new('--data', '--data', [CompletionResultType]::ParameterName, 'A JSON or YAML data file, by extension (- reads YAML, which covers JSON, from standard input); several are deep-merged in order. The system prompt''s templates (and template render --prompt-data) see the data as .Vars')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set a data value: a YAML scalar (n=3 is an int, x=true a bool); dotted keys nest (Tools.Grep=rg). Applied after --data')
            [CompletionResult]::new('--agent-name', '--agent-name', [CompletionResultType]::ParameterName, 'The agent''s name, which the base prompt''s first sentence gives (config agent_name; none by default)')
            [CompletionResult]::new('--no-section', '--no-section', [CompletionResultType]::ParameterName, 'Leave a section out (base, map, tools, goal, skills, sandbox, git, context, instructions, memory; map is in requests with a symbol map only, tools in requests with --tools only)')
            [CompletionResult]::new('--append-system-prompt', '--append-system-prompt', [CompletionResultType]::ParameterName, 'Text to append as the instructions section, or @FILE to append a file')
            [CompletionResult]::new('--memory', '--memory', [CompletionResultType]::ParameterName, 'The user memory text (default: memory.md in the user config directory)')
            [CompletionResult]::new('--memory-file', '--memory-file', [CompletionResultType]::ParameterName, 'A file holding the user memory')
            [CompletionResult]::new('--context-file', '--context-file', [CompletionResultType]::ParameterName, 'A context file name to look for (repeatable; replaces the default AGENTS.md)')
            [CompletionResult]::new('--skill', '--skill', [CompletionResultType]::ParameterName, 'Add a registered prompt to the skills section (repeatable; see `template list --prompts`); SERVER:PROMPT fetches an MCP server''s prompt')
            [CompletionResult]::new('--skill-arg', '--skill-arg', [CompletionResultType]::ParameterName, 'An argument of an MCP skill: SERVER:PROMPT.KEY=VALUE (repeatable; config skill_args)')
            [CompletionResult]::new('--mcp-config', '--mcp-config', [CompletionResultType]::ParameterName, 'A JSON or YAML file with an mcpServers map, as Claude Desktop, Claude Code (.mcp.json) and gemini-cli keep it: stdio servers {command, args} and Streamable HTTP ones {url or httpUrl, headers}, ${VAR} expanded in both (repeatable)')
            [CompletionResult]::new('--mcp-server', '--mcp-server', [CompletionResultType]::ParameterName, 'An MCP server on the command line: NAME=COMMAND [ARG...], split at spaces (repeatable)')
            [CompletionResult]::new('--mcp-timeout', '--mcp-timeout', [CompletionResultType]::ParameterName, 'Seconds each MCP step (start, list, get) may take (default 10; config mcp_timeout). A server''s own `timeout` (milliseconds, as gemini-cli reads it) takes its place for that server')
            [CompletionResult]::new('--check', '--check', [CompletionResultType]::ParameterName, 'Compare the output with FILE: exit 0 if equal, else exit 1 and print a diff')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Goal markers in ASCII: [x] [~] [ ] and (locked) instead of emoji')
            [CompletionResult]::new('--hermetic', '--hermetic', [CompletionResultType]::ParameterName, 'Read no user config, memory, home or environment; render the working directory and project root repo-relative and other machine facts blank unless pinned with --set (OS, Shell, Cwd, ProjectRoot, Home, Branch). Also ASIMI_HERMETIC=1 or config hermetic; the default with --check')
            [CompletionResult]::new('--no-hermetic', '--no-hermetic', [CompletionResultType]::ParameterName, 'Not hermetic, even with --check')
            [CompletionResult]::new('--interactive', '--interactive', [CompletionResultType]::ParameterName, 'The prompt for an agent someone answers: questions and confirmations allowed (the default, unless the config says `interactive: false`)')
            [CompletionResult]::new('--non-interactive', '--non-interactive', [CompletionResultType]::ParameterName, 'The prompt for an agent no one answers: no questions back; it makes reasonable assumptions, states them and carries on')
            [CompletionResult]::new('--trust-project-mcp', '--trust-project-mcp', [CompletionResultType]::ParameterName, 'Start the project''s own MCP servers (.asimi/config.yaml mcp_servers); without it they are listed but not started')
            [CompletionResult]::new('--require-mcp', '--require-mcp', [CompletionResultType]::ParameterName, 'Fail (exit 2) when an MCP server fails, instead of leaving its prompts out with a warning')
            [CompletionResult]::new('--sanity', '--sanity', [CompletionResultType]::ParameterName, 'Add the sanity check (sanity-reality-check) at the end of the skills section: the default, unless the config says `sanity: false`')
            [CompletionResult]::new('--no-sanity', '--no-sanity', [CompletionResultType]::ParameterName, 'Leave the sanity check out')
            [CompletionResult]::new('--update', '--update', [CompletionResultType]::ParameterName, 'With --check, rewrite FILE instead of failing')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the sections as JSON (name, source, bytes and text of each)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('system', 'system', [CompletionResultType]::ParameterValue, 'Print the full system prompt (the default command)')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Write the rendered base prompt to a file, for editing and use with ASIMI_SYSTEM_MD')
            [CompletionResult]::new('messages', 'messages', [CompletionResultType]::ParameterValue, 'Print a request body: system prompt, cached tiers, files, history and prompt, as a provider''s JSON')
            [CompletionResult]::new('context', 'context', [CompletionResultType]::ParameterValue, 'Show what a request holds per cache tier, and the cache reuse to expect against the session''s previous request')
            [CompletionResult]::new('compress', 'compress', [CompletionResultType]::ParameterValue, 'Print a request body that asks the model to compress a conversation into a <state_snapshot>, or with --prompt-only the compression prompt alone')
            [CompletionResult]::new('reply', 'reply', [CompletionResultType]::ParameterValue, 'Read a provider''s response on standard input (JSON or a stream), print the assistant''s text as it arrives, and with --session add the turn to the session')
            [CompletionResult]::new('commit', 'commit', [CompletionResultType]::ParameterValue, 'Print a request body that asks the model for a commit message for the staged changes, or with --prompt-only the commit prompt alone')
            [CompletionResult]::new('map', 'map', [CompletionResultType]::ParameterValue, 'Print the repository''s symbol map (legend and one block per file), or its symbols as JSON')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Apply the edit blocks in an LLM''s reply to the project''s files, and print what became of each block')
            [CompletionResult]::new('goal', 'goal', [CompletionResultType]::ParameterValue, 'Show the goal, or update it from the markers in an LLM''s output')
            [CompletionResult]::new('template', 'template', [CompletionResultType]::ParameterValue, 'Render, convert and list templates (Go text/template or Jinja syntax), and list the registered prompts')
            [CompletionResult]::new('prompt', 'prompt', [CompletionResultType]::ParameterValue, 'Fetch prompts from MCP servers (see `template list --prompts` for their ids)')
            [CompletionResult]::new('models', 'models', [CompletionResultType]::ParameterValue, 'List the model registry: limits, minimum cacheable prompt, prices, end of life')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page, or write all man pages to a directory')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'asimi-prompt;system' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--template-fuel', '--template-fuel', [CompletionResultType]::ParameterName, 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel')
            [CompletionResult]::new('--template-bytes', '--template-bytes', [CompletionResultType]::ParameterName, 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes')
            [CompletionResult]::new('--model', '--model', [CompletionResultType]::ParameterName, 'The model (`asimi-prompt models` lists them)')
            [CompletionResult]::new('--mode', '--mode', [CompletionResultType]::ParameterName, 'The operational mode: assistant, developer, planning, debugger or user')
            [CompletionResult]::new('--context-window', '--context-window', [CompletionResultType]::ParameterName, 'The context window in tokens (default: the model''s)')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'The sandbox to describe; auto reads the SANDBOX variable')
            [CompletionResult]::new('--templates', '--templates', [CompletionResultType]::ParameterName, 'A template directory searched before the project''s, the user''s and the built-in templates')
            [CompletionResult]::new('--tool-name', '--tool-name', [CompletionResultType]::ParameterName, 'A tool name the prompt mentions, e.g. grep=rg (keys: read_file, write_file, grep, glob, edit, shell, read_many_files, memory, ls)')
            [CompletionResult]::new('--protocol', '--protocol', [CompletionResultType]::ParameterName, 'How the prompt says the model changes files: through the agent''s tools, or through edit blocks in its reply. Default: tools for system and export; for requests, tools with --tools and edits without (the body carries no tools)')
            [CompletionResult]::new('--goal', '--goal', [CompletionResultType]::ParameterName, 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt''s goal section')
            [CompletionResult]::new('--data', '--data', [CompletionResultType]::ParameterName, 'A JSON or YAML data file, by extension (- reads YAML, which covers JSON, from standard input); several are deep-merged in order. The system prompt''s templates (and template render --prompt-data) see the data as .Vars')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set a data value: a YAML scalar (n=3 is an int, x=true a bool); dotted keys nest (Tools.Grep=rg). Applied after --data')
            [CompletionResult]::new('--agent-name', '--agent-name', [CompletionResultType]::ParameterName, 'The agent''s name, which the base prompt''s first sentence gives (config agent_name; none by default)')
            [CompletionResult]::new('--no-section', '--no-section', [CompletionResultType]::ParameterName, 'Leave a section out (base, map, tools, goal, skills, sandbox, git, context, instructions, memory; map is in requests with a symbol map only, tools in requests with --tools only)')
            [CompletionResult]::new('--append-system-prompt', '--append-system-prompt', [CompletionResultType]::ParameterName, 'Text to append as the instructions section, or @FILE to append a file')
            [CompletionResult]::new('--memory', '--memory', [CompletionResultType]::ParameterName, 'The user memory text (default: memory.md in the user config directory)')
            [CompletionResult]::new('--memory-file', '--memory-file', [CompletionResultType]::ParameterName, 'A file holding the user memory')
            [CompletionResult]::new('--context-file', '--context-file', [CompletionResultType]::ParameterName, 'A context file name to look for (repeatable; replaces the default AGENTS.md)')
            [CompletionResult]::new('--skill', '--skill', [CompletionResultType]::ParameterName, 'Add a registered prompt to the skills section (repeatable; see `template list --prompts`); SERVER:PROMPT fetches an MCP server''s prompt')
            [CompletionResult]::new('--skill-arg', '--skill-arg', [CompletionResultType]::ParameterName, 'An argument of an MCP skill: SERVER:PROMPT.KEY=VALUE (repeatable; config skill_args)')
            [CompletionResult]::new('--mcp-config', '--mcp-config', [CompletionResultType]::ParameterName, 'A JSON or YAML file with an mcpServers map, as Claude Desktop, Claude Code (.mcp.json) and gemini-cli keep it: stdio servers {command, args} and Streamable HTTP ones {url or httpUrl, headers}, ${VAR} expanded in both (repeatable)')
            [CompletionResult]::new('--mcp-server', '--mcp-server', [CompletionResultType]::ParameterName, 'An MCP server on the command line: NAME=COMMAND [ARG...], split at spaces (repeatable)')
            [CompletionResult]::new('--mcp-timeout', '--mcp-timeout', [CompletionResultType]::ParameterName, 'Seconds each MCP step (start, list, get) may take (default 10; config mcp_timeout). A server''s own `timeout` (milliseconds, as gemini-cli reads it) takes its place for that server')
            [CompletionResult]::new('--check', '--check', [CompletionResultType]::ParameterName, 'Compare the output with FILE: exit 0 if equal, else exit 1 and print a diff')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Goal markers in ASCII: [x] [~] [ ] and (locked) instead of emoji')
            [CompletionResult]::new('--hermetic', '--hermetic', [CompletionResultType]::ParameterName, 'Read no user config, memory, home or environment; render the working directory and project root repo-relative and other machine facts blank unless pinned with --set (OS, Shell, Cwd, ProjectRoot, Home, Branch). Also ASIMI_HERMETIC=1 or config hermetic; the default with --check')
            [CompletionResult]::new('--no-hermetic', '--no-hermetic', [CompletionResultType]::ParameterName, 'Not hermetic, even with --check')
            [CompletionResult]::new('--interactive', '--interactive', [CompletionResultType]::ParameterName, 'The prompt for an agent someone answers: questions and confirmations allowed (the default, unless the config says `interactive: false`)')
            [CompletionResult]::new('--non-interactive', '--non-interactive', [CompletionResultType]::ParameterName, 'The prompt for an agent no one answers: no questions back; it makes reasonable assumptions, states them and carries on')
            [CompletionResult]::new('--trust-project-mcp', '--trust-project-mcp', [CompletionResultType]::ParameterName, 'Start the project''s own MCP servers (.asimi/config.yaml mcp_servers); without it they are listed but not started')
            [CompletionResult]::new('--require-mcp', '--require-mcp', [CompletionResultType]::ParameterName, 'Fail (exit 2) when an MCP server fails, instead of leaving its prompts out with a warning')
            [CompletionResult]::new('--sanity', '--sanity', [CompletionResultType]::ParameterName, 'Add the sanity check (sanity-reality-check) at the end of the skills section: the default, unless the config says `sanity: false`')
            [CompletionResult]::new('--no-sanity', '--no-sanity', [CompletionResultType]::ParameterName, 'Leave the sanity check out')
            [CompletionResult]::new('--update', '--update', [CompletionResultType]::ParameterName, 'With --check, rewrite FILE instead of failing')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the sections as JSON (name, source, bytes and text of each)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'asimi-prompt;export' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--template-fuel', '--template-fuel', [CompletionResultType]::ParameterName, 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel')
            [CompletionResult]::new('--template-bytes', '--template-bytes', [CompletionResultType]::ParameterName, 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes')
            [CompletionResult]::new('--model', '--model', [CompletionResultType]::ParameterName, 'The model (`asimi-prompt models` lists them)')
            [CompletionResult]::new('--mode', '--mode', [CompletionResultType]::ParameterName, 'The operational mode: assistant, developer, planning, debugger or user')
            [CompletionResult]::new('--context-window', '--context-window', [CompletionResultType]::ParameterName, 'The context window in tokens (default: the model''s)')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'The sandbox to describe; auto reads the SANDBOX variable')
            [CompletionResult]::new('--templates', '--templates', [CompletionResultType]::ParameterName, 'A template directory searched before the project''s, the user''s and the built-in templates')
            [CompletionResult]::new('--tool-name', '--tool-name', [CompletionResultType]::ParameterName, 'A tool name the prompt mentions, e.g. grep=rg (keys: read_file, write_file, grep, glob, edit, shell, read_many_files, memory, ls)')
            [CompletionResult]::new('--protocol', '--protocol', [CompletionResultType]::ParameterName, 'How the prompt says the model changes files: through the agent''s tools, or through edit blocks in its reply. Default: tools for system and export; for requests, tools with --tools and edits without (the body carries no tools)')
            [CompletionResult]::new('--goal', '--goal', [CompletionResultType]::ParameterName, 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt''s goal section')
            [CompletionResult]::new('--data', '--data', [CompletionResultType]::ParameterName, 'A JSON or YAML data file, by extension (- reads YAML, which covers JSON, from standard input); several are deep-merged in order. The system prompt''s templates (and template render --prompt-data) see the data as .Vars')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set a data value: a YAML scalar (n=3 is an int, x=true a bool); dotted keys nest (Tools.Grep=rg). Applied after --data')
            [CompletionResult]::new('--agent-name', '--agent-name', [CompletionResultType]::ParameterName, 'The agent''s name, which the base prompt''s first sentence gives (config agent_name; none by default)')
            [CompletionResult]::new('--check', '--check', [CompletionResultType]::ParameterName, 'Compare the output with FILE: exit 0 if equal, else exit 1 and print a diff')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Goal markers in ASCII: [x] [~] [ ] and (locked) instead of emoji')
            [CompletionResult]::new('--hermetic', '--hermetic', [CompletionResultType]::ParameterName, 'Read no user config, memory, home or environment; render the working directory and project root repo-relative and other machine facts blank unless pinned with --set (OS, Shell, Cwd, ProjectRoot, Home, Branch). Also ASIMI_HERMETIC=1 or config hermetic; the default with --check')
            [CompletionResult]::new('--no-hermetic', '--no-hermetic', [CompletionResultType]::ParameterName, 'Not hermetic, even with --check')
            [CompletionResult]::new('--interactive', '--interactive', [CompletionResultType]::ParameterName, 'The prompt for an agent someone answers: questions and confirmations allowed (the default, unless the config says `interactive: false`)')
            [CompletionResult]::new('--non-interactive', '--non-interactive', [CompletionResultType]::ParameterName, 'The prompt for an agent no one answers: no questions back; it makes reasonable assumptions, states them and carries on')
            [CompletionResult]::new('--template', '--template', [CompletionResultType]::ParameterName, 'Write the base template''s source instead of the rendered text, so that --mode, --context-window and environment facts stay live (name the file *.tmpl)')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Overwrite a file whose content differs')
            [CompletionResult]::new('--update', '--update', [CompletionResultType]::ParameterName, 'With --check, rewrite FILE instead of failing')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'asimi-prompt;messages' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--template-fuel', '--template-fuel', [CompletionResultType]::ParameterName, 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel')
            [CompletionResult]::new('--template-bytes', '--template-bytes', [CompletionResultType]::ParameterName, 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes')
            [CompletionResult]::new('--spec', '--spec', [CompletionResultType]::ParameterName, 'A context spec (YAML, or JSON) holding any of the inputs below')
            [CompletionResult]::new('--prompt', '--prompt', [CompletionResultType]::ParameterName, 'The prompt (default: standard input, when it is not a terminal)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Working files to send in full: a file, a directory or a glob')
            [CompletionResult]::new('--files-from', '--files-from', [CompletionResultType]::ParameterName, 'Also send the files FILE lists (- : standard input)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Leave files matching GLOB out of --file and the file tree')
            [CompletionResult]::new('--provider', '--provider', [CompletionResultType]::ParameterName, 'The body''s shape (default: the model''s provider)')
            [CompletionResult]::new('--max-tokens', '--max-tokens', [CompletionResultType]::ParameterName, 'The output token limit')
            [CompletionResult]::new('--system-role', '--system-role', [CompletionResultType]::ParameterName, 'The role of the system message in OpenAI-shaped bodies')
            [CompletionResult]::new('--secrets', '--secrets', [CompletionResultType]::ParameterName, 'Secrets found in the request''s content (gitleaks'' rules): replace each with [REDACTED:<rule>] and report it (the default), fail (exit 2), or send as is. Also config key secrets')
            [CompletionResult]::new('--history', '--history', [CompletionResultType]::ParameterName, 'Earlier conversation: a JSON list of {role, content} messages')
            [CompletionResult]::new('--tools', '--tools', [CompletionResultType]::ParameterName, 'Tool definitions the body carries, in each provider''s shape: a JSON list (- : standard input), or mcp:SERVER for a configured MCP server''s tools/list')
            [CompletionResult]::new('--url-context', '--url-context', [CompletionResultType]::ParameterName, 'Fetched URL content: the URL and the file holding it')
            [CompletionResult]::new('--url', '--url', [CompletionResultType]::ParameterName, 'Fetch an http(s) page and send it as URL context (repeatable): HTML as Markdown headed by its title; plain text, Markdown and JSON as they are')
            [CompletionResult]::new('--max-urls', '--max-urls', [CompletionResultType]::ParameterName, 'The most pages one request fetches (default 3)')
            [CompletionResult]::new('--url-timeout', '--url-timeout', [CompletionResultType]::ParameterName, 'Give up on a page after this many seconds, redirects included (default 30)')
            [CompletionResult]::new('--url-ttl', '--url-ttl', [CompletionResultType]::ParameterName, 'Reuse a fetched page from the user cache directory for this long: 1h (the default), 30m, 90s; 0 fetches every time')
            [CompletionResult]::new('--image', '--image', [CompletionResultType]::ParameterName, 'Images for the prompt (PNG, JPEG, GIF or WebP, at most 5 MB each)')
            [CompletionResult]::new('--map-exclude', '--map-exclude', [CompletionResultType]::ParameterName, 'Leave files matching GLOB out of the symbol map (repeatable)')
            [CompletionResult]::new('--map-tokens', '--map-tokens', [CompletionResultType]::ParameterName, 'Keep the best-ranked symbol blocks that fit N tokens (default: 8192, or 16384 with no --file; at most an eighth of the model''s context window)')
            [CompletionResult]::new('--cache-ttl', '--cache-ttl', [CompletionResultType]::ParameterName, 'Cache lifetime: 5m (the default; no ttl field is sent), 1h or 12h')
            [CompletionResult]::new('--tokenizer', '--tokenizer', [CompletionResultType]::ParameterName, 'The encoding that counts tokens for the minimum-cacheable-prefix rule')
            [CompletionResult]::new('--prompt-cache-key', '--prompt-cache-key', [CompletionResultType]::ParameterName, 'OpenAI''s prompt_cache_key')
            [CompletionResult]::new('--max-file-bytes', '--max-file-bytes', [CompletionResultType]::ParameterName, 'Refuse files larger than this many bytes')
            [CompletionResult]::new('--max-request-tokens', '--max-request-tokens', [CompletionResultType]::ParameterName, 'A token budget for CI: over N tokens, exit 1 and print nothing')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Cache stable items in tiers across the runs of session NAME')
            [CompletionResult]::new('--tier', '--tier', [CompletionResultType]::ParameterName, 'Put an item in a tier for this run: PATH=L1, or a key such as history:0=L0 or symbol:PATH=L2 (tiers: L0, L1, L2, L3, active)')
            [CompletionResult]::new('--review', '--review', [CompletionResultType]::ParameterName, 'Add a code review context: what HEAD (or HEAD of BASE..HEAD) changed since it left BASE (their merge base; default: the upstream, else origin/HEAD, main or master). --file files get reverse diffs, other changed files capped diffs')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Print the request as one document to paste into a chat window, not as JSON')
            [CompletionResult]::new('--tree', '--tree', [CompletionResultType]::ParameterName, 'With --format, the file tree lists the packed files (the default) or all of the repository''s')
            [CompletionResult]::new('--summary-json', '--summary-json', [CompletionResultType]::ParameterName, 'With --format, also write the pack''s summary as JSON to FILE: tokens, tokenizer, files, the largest files and what was cut (written when over budget too)')
            [CompletionResult]::new('--cached-content', '--cached-content', [CompletionResultType]::ParameterName, 'Gemini explicit caching, step 2: print the request that uses the entry NAME (`cachedContents/...`, as the create call returned it), leaving out what it holds')
            [CompletionResult]::new('--model', '--model', [CompletionResultType]::ParameterName, 'The model (`asimi-prompt models` lists them)')
            [CompletionResult]::new('--mode', '--mode', [CompletionResultType]::ParameterName, 'The operational mode: assistant, developer, planning, debugger or user')
            [CompletionResult]::new('--context-window', '--context-window', [CompletionResultType]::ParameterName, 'The context window in tokens (default: the model''s)')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'The sandbox to describe; auto reads the SANDBOX variable')
            [CompletionResult]::new('--templates', '--templates', [CompletionResultType]::ParameterName, 'A template directory searched before the project''s, the user''s and the built-in templates')
            [CompletionResult]::new('--tool-name', '--tool-name', [CompletionResultType]::ParameterName, 'A tool name the prompt mentions, e.g. grep=rg (keys: read_file, write_file, grep, glob, edit, shell, read_many_files, memory, ls)')
            [CompletionResult]::new('--protocol', '--protocol', [CompletionResultType]::ParameterName, 'How the prompt says the model changes files: through the agent''s tools, or through edit blocks in its reply. Default: tools for system and export; for requests, tools with --tools and edits without (the body carries no tools)')
            [CompletionResult]::new('--goal', '--goal', [CompletionResultType]::ParameterName, 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt''s goal section')
            [CompletionResult]::new('--data', '--data', [CompletionResultType]::ParameterName, 'A JSON or YAML data file, by extension (- reads YAML, which covers JSON, from standard input); several are deep-merged in order. The system prompt''s templates (and template render --prompt-data) see the data as .Vars')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set a data value: a YAML scalar (n=3 is an int, x=true a bool); dotted keys nest (Tools.Grep=rg). Applied after --data')
            [CompletionResult]::new('--agent-name', '--agent-name', [CompletionResultType]::ParameterName, 'The agent''s name, which the base prompt''s first sentence gives (config agent_name; none by default)')
            [CompletionResult]::new('--no-section', '--no-section', [CompletionResultType]::ParameterName, 'Leave a section out (base, map, tools, goal, skills, sandbox, git, context, instructions, memory; map is in requests with a symbol map only, tools in requests with --tools only)')
            [CompletionResult]::new('--append-system-prompt', '--append-system-prompt', [CompletionResultType]::ParameterName, 'Text to append as the instructions section, or @FILE to append a file')
            [CompletionResult]::new('--memory', '--memory', [CompletionResultType]::ParameterName, 'The user memory text (default: memory.md in the user config directory)')
            [CompletionResult]::new('--memory-file', '--memory-file', [CompletionResultType]::ParameterName, 'A file holding the user memory')
            [CompletionResult]::new('--context-file', '--context-file', [CompletionResultType]::ParameterName, 'A context file name to look for (repeatable; replaces the default AGENTS.md)')
            [CompletionResult]::new('--skill', '--skill', [CompletionResultType]::ParameterName, 'Add a registered prompt to the skills section (repeatable; see `template list --prompts`); SERVER:PROMPT fetches an MCP server''s prompt')
            [CompletionResult]::new('--skill-arg', '--skill-arg', [CompletionResultType]::ParameterName, 'An argument of an MCP skill: SERVER:PROMPT.KEY=VALUE (repeatable; config skill_args)')
            [CompletionResult]::new('--mcp-config', '--mcp-config', [CompletionResultType]::ParameterName, 'A JSON or YAML file with an mcpServers map, as Claude Desktop, Claude Code (.mcp.json) and gemini-cli keep it: stdio servers {command, args} and Streamable HTTP ones {url or httpUrl, headers}, ${VAR} expanded in both (repeatable)')
            [CompletionResult]::new('--mcp-server', '--mcp-server', [CompletionResultType]::ParameterName, 'An MCP server on the command line: NAME=COMMAND [ARG...], split at spaces (repeatable)')
            [CompletionResult]::new('--mcp-timeout', '--mcp-timeout', [CompletionResultType]::ParameterName, 'Seconds each MCP step (start, list, get) may take (default 10; config mcp_timeout). A server''s own `timeout` (milliseconds, as gemini-cli reads it) takes its place for that server')
            [CompletionResult]::new('--stream', '--stream', [CompletionResultType]::ParameterName, 'Ask for a streamed response')
            [CompletionResult]::new('--allow-retired', '--allow-retired', [CompletionResultType]::ParameterName, 'Build the request even for a model its provider has retired (past its end of life in `asimi-prompt models`); without it such a model stops the run, naming its replacement')
            [CompletionResult]::new('--allow-model-mismatch', '--allow-model-mismatch', [CompletionResultType]::ParameterName, 'Build the request even when --provider (or the spec''s provider) is not the model''s (a proxy that routes it); without it such a pair stops the run')
            [CompletionResult]::new('--compact', '--compact', [CompletionResultType]::ParameterName, 'Print the JSON on one line')
            [CompletionResult]::new('--fetch-urls', '--fetch-urls', [CompletionResultType]::ParameterName, 'Also fetch the http(s) URLs the prompt mentions (a prompt from --prompt or standard input only, never a spec''s)')
            [CompletionResult]::new('--file-tree', '--file-tree', [CompletionResultType]::ParameterName, 'Send the list of the repository''s files (the default)')
            [CompletionResult]::new('--no-file-tree', '--no-file-tree', [CompletionResultType]::ParameterName, 'Leave the file tree out')
            [CompletionResult]::new('--no-symbol-map', '--no-symbol-map', [CompletionResultType]::ParameterName, 'Leave the repository''s symbol map out (also spec symbols: false)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Note on stderr each file the symbol map could not parse cleanly')
            [CompletionResult]::new('--allow-outside', '--allow-outside', [CompletionResultType]::ParameterName, 'Allow files outside the project root')
            [CompletionResult]::new('--truncate', '--truncate', [CompletionResultType]::ParameterName, 'When the request would not fit the model''s context window minus --max-tokens, drop the oldest history (the first message kept, pairs whole) until it does; without it an oversize request is an error')
            [CompletionResult]::new('--no-update', '--no-update', [CompletionResultType]::ParameterName, 'Use the session''s tiers but record nothing')
            [CompletionResult]::new('--review-worktree', '--review-worktree', [CompletionResultType]::ParameterName, 'Review the working tree''s changes to tracked files, against HEAD (or against --review BASE)')
            [CompletionResult]::new('--flat', '--flat', [CompletionResultType]::ParameterName, 'One flat message list, no tiers or markers, for servers without prompt caching')
            [CompletionResult]::new('--line-numbers', '--line-numbers', [CompletionResultType]::ParameterName, 'With --format, put each file line''s number before it')
            [CompletionResult]::new('--with-system', '--with-system', [CompletionResultType]::ParameterName, 'With --format, keep the agent''s instructions: the system prompt and the reminder after the prompt')
            [CompletionResult]::new('--cache-create', '--cache-create', [CompletionResultType]::ParameterName, 'Gemini explicit caching, step 1: print the `cachedContents` create body (POST .../v1beta/cachedContents) holding the cached tiers and the system instruction, with a TTL of an hour (--cache-ttl 5m: five minutes). It needs no prompt')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Goal markers in ASCII: [x] [~] [ ] and (locked) instead of emoji')
            [CompletionResult]::new('--hermetic', '--hermetic', [CompletionResultType]::ParameterName, 'Read no user config, memory, home or environment; render the working directory and project root repo-relative and other machine facts blank unless pinned with --set (OS, Shell, Cwd, ProjectRoot, Home, Branch). Also ASIMI_HERMETIC=1 or config hermetic; the default with --check')
            [CompletionResult]::new('--no-hermetic', '--no-hermetic', [CompletionResultType]::ParameterName, 'Not hermetic, even with --check')
            [CompletionResult]::new('--interactive', '--interactive', [CompletionResultType]::ParameterName, 'The prompt for an agent someone answers: questions and confirmations allowed (the default, unless the config says `interactive: false`)')
            [CompletionResult]::new('--non-interactive', '--non-interactive', [CompletionResultType]::ParameterName, 'The prompt for an agent no one answers: no questions back; it makes reasonable assumptions, states them and carries on')
            [CompletionResult]::new('--trust-project-mcp', '--trust-project-mcp', [CompletionResultType]::ParameterName, 'Start the project''s own MCP servers (.asimi/config.yaml mcp_servers); without it they are listed but not started')
            [CompletionResult]::new('--require-mcp', '--require-mcp', [CompletionResultType]::ParameterName, 'Fail (exit 2) when an MCP server fails, instead of leaving its prompts out with a warning')
            [CompletionResult]::new('--sanity', '--sanity', [CompletionResultType]::ParameterName, 'Add the sanity check (sanity-reality-check) at the end of the skills section: the default, unless the config says `sanity: false`')
            [CompletionResult]::new('--no-sanity', '--no-sanity', [CompletionResultType]::ParameterName, 'Leave the sanity check out')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'asimi-prompt;context' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--template-fuel', '--template-fuel', [CompletionResultType]::ParameterName, 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel')
            [CompletionResult]::new('--template-bytes', '--template-bytes', [CompletionResultType]::ParameterName, 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes')
            [CompletionResult]::new('--spec', '--spec', [CompletionResultType]::ParameterName, 'A context spec (YAML, or JSON) holding any of the inputs below')
            [CompletionResult]::new('--prompt', '--prompt', [CompletionResultType]::ParameterName, 'The prompt (default: standard input, when it is not a terminal)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Working files to send in full: a file, a directory or a glob')
            [CompletionResult]::new('--files-from', '--files-from', [CompletionResultType]::ParameterName, 'Also send the files FILE lists (- : standard input)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Leave files matching GLOB out of --file and the file tree')
            [CompletionResult]::new('--provider', '--provider', [CompletionResultType]::ParameterName, 'The body''s shape (default: the model''s provider)')
            [CompletionResult]::new('--max-tokens', '--max-tokens', [CompletionResultType]::ParameterName, 'The output token limit')
            [CompletionResult]::new('--system-role', '--system-role', [CompletionResultType]::ParameterName, 'The role of the system message in OpenAI-shaped bodies')
            [CompletionResult]::new('--secrets', '--secrets', [CompletionResultType]::ParameterName, 'Secrets found in the request''s content (gitleaks'' rules): replace each with [REDACTED:<rule>] and report it (the default), fail (exit 2), or send as is. Also config key secrets')
            [CompletionResult]::new('--history', '--history', [CompletionResultType]::ParameterName, 'Earlier conversation: a JSON list of {role, content} messages')
            [CompletionResult]::new('--tools', '--tools', [CompletionResultType]::ParameterName, 'Tool definitions the body carries, in each provider''s shape: a JSON list (- : standard input), or mcp:SERVER for a configured MCP server''s tools/list')
            [CompletionResult]::new('--url-context', '--url-context', [CompletionResultType]::ParameterName, 'Fetched URL content: the URL and the file holding it')
            [CompletionResult]::new('--url', '--url', [CompletionResultType]::ParameterName, 'Fetch an http(s) page and send it as URL context (repeatable): HTML as Markdown headed by its title; plain text, Markdown and JSON as they are')
            [CompletionResult]::new('--max-urls', '--max-urls', [CompletionResultType]::ParameterName, 'The most pages one request fetches (default 3)')
            [CompletionResult]::new('--url-timeout', '--url-timeout', [CompletionResultType]::ParameterName, 'Give up on a page after this many seconds, redirects included (default 30)')
            [CompletionResult]::new('--url-ttl', '--url-ttl', [CompletionResultType]::ParameterName, 'Reuse a fetched page from the user cache directory for this long: 1h (the default), 30m, 90s; 0 fetches every time')
            [CompletionResult]::new('--image', '--image', [CompletionResultType]::ParameterName, 'Images for the prompt (PNG, JPEG, GIF or WebP, at most 5 MB each)')
            [CompletionResult]::new('--map-exclude', '--map-exclude', [CompletionResultType]::ParameterName, 'Leave files matching GLOB out of the symbol map (repeatable)')
            [CompletionResult]::new('--map-tokens', '--map-tokens', [CompletionResultType]::ParameterName, 'Keep the best-ranked symbol blocks that fit N tokens (default: 8192, or 16384 with no --file; at most an eighth of the model''s context window)')
            [CompletionResult]::new('--cache-ttl', '--cache-ttl', [CompletionResultType]::ParameterName, 'Cache lifetime: 5m (the default; no ttl field is sent), 1h or 12h')
            [CompletionResult]::new('--tokenizer', '--tokenizer', [CompletionResultType]::ParameterName, 'The encoding that counts tokens for the minimum-cacheable-prefix rule')
            [CompletionResult]::new('--prompt-cache-key', '--prompt-cache-key', [CompletionResultType]::ParameterName, 'OpenAI''s prompt_cache_key')
            [CompletionResult]::new('--max-file-bytes', '--max-file-bytes', [CompletionResultType]::ParameterName, 'Refuse files larger than this many bytes')
            [CompletionResult]::new('--max-request-tokens', '--max-request-tokens', [CompletionResultType]::ParameterName, 'A token budget for CI: over N tokens, exit 1 and print nothing')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Cache stable items in tiers across the runs of session NAME')
            [CompletionResult]::new('--tier', '--tier', [CompletionResultType]::ParameterName, 'Put an item in a tier for this run: PATH=L1, or a key such as history:0=L0 or symbol:PATH=L2 (tiers: L0, L1, L2, L3, active)')
            [CompletionResult]::new('--review', '--review', [CompletionResultType]::ParameterName, 'Add a code review context: what HEAD (or HEAD of BASE..HEAD) changed since it left BASE (their merge base; default: the upstream, else origin/HEAD, main or master). --file files get reverse diffs, other changed files capped diffs')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Print the request as one document to paste into a chat window, not as JSON')
            [CompletionResult]::new('--tree', '--tree', [CompletionResultType]::ParameterName, 'With --format, the file tree lists the packed files (the default) or all of the repository''s')
            [CompletionResult]::new('--summary-json', '--summary-json', [CompletionResultType]::ParameterName, 'With --format, also write the pack''s summary as JSON to FILE: tokens, tokenizer, files, the largest files and what was cut (written when over budget too)')
            [CompletionResult]::new('--cached-content', '--cached-content', [CompletionResultType]::ParameterName, 'Gemini explicit caching, step 2: print the request that uses the entry NAME (`cachedContents/...`, as the create call returned it), leaving out what it holds')
            [CompletionResult]::new('--model', '--model', [CompletionResultType]::ParameterName, 'The model (`asimi-prompt models` lists them)')
            [CompletionResult]::new('--mode', '--mode', [CompletionResultType]::ParameterName, 'The operational mode: assistant, developer, planning, debugger or user')
            [CompletionResult]::new('--context-window', '--context-window', [CompletionResultType]::ParameterName, 'The context window in tokens (default: the model''s)')
            [CompletionResult]::new('--sandbox', '--sandbox', [CompletionResultType]::ParameterName, 'The sandbox to describe; auto reads the SANDBOX variable')
            [CompletionResult]::new('--templates', '--templates', [CompletionResultType]::ParameterName, 'A template directory searched before the project''s, the user''s and the built-in templates')
            [CompletionResult]::new('--tool-name', '--tool-name', [CompletionResultType]::ParameterName, 'A tool name the prompt mentions, e.g. grep=rg (keys: read_file, write_file, grep, glob, edit, shell, read_many_files, memory, ls)')
            [CompletionResult]::new('--protocol', '--protocol', [CompletionResultType]::ParameterName, 'How the prompt says the model changes files: through the agent''s tools, or through edit blocks in its reply. Default: tools for system and export; for requests, tools with --tools and edits without (the body carries no tools)')
            [CompletionResult]::new('--goal', '--goal', [CompletionResultType]::ParameterName, 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt''s goal section')
            [CompletionResult]::new('--data', '--data', [CompletionResultType]::ParameterName, 'A JSON or YAML data file, by extension (- reads YAML, which covers JSON, from standard input); several are deep-merged in order. The system prompt''s templates (and template render --prompt-data) see the data as .Vars')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set a data value: a YAML scalar (n=3 is an int, x=true a bool); dotted keys nest (Tools.Grep=rg). Applied after --data')
            [CompletionResult]::new('--agent-name', '--agent-name', [CompletionResultType]::ParameterName, 'The agent''s name, which the base prompt''s first sentence gives (config agent_name; none by default)')
            [CompletionResult]::new('--no-section', '--no-section', [CompletionResultType]::ParameterName, 'Leave a section out (base, map, tools, goal, skills, sandbox, git, context, instructions, memory; map is in requests with a symbol map only, tools in requests with --tools only)')
            [CompletionResult]::new('--append-system-prompt', '--append-system-prompt', [CompletionResultType]::ParameterName, 'Text to append as the instructions section, or @FILE to append a file')
            [CompletionResult]::new('--memory', '--memory', [CompletionResultType]::ParameterName, 'The user memory text (default: memory.md in the user config directory)')
            [CompletionResult]::new('--memory-file', '--memory-file', [CompletionResultType]::ParameterName, 'A file holding the user memory')
            [CompletionResult]::new('--context-file', '--context-file', [CompletionResultType]::ParameterName, 'A context file name to look for (repeatable; replaces the default AGENTS.md)')
            [CompletionResult]::new('--skill', '--skill', [CompletionResultType]::ParameterName, 'Add a registered prompt to the skills section (repeatable; see `template list --prompts`); SERVER:PROMPT fetches an MCP server''s prompt')
            [CompletionResult]::new('--skill-arg', '--skill-arg', [CompletionResultType]::ParameterName, 'An argument of an MCP skill: SERVER:PROMPT.KEY=VALUE (repeatable; config skill_args)')
            [CompletionResult]::new('--mcp-config', '--mcp-config', [CompletionResultType]::ParameterName, 'A JSON or YAML file with an mcpServers map, as Claude Desktop, Claude Code (.mcp.json) and gemini-cli keep it: stdio servers {command, args} and Streamable HTTP ones {url or httpUrl, headers}, ${VAR} expanded in both (repeatable)')
            [CompletionResult]::new('--mcp-server', '--mcp-server', [CompletionResultType]::ParameterName, 'An MCP server on the command line: NAME=COMMAND [ARG...], split at spaces (repeatable)')
            [CompletionResult]::new('--mcp-timeout', '--mcp-timeout', [CompletionResultType]::ParameterName, 'Seconds each MCP step (start, list, get) may take (default 10; config mcp_timeout). A server''s own `timeout` (milliseconds, as gemini-cli reads it) takes its place for that server')
            [CompletionResult]::new('--stream', '--stream', [CompletionResultType]::ParameterName, 'Ask for a streamed response')
            [CompletionResult]::new('--allow-retired', '--allow-retired', [CompletionResultType]::ParameterName, 'Build the request even for a model its provider has retired (past its end of life in `asimi-prompt models`); without it such a model stops the run, naming its replacement')
            [CompletionResult]::new('--allow-model-mismatch', '--allow-model-mismatch', [CompletionResultType]::ParameterName, 'Build the request even when --provider (or the spec''s provider) is not the model''s (a proxy that routes it); without it such a pair stops the run')
            [CompletionResult]::new('--compact', '--compact', [CompletionResultType]::ParameterName, 'Print the JSON on one line')
            [CompletionResult]::new('--fetch-urls', '--fetch-urls', [CompletionResultType]::ParameterName, 'Also fetch the http(s) URLs the prompt mentions (a prompt from --prompt or standard input only, never a spec''s)')
            [CompletionResult]::new('--file-tree', '--file-tree', [CompletionResultType]::ParameterName, 'Send the list of the repository''s files (the default)')
            [CompletionResult]::new('--no-file-tree', '--no-file-tree', [CompletionResultType]::ParameterName, 'Leave the file tree out')
            [CompletionResult]::new('--no-symbol-map', '--no-symbol-map', [CompletionResultType]::ParameterName, 'Leave the repository''s symbol map out (also spec symbols: false)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Note on stderr each file the symbol map could not parse cleanly')
            [CompletionResult]::new('--allow-outside', '--allow-outside', [CompletionResultType]::ParameterName, 'Allow files outside the project root')
            [CompletionResult]::new('--truncate', '--truncate', [CompletionResultType]::ParameterName, 'When the request would not fit the model''s context window minus --max-tokens, drop the oldest history (the first message kept, pairs whole) until it does; without it an oversize request is an error')
            [CompletionResult]::new('--no-update', '--no-update', [CompletionResultType]::ParameterName, 'Use the session''s tiers but record nothing')
            [CompletionResult]::new('--review-worktree', '--review-worktree', [CompletionResultType]::ParameterName, 'Review the working tree''s changes to tracked files, against HEAD (or against --review BASE)')
            [CompletionResult]::new('--flat', '--flat', [CompletionResultType]::ParameterName, 'One flat message list, no tiers or markers, for servers without prompt caching')
            [CompletionResult]::new('--line-numbers', '--line-numbers', [CompletionResultType]::ParameterName, 'With --format, put each file line''s number before it')
            [CompletionResult]::new('--with-system', '--with-system', [CompletionResultType]::ParameterName, 'With --format, keep the agent''s instructions: the system prompt and the reminder after the prompt')
            [CompletionResult]::new('--cache-create', '--cache-create', [CompletionResultType]::ParameterName, 'Gemini explicit caching, step 1: print the `cachedContents` create body (POST .../v1beta/cachedContents) holding the cached tiers and the system instruction, with a TTL of an hour (--cache-ttl 5m: five minutes). It needs no prompt')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Goal markers in ASCII: [x] [~] [ ] and (locked) instead of emoji')
            [CompletionResult]::new('--hermetic', '--hermetic', [CompletionResultType]::ParameterName, 'Read no user config, memory, home or environment; render the working directory and project root repo-relative and other machine facts blank unless pinned with --set (OS, Shell, Cwd, ProjectRoot, Home, Branch). Also ASIMI_HERMETIC=1 or config hermetic; the default with --check')
            [CompletionResult]::new('--no-hermetic', '--no-hermetic', [CompletionResultType]::ParameterName, 'Not hermetic, even with --check')
            [CompletionResult]::new('--interactive', '--interactive', [CompletionResultType]::ParameterName, 'The prompt for an agent someone answers: questions and confirmations allowed (the default, unless the config says `interactive: false`)')
            [CompletionResult]::new('--non-interactive', '--non-interactive', [CompletionResultType]::ParameterName, 'The prompt for an agent no one answers: no questions back; it makes reasonable assumptions, states them and carries on')
            [CompletionResult]::new('--trust-project-mcp', '--trust-project-mcp', [CompletionResultType]::ParameterName, 'Start the project''s own MCP servers (.asimi/config.yaml mcp_servers); without it they are listed but not started')
            [CompletionResult]::new('--require-mcp', '--require-mcp', [CompletionResultType]::ParameterName, 'Fail (exit 2) when an MCP server fails, instead of leaving its prompts out with a warning')
            [CompletionResult]::new('--sanity', '--sanity', [CompletionResultType]::ParameterName, 'Add the sanity check (sanity-reality-check) at the end of the skills section: the default, unless the config says `sanity: false`')
            [CompletionResult]::new('--no-sanity', '--no-sanity', [CompletionResultType]::ParameterName, 'Leave the sanity check out')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the breakdown as JSON')
            [CompletionResult]::new('--files', '--files', [CompletionResultType]::ParameterName, 'Also list every item with its tokens and the flag that leaves it out')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'asimi-prompt;compress' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--template-fuel', '--template-fuel', [CompletionResultType]::ParameterName, 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel')
            [CompletionResult]::new('--template-bytes', '--template-bytes', [CompletionResultType]::ParameterName, 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes')
            [CompletionResult]::new('--provider', '--provider', [CompletionResultType]::ParameterName, 'The body''s shape (default: the model''s provider)')
            [CompletionResult]::new('--max-tokens', '--max-tokens', [CompletionResultType]::ParameterName, 'The output token limit')
            [CompletionResult]::new('--system-role', '--system-role', [CompletionResultType]::ParameterName, 'The role of the system message in OpenAI-shaped bodies')
            [CompletionResult]::new('--secrets', '--secrets', [CompletionResultType]::ParameterName, 'Secrets found in the request''s content (gitleaks'' rules): replace each with [REDACTED:<rule>] and report it (the default), fail (exit 2), or send as is. Also config key secrets')
            [CompletionResult]::new('--history', '--history', [CompletionResultType]::ParameterName, 'The conversation to compress: a JSON list of {role, content} messages')
            [CompletionResult]::new('--model', '--model', [CompletionResultType]::ParameterName, 'The model; picks the provider and limits (default: ASIMI_MODEL, then config, then the provider''s default: claude-sonnet-5-5 for Anthropic)')
            [CompletionResult]::new('--goal', '--goal', [CompletionResultType]::ParameterName, 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt''s goal section')
            [CompletionResult]::new('--templates', '--templates', [CompletionResultType]::ParameterName, 'A template directory searched before the project''s, the user''s and the built-in templates')
            [CompletionResult]::new('--stream', '--stream', [CompletionResultType]::ParameterName, 'Ask for a streamed response')
            [CompletionResult]::new('--allow-retired', '--allow-retired', [CompletionResultType]::ParameterName, 'Build the request even for a model its provider has retired (past its end of life in `asimi-prompt models`); without it such a model stops the run, naming its replacement')
            [CompletionResult]::new('--allow-model-mismatch', '--allow-model-mismatch', [CompletionResultType]::ParameterName, 'Build the request even when --provider (or the spec''s provider) is not the model''s (a proxy that routes it); without it such a pair stops the run')
            [CompletionResult]::new('--compact', '--compact', [CompletionResultType]::ParameterName, 'Print the JSON on one line')
            [CompletionResult]::new('--prompt-only', '--prompt-only', [CompletionResultType]::ParameterName, 'Print only the compression prompt')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'asimi-prompt;reply' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--template-fuel', '--template-fuel', [CompletionResultType]::ParameterName, 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel')
            [CompletionResult]::new('--template-bytes', '--template-bytes', [CompletionResultType]::ParameterName, 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Add the turn (the last request''s prompt and this answer) and the reported usage to the session NAME (the one `messages --session NAME` sent)')
            [CompletionResult]::new('--apply', '--apply', [CompletionResultType]::ParameterName, 'Then apply the answer''s edit blocks to the project''s files, as `asimi-prompt apply` does; its report goes to standard error (standard output is the answer). With --session, the blocks that did not apply are recorded for the next request')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'asimi-prompt;commit' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--template-fuel', '--template-fuel', [CompletionResultType]::ParameterName, 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel')
            [CompletionResult]::new('--template-bytes', '--template-bytes', [CompletionResultType]::ParameterName, 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes')
            [CompletionResult]::new('--provider', '--provider', [CompletionResultType]::ParameterName, 'The body''s shape (default: the model''s provider)')
            [CompletionResult]::new('--max-tokens', '--max-tokens', [CompletionResultType]::ParameterName, 'The output token limit')
            [CompletionResult]::new('--system-role', '--system-role', [CompletionResultType]::ParameterName, 'The role of the system message in OpenAI-shaped bodies')
            [CompletionResult]::new('--secrets', '--secrets', [CompletionResultType]::ParameterName, 'Secrets found in the request''s content (gitleaks'' rules): replace each with [REDACTED:<rule>] and report it (the default), fail (exit 2), or send as is. Also config key secrets')
            [CompletionResult]::new('--model', '--model', [CompletionResultType]::ParameterName, 'The model; picks the provider and limits (default: ASIMI_MODEL, then config, then the provider''s default: claude-sonnet-5-5 for Anthropic)')
            [CompletionResult]::new('--templates', '--templates', [CompletionResultType]::ParameterName, 'A template directory searched before the project''s, the user''s and the built-in templates')
            [CompletionResult]::new('-a', '-a', [CompletionResultType]::ParameterName, 'Describe every change to tracked files in the working tree against HEAD (what `git commit --all` commits), not only the staged ones')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Describe every change to tracked files in the working tree against HEAD (what `git commit --all` commits), not only the staged ones')
            [CompletionResult]::new('--stream', '--stream', [CompletionResultType]::ParameterName, 'Ask for a streamed response')
            [CompletionResult]::new('--allow-retired', '--allow-retired', [CompletionResultType]::ParameterName, 'Build the request even for a model its provider has retired (past its end of life in `asimi-prompt models`); without it such a model stops the run, naming its replacement')
            [CompletionResult]::new('--allow-model-mismatch', '--allow-model-mismatch', [CompletionResultType]::ParameterName, 'Build the request even when --provider (or the spec''s provider) is not the model''s (a proxy that routes it); without it such a pair stops the run')
            [CompletionResult]::new('--compact', '--compact', [CompletionResultType]::ParameterName, 'Print the JSON on one line')
            [CompletionResult]::new('--prompt-only', '--prompt-only', [CompletionResultType]::ParameterName, 'Print only the rendered commit prompt')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'asimi-prompt;map' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--template-fuel', '--template-fuel', [CompletionResultType]::ParameterName, 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel')
            [CompletionResult]::new('--template-bytes', '--template-bytes', [CompletionResultType]::ParameterName, 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes')
            [CompletionResult]::new('--tokens', '--tokens', [CompletionResultType]::ParameterName, 'Keep the best-ranked files whose blocks fit N tokens (whole blocks only)')
            [CompletionResult]::new('--map-exclude', '--map-exclude', [CompletionResultType]::ParameterName, 'Leave files matching GLOB out (repeatable)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the symbols as JSON: per file its path and symbols (kind, name, line, params, returns, refs)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Note on stderr each file that did not parse cleanly (its block holds what the parser recovered, or it has none)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Note on stderr each file that did not parse cleanly (its block holds what the parser recovered, or it has none)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'asimi-prompt;apply' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--template-fuel', '--template-fuel', [CompletionResultType]::ParameterName, 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel')
            [CompletionResult]::new('--template-bytes', '--template-bytes', [CompletionResultType]::ParameterName, 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Record the blocks that did not apply in session NAME: its next `messages` tells the model, with the files'' current content (not with --dry-run)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Print a unified diff of what would change, and write nothing')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print each block''s result as JSON (docs/apply.md lists the fields)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'asimi-prompt;goal' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--template-fuel', '--template-fuel', [CompletionResultType]::ParameterName, 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel')
            [CompletionResult]::new('--template-bytes', '--template-bytes', [CompletionResultType]::ParameterName, 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print the goal''s progress, then the goal as the prompt''s goal section shows it (whatever its status)')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Update the goal file from [GOAL], [CHECKPOINT], [DECISION], [ARTIFACT] and [NEXT] lines in an LLM''s output, and print what changed')
            [CompletionResult]::new('history', 'history', [CompletionResultType]::ParameterValue, 'List the completed goals kept in the goal''s history (NAME.history.yaml beside it), oldest first, with the current goal last when it is completed')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'asimi-prompt;goal;show' {
            [CompletionResult]::new('--goal', '--goal', [CompletionResultType]::ParameterName, 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt''s goal section')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--template-fuel', '--template-fuel', [CompletionResultType]::ParameterName, 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel')
            [CompletionResult]::new('--template-bytes', '--template-bytes', [CompletionResultType]::ParameterName, 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'ASCII markers: [x] [~] [ ] and (locked)')
            [CompletionResult]::new('--yaml', '--yaml', [CompletionResultType]::ParameterName, 'Print the goal file''s YAML instead')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the goal as JSON, with its progress (completed, total, percentage)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'asimi-prompt;goal;apply' {
            [CompletionResult]::new('--goal', '--goal', [CompletionResultType]::ParameterName, 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt''s goal section')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--template-fuel', '--template-fuel', [CompletionResultType]::ParameterName, 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel')
            [CompletionResult]::new('--template-bytes', '--template-bytes', [CompletionResultType]::ParameterName, 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Print what would change, and write nothing')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'asimi-prompt;goal;history' {
            [CompletionResult]::new('--goal', '--goal', [CompletionResultType]::ParameterName, 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt''s goal section')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--template-fuel', '--template-fuel', [CompletionResultType]::ParameterName, 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel')
            [CompletionResult]::new('--template-bytes', '--template-bytes', [CompletionResultType]::ParameterName, 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the goals as JSON, each with its progress and whether it is the current one')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'asimi-prompt;goal;help' {
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print the goal''s progress, then the goal as the prompt''s goal section shows it (whatever its status)')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Update the goal file from [GOAL], [CHECKPOINT], [DECISION], [ARTIFACT] and [NEXT] lines in an LLM''s output, and print what changed')
            [CompletionResult]::new('history', 'history', [CompletionResultType]::ParameterValue, 'List the completed goals kept in the goal''s history (NAME.history.yaml beside it), oldest first, with the current goal last when it is completed')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'asimi-prompt;goal;help;show' {
            break
        }
        'asimi-prompt;goal;help;apply' {
            break
        }
        'asimi-prompt;goal;help;history' {
            break
        }
        'asimi-prompt;goal;help;help' {
            break
        }
        'asimi-prompt;template' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--template-fuel', '--template-fuel', [CompletionResultType]::ParameterName, 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel')
            [CompletionResult]::new('--template-bytes', '--template-bytes', [CompletionResultType]::ParameterName, 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('render', 'render', [CompletionResultType]::ParameterValue, 'Render a template and print exactly the rendered bytes (no newline is added)')
            [CompletionResult]::new('convert', 'convert', [CompletionResultType]::ParameterValue, 'Print the Jinja translation of a Go template. Rendered by asimi-prompt''s Jinja engine it gives the same bytes as the Go original')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the templates in use: name, syntax and where each was found')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'asimi-prompt;template;render' {
            [CompletionResult]::new('--syntax', '--syntax', [CompletionResultType]::ParameterName, 'The template syntax')
            [CompletionResult]::new('--data', '--data', [CompletionResultType]::ParameterName, 'A JSON or YAML data file, by extension (- reads YAML, which covers JSON, from standard input); several are deep-merged in order. The system prompt''s templates (and template render --prompt-data) see the data as .Vars')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Set a data value: a YAML scalar (n=3 is an int, x=true a bool); dotted keys nest (Tools.Grep=rg). Applied after --data')
            [CompletionResult]::new('--missingkey', '--missingkey', [CompletionResultType]::ParameterName, 'What a missing map key gives in Go templates (Go''s missingkey option)')
            [CompletionResult]::new('--model', '--model', [CompletionResultType]::ParameterName, 'With --prompt-data: the model (as for `system`)')
            [CompletionResult]::new('--mode', '--mode', [CompletionResultType]::ParameterName, 'With --prompt-data: the operational mode (as for `system`)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--template-fuel', '--template-fuel', [CompletionResultType]::ParameterName, 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel')
            [CompletionResult]::new('--template-bytes', '--template-bytes', [CompletionResultType]::ParameterName, 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes')
            [CompletionResult]::new('--prompt-data', '--prompt-data', [CompletionResultType]::ParameterName, 'Render with exactly the data `system` gives the base prompt (.Env, .ToolNames, .ModeInstructions, .Goal...), with --data and --set under .Vars: to preview a system.md template')
            [CompletionResult]::new('--hermetic', '--hermetic', [CompletionResultType]::ParameterName, 'With --prompt-data: the data of a hermetic run (what `--check` sees)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'asimi-prompt;template;convert' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--template-fuel', '--template-fuel', [CompletionResultType]::ParameterName, 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel')
            [CompletionResult]::new('--template-bytes', '--template-bytes', [CompletionResultType]::ParameterName, 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'asimi-prompt;template;list' {
            [CompletionResult]::new('--templates', '--templates', [CompletionResultType]::ParameterName, 'A template directory searched before the project''s, the user''s and the built-in templates')
            [CompletionResult]::new('--tag', '--tag', [CompletionResultType]::ParameterName, 'List the registered prompts carrying this tag (e.g. skill, core, mcp)')
            [CompletionResult]::new('--mcp-config', '--mcp-config', [CompletionResultType]::ParameterName, 'A JSON or YAML file with an mcpServers map, as Claude Desktop, Claude Code (.mcp.json) and gemini-cli keep it: stdio servers {command, args} and Streamable HTTP ones {url or httpUrl, headers}, ${VAR} expanded in both (repeatable)')
            [CompletionResult]::new('--mcp-server', '--mcp-server', [CompletionResultType]::ParameterName, 'An MCP server on the command line: NAME=COMMAND [ARG...], split at spaces (repeatable)')
            [CompletionResult]::new('--mcp-timeout', '--mcp-timeout', [CompletionResultType]::ParameterName, 'Seconds each MCP step (start, list, get) may take (default 10; config mcp_timeout). A server''s own `timeout` (milliseconds, as gemini-cli reads it) takes its place for that server')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--template-fuel', '--template-fuel', [CompletionResultType]::ParameterName, 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel')
            [CompletionResult]::new('--template-bytes', '--template-bytes', [CompletionResultType]::ParameterName, 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes')
            [CompletionResult]::new('--prompts', '--prompts', [CompletionResultType]::ParameterName, 'List the registered prompts (core prompts and skills) instead of the templates')
            [CompletionResult]::new('--trust-project-mcp', '--trust-project-mcp', [CompletionResultType]::ParameterName, 'Start the project''s own MCP servers (.asimi/config.yaml mcp_servers); without it they are listed but not started')
            [CompletionResult]::new('--require-mcp', '--require-mcp', [CompletionResultType]::ParameterName, 'Fail (exit 2) when an MCP server fails, instead of leaving its prompts out with a warning')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'asimi-prompt;template;help' {
            [CompletionResult]::new('render', 'render', [CompletionResultType]::ParameterValue, 'Render a template and print exactly the rendered bytes (no newline is added)')
            [CompletionResult]::new('convert', 'convert', [CompletionResultType]::ParameterValue, 'Print the Jinja translation of a Go template. Rendered by asimi-prompt''s Jinja engine it gives the same bytes as the Go original')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the templates in use: name, syntax and where each was found')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'asimi-prompt;template;help;render' {
            break
        }
        'asimi-prompt;template;help;convert' {
            break
        }
        'asimi-prompt;template;help;list' {
            break
        }
        'asimi-prompt;template;help;help' {
            break
        }
        'asimi-prompt;prompt' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--template-fuel', '--template-fuel', [CompletionResultType]::ParameterName, 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel')
            [CompletionResult]::new('--template-bytes', '--template-bytes', [CompletionResultType]::ParameterName, 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Print one MCP prompt''s messages, with its arguments as KEY=VALUE')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'asimi-prompt;prompt;get' {
            [CompletionResult]::new('--mcp-config', '--mcp-config', [CompletionResultType]::ParameterName, 'A JSON or YAML file with an mcpServers map, as Claude Desktop, Claude Code (.mcp.json) and gemini-cli keep it: stdio servers {command, args} and Streamable HTTP ones {url or httpUrl, headers}, ${VAR} expanded in both (repeatable)')
            [CompletionResult]::new('--mcp-server', '--mcp-server', [CompletionResultType]::ParameterName, 'An MCP server on the command line: NAME=COMMAND [ARG...], split at spaces (repeatable)')
            [CompletionResult]::new('--mcp-timeout', '--mcp-timeout', [CompletionResultType]::ParameterName, 'Seconds each MCP step (start, list, get) may take (default 10; config mcp_timeout). A server''s own `timeout` (milliseconds, as gemini-cli reads it) takes its place for that server')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--template-fuel', '--template-fuel', [CompletionResultType]::ParameterName, 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel')
            [CompletionResult]::new('--template-bytes', '--template-bytes', [CompletionResultType]::ParameterName, 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the messages as JSON (role and text each)')
            [CompletionResult]::new('--trust-project-mcp', '--trust-project-mcp', [CompletionResultType]::ParameterName, 'Start the project''s own MCP servers (.asimi/config.yaml mcp_servers); without it they are listed but not started')
            [CompletionResult]::new('--require-mcp', '--require-mcp', [CompletionResultType]::ParameterName, 'Fail (exit 2) when an MCP server fails, instead of leaving its prompts out with a warning')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'asimi-prompt;prompt;help' {
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Print one MCP prompt''s messages, with its arguments as KEY=VALUE')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'asimi-prompt;prompt;help;get' {
            break
        }
        'asimi-prompt;prompt;help;help' {
            break
        }
        'asimi-prompt;models' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--template-fuel', '--template-fuel', [CompletionResultType]::ParameterName, 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel')
            [CompletionResult]::new('--template-bytes', '--template-bytes', [CompletionResultType]::ParameterName, 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes')
            [CompletionResult]::new('--templates', '--templates', [CompletionResultType]::ParameterName, 'A template directory searched before the project''s, the user''s and the built-in templates')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the entries as JSON, with their sources')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'asimi-prompt;completions' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--template-fuel', '--template-fuel', [CompletionResultType]::ParameterName, 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel')
            [CompletionResult]::new('--template-bytes', '--template-bytes', [CompletionResultType]::ParameterName, 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'asimi-prompt;man' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--cwd', '--cwd', [CompletionResultType]::ParameterName, 'Run as if started in DIR (like git -C)')
            [CompletionResult]::new('--template-fuel', '--template-fuel', [CompletionResultType]::ParameterName, 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel')
            [CompletionResult]::new('--template-bytes', '--template-bytes', [CompletionResultType]::ParameterName, 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes')
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Write asimi-prompt.1 and one page per command into DIR instead of printing')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'asimi-prompt;help' {
            [CompletionResult]::new('system', 'system', [CompletionResultType]::ParameterValue, 'Print the full system prompt (the default command)')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Write the rendered base prompt to a file, for editing and use with ASIMI_SYSTEM_MD')
            [CompletionResult]::new('messages', 'messages', [CompletionResultType]::ParameterValue, 'Print a request body: system prompt, cached tiers, files, history and prompt, as a provider''s JSON')
            [CompletionResult]::new('context', 'context', [CompletionResultType]::ParameterValue, 'Show what a request holds per cache tier, and the cache reuse to expect against the session''s previous request')
            [CompletionResult]::new('compress', 'compress', [CompletionResultType]::ParameterValue, 'Print a request body that asks the model to compress a conversation into a <state_snapshot>, or with --prompt-only the compression prompt alone')
            [CompletionResult]::new('reply', 'reply', [CompletionResultType]::ParameterValue, 'Read a provider''s response on standard input (JSON or a stream), print the assistant''s text as it arrives, and with --session add the turn to the session')
            [CompletionResult]::new('commit', 'commit', [CompletionResultType]::ParameterValue, 'Print a request body that asks the model for a commit message for the staged changes, or with --prompt-only the commit prompt alone')
            [CompletionResult]::new('map', 'map', [CompletionResultType]::ParameterValue, 'Print the repository''s symbol map (legend and one block per file), or its symbols as JSON')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Apply the edit blocks in an LLM''s reply to the project''s files, and print what became of each block')
            [CompletionResult]::new('goal', 'goal', [CompletionResultType]::ParameterValue, 'Show the goal, or update it from the markers in an LLM''s output')
            [CompletionResult]::new('template', 'template', [CompletionResultType]::ParameterValue, 'Render, convert and list templates (Go text/template or Jinja syntax), and list the registered prompts')
            [CompletionResult]::new('prompt', 'prompt', [CompletionResultType]::ParameterValue, 'Fetch prompts from MCP servers (see `template list --prompts` for their ids)')
            [CompletionResult]::new('models', 'models', [CompletionResultType]::ParameterValue, 'List the model registry: limits, minimum cacheable prompt, prices, end of life')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page, or write all man pages to a directory')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'asimi-prompt;help;system' {
            break
        }
        'asimi-prompt;help;export' {
            break
        }
        'asimi-prompt;help;messages' {
            break
        }
        'asimi-prompt;help;context' {
            break
        }
        'asimi-prompt;help;compress' {
            break
        }
        'asimi-prompt;help;reply' {
            break
        }
        'asimi-prompt;help;commit' {
            break
        }
        'asimi-prompt;help;map' {
            break
        }
        'asimi-prompt;help;apply' {
            break
        }
        'asimi-prompt;help;goal' {
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print the goal''s progress, then the goal as the prompt''s goal section shows it (whatever its status)')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Update the goal file from [GOAL], [CHECKPOINT], [DECISION], [ARTIFACT] and [NEXT] lines in an LLM''s output, and print what changed')
            [CompletionResult]::new('history', 'history', [CompletionResultType]::ParameterValue, 'List the completed goals kept in the goal''s history (NAME.history.yaml beside it), oldest first, with the current goal last when it is completed')
            break
        }
        'asimi-prompt;help;goal;show' {
            break
        }
        'asimi-prompt;help;goal;apply' {
            break
        }
        'asimi-prompt;help;goal;history' {
            break
        }
        'asimi-prompt;help;template' {
            [CompletionResult]::new('render', 'render', [CompletionResultType]::ParameterValue, 'Render a template and print exactly the rendered bytes (no newline is added)')
            [CompletionResult]::new('convert', 'convert', [CompletionResultType]::ParameterValue, 'Print the Jinja translation of a Go template. Rendered by asimi-prompt''s Jinja engine it gives the same bytes as the Go original')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the templates in use: name, syntax and where each was found')
            break
        }
        'asimi-prompt;help;template;render' {
            break
        }
        'asimi-prompt;help;template;convert' {
            break
        }
        'asimi-prompt;help;template;list' {
            break
        }
        'asimi-prompt;help;prompt' {
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Print one MCP prompt''s messages, with its arguments as KEY=VALUE')
            break
        }
        'asimi-prompt;help;prompt;get' {
            break
        }
        'asimi-prompt;help;models' {
            break
        }
        'asimi-prompt;help;completions' {
            break
        }
        'asimi-prompt;help;man' {
            break
        }
        'asimi-prompt;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
