
use builtin;
use str;

set edit:completion:arg-completer[asimi-prompt] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'asimi-prompt'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'asimi-prompt'= {
            cand -C 'Run as if started in DIR (like git -C)'
            cand --cwd 'Run as if started in DIR (like git -C)'
            cand --template-fuel 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel'
            cand --template-bytes 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes'
            cand --model 'The model (`asimi-prompt models` lists them)'
            cand --mode 'The operational mode: assistant, developer, planning, debugger or user'
            cand --context-window 'The context window in tokens (default: the model''s)'
            cand --sandbox 'The sandbox to describe; auto reads the SANDBOX variable'
            cand --templates 'A template directory searched before the project''s, the user''s and the built-in templates'
            cand --tool-name 'A tool name the prompt mentions, e.g. grep=rg (keys: read_file, write_file, grep, glob, edit, shell, read_many_files, memory, ls)'
            cand --protocol 'How the prompt says the model changes files: through the agent''s tools, or through edit blocks in its reply. Default: tools for system and export; for requests, tools with --tools and edits without (the body carries no tools)'
            cand --goal 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt''s goal section'
            cand --data 'A JSON or YAML data file, by extension (- reads YAML, which covers JSON, from standard input); several are deep-merged in order. The system prompt''s templates (and template render --prompt-data) see the data as .Vars'
            cand --set 'Set a data value: a YAML scalar (n=3 is an int, x=true a bool); dotted keys nest (Tools.Grep=rg). Applied after --data'
            cand --agent-name 'The agent''s name, which the base prompt''s first sentence gives (config agent_name; none by default)'
            cand --no-section 'Leave a section out (base, map, tools, goal, skills, sandbox, git, context, instructions, memory; map is in requests with a symbol map only, tools in requests with --tools only)'
            cand --append-system-prompt 'Text to append as the instructions section, or @FILE to append a file'
            cand --memory 'The user memory text (default: memory.md in the user config directory)'
            cand --memory-file 'A file holding the user memory'
            cand --context-file 'A context file name to look for (repeatable; replaces the default AGENTS.md)'
            cand --skill 'Add a registered prompt to the skills section (repeatable; see `template list --prompts`); SERVER:PROMPT fetches an MCP server''s prompt'
            cand --skill-arg 'An argument of an MCP skill: SERVER:PROMPT.KEY=VALUE (repeatable; config skill_args)'
            cand --mcp-config 'A JSON or YAML file with an mcpServers map, as Claude Desktop, Claude Code (.mcp.json) and gemini-cli keep it: stdio servers {command, args} and Streamable HTTP ones {url or httpUrl, headers}, ${VAR} expanded in both (repeatable)'
            cand --mcp-server 'An MCP server on the command line: NAME=COMMAND [ARG...], split at spaces (repeatable)'
            cand --mcp-timeout 'Seconds each MCP step (start, list, get) may take (default 10; config mcp_timeout). A server''s own `timeout` (milliseconds, as gemini-cli reads it) takes its place for that server'
            cand --check 'Compare the output with FILE: exit 0 if equal, else exit 1 and print a diff'
            cand --ascii 'Goal markers in ASCII: [x] [~] [ ] and (locked) instead of emoji'
            cand --hermetic 'Read no user config, memory, home or environment; render the working directory and project root repo-relative and other machine facts blank unless pinned with --set (OS, Shell, Cwd, ProjectRoot, Home, Branch). Also ASIMI_HERMETIC=1 or config hermetic; the default with --check'
            cand --no-hermetic 'Not hermetic, even with --check'
            cand --interactive 'The prompt for an agent someone answers: questions and confirmations allowed (the default, unless the config says `interactive: false`)'
            cand --non-interactive 'The prompt for an agent no one answers: no questions back; it makes reasonable assumptions, states them and carries on'
            cand --trust-project-mcp 'Start the project''s own MCP servers (.asimi/config.yaml mcp_servers); without it they are listed but not started'
            cand --require-mcp 'Fail (exit 2) when an MCP server fails, instead of leaving its prompts out with a warning'
            cand --sanity 'Add the sanity check (sanity-reality-check) at the end of the skills section: the default, unless the config says `sanity: false`'
            cand --no-sanity 'Leave the sanity check out'
            cand --update 'With --check, rewrite FILE instead of failing'
            cand --json 'Print the sections as JSON (name, source, bytes and text of each)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand system 'Print the full system prompt (the default command)'
            cand export 'Write the rendered base prompt to a file, for editing and use with ASIMI_SYSTEM_MD'
            cand messages 'Print a request body: system prompt, cached tiers, files, history and prompt, as a provider''s JSON'
            cand context 'Show what a request holds per cache tier, and the cache reuse to expect against the session''s previous request'
            cand compress 'Print a request body that asks the model to compress a conversation into a <state_snapshot>, or with --prompt-only the compression prompt alone'
            cand reply 'Read a provider''s response on standard input (JSON or a stream), print the assistant''s text as it arrives, and with --session add the turn to the session'
            cand commit 'Print a request body that asks the model for a commit message for the staged changes, or with --prompt-only the commit prompt alone'
            cand map 'Print the repository''s symbol map (legend and one block per file), or its symbols as JSON'
            cand apply 'Apply the edit blocks in an LLM''s reply to the project''s files, and print what became of each block'
            cand goal 'Show the goal, or update it from the markers in an LLM''s output'
            cand template 'Render, convert and list templates (Go text/template or Jinja syntax), and list the registered prompts'
            cand prompt 'Fetch prompts from MCP servers (see `template list --prompts` for their ids)'
            cand models 'List the model registry: limits, minimum cacheable prompt, prices, end of life'
            cand completions 'Print a shell completion script'
            cand man 'Print the man page, or write all man pages to a directory'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'asimi-prompt;system'= {
            cand -C 'Run as if started in DIR (like git -C)'
            cand --cwd 'Run as if started in DIR (like git -C)'
            cand --template-fuel 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel'
            cand --template-bytes 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes'
            cand --model 'The model (`asimi-prompt models` lists them)'
            cand --mode 'The operational mode: assistant, developer, planning, debugger or user'
            cand --context-window 'The context window in tokens (default: the model''s)'
            cand --sandbox 'The sandbox to describe; auto reads the SANDBOX variable'
            cand --templates 'A template directory searched before the project''s, the user''s and the built-in templates'
            cand --tool-name 'A tool name the prompt mentions, e.g. grep=rg (keys: read_file, write_file, grep, glob, edit, shell, read_many_files, memory, ls)'
            cand --protocol 'How the prompt says the model changes files: through the agent''s tools, or through edit blocks in its reply. Default: tools for system and export; for requests, tools with --tools and edits without (the body carries no tools)'
            cand --goal 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt''s goal section'
            cand --data 'A JSON or YAML data file, by extension (- reads YAML, which covers JSON, from standard input); several are deep-merged in order. The system prompt''s templates (and template render --prompt-data) see the data as .Vars'
            cand --set 'Set a data value: a YAML scalar (n=3 is an int, x=true a bool); dotted keys nest (Tools.Grep=rg). Applied after --data'
            cand --agent-name 'The agent''s name, which the base prompt''s first sentence gives (config agent_name; none by default)'
            cand --no-section 'Leave a section out (base, map, tools, goal, skills, sandbox, git, context, instructions, memory; map is in requests with a symbol map only, tools in requests with --tools only)'
            cand --append-system-prompt 'Text to append as the instructions section, or @FILE to append a file'
            cand --memory 'The user memory text (default: memory.md in the user config directory)'
            cand --memory-file 'A file holding the user memory'
            cand --context-file 'A context file name to look for (repeatable; replaces the default AGENTS.md)'
            cand --skill 'Add a registered prompt to the skills section (repeatable; see `template list --prompts`); SERVER:PROMPT fetches an MCP server''s prompt'
            cand --skill-arg 'An argument of an MCP skill: SERVER:PROMPT.KEY=VALUE (repeatable; config skill_args)'
            cand --mcp-config 'A JSON or YAML file with an mcpServers map, as Claude Desktop, Claude Code (.mcp.json) and gemini-cli keep it: stdio servers {command, args} and Streamable HTTP ones {url or httpUrl, headers}, ${VAR} expanded in both (repeatable)'
            cand --mcp-server 'An MCP server on the command line: NAME=COMMAND [ARG...], split at spaces (repeatable)'
            cand --mcp-timeout 'Seconds each MCP step (start, list, get) may take (default 10; config mcp_timeout). A server''s own `timeout` (milliseconds, as gemini-cli reads it) takes its place for that server'
            cand --check 'Compare the output with FILE: exit 0 if equal, else exit 1 and print a diff'
            cand --ascii 'Goal markers in ASCII: [x] [~] [ ] and (locked) instead of emoji'
            cand --hermetic 'Read no user config, memory, home or environment; render the working directory and project root repo-relative and other machine facts blank unless pinned with --set (OS, Shell, Cwd, ProjectRoot, Home, Branch). Also ASIMI_HERMETIC=1 or config hermetic; the default with --check'
            cand --no-hermetic 'Not hermetic, even with --check'
            cand --interactive 'The prompt for an agent someone answers: questions and confirmations allowed (the default, unless the config says `interactive: false`)'
            cand --non-interactive 'The prompt for an agent no one answers: no questions back; it makes reasonable assumptions, states them and carries on'
            cand --trust-project-mcp 'Start the project''s own MCP servers (.asimi/config.yaml mcp_servers); without it they are listed but not started'
            cand --require-mcp 'Fail (exit 2) when an MCP server fails, instead of leaving its prompts out with a warning'
            cand --sanity 'Add the sanity check (sanity-reality-check) at the end of the skills section: the default, unless the config says `sanity: false`'
            cand --no-sanity 'Leave the sanity check out'
            cand --update 'With --check, rewrite FILE instead of failing'
            cand --json 'Print the sections as JSON (name, source, bytes and text of each)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'asimi-prompt;export'= {
            cand -C 'Run as if started in DIR (like git -C)'
            cand --cwd 'Run as if started in DIR (like git -C)'
            cand --template-fuel 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel'
            cand --template-bytes 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes'
            cand --model 'The model (`asimi-prompt models` lists them)'
            cand --mode 'The operational mode: assistant, developer, planning, debugger or user'
            cand --context-window 'The context window in tokens (default: the model''s)'
            cand --sandbox 'The sandbox to describe; auto reads the SANDBOX variable'
            cand --templates 'A template directory searched before the project''s, the user''s and the built-in templates'
            cand --tool-name 'A tool name the prompt mentions, e.g. grep=rg (keys: read_file, write_file, grep, glob, edit, shell, read_many_files, memory, ls)'
            cand --protocol 'How the prompt says the model changes files: through the agent''s tools, or through edit blocks in its reply. Default: tools for system and export; for requests, tools with --tools and edits without (the body carries no tools)'
            cand --goal 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt''s goal section'
            cand --data 'A JSON or YAML data file, by extension (- reads YAML, which covers JSON, from standard input); several are deep-merged in order. The system prompt''s templates (and template render --prompt-data) see the data as .Vars'
            cand --set 'Set a data value: a YAML scalar (n=3 is an int, x=true a bool); dotted keys nest (Tools.Grep=rg). Applied after --data'
            cand --agent-name 'The agent''s name, which the base prompt''s first sentence gives (config agent_name; none by default)'
            cand --check 'Compare the output with FILE: exit 0 if equal, else exit 1 and print a diff'
            cand --ascii 'Goal markers in ASCII: [x] [~] [ ] and (locked) instead of emoji'
            cand --hermetic 'Read no user config, memory, home or environment; render the working directory and project root repo-relative and other machine facts blank unless pinned with --set (OS, Shell, Cwd, ProjectRoot, Home, Branch). Also ASIMI_HERMETIC=1 or config hermetic; the default with --check'
            cand --no-hermetic 'Not hermetic, even with --check'
            cand --interactive 'The prompt for an agent someone answers: questions and confirmations allowed (the default, unless the config says `interactive: false`)'
            cand --non-interactive 'The prompt for an agent no one answers: no questions back; it makes reasonable assumptions, states them and carries on'
            cand --template 'Write the base template''s source instead of the rendered text, so that --mode, --context-window and environment facts stay live (name the file *.tmpl)'
            cand --force 'Overwrite a file whose content differs'
            cand --update 'With --check, rewrite FILE instead of failing'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'asimi-prompt;messages'= {
            cand -C 'Run as if started in DIR (like git -C)'
            cand --cwd 'Run as if started in DIR (like git -C)'
            cand --template-fuel 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel'
            cand --template-bytes 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes'
            cand --spec 'A context spec (YAML, or JSON) holding any of the inputs below'
            cand --prompt 'The prompt (default: standard input, when it is not a terminal)'
            cand --file 'Working files to send in full: a file, a directory or a glob'
            cand --files-from 'Also send the files FILE lists (- : standard input)'
            cand --exclude 'Leave files matching GLOB out of --file and the file tree'
            cand --provider 'The body''s shape (default: the model''s provider)'
            cand --max-tokens 'The output token limit'
            cand --system-role 'The role of the system message in OpenAI-shaped bodies'
            cand --secrets 'Secrets found in the request''s content (gitleaks'' rules): replace each with [REDACTED:<rule>] and report it (the default), fail (exit 2), or send as is. Also config key secrets'
            cand --history 'Earlier conversation: a JSON list of {role, content} messages'
            cand --tools 'Tool definitions the body carries, in each provider''s shape: a JSON list (- : standard input), or mcp:SERVER for a configured MCP server''s tools/list'
            cand --url-context 'Fetched URL content: the URL and the file holding it'
            cand --url 'Fetch an http(s) page and send it as URL context (repeatable): HTML as Markdown headed by its title; plain text, Markdown and JSON as they are'
            cand --max-urls 'The most pages one request fetches (default 3)'
            cand --url-timeout 'Give up on a page after this many seconds, redirects included (default 30)'
            cand --url-ttl 'Reuse a fetched page from the user cache directory for this long: 1h (the default), 30m, 90s; 0 fetches every time'
            cand --image 'Images for the prompt (PNG, JPEG, GIF or WebP, at most 5 MB each)'
            cand --map-exclude 'Leave files matching GLOB out of the symbol map (repeatable)'
            cand --map-tokens 'Keep the best-ranked symbol blocks that fit N tokens (default: 8192, or 16384 with no --file; at most an eighth of the model''s context window)'
            cand --cache-ttl 'Cache lifetime: 5m (the default; no ttl field is sent), 1h or 12h'
            cand --tokenizer 'The encoding that counts tokens for the minimum-cacheable-prefix rule'
            cand --prompt-cache-key 'OpenAI''s prompt_cache_key'
            cand --max-file-bytes 'Refuse files larger than this many bytes'
            cand --max-request-tokens 'A token budget for CI: over N tokens, exit 1 and print nothing'
            cand --session 'Cache stable items in tiers across the runs of session NAME'
            cand --tier 'Put an item in a tier for this run: PATH=L1, or a key such as history:0=L0 or symbol:PATH=L2 (tiers: L0, L1, L2, L3, active)'
            cand --review 'Add a code review context: what HEAD (or HEAD of BASE..HEAD) changed since it left BASE (their merge base; default: the upstream, else origin/HEAD, main or master). --file files get reverse diffs, other changed files capped diffs'
            cand --format 'Print the request as one document to paste into a chat window, not as JSON'
            cand --tree 'With --format, the file tree lists the packed files (the default) or all of the repository''s'
            cand --summary-json 'With --format, also write the pack''s summary as JSON to FILE: tokens, tokenizer, files, the largest files and what was cut (written when over budget too)'
            cand --cached-content 'Gemini explicit caching, step 2: print the request that uses the entry NAME (`cachedContents/...`, as the create call returned it), leaving out what it holds'
            cand --model 'The model (`asimi-prompt models` lists them)'
            cand --mode 'The operational mode: assistant, developer, planning, debugger or user'
            cand --context-window 'The context window in tokens (default: the model''s)'
            cand --sandbox 'The sandbox to describe; auto reads the SANDBOX variable'
            cand --templates 'A template directory searched before the project''s, the user''s and the built-in templates'
            cand --tool-name 'A tool name the prompt mentions, e.g. grep=rg (keys: read_file, write_file, grep, glob, edit, shell, read_many_files, memory, ls)'
            cand --protocol 'How the prompt says the model changes files: through the agent''s tools, or through edit blocks in its reply. Default: tools for system and export; for requests, tools with --tools and edits without (the body carries no tools)'
            cand --goal 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt''s goal section'
            cand --data 'A JSON or YAML data file, by extension (- reads YAML, which covers JSON, from standard input); several are deep-merged in order. The system prompt''s templates (and template render --prompt-data) see the data as .Vars'
            cand --set 'Set a data value: a YAML scalar (n=3 is an int, x=true a bool); dotted keys nest (Tools.Grep=rg). Applied after --data'
            cand --agent-name 'The agent''s name, which the base prompt''s first sentence gives (config agent_name; none by default)'
            cand --no-section 'Leave a section out (base, map, tools, goal, skills, sandbox, git, context, instructions, memory; map is in requests with a symbol map only, tools in requests with --tools only)'
            cand --append-system-prompt 'Text to append as the instructions section, or @FILE to append a file'
            cand --memory 'The user memory text (default: memory.md in the user config directory)'
            cand --memory-file 'A file holding the user memory'
            cand --context-file 'A context file name to look for (repeatable; replaces the default AGENTS.md)'
            cand --skill 'Add a registered prompt to the skills section (repeatable; see `template list --prompts`); SERVER:PROMPT fetches an MCP server''s prompt'
            cand --skill-arg 'An argument of an MCP skill: SERVER:PROMPT.KEY=VALUE (repeatable; config skill_args)'
            cand --mcp-config 'A JSON or YAML file with an mcpServers map, as Claude Desktop, Claude Code (.mcp.json) and gemini-cli keep it: stdio servers {command, args} and Streamable HTTP ones {url or httpUrl, headers}, ${VAR} expanded in both (repeatable)'
            cand --mcp-server 'An MCP server on the command line: NAME=COMMAND [ARG...], split at spaces (repeatable)'
            cand --mcp-timeout 'Seconds each MCP step (start, list, get) may take (default 10; config mcp_timeout). A server''s own `timeout` (milliseconds, as gemini-cli reads it) takes its place for that server'
            cand --stream 'Ask for a streamed response'
            cand --allow-retired 'Build the request even for a model its provider has retired (past its end of life in `asimi-prompt models`); without it such a model stops the run, naming its replacement'
            cand --allow-model-mismatch 'Build the request even when --provider (or the spec''s provider) is not the model''s (a proxy that routes it); without it such a pair stops the run'
            cand --compact 'Print the JSON on one line'
            cand --fetch-urls 'Also fetch the http(s) URLs the prompt mentions (a prompt from --prompt or standard input only, never a spec''s)'
            cand --file-tree 'Send the list of the repository''s files (the default)'
            cand --no-file-tree 'Leave the file tree out'
            cand --no-symbol-map 'Leave the repository''s symbol map out (also spec symbols: false)'
            cand --verbose 'Note on stderr each file the symbol map could not parse cleanly'
            cand --allow-outside 'Allow files outside the project root'
            cand --truncate 'When the request would not fit the model''s context window minus --max-tokens, drop the oldest history (the first message kept, pairs whole) until it does; without it an oversize request is an error'
            cand --no-update 'Use the session''s tiers but record nothing'
            cand --review-worktree 'Review the working tree''s changes to tracked files, against HEAD (or against --review BASE)'
            cand --flat 'One flat message list, no tiers or markers, for servers without prompt caching'
            cand --line-numbers 'With --format, put each file line''s number before it'
            cand --with-system 'With --format, keep the agent''s instructions: the system prompt and the reminder after the prompt'
            cand --cache-create 'Gemini explicit caching, step 1: print the `cachedContents` create body (POST .../v1beta/cachedContents) holding the cached tiers and the system instruction, with a TTL of an hour (--cache-ttl 5m: five minutes). It needs no prompt'
            cand --ascii 'Goal markers in ASCII: [x] [~] [ ] and (locked) instead of emoji'
            cand --hermetic 'Read no user config, memory, home or environment; render the working directory and project root repo-relative and other machine facts blank unless pinned with --set (OS, Shell, Cwd, ProjectRoot, Home, Branch). Also ASIMI_HERMETIC=1 or config hermetic; the default with --check'
            cand --no-hermetic 'Not hermetic, even with --check'
            cand --interactive 'The prompt for an agent someone answers: questions and confirmations allowed (the default, unless the config says `interactive: false`)'
            cand --non-interactive 'The prompt for an agent no one answers: no questions back; it makes reasonable assumptions, states them and carries on'
            cand --trust-project-mcp 'Start the project''s own MCP servers (.asimi/config.yaml mcp_servers); without it they are listed but not started'
            cand --require-mcp 'Fail (exit 2) when an MCP server fails, instead of leaving its prompts out with a warning'
            cand --sanity 'Add the sanity check (sanity-reality-check) at the end of the skills section: the default, unless the config says `sanity: false`'
            cand --no-sanity 'Leave the sanity check out'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'asimi-prompt;context'= {
            cand -C 'Run as if started in DIR (like git -C)'
            cand --cwd 'Run as if started in DIR (like git -C)'
            cand --template-fuel 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel'
            cand --template-bytes 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes'
            cand --spec 'A context spec (YAML, or JSON) holding any of the inputs below'
            cand --prompt 'The prompt (default: standard input, when it is not a terminal)'
            cand --file 'Working files to send in full: a file, a directory or a glob'
            cand --files-from 'Also send the files FILE lists (- : standard input)'
            cand --exclude 'Leave files matching GLOB out of --file and the file tree'
            cand --provider 'The body''s shape (default: the model''s provider)'
            cand --max-tokens 'The output token limit'
            cand --system-role 'The role of the system message in OpenAI-shaped bodies'
            cand --secrets 'Secrets found in the request''s content (gitleaks'' rules): replace each with [REDACTED:<rule>] and report it (the default), fail (exit 2), or send as is. Also config key secrets'
            cand --history 'Earlier conversation: a JSON list of {role, content} messages'
            cand --tools 'Tool definitions the body carries, in each provider''s shape: a JSON list (- : standard input), or mcp:SERVER for a configured MCP server''s tools/list'
            cand --url-context 'Fetched URL content: the URL and the file holding it'
            cand --url 'Fetch an http(s) page and send it as URL context (repeatable): HTML as Markdown headed by its title; plain text, Markdown and JSON as they are'
            cand --max-urls 'The most pages one request fetches (default 3)'
            cand --url-timeout 'Give up on a page after this many seconds, redirects included (default 30)'
            cand --url-ttl 'Reuse a fetched page from the user cache directory for this long: 1h (the default), 30m, 90s; 0 fetches every time'
            cand --image 'Images for the prompt (PNG, JPEG, GIF or WebP, at most 5 MB each)'
            cand --map-exclude 'Leave files matching GLOB out of the symbol map (repeatable)'
            cand --map-tokens 'Keep the best-ranked symbol blocks that fit N tokens (default: 8192, or 16384 with no --file; at most an eighth of the model''s context window)'
            cand --cache-ttl 'Cache lifetime: 5m (the default; no ttl field is sent), 1h or 12h'
            cand --tokenizer 'The encoding that counts tokens for the minimum-cacheable-prefix rule'
            cand --prompt-cache-key 'OpenAI''s prompt_cache_key'
            cand --max-file-bytes 'Refuse files larger than this many bytes'
            cand --max-request-tokens 'A token budget for CI: over N tokens, exit 1 and print nothing'
            cand --session 'Cache stable items in tiers across the runs of session NAME'
            cand --tier 'Put an item in a tier for this run: PATH=L1, or a key such as history:0=L0 or symbol:PATH=L2 (tiers: L0, L1, L2, L3, active)'
            cand --review 'Add a code review context: what HEAD (or HEAD of BASE..HEAD) changed since it left BASE (their merge base; default: the upstream, else origin/HEAD, main or master). --file files get reverse diffs, other changed files capped diffs'
            cand --format 'Print the request as one document to paste into a chat window, not as JSON'
            cand --tree 'With --format, the file tree lists the packed files (the default) or all of the repository''s'
            cand --summary-json 'With --format, also write the pack''s summary as JSON to FILE: tokens, tokenizer, files, the largest files and what was cut (written when over budget too)'
            cand --cached-content 'Gemini explicit caching, step 2: print the request that uses the entry NAME (`cachedContents/...`, as the create call returned it), leaving out what it holds'
            cand --model 'The model (`asimi-prompt models` lists them)'
            cand --mode 'The operational mode: assistant, developer, planning, debugger or user'
            cand --context-window 'The context window in tokens (default: the model''s)'
            cand --sandbox 'The sandbox to describe; auto reads the SANDBOX variable'
            cand --templates 'A template directory searched before the project''s, the user''s and the built-in templates'
            cand --tool-name 'A tool name the prompt mentions, e.g. grep=rg (keys: read_file, write_file, grep, glob, edit, shell, read_many_files, memory, ls)'
            cand --protocol 'How the prompt says the model changes files: through the agent''s tools, or through edit blocks in its reply. Default: tools for system and export; for requests, tools with --tools and edits without (the body carries no tools)'
            cand --goal 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt''s goal section'
            cand --data 'A JSON or YAML data file, by extension (- reads YAML, which covers JSON, from standard input); several are deep-merged in order. The system prompt''s templates (and template render --prompt-data) see the data as .Vars'
            cand --set 'Set a data value: a YAML scalar (n=3 is an int, x=true a bool); dotted keys nest (Tools.Grep=rg). Applied after --data'
            cand --agent-name 'The agent''s name, which the base prompt''s first sentence gives (config agent_name; none by default)'
            cand --no-section 'Leave a section out (base, map, tools, goal, skills, sandbox, git, context, instructions, memory; map is in requests with a symbol map only, tools in requests with --tools only)'
            cand --append-system-prompt 'Text to append as the instructions section, or @FILE to append a file'
            cand --memory 'The user memory text (default: memory.md in the user config directory)'
            cand --memory-file 'A file holding the user memory'
            cand --context-file 'A context file name to look for (repeatable; replaces the default AGENTS.md)'
            cand --skill 'Add a registered prompt to the skills section (repeatable; see `template list --prompts`); SERVER:PROMPT fetches an MCP server''s prompt'
            cand --skill-arg 'An argument of an MCP skill: SERVER:PROMPT.KEY=VALUE (repeatable; config skill_args)'
            cand --mcp-config 'A JSON or YAML file with an mcpServers map, as Claude Desktop, Claude Code (.mcp.json) and gemini-cli keep it: stdio servers {command, args} and Streamable HTTP ones {url or httpUrl, headers}, ${VAR} expanded in both (repeatable)'
            cand --mcp-server 'An MCP server on the command line: NAME=COMMAND [ARG...], split at spaces (repeatable)'
            cand --mcp-timeout 'Seconds each MCP step (start, list, get) may take (default 10; config mcp_timeout). A server''s own `timeout` (milliseconds, as gemini-cli reads it) takes its place for that server'
            cand --stream 'Ask for a streamed response'
            cand --allow-retired 'Build the request even for a model its provider has retired (past its end of life in `asimi-prompt models`); without it such a model stops the run, naming its replacement'
            cand --allow-model-mismatch 'Build the request even when --provider (or the spec''s provider) is not the model''s (a proxy that routes it); without it such a pair stops the run'
            cand --compact 'Print the JSON on one line'
            cand --fetch-urls 'Also fetch the http(s) URLs the prompt mentions (a prompt from --prompt or standard input only, never a spec''s)'
            cand --file-tree 'Send the list of the repository''s files (the default)'
            cand --no-file-tree 'Leave the file tree out'
            cand --no-symbol-map 'Leave the repository''s symbol map out (also spec symbols: false)'
            cand --verbose 'Note on stderr each file the symbol map could not parse cleanly'
            cand --allow-outside 'Allow files outside the project root'
            cand --truncate 'When the request would not fit the model''s context window minus --max-tokens, drop the oldest history (the first message kept, pairs whole) until it does; without it an oversize request is an error'
            cand --no-update 'Use the session''s tiers but record nothing'
            cand --review-worktree 'Review the working tree''s changes to tracked files, against HEAD (or against --review BASE)'
            cand --flat 'One flat message list, no tiers or markers, for servers without prompt caching'
            cand --line-numbers 'With --format, put each file line''s number before it'
            cand --with-system 'With --format, keep the agent''s instructions: the system prompt and the reminder after the prompt'
            cand --cache-create 'Gemini explicit caching, step 1: print the `cachedContents` create body (POST .../v1beta/cachedContents) holding the cached tiers and the system instruction, with a TTL of an hour (--cache-ttl 5m: five minutes). It needs no prompt'
            cand --ascii 'Goal markers in ASCII: [x] [~] [ ] and (locked) instead of emoji'
            cand --hermetic 'Read no user config, memory, home or environment; render the working directory and project root repo-relative and other machine facts blank unless pinned with --set (OS, Shell, Cwd, ProjectRoot, Home, Branch). Also ASIMI_HERMETIC=1 or config hermetic; the default with --check'
            cand --no-hermetic 'Not hermetic, even with --check'
            cand --interactive 'The prompt for an agent someone answers: questions and confirmations allowed (the default, unless the config says `interactive: false`)'
            cand --non-interactive 'The prompt for an agent no one answers: no questions back; it makes reasonable assumptions, states them and carries on'
            cand --trust-project-mcp 'Start the project''s own MCP servers (.asimi/config.yaml mcp_servers); without it they are listed but not started'
            cand --require-mcp 'Fail (exit 2) when an MCP server fails, instead of leaving its prompts out with a warning'
            cand --sanity 'Add the sanity check (sanity-reality-check) at the end of the skills section: the default, unless the config says `sanity: false`'
            cand --no-sanity 'Leave the sanity check out'
            cand --json 'Print the breakdown as JSON'
            cand --files 'Also list every item with its tokens and the flag that leaves it out'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'asimi-prompt;compress'= {
            cand -C 'Run as if started in DIR (like git -C)'
            cand --cwd 'Run as if started in DIR (like git -C)'
            cand --template-fuel 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel'
            cand --template-bytes 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes'
            cand --provider 'The body''s shape (default: the model''s provider)'
            cand --max-tokens 'The output token limit'
            cand --system-role 'The role of the system message in OpenAI-shaped bodies'
            cand --secrets 'Secrets found in the request''s content (gitleaks'' rules): replace each with [REDACTED:<rule>] and report it (the default), fail (exit 2), or send as is. Also config key secrets'
            cand --history 'The conversation to compress: a JSON list of {role, content} messages'
            cand --model 'The model; picks the provider and limits (default: ASIMI_MODEL, then config, then the provider''s default: claude-sonnet-5-5 for Anthropic)'
            cand --goal 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt''s goal section'
            cand --templates 'A template directory searched before the project''s, the user''s and the built-in templates'
            cand --stream 'Ask for a streamed response'
            cand --allow-retired 'Build the request even for a model its provider has retired (past its end of life in `asimi-prompt models`); without it such a model stops the run, naming its replacement'
            cand --allow-model-mismatch 'Build the request even when --provider (or the spec''s provider) is not the model''s (a proxy that routes it); without it such a pair stops the run'
            cand --compact 'Print the JSON on one line'
            cand --prompt-only 'Print only the compression prompt'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'asimi-prompt;reply'= {
            cand -C 'Run as if started in DIR (like git -C)'
            cand --cwd 'Run as if started in DIR (like git -C)'
            cand --template-fuel 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel'
            cand --template-bytes 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes'
            cand --session 'Add the turn (the last request''s prompt and this answer) and the reported usage to the session NAME (the one `messages --session NAME` sent)'
            cand --apply 'Then apply the answer''s edit blocks to the project''s files, as `asimi-prompt apply` does; its report goes to standard error (standard output is the answer). With --session, the blocks that did not apply are recorded for the next request'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'asimi-prompt;commit'= {
            cand -C 'Run as if started in DIR (like git -C)'
            cand --cwd 'Run as if started in DIR (like git -C)'
            cand --template-fuel 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel'
            cand --template-bytes 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes'
            cand --provider 'The body''s shape (default: the model''s provider)'
            cand --max-tokens 'The output token limit'
            cand --system-role 'The role of the system message in OpenAI-shaped bodies'
            cand --secrets 'Secrets found in the request''s content (gitleaks'' rules): replace each with [REDACTED:<rule>] and report it (the default), fail (exit 2), or send as is. Also config key secrets'
            cand --model 'The model; picks the provider and limits (default: ASIMI_MODEL, then config, then the provider''s default: claude-sonnet-5-5 for Anthropic)'
            cand --templates 'A template directory searched before the project''s, the user''s and the built-in templates'
            cand -a 'Describe every change to tracked files in the working tree against HEAD (what `git commit --all` commits), not only the staged ones'
            cand --all 'Describe every change to tracked files in the working tree against HEAD (what `git commit --all` commits), not only the staged ones'
            cand --stream 'Ask for a streamed response'
            cand --allow-retired 'Build the request even for a model its provider has retired (past its end of life in `asimi-prompt models`); without it such a model stops the run, naming its replacement'
            cand --allow-model-mismatch 'Build the request even when --provider (or the spec''s provider) is not the model''s (a proxy that routes it); without it such a pair stops the run'
            cand --compact 'Print the JSON on one line'
            cand --prompt-only 'Print only the rendered commit prompt'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'asimi-prompt;map'= {
            cand -C 'Run as if started in DIR (like git -C)'
            cand --cwd 'Run as if started in DIR (like git -C)'
            cand --template-fuel 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel'
            cand --template-bytes 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes'
            cand --tokens 'Keep the best-ranked files whose blocks fit N tokens (whole blocks only)'
            cand --map-exclude 'Leave files matching GLOB out (repeatable)'
            cand --json 'Print the symbols as JSON: per file its path and symbols (kind, name, line, params, returns, refs)'
            cand -v 'Note on stderr each file that did not parse cleanly (its block holds what the parser recovered, or it has none)'
            cand --verbose 'Note on stderr each file that did not parse cleanly (its block holds what the parser recovered, or it has none)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'asimi-prompt;apply'= {
            cand -C 'Run as if started in DIR (like git -C)'
            cand --cwd 'Run as if started in DIR (like git -C)'
            cand --template-fuel 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel'
            cand --template-bytes 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes'
            cand --session 'Record the blocks that did not apply in session NAME: its next `messages` tells the model, with the files'' current content (not with --dry-run)'
            cand --dry-run 'Print a unified diff of what would change, and write nothing'
            cand --json 'Print each block''s result as JSON (docs/apply.md lists the fields)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'asimi-prompt;goal'= {
            cand -C 'Run as if started in DIR (like git -C)'
            cand --cwd 'Run as if started in DIR (like git -C)'
            cand --template-fuel 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel'
            cand --template-bytes 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand show 'Print the goal''s progress, then the goal as the prompt''s goal section shows it (whatever its status)'
            cand apply 'Update the goal file from [GOAL], [CHECKPOINT], [DECISION], [ARTIFACT] and [NEXT] lines in an LLM''s output, and print what changed'
            cand history 'List the completed goals kept in the goal''s history (NAME.history.yaml beside it), oldest first, with the current goal last when it is completed'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'asimi-prompt;goal;show'= {
            cand --goal 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt''s goal section'
            cand -C 'Run as if started in DIR (like git -C)'
            cand --cwd 'Run as if started in DIR (like git -C)'
            cand --template-fuel 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel'
            cand --template-bytes 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes'
            cand --ascii 'ASCII markers: [x] [~] [ ] and (locked)'
            cand --yaml 'Print the goal file''s YAML instead'
            cand --json 'Print the goal as JSON, with its progress (completed, total, percentage)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'asimi-prompt;goal;apply'= {
            cand --goal 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt''s goal section'
            cand -C 'Run as if started in DIR (like git -C)'
            cand --cwd 'Run as if started in DIR (like git -C)'
            cand --template-fuel 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel'
            cand --template-bytes 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes'
            cand --dry-run 'Print what would change, and write nothing'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'asimi-prompt;goal;history'= {
            cand --goal 'The goal file (default: .asimi/goal.yaml in the project); an active goal becomes the prompt''s goal section'
            cand -C 'Run as if started in DIR (like git -C)'
            cand --cwd 'Run as if started in DIR (like git -C)'
            cand --template-fuel 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel'
            cand --template-bytes 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes'
            cand --json 'Print the goals as JSON, each with its progress and whether it is the current one'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'asimi-prompt;goal;help'= {
            cand show 'Print the goal''s progress, then the goal as the prompt''s goal section shows it (whatever its status)'
            cand apply 'Update the goal file from [GOAL], [CHECKPOINT], [DECISION], [ARTIFACT] and [NEXT] lines in an LLM''s output, and print what changed'
            cand history 'List the completed goals kept in the goal''s history (NAME.history.yaml beside it), oldest first, with the current goal last when it is completed'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'asimi-prompt;goal;help;show'= {
        }
        &'asimi-prompt;goal;help;apply'= {
        }
        &'asimi-prompt;goal;help;history'= {
        }
        &'asimi-prompt;goal;help;help'= {
        }
        &'asimi-prompt;template'= {
            cand -C 'Run as if started in DIR (like git -C)'
            cand --cwd 'Run as if started in DIR (like git -C)'
            cand --template-fuel 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel'
            cand --template-bytes 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand render 'Render a template and print exactly the rendered bytes (no newline is added)'
            cand convert 'Print the Jinja translation of a Go template. Rendered by asimi-prompt''s Jinja engine it gives the same bytes as the Go original'
            cand list 'List the templates in use: name, syntax and where each was found'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'asimi-prompt;template;render'= {
            cand --syntax 'The template syntax'
            cand --data 'A JSON or YAML data file, by extension (- reads YAML, which covers JSON, from standard input); several are deep-merged in order. The system prompt''s templates (and template render --prompt-data) see the data as .Vars'
            cand --set 'Set a data value: a YAML scalar (n=3 is an int, x=true a bool); dotted keys nest (Tools.Grep=rg). Applied after --data'
            cand --missingkey 'What a missing map key gives in Go templates (Go''s missingkey option)'
            cand --model 'With --prompt-data: the model (as for `system`)'
            cand --mode 'With --prompt-data: the operational mode (as for `system`)'
            cand -C 'Run as if started in DIR (like git -C)'
            cand --cwd 'Run as if started in DIR (like git -C)'
            cand --template-fuel 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel'
            cand --template-bytes 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes'
            cand --prompt-data 'Render with exactly the data `system` gives the base prompt (.Env, .ToolNames, .ModeInstructions, .Goal...), with --data and --set under .Vars: to preview a system.md template'
            cand --hermetic 'With --prompt-data: the data of a hermetic run (what `--check` sees)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'asimi-prompt;template;convert'= {
            cand -C 'Run as if started in DIR (like git -C)'
            cand --cwd 'Run as if started in DIR (like git -C)'
            cand --template-fuel 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel'
            cand --template-bytes 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'asimi-prompt;template;list'= {
            cand --templates 'A template directory searched before the project''s, the user''s and the built-in templates'
            cand --tag 'List the registered prompts carrying this tag (e.g. skill, core, mcp)'
            cand --mcp-config 'A JSON or YAML file with an mcpServers map, as Claude Desktop, Claude Code (.mcp.json) and gemini-cli keep it: stdio servers {command, args} and Streamable HTTP ones {url or httpUrl, headers}, ${VAR} expanded in both (repeatable)'
            cand --mcp-server 'An MCP server on the command line: NAME=COMMAND [ARG...], split at spaces (repeatable)'
            cand --mcp-timeout 'Seconds each MCP step (start, list, get) may take (default 10; config mcp_timeout). A server''s own `timeout` (milliseconds, as gemini-cli reads it) takes its place for that server'
            cand -C 'Run as if started in DIR (like git -C)'
            cand --cwd 'Run as if started in DIR (like git -C)'
            cand --template-fuel 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel'
            cand --template-bytes 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes'
            cand --prompts 'List the registered prompts (core prompts and skills) instead of the templates'
            cand --trust-project-mcp 'Start the project''s own MCP servers (.asimi/config.yaml mcp_servers); without it they are listed but not started'
            cand --require-mcp 'Fail (exit 2) when an MCP server fails, instead of leaving its prompts out with a warning'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'asimi-prompt;template;help'= {
            cand render 'Render a template and print exactly the rendered bytes (no newline is added)'
            cand convert 'Print the Jinja translation of a Go template. Rendered by asimi-prompt''s Jinja engine it gives the same bytes as the Go original'
            cand list 'List the templates in use: name, syntax and where each was found'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'asimi-prompt;template;help;render'= {
        }
        &'asimi-prompt;template;help;convert'= {
        }
        &'asimi-prompt;template;help;list'= {
        }
        &'asimi-prompt;template;help;help'= {
        }
        &'asimi-prompt;prompt'= {
            cand -C 'Run as if started in DIR (like git -C)'
            cand --cwd 'Run as if started in DIR (like git -C)'
            cand --template-fuel 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel'
            cand --template-bytes 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand get 'Print one MCP prompt''s messages, with its arguments as KEY=VALUE'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'asimi-prompt;prompt;get'= {
            cand --mcp-config 'A JSON or YAML file with an mcpServers map, as Claude Desktop, Claude Code (.mcp.json) and gemini-cli keep it: stdio servers {command, args} and Streamable HTTP ones {url or httpUrl, headers}, ${VAR} expanded in both (repeatable)'
            cand --mcp-server 'An MCP server on the command line: NAME=COMMAND [ARG...], split at spaces (repeatable)'
            cand --mcp-timeout 'Seconds each MCP step (start, list, get) may take (default 10; config mcp_timeout). A server''s own `timeout` (milliseconds, as gemini-cli reads it) takes its place for that server'
            cand -C 'Run as if started in DIR (like git -C)'
            cand --cwd 'Run as if started in DIR (like git -C)'
            cand --template-fuel 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel'
            cand --template-bytes 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes'
            cand --json 'Print the messages as JSON (role and text each)'
            cand --trust-project-mcp 'Start the project''s own MCP servers (.asimi/config.yaml mcp_servers); without it they are listed but not started'
            cand --require-mcp 'Fail (exit 2) when an MCP server fails, instead of leaving its prompts out with a warning'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'asimi-prompt;prompt;help'= {
            cand get 'Print one MCP prompt''s messages, with its arguments as KEY=VALUE'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'asimi-prompt;prompt;help;get'= {
        }
        &'asimi-prompt;prompt;help;help'= {
        }
        &'asimi-prompt;models'= {
            cand -C 'Run as if started in DIR (like git -C)'
            cand --cwd 'Run as if started in DIR (like git -C)'
            cand --template-fuel 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel'
            cand --template-bytes 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes'
            cand --templates 'A template directory searched before the project''s, the user''s and the built-in templates'
            cand --json 'Print the entries as JSON, with their sources'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'asimi-prompt;completions'= {
            cand -C 'Run as if started in DIR (like git -C)'
            cand --cwd 'Run as if started in DIR (like git -C)'
            cand --template-fuel 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel'
            cand --template-bytes 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'asimi-prompt;man'= {
            cand -C 'Run as if started in DIR (like git -C)'
            cand --cwd 'Run as if started in DIR (like git -C)'
            cand --template-fuel 'The execution budget of each template render, in steps (default 10000000); a template that runs longer fails. Also ASIMI_TEMPLATE_FUEL or config template_fuel'
            cand --template-bytes 'The byte budget of each template render: what it writes and the strings its functions build (default 64M); a template that produces more fails. Takes bytes, or K, M or G (powers of 1024). Also ASIMI_TEMPLATE_BYTES or config template_bytes'
            cand --out 'Write asimi-prompt.1 and one page per command into DIR instead of printing'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'asimi-prompt;help'= {
            cand system 'Print the full system prompt (the default command)'
            cand export 'Write the rendered base prompt to a file, for editing and use with ASIMI_SYSTEM_MD'
            cand messages 'Print a request body: system prompt, cached tiers, files, history and prompt, as a provider''s JSON'
            cand context 'Show what a request holds per cache tier, and the cache reuse to expect against the session''s previous request'
            cand compress 'Print a request body that asks the model to compress a conversation into a <state_snapshot>, or with --prompt-only the compression prompt alone'
            cand reply 'Read a provider''s response on standard input (JSON or a stream), print the assistant''s text as it arrives, and with --session add the turn to the session'
            cand commit 'Print a request body that asks the model for a commit message for the staged changes, or with --prompt-only the commit prompt alone'
            cand map 'Print the repository''s symbol map (legend and one block per file), or its symbols as JSON'
            cand apply 'Apply the edit blocks in an LLM''s reply to the project''s files, and print what became of each block'
            cand goal 'Show the goal, or update it from the markers in an LLM''s output'
            cand template 'Render, convert and list templates (Go text/template or Jinja syntax), and list the registered prompts'
            cand prompt 'Fetch prompts from MCP servers (see `template list --prompts` for their ids)'
            cand models 'List the model registry: limits, minimum cacheable prompt, prices, end of life'
            cand completions 'Print a shell completion script'
            cand man 'Print the man page, or write all man pages to a directory'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'asimi-prompt;help;system'= {
        }
        &'asimi-prompt;help;export'= {
        }
        &'asimi-prompt;help;messages'= {
        }
        &'asimi-prompt;help;context'= {
        }
        &'asimi-prompt;help;compress'= {
        }
        &'asimi-prompt;help;reply'= {
        }
        &'asimi-prompt;help;commit'= {
        }
        &'asimi-prompt;help;map'= {
        }
        &'asimi-prompt;help;apply'= {
        }
        &'asimi-prompt;help;goal'= {
            cand show 'Print the goal''s progress, then the goal as the prompt''s goal section shows it (whatever its status)'
            cand apply 'Update the goal file from [GOAL], [CHECKPOINT], [DECISION], [ARTIFACT] and [NEXT] lines in an LLM''s output, and print what changed'
            cand history 'List the completed goals kept in the goal''s history (NAME.history.yaml beside it), oldest first, with the current goal last when it is completed'
        }
        &'asimi-prompt;help;goal;show'= {
        }
        &'asimi-prompt;help;goal;apply'= {
        }
        &'asimi-prompt;help;goal;history'= {
        }
        &'asimi-prompt;help;template'= {
            cand render 'Render a template and print exactly the rendered bytes (no newline is added)'
            cand convert 'Print the Jinja translation of a Go template. Rendered by asimi-prompt''s Jinja engine it gives the same bytes as the Go original'
            cand list 'List the templates in use: name, syntax and where each was found'
        }
        &'asimi-prompt;help;template;render'= {
        }
        &'asimi-prompt;help;template;convert'= {
        }
        &'asimi-prompt;help;template;list'= {
        }
        &'asimi-prompt;help;prompt'= {
            cand get 'Print one MCP prompt''s messages, with its arguments as KEY=VALUE'
        }
        &'asimi-prompt;help;prompt;get'= {
        }
        &'asimi-prompt;help;models'= {
        }
        &'asimi-prompt;help;completions'= {
        }
        &'asimi-prompt;help;man'= {
        }
        &'asimi-prompt;help;help'= {
        }
    ]
    $completions[$command]
}
