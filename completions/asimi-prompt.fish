# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_asimi_prompt_global_optspecs
    string join \n C/cwd= template-fuel= template-bytes= model= mode= context-window= sandbox= templates= tool-name= goal= ascii data= set= hermetic no-hermetic no-section= append-system-prompt= memory= memory-file= context-file= skill= skill-arg= mcp-config= mcp-server= trust-project-mcp mcp-timeout= require-mcp sanity no-sanity check= update json h/help V/version
end

function __fish_asimi_prompt_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_asimi_prompt_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_asimi_prompt_using_subcommand
    set -l cmd (__fish_asimi_prompt_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -s C -l cwd -d 'Run as if started in DIR (like git -C)' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l template-fuel -d 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l template-bytes -d 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l model -d 'The model (`asimi-prompt models` lists them)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l mode -d 'The operational mode: assistant, developer, planning, debugger or user' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l context-window -d 'The context window in tokens (default: the model\'s)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l sandbox -d 'The sandbox to describe; auto reads the SANDBOX variable' -r -f -a "auto\t'Read the `SANDBOX` variable: `sandbox-exec` is macOS, any other value generic, unset none'
macos\t'macOS Seatbelt (`sandbox-exec`)'
generic\t'A container or other sandbox'
none\t'No sandbox'"
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l templates -d 'A template directory searched before the project\'s, the user\'s and the built-in templates' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l tool-name -d 'A tool name the prompt mentions, e.g. grep=rg (keys: read_file, write_file, grep, glob, edit, shell, read_many_files, memory, ls)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l goal -d 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt\'s goal section' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l data -d 'A JSON or YAML data file, by extension (- reads YAML, which covers JSON, from standard input); several are deep-merged in order. The system prompt\'s templates (and template render --prompt-data) see the data as .Vars' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l set -d 'Set a data value: a YAML scalar (n=3 is an int, x=true a bool); dotted keys nest (Tools.Grep=rg). Applied after --data' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l no-section -d 'Leave a section out (base, map, goal, skills, sandbox, git, context, instructions, memory; map is in requests with a symbol map only)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l append-system-prompt -d 'Text to append as the instructions section, or @FILE to append a file' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l memory -d 'The user memory text (default: memory.md in the user config directory)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l memory-file -d 'A file holding the user memory' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l context-file -d 'A context file name to look for (repeatable; replaces the default AGENTS.md)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l skill -d 'Add a registered prompt to the skills section (repeatable; see `template list --prompts`); SERVER:PROMPT fetches an MCP server\'s prompt' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l skill-arg -d 'An argument of an MCP skill: SERVER:PROMPT.KEY=VALUE (repeatable; config skill_args)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l mcp-config -d 'A JSON or YAML file with an mcpServers map, as Claude Desktop, Claude Code (.mcp.json) and gemini-cli keep it: stdio servers {command, args} and Streamable HTTP ones {url or httpUrl, headers}, ${VAR} expanded in both (repeatable)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l mcp-server -d 'An MCP server on the command line: NAME=COMMAND [ARG...], split at spaces (repeatable)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l mcp-timeout -d 'Seconds each MCP step (start, list, get) may take (default 10; config mcp_timeout). A server\'s own `timeout` (milliseconds, as gemini-cli reads it) takes its place for that server' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l check -d 'Compare the output with FILE: exit 0 if equal, else exit 1 and print a diff' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l ascii -d 'Goal markers in ASCII: [x] [~] [ ] and (locked) instead of emoji'
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l hermetic -d 'Read no user config, memory, home or environment; render the working directory and project root repo-relative and other machine facts blank unless pinned with --set (OS, Shell, Cwd, ProjectRoot, Home, Branch). Also ASIMI_HERMETIC=1 or config hermetic; the default with --check'
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l no-hermetic -d 'Not hermetic, even with --check'
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l trust-project-mcp -d 'Start the project\'s own MCP servers (.asimi/config.yaml mcp_servers); without it they are listed but not started'
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l require-mcp -d 'Fail (exit 2) when an MCP server fails, instead of leaving its prompts out with a warning'
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l sanity -d 'Add the sanity check (sanity-reality-check) at the end of the skills section: the default, unless the config says `sanity: false`'
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l no-sanity -d 'Leave the sanity check out'
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l update -d 'With --check, rewrite FILE instead of failing'
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -l json -d 'Print the sections as JSON (name, source, bytes and text of each)'
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -s V -l version -d 'Print version'
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -f -a "system" -d 'Print the full system prompt (the default command)'
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -f -a "export" -d 'Write the rendered base prompt to a file, for editing and use with ASIMI_SYSTEM_MD'
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -f -a "messages" -d 'Print a request body: system prompt, cached tiers, files, history and prompt, as a provider\'s JSON'
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -f -a "context" -d 'Show what a request holds per cache tier, and the cache reuse to expect against the session\'s previous request'
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -f -a "compress" -d 'Print a request body that asks the model to compress a conversation into a <state_snapshot>, or with --prompt-only the compression prompt alone'
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -f -a "commit" -d 'Print a request body that asks the model for a commit message for the staged changes, or with --prompt-only the commit prompt alone'
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -f -a "map" -d 'Print the repository\'s symbol map (legend and one block per file), or its symbols as JSON'
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -f -a "goal" -d 'Show the goal, or update it from the markers in an LLM\'s output'
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -f -a "template" -d 'Render, convert and list templates (Go text/template or Jinja syntax), and list the registered prompts'
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -f -a "prompt" -d 'Fetch prompts from MCP servers (see `template list --prompts` for their ids)'
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -f -a "models" -d 'List the model registry: limits, minimum cacheable prompt, prices, end of life'
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -f -a "man" -d 'Print the man page, or write all man pages to a directory'
complete -c asimi-prompt -n "__fish_asimi_prompt_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -s C -l cwd -d 'Run as if started in DIR (like git -C)' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l template-fuel -d 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l template-bytes -d 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l model -d 'The model (`asimi-prompt models` lists them)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l mode -d 'The operational mode: assistant, developer, planning, debugger or user' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l context-window -d 'The context window in tokens (default: the model\'s)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l sandbox -d 'The sandbox to describe; auto reads the SANDBOX variable' -r -f -a "auto\t'Read the `SANDBOX` variable: `sandbox-exec` is macOS, any other value generic, unset none'
macos\t'macOS Seatbelt (`sandbox-exec`)'
generic\t'A container or other sandbox'
none\t'No sandbox'"
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l templates -d 'A template directory searched before the project\'s, the user\'s and the built-in templates' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l tool-name -d 'A tool name the prompt mentions, e.g. grep=rg (keys: read_file, write_file, grep, glob, edit, shell, read_many_files, memory, ls)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l goal -d 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt\'s goal section' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l data -d 'A JSON or YAML data file, by extension (- reads YAML, which covers JSON, from standard input); several are deep-merged in order. The system prompt\'s templates (and template render --prompt-data) see the data as .Vars' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l set -d 'Set a data value: a YAML scalar (n=3 is an int, x=true a bool); dotted keys nest (Tools.Grep=rg). Applied after --data' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l no-section -d 'Leave a section out (base, map, goal, skills, sandbox, git, context, instructions, memory; map is in requests with a symbol map only)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l append-system-prompt -d 'Text to append as the instructions section, or @FILE to append a file' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l memory -d 'The user memory text (default: memory.md in the user config directory)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l memory-file -d 'A file holding the user memory' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l context-file -d 'A context file name to look for (repeatable; replaces the default AGENTS.md)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l skill -d 'Add a registered prompt to the skills section (repeatable; see `template list --prompts`); SERVER:PROMPT fetches an MCP server\'s prompt' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l skill-arg -d 'An argument of an MCP skill: SERVER:PROMPT.KEY=VALUE (repeatable; config skill_args)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l mcp-config -d 'A JSON or YAML file with an mcpServers map, as Claude Desktop, Claude Code (.mcp.json) and gemini-cli keep it: stdio servers {command, args} and Streamable HTTP ones {url or httpUrl, headers}, ${VAR} expanded in both (repeatable)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l mcp-server -d 'An MCP server on the command line: NAME=COMMAND [ARG...], split at spaces (repeatable)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l mcp-timeout -d 'Seconds each MCP step (start, list, get) may take (default 10; config mcp_timeout). A server\'s own `timeout` (milliseconds, as gemini-cli reads it) takes its place for that server' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l check -d 'Compare the output with FILE: exit 0 if equal, else exit 1 and print a diff' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l ascii -d 'Goal markers in ASCII: [x] [~] [ ] and (locked) instead of emoji'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l hermetic -d 'Read no user config, memory, home or environment; render the working directory and project root repo-relative and other machine facts blank unless pinned with --set (OS, Shell, Cwd, ProjectRoot, Home, Branch). Also ASIMI_HERMETIC=1 or config hermetic; the default with --check'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l no-hermetic -d 'Not hermetic, even with --check'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l trust-project-mcp -d 'Start the project\'s own MCP servers (.asimi/config.yaml mcp_servers); without it they are listed but not started'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l require-mcp -d 'Fail (exit 2) when an MCP server fails, instead of leaving its prompts out with a warning'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l sanity -d 'Add the sanity check (sanity-reality-check) at the end of the skills section: the default, unless the config says `sanity: false`'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l no-sanity -d 'Leave the sanity check out'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l update -d 'With --check, rewrite FILE instead of failing'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -l json -d 'Print the sections as JSON (name, source, bytes and text of each)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand system" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand export" -s C -l cwd -d 'Run as if started in DIR (like git -C)' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand export" -l template-fuel -d 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand export" -l template-bytes -d 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand export" -l model -d 'The model (`asimi-prompt models` lists them)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand export" -l mode -d 'The operational mode: assistant, developer, planning, debugger or user' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand export" -l context-window -d 'The context window in tokens (default: the model\'s)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand export" -l sandbox -d 'The sandbox to describe; auto reads the SANDBOX variable' -r -f -a "auto\t'Read the `SANDBOX` variable: `sandbox-exec` is macOS, any other value generic, unset none'
macos\t'macOS Seatbelt (`sandbox-exec`)'
generic\t'A container or other sandbox'
none\t'No sandbox'"
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand export" -l templates -d 'A template directory searched before the project\'s, the user\'s and the built-in templates' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand export" -l tool-name -d 'A tool name the prompt mentions, e.g. grep=rg (keys: read_file, write_file, grep, glob, edit, shell, read_many_files, memory, ls)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand export" -l goal -d 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt\'s goal section' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand export" -l data -d 'A JSON or YAML data file, by extension (- reads YAML, which covers JSON, from standard input); several are deep-merged in order. The system prompt\'s templates (and template render --prompt-data) see the data as .Vars' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand export" -l set -d 'Set a data value: a YAML scalar (n=3 is an int, x=true a bool); dotted keys nest (Tools.Grep=rg). Applied after --data' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand export" -l check -d 'Compare the output with FILE: exit 0 if equal, else exit 1 and print a diff' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand export" -l ascii -d 'Goal markers in ASCII: [x] [~] [ ] and (locked) instead of emoji'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand export" -l hermetic -d 'Read no user config, memory, home or environment; render the working directory and project root repo-relative and other machine facts blank unless pinned with --set (OS, Shell, Cwd, ProjectRoot, Home, Branch). Also ASIMI_HERMETIC=1 or config hermetic; the default with --check'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand export" -l no-hermetic -d 'Not hermetic, even with --check'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand export" -l template -d 'Write the base template\'s source instead of the rendered text, so that --mode, --context-window and environment facts stay live (name the file *.tmpl)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand export" -l force -d 'Overwrite a file whose content differs'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand export" -l update -d 'With --check, rewrite FILE instead of failing'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand export" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -s C -l cwd -d 'Run as if started in DIR (like git -C)' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l template-fuel -d 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l template-bytes -d 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l spec -d 'A context spec (YAML, or JSON) holding any of the inputs below' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l prompt -d 'The prompt (default: standard input, when it is not a terminal)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l file -d 'Working files to send in full: a file, a directory or a glob' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l files-from -d 'Also send the files FILE lists (- : standard input)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l exclude -d 'Leave files matching GLOB out of --file and the file tree' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l provider -d 'The body\'s shape (default: the model\'s provider)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l max-tokens -d 'The output token limit' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l system-role -d 'The role of the system message in OpenAI-shaped bodies' -r -f -a "system\t''
developer\t'o1 and later models call it `developer`'"
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l secrets -d 'Secrets found in the request\'s content (gitleaks\' rules): replace each with [REDACTED:<rule>] and report it (the default), fail (exit 2), or send as is. Also config key secrets' -r -f -a "redact\t'Replace each secret with `[REDACTED:<rule>]` and report it on stderr'
error\t'Refuse the request (exit 2), naming each secret\'s place and rule'
allow\t'Send the content as it is'"
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l history -d 'Earlier conversation: a JSON list of {role, content} messages' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l url-context -d 'Fetched URL content: the URL and the file holding it' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l url -d 'Fetch an http(s) page and send it as URL context (repeatable): HTML as Markdown headed by its title; plain text, Markdown and JSON as they are' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l max-urls -d 'The most pages one request fetches (default 3)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l url-timeout -d 'Give up on a page after this many seconds, redirects included (default 30)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l url-ttl -d 'Reuse a fetched page from the user cache directory for this long: 1h (the default), 30m, 90s; 0 fetches every time' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l image -d 'Images for the prompt (PNG, JPEG, GIF or WebP, at most 5 MB each)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l map-exclude -d 'Leave files matching GLOB out of the symbol map (repeatable)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l map-tokens -d 'Keep the best-ranked symbol blocks that fit N tokens (default: 8192, or 16384 with no --file; at most an eighth of the model\'s context window)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l cache-ttl -d 'Cache lifetime: 5m (the default; no ttl field is sent), 1h or 12h' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l tokenizer -d 'The encoding that counts tokens for the minimum-cacheable-prefix rule' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l prompt-cache-key -d 'OpenAI\'s prompt_cache_key' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l max-file-bytes -d 'Refuse files larger than this many bytes' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l max-request-tokens -d 'A token budget for CI: over N tokens, exit 1 and print nothing' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l session -d 'Cache stable items in tiers across the runs of session NAME' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l tier -d 'Put an item in a tier for this run: PATH=L1, or a key such as history:0=L0 or symbol:PATH=L2 (tiers: L0, L1, L2, L3, active)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l review -d 'Add a code review context: what HEAD (or HEAD of BASE..HEAD) changed since it left BASE (their merge base; default: the upstream, else origin/HEAD, main or master). --file files get reverse diffs, other changed files capped diffs' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l format -d 'Print the request as one document to paste into a chat window, not as JSON' -r -f -a "markdown\t''
xml\t''"
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l cached-content -d 'Gemini explicit caching, step 2: print the request that uses the entry NAME (`cachedContents/...`, as the create call returned it), leaving out what it holds' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l model -d 'The model (`asimi-prompt models` lists them)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l mode -d 'The operational mode: assistant, developer, planning, debugger or user' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l context-window -d 'The context window in tokens (default: the model\'s)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l sandbox -d 'The sandbox to describe; auto reads the SANDBOX variable' -r -f -a "auto\t'Read the `SANDBOX` variable: `sandbox-exec` is macOS, any other value generic, unset none'
macos\t'macOS Seatbelt (`sandbox-exec`)'
generic\t'A container or other sandbox'
none\t'No sandbox'"
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l templates -d 'A template directory searched before the project\'s, the user\'s and the built-in templates' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l tool-name -d 'A tool name the prompt mentions, e.g. grep=rg (keys: read_file, write_file, grep, glob, edit, shell, read_many_files, memory, ls)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l goal -d 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt\'s goal section' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l data -d 'A JSON or YAML data file, by extension (- reads YAML, which covers JSON, from standard input); several are deep-merged in order. The system prompt\'s templates (and template render --prompt-data) see the data as .Vars' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l set -d 'Set a data value: a YAML scalar (n=3 is an int, x=true a bool); dotted keys nest (Tools.Grep=rg). Applied after --data' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l no-section -d 'Leave a section out (base, map, goal, skills, sandbox, git, context, instructions, memory; map is in requests with a symbol map only)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l append-system-prompt -d 'Text to append as the instructions section, or @FILE to append a file' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l memory -d 'The user memory text (default: memory.md in the user config directory)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l memory-file -d 'A file holding the user memory' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l context-file -d 'A context file name to look for (repeatable; replaces the default AGENTS.md)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l skill -d 'Add a registered prompt to the skills section (repeatable; see `template list --prompts`); SERVER:PROMPT fetches an MCP server\'s prompt' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l skill-arg -d 'An argument of an MCP skill: SERVER:PROMPT.KEY=VALUE (repeatable; config skill_args)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l mcp-config -d 'A JSON or YAML file with an mcpServers map, as Claude Desktop, Claude Code (.mcp.json) and gemini-cli keep it: stdio servers {command, args} and Streamable HTTP ones {url or httpUrl, headers}, ${VAR} expanded in both (repeatable)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l mcp-server -d 'An MCP server on the command line: NAME=COMMAND [ARG...], split at spaces (repeatable)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l mcp-timeout -d 'Seconds each MCP step (start, list, get) may take (default 10; config mcp_timeout). A server\'s own `timeout` (milliseconds, as gemini-cli reads it) takes its place for that server' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l stream -d 'Ask for a streamed response'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l allow-retired -d 'Build the request even for a model its provider has retired (past its end of life in `asimi-prompt models`); without it such a model stops the run, naming its replacement'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l allow-model-mismatch -d 'Build the request even when --provider (or the spec\'s provider) is not the model\'s (a proxy that routes it); without it such a pair stops the run'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l compact -d 'Print the JSON on one line'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l fetch-urls -d 'Also fetch the http(s) URLs the prompt mentions (a prompt from --prompt or standard input only, never a spec\'s)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l file-tree -d 'Send the list of the repository\'s files (the default)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l no-file-tree -d 'Leave the file tree out'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l no-symbol-map -d 'Leave the repository\'s symbol map out (also spec symbols: false)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l verbose -d 'Note on stderr each file the symbol map could not parse cleanly'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l allow-outside -d 'Allow files outside the project root'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l truncate -d 'When the request would not fit the model\'s context window minus --max-tokens, drop the oldest history (the first message kept, pairs whole) until it does; without it an oversize request is an error'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l no-update -d 'Use the session\'s tiers but record nothing'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l review-worktree -d 'Review the working tree\'s changes to tracked files, against HEAD (or against --review BASE)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l flat -d 'One flat message list, no tiers or markers, for servers without prompt caching'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l line-numbers -d 'With --format, put each file line\'s number before it'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l cache-create -d 'Gemini explicit caching, step 1: print the `cachedContents` create body (POST .../v1beta/cachedContents) holding the cached tiers and the system instruction, with a TTL of an hour (--cache-ttl 5m: five minutes). It needs no prompt'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l ascii -d 'Goal markers in ASCII: [x] [~] [ ] and (locked) instead of emoji'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l hermetic -d 'Read no user config, memory, home or environment; render the working directory and project root repo-relative and other machine facts blank unless pinned with --set (OS, Shell, Cwd, ProjectRoot, Home, Branch). Also ASIMI_HERMETIC=1 or config hermetic; the default with --check'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l no-hermetic -d 'Not hermetic, even with --check'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l trust-project-mcp -d 'Start the project\'s own MCP servers (.asimi/config.yaml mcp_servers); without it they are listed but not started'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l require-mcp -d 'Fail (exit 2) when an MCP server fails, instead of leaving its prompts out with a warning'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l sanity -d 'Add the sanity check (sanity-reality-check) at the end of the skills section: the default, unless the config says `sanity: false`'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -l no-sanity -d 'Leave the sanity check out'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand messages" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -s C -l cwd -d 'Run as if started in DIR (like git -C)' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l template-fuel -d 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l template-bytes -d 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l spec -d 'A context spec (YAML, or JSON) holding any of the inputs below' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l prompt -d 'The prompt (default: standard input, when it is not a terminal)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l file -d 'Working files to send in full: a file, a directory or a glob' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l files-from -d 'Also send the files FILE lists (- : standard input)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l exclude -d 'Leave files matching GLOB out of --file and the file tree' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l provider -d 'The body\'s shape (default: the model\'s provider)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l max-tokens -d 'The output token limit' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l system-role -d 'The role of the system message in OpenAI-shaped bodies' -r -f -a "system\t''
developer\t'o1 and later models call it `developer`'"
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l secrets -d 'Secrets found in the request\'s content (gitleaks\' rules): replace each with [REDACTED:<rule>] and report it (the default), fail (exit 2), or send as is. Also config key secrets' -r -f -a "redact\t'Replace each secret with `[REDACTED:<rule>]` and report it on stderr'
error\t'Refuse the request (exit 2), naming each secret\'s place and rule'
allow\t'Send the content as it is'"
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l history -d 'Earlier conversation: a JSON list of {role, content} messages' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l url-context -d 'Fetched URL content: the URL and the file holding it' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l url -d 'Fetch an http(s) page and send it as URL context (repeatable): HTML as Markdown headed by its title; plain text, Markdown and JSON as they are' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l max-urls -d 'The most pages one request fetches (default 3)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l url-timeout -d 'Give up on a page after this many seconds, redirects included (default 30)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l url-ttl -d 'Reuse a fetched page from the user cache directory for this long: 1h (the default), 30m, 90s; 0 fetches every time' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l image -d 'Images for the prompt (PNG, JPEG, GIF or WebP, at most 5 MB each)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l map-exclude -d 'Leave files matching GLOB out of the symbol map (repeatable)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l map-tokens -d 'Keep the best-ranked symbol blocks that fit N tokens (default: 8192, or 16384 with no --file; at most an eighth of the model\'s context window)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l cache-ttl -d 'Cache lifetime: 5m (the default; no ttl field is sent), 1h or 12h' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l tokenizer -d 'The encoding that counts tokens for the minimum-cacheable-prefix rule' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l prompt-cache-key -d 'OpenAI\'s prompt_cache_key' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l max-file-bytes -d 'Refuse files larger than this many bytes' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l max-request-tokens -d 'A token budget for CI: over N tokens, exit 1 and print nothing' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l session -d 'Cache stable items in tiers across the runs of session NAME' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l tier -d 'Put an item in a tier for this run: PATH=L1, or a key such as history:0=L0 or symbol:PATH=L2 (tiers: L0, L1, L2, L3, active)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l review -d 'Add a code review context: what HEAD (or HEAD of BASE..HEAD) changed since it left BASE (their merge base; default: the upstream, else origin/HEAD, main or master). --file files get reverse diffs, other changed files capped diffs' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l format -d 'Print the request as one document to paste into a chat window, not as JSON' -r -f -a "markdown\t''
xml\t''"
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l cached-content -d 'Gemini explicit caching, step 2: print the request that uses the entry NAME (`cachedContents/...`, as the create call returned it), leaving out what it holds' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l model -d 'The model (`asimi-prompt models` lists them)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l mode -d 'The operational mode: assistant, developer, planning, debugger or user' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l context-window -d 'The context window in tokens (default: the model\'s)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l sandbox -d 'The sandbox to describe; auto reads the SANDBOX variable' -r -f -a "auto\t'Read the `SANDBOX` variable: `sandbox-exec` is macOS, any other value generic, unset none'
macos\t'macOS Seatbelt (`sandbox-exec`)'
generic\t'A container or other sandbox'
none\t'No sandbox'"
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l templates -d 'A template directory searched before the project\'s, the user\'s and the built-in templates' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l tool-name -d 'A tool name the prompt mentions, e.g. grep=rg (keys: read_file, write_file, grep, glob, edit, shell, read_many_files, memory, ls)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l goal -d 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt\'s goal section' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l data -d 'A JSON or YAML data file, by extension (- reads YAML, which covers JSON, from standard input); several are deep-merged in order. The system prompt\'s templates (and template render --prompt-data) see the data as .Vars' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l set -d 'Set a data value: a YAML scalar (n=3 is an int, x=true a bool); dotted keys nest (Tools.Grep=rg). Applied after --data' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l no-section -d 'Leave a section out (base, map, goal, skills, sandbox, git, context, instructions, memory; map is in requests with a symbol map only)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l append-system-prompt -d 'Text to append as the instructions section, or @FILE to append a file' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l memory -d 'The user memory text (default: memory.md in the user config directory)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l memory-file -d 'A file holding the user memory' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l context-file -d 'A context file name to look for (repeatable; replaces the default AGENTS.md)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l skill -d 'Add a registered prompt to the skills section (repeatable; see `template list --prompts`); SERVER:PROMPT fetches an MCP server\'s prompt' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l skill-arg -d 'An argument of an MCP skill: SERVER:PROMPT.KEY=VALUE (repeatable; config skill_args)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l mcp-config -d 'A JSON or YAML file with an mcpServers map, as Claude Desktop, Claude Code (.mcp.json) and gemini-cli keep it: stdio servers {command, args} and Streamable HTTP ones {url or httpUrl, headers}, ${VAR} expanded in both (repeatable)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l mcp-server -d 'An MCP server on the command line: NAME=COMMAND [ARG...], split at spaces (repeatable)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l mcp-timeout -d 'Seconds each MCP step (start, list, get) may take (default 10; config mcp_timeout). A server\'s own `timeout` (milliseconds, as gemini-cli reads it) takes its place for that server' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l stream -d 'Ask for a streamed response'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l allow-retired -d 'Build the request even for a model its provider has retired (past its end of life in `asimi-prompt models`); without it such a model stops the run, naming its replacement'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l allow-model-mismatch -d 'Build the request even when --provider (or the spec\'s provider) is not the model\'s (a proxy that routes it); without it such a pair stops the run'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l compact -d 'Print the JSON on one line'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l fetch-urls -d 'Also fetch the http(s) URLs the prompt mentions (a prompt from --prompt or standard input only, never a spec\'s)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l file-tree -d 'Send the list of the repository\'s files (the default)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l no-file-tree -d 'Leave the file tree out'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l no-symbol-map -d 'Leave the repository\'s symbol map out (also spec symbols: false)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l verbose -d 'Note on stderr each file the symbol map could not parse cleanly'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l allow-outside -d 'Allow files outside the project root'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l truncate -d 'When the request would not fit the model\'s context window minus --max-tokens, drop the oldest history (the first message kept, pairs whole) until it does; without it an oversize request is an error'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l no-update -d 'Use the session\'s tiers but record nothing'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l review-worktree -d 'Review the working tree\'s changes to tracked files, against HEAD (or against --review BASE)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l flat -d 'One flat message list, no tiers or markers, for servers without prompt caching'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l line-numbers -d 'With --format, put each file line\'s number before it'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l cache-create -d 'Gemini explicit caching, step 1: print the `cachedContents` create body (POST .../v1beta/cachedContents) holding the cached tiers and the system instruction, with a TTL of an hour (--cache-ttl 5m: five minutes). It needs no prompt'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l ascii -d 'Goal markers in ASCII: [x] [~] [ ] and (locked) instead of emoji'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l hermetic -d 'Read no user config, memory, home or environment; render the working directory and project root repo-relative and other machine facts blank unless pinned with --set (OS, Shell, Cwd, ProjectRoot, Home, Branch). Also ASIMI_HERMETIC=1 or config hermetic; the default with --check'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l no-hermetic -d 'Not hermetic, even with --check'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l trust-project-mcp -d 'Start the project\'s own MCP servers (.asimi/config.yaml mcp_servers); without it they are listed but not started'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l require-mcp -d 'Fail (exit 2) when an MCP server fails, instead of leaving its prompts out with a warning'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l sanity -d 'Add the sanity check (sanity-reality-check) at the end of the skills section: the default, unless the config says `sanity: false`'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l no-sanity -d 'Leave the sanity check out'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l json -d 'Print the breakdown as JSON'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -l files -d 'Also list every item with its tokens and the flag that leaves it out'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand context" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand compress" -s C -l cwd -d 'Run as if started in DIR (like git -C)' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand compress" -l template-fuel -d 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand compress" -l template-bytes -d 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand compress" -l provider -d 'The body\'s shape (default: the model\'s provider)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand compress" -l max-tokens -d 'The output token limit' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand compress" -l system-role -d 'The role of the system message in OpenAI-shaped bodies' -r -f -a "system\t''
developer\t'o1 and later models call it `developer`'"
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand compress" -l secrets -d 'Secrets found in the request\'s content (gitleaks\' rules): replace each with [REDACTED:<rule>] and report it (the default), fail (exit 2), or send as is. Also config key secrets' -r -f -a "redact\t'Replace each secret with `[REDACTED:<rule>]` and report it on stderr'
error\t'Refuse the request (exit 2), naming each secret\'s place and rule'
allow\t'Send the content as it is'"
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand compress" -l history -d 'The conversation to compress: a JSON list of {role, content} messages' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand compress" -l model -d 'The model; picks the provider and limits (default: ASIMI_MODEL, then config, then the provider\'s default: claude-sonnet-5-5 for Anthropic)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand compress" -l goal -d 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt\'s goal section' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand compress" -l templates -d 'A template directory searched before the project\'s, the user\'s and the built-in templates' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand compress" -l stream -d 'Ask for a streamed response'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand compress" -l allow-retired -d 'Build the request even for a model its provider has retired (past its end of life in `asimi-prompt models`); without it such a model stops the run, naming its replacement'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand compress" -l allow-model-mismatch -d 'Build the request even when --provider (or the spec\'s provider) is not the model\'s (a proxy that routes it); without it such a pair stops the run'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand compress" -l compact -d 'Print the JSON on one line'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand compress" -l prompt-only -d 'Print only the compression prompt'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand compress" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand commit" -s C -l cwd -d 'Run as if started in DIR (like git -C)' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand commit" -l template-fuel -d 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand commit" -l template-bytes -d 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand commit" -l provider -d 'The body\'s shape (default: the model\'s provider)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand commit" -l max-tokens -d 'The output token limit' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand commit" -l system-role -d 'The role of the system message in OpenAI-shaped bodies' -r -f -a "system\t''
developer\t'o1 and later models call it `developer`'"
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand commit" -l secrets -d 'Secrets found in the request\'s content (gitleaks\' rules): replace each with [REDACTED:<rule>] and report it (the default), fail (exit 2), or send as is. Also config key secrets' -r -f -a "redact\t'Replace each secret with `[REDACTED:<rule>]` and report it on stderr'
error\t'Refuse the request (exit 2), naming each secret\'s place and rule'
allow\t'Send the content as it is'"
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand commit" -l model -d 'The model; picks the provider and limits (default: ASIMI_MODEL, then config, then the provider\'s default: claude-sonnet-5-5 for Anthropic)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand commit" -l templates -d 'A template directory searched before the project\'s, the user\'s and the built-in templates' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand commit" -s a -l all -d 'Describe every change to tracked files in the working tree against HEAD (what `git commit --all` commits), not only the staged ones'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand commit" -l stream -d 'Ask for a streamed response'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand commit" -l allow-retired -d 'Build the request even for a model its provider has retired (past its end of life in `asimi-prompt models`); without it such a model stops the run, naming its replacement'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand commit" -l allow-model-mismatch -d 'Build the request even when --provider (or the spec\'s provider) is not the model\'s (a proxy that routes it); without it such a pair stops the run'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand commit" -l compact -d 'Print the JSON on one line'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand commit" -l prompt-only -d 'Print only the rendered commit prompt'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand commit" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand map" -s C -l cwd -d 'Run as if started in DIR (like git -C)' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand map" -l template-fuel -d 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand map" -l template-bytes -d 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand map" -l tokens -d 'Keep the best-ranked files whose blocks fit N tokens (whole blocks only)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand map" -l map-exclude -d 'Leave files matching GLOB out (repeatable)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand map" -l json -d 'Print the symbols as JSON: per file its path and symbols (kind, name, line, params, returns, refs)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand map" -s v -l verbose -d 'Note on stderr each file that did not parse cleanly (its block holds what the parser recovered, or it has none)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand map" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and not __fish_seen_subcommand_from show apply history help" -s C -l cwd -d 'Run as if started in DIR (like git -C)' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and not __fish_seen_subcommand_from show apply history help" -l template-fuel -d 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and not __fish_seen_subcommand_from show apply history help" -l template-bytes -d 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and not __fish_seen_subcommand_from show apply history help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and not __fish_seen_subcommand_from show apply history help" -f -a "show" -d 'Print the goal\'s progress, then the goal as the prompt\'s goal section shows it (whatever its status)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and not __fish_seen_subcommand_from show apply history help" -f -a "apply" -d 'Update the goal file from [GOAL], [CHECKPOINT], [DECISION], [ARTIFACT] and [NEXT] lines in an LLM\'s output, and print what changed'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and not __fish_seen_subcommand_from show apply history help" -f -a "history" -d 'List the completed goals kept in the goal\'s history (NAME.history.yaml beside it), oldest first, with the current goal last when it is completed'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and not __fish_seen_subcommand_from show apply history help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and __fish_seen_subcommand_from show" -l goal -d 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt\'s goal section' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and __fish_seen_subcommand_from show" -s C -l cwd -d 'Run as if started in DIR (like git -C)' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and __fish_seen_subcommand_from show" -l template-fuel -d 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and __fish_seen_subcommand_from show" -l template-bytes -d 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and __fish_seen_subcommand_from show" -l ascii -d 'ASCII markers: [x] [~] [ ] and (locked)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and __fish_seen_subcommand_from show" -l yaml -d 'Print the goal file\'s YAML instead'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and __fish_seen_subcommand_from show" -l json -d 'Print the goal as JSON, with its progress (completed, total, percentage)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and __fish_seen_subcommand_from apply" -l goal -d 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt\'s goal section' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and __fish_seen_subcommand_from apply" -s C -l cwd -d 'Run as if started in DIR (like git -C)' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and __fish_seen_subcommand_from apply" -l template-fuel -d 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and __fish_seen_subcommand_from apply" -l template-bytes -d 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and __fish_seen_subcommand_from apply" -l dry-run -d 'Print what would change, and write nothing'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and __fish_seen_subcommand_from apply" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and __fish_seen_subcommand_from history" -l goal -d 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt\'s goal section' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and __fish_seen_subcommand_from history" -s C -l cwd -d 'Run as if started in DIR (like git -C)' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and __fish_seen_subcommand_from history" -l template-fuel -d 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and __fish_seen_subcommand_from history" -l template-bytes -d 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and __fish_seen_subcommand_from history" -l json -d 'Print the goals as JSON, each with its progress and whether it is the current one'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and __fish_seen_subcommand_from history" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and __fish_seen_subcommand_from help" -f -a "show" -d 'Print the goal\'s progress, then the goal as the prompt\'s goal section shows it (whatever its status)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and __fish_seen_subcommand_from help" -f -a "apply" -d 'Update the goal file from [GOAL], [CHECKPOINT], [DECISION], [ARTIFACT] and [NEXT] lines in an LLM\'s output, and print what changed'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and __fish_seen_subcommand_from help" -f -a "history" -d 'List the completed goals kept in the goal\'s history (NAME.history.yaml beside it), oldest first, with the current goal last when it is completed'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand goal; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and not __fish_seen_subcommand_from render convert list help" -s C -l cwd -d 'Run as if started in DIR (like git -C)' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and not __fish_seen_subcommand_from render convert list help" -l template-fuel -d 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and not __fish_seen_subcommand_from render convert list help" -l template-bytes -d 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and not __fish_seen_subcommand_from render convert list help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and not __fish_seen_subcommand_from render convert list help" -f -a "render" -d 'Render a template and print exactly the rendered bytes (no newline is added)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and not __fish_seen_subcommand_from render convert list help" -f -a "convert" -d 'Print the Jinja translation of a Go template. Rendered by asimi-prompt\'s Jinja engine it gives the same bytes as the Go original'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and not __fish_seen_subcommand_from render convert list help" -f -a "list" -d 'List the templates in use: name, syntax and where each was found'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and not __fish_seen_subcommand_from render convert list help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from render" -l syntax -d 'The template syntax' -r -f -a "auto\t'By file name: .j2, .jinja and .jinja2 are Jinja; anything else is Go'
go\t'Go text/template'
jinja\t'Jinja (minijinja)'"
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from render" -l data -d 'A JSON or YAML data file, by extension (- reads YAML, which covers JSON, from standard input); several are deep-merged in order. The system prompt\'s templates (and template render --prompt-data) see the data as .Vars' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from render" -l set -d 'Set a data value: a YAML scalar (n=3 is an int, x=true a bool); dotted keys nest (Tools.Grep=rg). Applied after --data' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from render" -l missingkey -d 'What a missing map key gives in Go templates (Go\'s missingkey option)' -r -f -a "default\t'Print `<no value>` (Go\'s default, also called `invalid`)'
zero\t'The map element type\'s zero value (for `map[string]any` also `<no value>`)'
error\t'Stop with an error'"
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from render" -l model -d 'With --prompt-data: the model (as for `system`)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from render" -l mode -d 'With --prompt-data: the operational mode (as for `system`)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from render" -s C -l cwd -d 'Run as if started in DIR (like git -C)' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from render" -l template-fuel -d 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from render" -l template-bytes -d 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from render" -l prompt-data -d 'Render with exactly the data `system` gives the base prompt (.Env, .ToolNames, .ModeInstructions, .Goal...), with --data and --set under .Vars: to preview a system.md template'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from render" -l hermetic -d 'With --prompt-data: the data of a hermetic run (what `--check` sees)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from render" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from convert" -s C -l cwd -d 'Run as if started in DIR (like git -C)' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from convert" -l template-fuel -d 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from convert" -l template-bytes -d 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from convert" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from list" -l templates -d 'A template directory searched before the project\'s, the user\'s and the built-in templates' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from list" -l tag -d 'List the registered prompts carrying this tag (e.g. skill, core, mcp)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from list" -l mcp-config -d 'A JSON or YAML file with an mcpServers map, as Claude Desktop, Claude Code (.mcp.json) and gemini-cli keep it: stdio servers {command, args} and Streamable HTTP ones {url or httpUrl, headers}, ${VAR} expanded in both (repeatable)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from list" -l mcp-server -d 'An MCP server on the command line: NAME=COMMAND [ARG...], split at spaces (repeatable)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from list" -l mcp-timeout -d 'Seconds each MCP step (start, list, get) may take (default 10; config mcp_timeout). A server\'s own `timeout` (milliseconds, as gemini-cli reads it) takes its place for that server' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from list" -s C -l cwd -d 'Run as if started in DIR (like git -C)' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from list" -l template-fuel -d 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from list" -l template-bytes -d 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from list" -l prompts -d 'List the registered prompts (core prompts and skills) instead of the templates'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from list" -l trust-project-mcp -d 'Start the project\'s own MCP servers (.asimi/config.yaml mcp_servers); without it they are listed but not started'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from list" -l require-mcp -d 'Fail (exit 2) when an MCP server fails, instead of leaving its prompts out with a warning'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from help" -f -a "render" -d 'Render a template and print exactly the rendered bytes (no newline is added)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from help" -f -a "convert" -d 'Print the Jinja translation of a Go template. Rendered by asimi-prompt\'s Jinja engine it gives the same bytes as the Go original'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the templates in use: name, syntax and where each was found'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand template; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand prompt; and not __fish_seen_subcommand_from get help" -s C -l cwd -d 'Run as if started in DIR (like git -C)' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand prompt; and not __fish_seen_subcommand_from get help" -l template-fuel -d 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand prompt; and not __fish_seen_subcommand_from get help" -l template-bytes -d 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand prompt; and not __fish_seen_subcommand_from get help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand prompt; and not __fish_seen_subcommand_from get help" -f -a "get" -d 'Print one MCP prompt\'s messages, with its arguments as KEY=VALUE'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand prompt; and not __fish_seen_subcommand_from get help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand prompt; and __fish_seen_subcommand_from get" -l mcp-config -d 'A JSON or YAML file with an mcpServers map, as Claude Desktop, Claude Code (.mcp.json) and gemini-cli keep it: stdio servers {command, args} and Streamable HTTP ones {url or httpUrl, headers}, ${VAR} expanded in both (repeatable)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand prompt; and __fish_seen_subcommand_from get" -l mcp-server -d 'An MCP server on the command line: NAME=COMMAND [ARG...], split at spaces (repeatable)' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand prompt; and __fish_seen_subcommand_from get" -l mcp-timeout -d 'Seconds each MCP step (start, list, get) may take (default 10; config mcp_timeout). A server\'s own `timeout` (milliseconds, as gemini-cli reads it) takes its place for that server' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand prompt; and __fish_seen_subcommand_from get" -s C -l cwd -d 'Run as if started in DIR (like git -C)' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand prompt; and __fish_seen_subcommand_from get" -l template-fuel -d 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand prompt; and __fish_seen_subcommand_from get" -l template-bytes -d 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand prompt; and __fish_seen_subcommand_from get" -l json -d 'Print the messages as JSON (role and text each)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand prompt; and __fish_seen_subcommand_from get" -l trust-project-mcp -d 'Start the project\'s own MCP servers (.asimi/config.yaml mcp_servers); without it they are listed but not started'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand prompt; and __fish_seen_subcommand_from get" -l require-mcp -d 'Fail (exit 2) when an MCP server fails, instead of leaving its prompts out with a warning'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand prompt; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand prompt; and __fish_seen_subcommand_from help" -f -a "get" -d 'Print one MCP prompt\'s messages, with its arguments as KEY=VALUE'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand prompt; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand models" -s C -l cwd -d 'Run as if started in DIR (like git -C)' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand models" -l template-fuel -d 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand models" -l template-bytes -d 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand models" -l templates -d 'A template directory searched before the project\'s, the user\'s and the built-in templates' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand models" -l json -d 'Print the entries as JSON, with their sources'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand models" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand completions" -s C -l cwd -d 'Run as if started in DIR (like git -C)' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand completions" -l template-fuel -d 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand completions" -l template-bytes -d 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand man" -s C -l cwd -d 'Run as if started in DIR (like git -C)' -r -F
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand man" -l template-fuel -d 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand man" -l template-bytes -d 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes' -r
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand man" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand help; and not __fish_seen_subcommand_from system export messages context compress commit map goal template prompt models completions man help" -f -a "system" -d 'Print the full system prompt (the default command)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand help; and not __fish_seen_subcommand_from system export messages context compress commit map goal template prompt models completions man help" -f -a "export" -d 'Write the rendered base prompt to a file, for editing and use with ASIMI_SYSTEM_MD'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand help; and not __fish_seen_subcommand_from system export messages context compress commit map goal template prompt models completions man help" -f -a "messages" -d 'Print a request body: system prompt, cached tiers, files, history and prompt, as a provider\'s JSON'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand help; and not __fish_seen_subcommand_from system export messages context compress commit map goal template prompt models completions man help" -f -a "context" -d 'Show what a request holds per cache tier, and the cache reuse to expect against the session\'s previous request'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand help; and not __fish_seen_subcommand_from system export messages context compress commit map goal template prompt models completions man help" -f -a "compress" -d 'Print a request body that asks the model to compress a conversation into a <state_snapshot>, or with --prompt-only the compression prompt alone'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand help; and not __fish_seen_subcommand_from system export messages context compress commit map goal template prompt models completions man help" -f -a "commit" -d 'Print a request body that asks the model for a commit message for the staged changes, or with --prompt-only the commit prompt alone'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand help; and not __fish_seen_subcommand_from system export messages context compress commit map goal template prompt models completions man help" -f -a "map" -d 'Print the repository\'s symbol map (legend and one block per file), or its symbols as JSON'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand help; and not __fish_seen_subcommand_from system export messages context compress commit map goal template prompt models completions man help" -f -a "goal" -d 'Show the goal, or update it from the markers in an LLM\'s output'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand help; and not __fish_seen_subcommand_from system export messages context compress commit map goal template prompt models completions man help" -f -a "template" -d 'Render, convert and list templates (Go text/template or Jinja syntax), and list the registered prompts'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand help; and not __fish_seen_subcommand_from system export messages context compress commit map goal template prompt models completions man help" -f -a "prompt" -d 'Fetch prompts from MCP servers (see `template list --prompts` for their ids)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand help; and not __fish_seen_subcommand_from system export messages context compress commit map goal template prompt models completions man help" -f -a "models" -d 'List the model registry: limits, minimum cacheable prompt, prices, end of life'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand help; and not __fish_seen_subcommand_from system export messages context compress commit map goal template prompt models completions man help" -f -a "completions" -d 'Print a shell completion script'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand help; and not __fish_seen_subcommand_from system export messages context compress commit map goal template prompt models completions man help" -f -a "man" -d 'Print the man page, or write all man pages to a directory'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand help; and not __fish_seen_subcommand_from system export messages context compress commit map goal template prompt models completions man help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand help; and __fish_seen_subcommand_from goal" -f -a "show" -d 'Print the goal\'s progress, then the goal as the prompt\'s goal section shows it (whatever its status)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand help; and __fish_seen_subcommand_from goal" -f -a "apply" -d 'Update the goal file from [GOAL], [CHECKPOINT], [DECISION], [ARTIFACT] and [NEXT] lines in an LLM\'s output, and print what changed'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand help; and __fish_seen_subcommand_from goal" -f -a "history" -d 'List the completed goals kept in the goal\'s history (NAME.history.yaml beside it), oldest first, with the current goal last when it is completed'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand help; and __fish_seen_subcommand_from template" -f -a "render" -d 'Render a template and print exactly the rendered bytes (no newline is added)'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand help; and __fish_seen_subcommand_from template" -f -a "convert" -d 'Print the Jinja translation of a Go template. Rendered by asimi-prompt\'s Jinja engine it gives the same bytes as the Go original'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand help; and __fish_seen_subcommand_from template" -f -a "list" -d 'List the templates in use: name, syntax and where each was found'
complete -c asimi-prompt -n "__fish_asimi_prompt_using_subcommand help; and __fish_seen_subcommand_from prompt" -f -a "get" -d 'Print one MCP prompt\'s messages, with its arguments as KEY=VALUE'
