
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'oz0' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'oz0'
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
        'oz0' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('tool', 'tool', [CompletionResultType]::ParameterValue, 'Call an installed tool''s function by hand')
            [CompletionResult]::new('job', 'job', [CompletionResultType]::ParameterValue, 'List jobs, show one, and read its trace')
            [CompletionResult]::new('file', 'file', [CompletionResultType]::ParameterValue, 'Save the files tools stored in a job''s tree')
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run an agent or a flow, and follow it live')
            [CompletionResult]::new('conversation', 'conversation', [CompletionResultType]::ParameterValue, 'List conversations, show one''s turns, and fork one from a turn')
            [CompletionResult]::new('compare-savings', 'compare-savings', [CompletionResultType]::ParameterValue, 'Measure what an offload threshold saves on your own agent, in pairs of runs')
            [CompletionResult]::new('agent', 'agent', [CompletionResultType]::ParameterValue, 'Install agents and flows on the edge, and list them')
            [CompletionResult]::new('tenant', 'tenant', [CompletionResultType]::ParameterValue, 'Read and change the tenant''s settings')
            [CompletionResult]::new('policy', 'policy', [CompletionResultType]::ParameterValue, 'Decide what tools may do: allow, deny, or ask a person first')
            [CompletionResult]::new('approval', 'approval', [CompletionResultType]::ParameterValue, 'See and answer the calls that wait for a person''s approval')
            [CompletionResult]::new('hold', 'hold', [CompletionResultType]::ParameterValue, 'Keep a job, a tree or a conversation beyond retention and from erasure')
            [CompletionResult]::new('erase', 'erase', [CompletionResultType]::ParameterValue, 'Erase what a job, a job tree or a conversation holds, keeping its numbers')
            [CompletionResult]::new('usage', 'usage', [CompletionResultType]::ParameterValue, 'What the tenant spent, by day, job, agent, plugin, service or model; and its export')
            [CompletionResult]::new('console', 'console', [CompletionResultType]::ParameterValue, 'Open the embedded edge''s console in a browser: jobs, traces, costs and approvals')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Serve the tenant''s tools to any MCP client, fitted and offloaded as for the platform''s agents')
            [CompletionResult]::new('edge', 'edge', [CompletionResultType]::ParameterValue, 'Run a shared edge, make tokens, and see which edge commands talk to')
            [CompletionResult]::new('util', 'util', [CompletionResultType]::ParameterValue, 'Generate completions and man pages')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            [CompletionResult]::new('fit', 'fit', [CompletionResultType]::ParameterValue, 'Fit a document to a token budget: the biggest view that fits, and what it left out')
            [CompletionResult]::new('plugin', 'plugin', [CompletionResultType]::ParameterValue, 'Lint, measure, install, list and remove plugins')
            break
        }
        'oz0;tool' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('call', 'call', [CompletionResultType]::ParameterValue, 'Call a tool''s function by hand and see exactly what a model would read')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;tool;call' {
            [CompletionResult]::new('--arg', '--arg', [CompletionResultType]::ParameterName, 'An argument, NAME=VALUE, typed by the function''s input schema; repeat for each')
            [CompletionResult]::new('--args', '--args', [CompletionResultType]::ParameterName, 'The arguments as a JSON object, or `@FILE` to read it from a file; --arg adds to it')
            [CompletionResult]::new('--view', '--view', [CompletionResultType]::ParameterName, 'The view to ask for (the fitting convention''s `view` argument)')
            [CompletionResult]::new('--budget', '--budget', [CompletionResultType]::ParameterName, 'The budget in tokens to ask for (the convention''s `budget` argument)')
            [CompletionResult]::new('--query', '--query', [CompletionResultType]::ParameterName, 'The section to ask for (the convention''s `query` argument)')
            [CompletionResult]::new('--id', '--id', [CompletionResultType]::ParameterName, 'The job''s ID; left out, a new ULID. Refused when that job has ended and its tree holds files')
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'A folder the tool''s server is told of as an MCP root for this call, besides its manifest''s `roots`, and may read; repeat for more. On a served edge it is a folder of the edge''s machine, given only within what its operator lets servers read (`edge serve --tools-may-read`)')
            [CompletionResult]::new('--resource', '--resource', [CompletionResultType]::ParameterName, 'Read a resource of the tool''s server (`resources/read`), such as one a call''s result linked to, in place of calling a function: name the tool alone (`oz0 tool call docs --resource URI`). It is shown as a model reads it, a text blob as its text')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('--ask', '--ask', [CompletionResultType]::ParameterName, 'Answer the questions the tool''s server asks (MCP elicitation) from stdin, one field a line, even when stdin is not a terminal. On a terminal they are asked anyway; elsewhere, and in every job an agent or a flow runs, they are declined')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;tool;help' {
            [CompletionResult]::new('call', 'call', [CompletionResultType]::ParameterValue, 'Call a tool''s function by hand and see exactly what a model would read')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;tool;help;call' {
            break
        }
        'oz0;tool;help;help' {
            break
        }
        'oz0;job' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the tenant''s jobs, newest first: ID, state, what ran, steps and cost')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show a job: its state, who started it, the files its tree holds, and what it cost')
            [CompletionResult]::new('follow', 'follow', [CompletionResultType]::ParameterValue, 'Follow a job live: each step as it is recorded, its calls'' progress, and its end')
            [CompletionResult]::new('trace', 'trace', [CompletionResultType]::ParameterValue, 'Show what a job did: each step with its time, kind, tool and function, duration and outcome; the results fitted to a budget and the results offloaded, with their numbers; and usage and cost')
            [CompletionResult]::new('cancel', 'cancel', [CompletionResultType]::ParameterValue, 'Cancel a running job: its calls stop, their servers end, and it ends as cancelled')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;job;list' {
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'How many jobs to show')
            [CompletionResult]::new('--after', '--after', [CompletionResultType]::ParameterName, 'Show the jobs older than this cursor: the `next` an earlier read printed')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;job;get' {
            [CompletionResult]::new('--result', '--result', [CompletionResultType]::ParameterName, 'Print the result the call of step STEP answered, whole, as the tool answered it (MCP''s `CallToolResult`, JSON), in place of the job (the content role is needed)')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('--history', '--history', [CompletionResultType]::ParameterName, 'Also show each message of the job''s run, as its model read it (the content role is needed)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;job;follow' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;job;trace' {
            [CompletionResult]::new('--after', '--after', [CompletionResultType]::ParameterName, 'Show the steps after this one only')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'Show at most this many steps; left out, every step, read a page at a time')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;job;cancel' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;job;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the tenant''s jobs, newest first: ID, state, what ran, steps and cost')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show a job: its state, who started it, the files its tree holds, and what it cost')
            [CompletionResult]::new('follow', 'follow', [CompletionResultType]::ParameterValue, 'Follow a job live: each step as it is recorded, its calls'' progress, and its end')
            [CompletionResult]::new('trace', 'trace', [CompletionResultType]::ParameterValue, 'Show what a job did: each step with its time, kind, tool and function, duration and outcome; the results fitted to a budget and the results offloaded, with their numbers; and usage and cost')
            [CompletionResult]::new('cancel', 'cancel', [CompletionResultType]::ParameterValue, 'Cancel a running job: its calls stop, their servers end, and it ends as cancelled')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;job;help;list' {
            break
        }
        'oz0;job;help;get' {
            break
        }
        'oz0;job;help;follow' {
            break
        }
        'oz0;job;help;trace' {
            break
        }
        'oz0;job;help;cancel' {
            break
        }
        'oz0;job;help;help' {
            break
        }
        'oz0;file' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Save a file that a tool stored in a job''s tree, its digest checked')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;file;get' {
            [CompletionResult]::new('--job', '--job', [CompletionResultType]::ParameterName, 'The job whose tree holds it')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Where to write it; `-` for stdout')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Where to write it; `-` for stdout')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;file;help' {
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Save a file that a tool stored in a job''s tree, its digest checked')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;file;help;get' {
            break
        }
        'oz0;file;help;help' {
            break
        }
        'oz0;run' {
            [CompletionResult]::new('--input', '--input', [CompletionResultType]::ParameterName, 'What the job is asked: text, or `@FILE` to read it from a file')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'A file of another job to hand to this one, `oz0-file:sha256:<hex>`; repeat for each')
            [CompletionResult]::new('--id', '--id', [CompletionResultType]::ParameterName, 'The job''s ID; left out, a new ULID')
            [CompletionResult]::new('--conversation', '--conversation', [CompletionResultType]::ParameterName, 'Run it as a turn of a conversation: `new` starts one, named by this job''s ID; a conversation''s ID goes on with it, the turns before as the model''s history and their files readable')
            [CompletionResult]::new('--offload', '--offload', [CompletionResultType]::ParameterName, 'Offload the agent''s tool results over this many tokens (or `off`) in this run, in place of the agent''s own `offload` and within the tenant''s ceiling as that is: to see what a threshold does')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('--detach', '--detach', [CompletionResultType]::ParameterName, 'Start the job and print its ID, without following it (a served edge only)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;conversation' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the tenant''s conversations, newest first: ID, turns, the last turn''s agent and state')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a conversation''s turns: each turn''s job, agent, state, cost and what it was asked')
            [CompletionResult]::new('fork', 'fork', [CompletionResultType]::ParameterValue, 'Fork a conversation from one of its turns, and print the new conversation''s ID')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;conversation;list' {
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'How many conversations to show')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;conversation;show' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;conversation;fork' {
            [CompletionResult]::new('--turn', '--turn', [CompletionResultType]::ParameterName, 'The last turn the fork begins with')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;conversation;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the tenant''s conversations, newest first: ID, turns, the last turn''s agent and state')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a conversation''s turns: each turn''s job, agent, state, cost and what it was asked')
            [CompletionResult]::new('fork', 'fork', [CompletionResultType]::ParameterValue, 'Fork a conversation from one of its turns, and print the new conversation''s ID')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;conversation;help;list' {
            break
        }
        'oz0;conversation;help;show' {
            break
        }
        'oz0;conversation;help;fork' {
            break
        }
        'oz0;conversation;help;help' {
            break
        }
        'oz0;compare-savings' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('start', 'start', [CompletionResultType]::ParameterValue, 'Start an experiment, show its progress, and show what it found')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show an experiment: both arms side by side, and what the variant saved')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the tenant''s experiments, newest first')
            [CompletionResult]::new('cancel', 'cancel', [CompletionResultType]::ParameterValue, 'Cancel a running experiment: no pair starts, and the job that runs is cancelled')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;compare-savings;start' {
            [CompletionResult]::new('--agent', '--agent', [CompletionResultType]::ParameterName, 'The agent')
            [CompletionResult]::new('--variant-offload', '--variant-offload', [CompletionResultType]::ParameterName, 'The variant''s offload threshold: tokens, or `off`')
            [CompletionResult]::new('--inputs', '--inputs', [CompletionResultType]::ParameterName, 'A file of inputs, one a line; `-` reads them from stdin')
            [CompletionResult]::new('--replay', '--replay', [CompletionResultType]::ParameterName, 'Ask what the agent''s N most recent jobs were asked, in place of --inputs')
            [CompletionResult]::new('--budget-usd', '--budget-usd', [CompletionResultType]::ParameterName, 'The most the experiment may spend, in US dollars')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('--detach', '--detach', [CompletionResultType]::ParameterName, 'Start the experiment and print its ID, without following it (a served edge only)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;compare-savings;show' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;compare-savings;list' {
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'How many experiments to show')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;compare-savings;cancel' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;compare-savings;help' {
            [CompletionResult]::new('start', 'start', [CompletionResultType]::ParameterValue, 'Start an experiment, show its progress, and show what it found')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show an experiment: both arms side by side, and what the variant saved')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the tenant''s experiments, newest first')
            [CompletionResult]::new('cancel', 'cancel', [CompletionResultType]::ParameterValue, 'Cancel a running experiment: no pair starts, and the job that runs is cancelled')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;compare-savings;help;start' {
            break
        }
        'oz0;compare-savings;help;show' {
            break
        }
        'oz0;compare-savings;help;list' {
            break
        }
        'oz0;compare-savings;help;cancel' {
            break
        }
        'oz0;compare-savings;help;help' {
            break
        }
        'oz0;agent' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Install an agent or a flow on the edge, so that `oz0 run NAME` finds it anywhere')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the agents and flows installed on the edge')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;agent;apply' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;agent;list' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;agent;help' {
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Install an agent or a flow on the edge, so that `oz0 run NAME` finds it anywhere')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the agents and flows installed on the edge')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;agent;help;apply' {
            break
        }
        'oz0;agent;help;list' {
            break
        }
        'oz0;agent;help;help' {
            break
        }
        'oz0;tenant' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('offload', 'offload', [CompletionResultType]::ParameterValue, 'Show or change the tenant''s offload default and ceiling')
            [CompletionResult]::new('limits', 'limits', [CompletionResultType]::ParameterValue, 'Show or set what the tenant may spend on models and reported usage, per day and per month (UTC)')
            [CompletionResult]::new('rules', 'rules', [CompletionResultType]::ParameterValue, 'Show or change the tenant''s data rules: which labels may go to which model aliases')
            [CompletionResult]::new('quotas', 'quotas', [CompletionResultType]::ParameterValue, 'Show or set the tenant''s quotas: the model tokens and requests it may ask a UTC day, in all or by one plugin''s tools')
            [CompletionResult]::new('retention', 'retention', [CompletionResultType]::ParameterValue, 'Show or set how long the tenant keeps its data')
            [CompletionResult]::new('rotate-key', 'rotate-key', [CompletionResultType]::ParameterValue, 'Give the tenant a new payload key, to seal its payloads with from now on')
            [CompletionResult]::new('audit', 'audit', [CompletionResultType]::ParameterValue, 'Show the tenant''s audit log, newest first: who changed what, when, from what to what')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;tenant;offload' {
            [CompletionResult]::new('--default', '--default', [CompletionResultType]::ParameterName, 'The threshold of an agent that says nothing: tokens, or `off`')
            [CompletionResult]::new('--ceiling', '--ceiling', [CompletionResultType]::ParameterName, 'The most tokens any agent''s threshold may be')
            [CompletionResult]::new('--agent-offload', '--agent-offload', [CompletionResultType]::ParameterName, 'Also show the threshold of an agent whose `offload` is this: tokens, or `off`')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The experiment (`oz0 compare-savings`) the change was decided by: the audit log names it, with its thresholds, beside the change')
            [CompletionResult]::new('--tenant', '--tenant', [CompletionResultType]::ParameterName, 'The tenant; left out, the token''s own')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('--unset-default', '--unset-default', [CompletionResultType]::ParameterName, 'Remove the default: an agent that says nothing gets 10,000 (within the ceiling)')
            [CompletionResult]::new('--unset-ceiling', '--unset-ceiling', [CompletionResultType]::ParameterName, 'Remove the ceiling')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;tenant;limits' {
            [CompletionResult]::new('--usd-per-day', '--usd-per-day', [CompletionResultType]::ParameterName, 'The most US dollars a day, or `none`')
            [CompletionResult]::new('--usd-per-month', '--usd-per-month', [CompletionResultType]::ParameterName, 'The most US dollars a month, or `none`')
            [CompletionResult]::new('--tenant', '--tenant', [CompletionResultType]::ParameterName, 'The tenant; left out, the token''s own')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;tenant;rules' {
            [CompletionResult]::new('--allow', '--allow', [CompletionResultType]::ParameterName, 'Let what carries LABEL go to these aliases only, LABEL=ALIAS[,ALIAS]; repeat for each label')
            [CompletionResult]::new('--remove', '--remove', [CompletionResultType]::ParameterName, 'Remove the rule of LABEL; repeat for each')
            [CompletionResult]::new('--tenant', '--tenant', [CompletionResultType]::ParameterName, 'The tenant; left out, the token''s own')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;tenant;quotas' {
            [CompletionResult]::new('--plugin', '--plugin', [CompletionResultType]::ParameterName, 'Set this plugin''s quotas, rather than the tenant''s')
            [CompletionResult]::new('--tokens-per-day', '--tokens-per-day', [CompletionResultType]::ParameterName, 'The most model tokens (in and out) a day, or `none`')
            [CompletionResult]::new('--requests-per-day', '--requests-per-day', [CompletionResultType]::ParameterName, 'The most model requests a day, or `none`')
            [CompletionResult]::new('--tenant', '--tenant', [CompletionResultType]::ParameterName, 'The tenant; left out, the token''s own')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;tenant;retention' {
            [CompletionResult]::new('--files', '--files', [CompletionResultType]::ParameterName, 'How long a file stays in a tree after the tree last stored it, such as 90d')
            [CompletionResult]::new('--jobs', '--jobs', [CompletionResultType]::ParameterName, 'How long a job''s payloads are kept after it ended, such as 365d, or `forever`')
            [CompletionResult]::new('--tenant', '--tenant', [CompletionResultType]::ParameterName, 'The tenant; left out, the token''s own')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;tenant;rotate-key' {
            [CompletionResult]::new('--tenant', '--tenant', [CompletionResultType]::ParameterName, 'The tenant; left out, the token''s own')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;tenant;audit' {
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'How many entries to show')
            [CompletionResult]::new('--after', '--after', [CompletionResultType]::ParameterName, 'Show the entries older than this cursor: the `next` an earlier read printed')
            [CompletionResult]::new('--tenant', '--tenant', [CompletionResultType]::ParameterName, 'The tenant; left out, the token''s own')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;tenant;help' {
            [CompletionResult]::new('offload', 'offload', [CompletionResultType]::ParameterValue, 'Show or change the tenant''s offload default and ceiling')
            [CompletionResult]::new('limits', 'limits', [CompletionResultType]::ParameterValue, 'Show or set what the tenant may spend on models and reported usage, per day and per month (UTC)')
            [CompletionResult]::new('rules', 'rules', [CompletionResultType]::ParameterValue, 'Show or change the tenant''s data rules: which labels may go to which model aliases')
            [CompletionResult]::new('quotas', 'quotas', [CompletionResultType]::ParameterValue, 'Show or set the tenant''s quotas: the model tokens and requests it may ask a UTC day, in all or by one plugin''s tools')
            [CompletionResult]::new('retention', 'retention', [CompletionResultType]::ParameterValue, 'Show or set how long the tenant keeps its data')
            [CompletionResult]::new('rotate-key', 'rotate-key', [CompletionResultType]::ParameterValue, 'Give the tenant a new payload key, to seal its payloads with from now on')
            [CompletionResult]::new('audit', 'audit', [CompletionResultType]::ParameterValue, 'Show the tenant''s audit log, newest first: who changed what, when, from what to what')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;tenant;help;offload' {
            break
        }
        'oz0;tenant;help;limits' {
            break
        }
        'oz0;tenant;help;rules' {
            break
        }
        'oz0;tenant;help;quotas' {
            break
        }
        'oz0;tenant;help;retention' {
            break
        }
        'oz0;tenant;help;rotate-key' {
            break
        }
        'oz0;tenant;help;audit' {
            break
        }
        'oz0;tenant;help;help' {
            break
        }
        'oz0;policy' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('allow', 'allow', [CompletionResultType]::ParameterValue, 'Let calls of PATTERN be made')
            [CompletionResult]::new('deny', 'deny', [CompletionResultType]::ParameterValue, 'Refuse calls of PATTERN')
            [CompletionResult]::new('ask', 'ask', [CompletionResultType]::ParameterValue, 'Have calls of PATTERN wait for a person''s approval (`oz0 approval`)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the rules')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove the rule of PATTERN')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;policy;allow' {
            [CompletionResult]::new('--reason', '--reason', [CompletionResultType]::ParameterName, 'Why, for whoever is refused or asked')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;policy;deny' {
            [CompletionResult]::new('--reason', '--reason', [CompletionResultType]::ParameterName, 'Why, for whoever is refused or asked')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;policy;ask' {
            [CompletionResult]::new('--reason', '--reason', [CompletionResultType]::ParameterName, 'Why, for whoever is refused or asked')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;policy;list' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;policy;remove' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;policy;help' {
            [CompletionResult]::new('allow', 'allow', [CompletionResultType]::ParameterValue, 'Let calls of PATTERN be made')
            [CompletionResult]::new('deny', 'deny', [CompletionResultType]::ParameterValue, 'Refuse calls of PATTERN')
            [CompletionResult]::new('ask', 'ask', [CompletionResultType]::ParameterValue, 'Have calls of PATTERN wait for a person''s approval (`oz0 approval`)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the rules')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove the rule of PATTERN')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;policy;help;allow' {
            break
        }
        'oz0;policy;help;deny' {
            break
        }
        'oz0;policy;help;ask' {
            break
        }
        'oz0;policy;help;list' {
            break
        }
        'oz0;policy;help;remove' {
            break
        }
        'oz0;policy;help;help' {
            break
        }
        'oz0;approval' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the approvals that wait (all of them with --all)')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show one approval, with what it would let happen')
            [CompletionResult]::new('approve', 'approve', [CompletionResultType]::ParameterValue, 'Let the call be made, exactly as shown')
            [CompletionResult]::new('deny', 'deny', [CompletionResultType]::ParameterValue, 'Refuse the call')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;approval;list' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every approval, answered or not')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;approval;show' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;approval;approve' {
            [CompletionResult]::new('--reason', '--reason', [CompletionResultType]::ParameterName, 'Why')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;approval;deny' {
            [CompletionResult]::new('--reason', '--reason', [CompletionResultType]::ParameterName, 'Why')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;approval;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the approvals that wait (all of them with --all)')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show one approval, with what it would let happen')
            [CompletionResult]::new('approve', 'approve', [CompletionResultType]::ParameterValue, 'Let the call be made, exactly as shown')
            [CompletionResult]::new('deny', 'deny', [CompletionResultType]::ParameterValue, 'Refuse the call')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;approval;help;list' {
            break
        }
        'oz0;approval;help;show' {
            break
        }
        'oz0;approval;help;approve' {
            break
        }
        'oz0;approval;help;deny' {
            break
        }
        'oz0;approval;help;help' {
            break
        }
        'oz0;hold' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Make a hold on a job, a tree or a conversation')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the holds in force (all of them with --all), newest first')
            [CompletionResult]::new('release', 'release', [CompletionResultType]::ParameterValue, 'Release a hold: what it kept follows retention again, and may be erased')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;hold;create' {
            [CompletionResult]::new('--job', '--job', [CompletionResultType]::ParameterName, 'A job')
            [CompletionResult]::new('--tree', '--tree', [CompletionResultType]::ParameterName, 'A job tree, named by its first job''s ID: its files, and every job of it')
            [CompletionResult]::new('--conversation', '--conversation', [CompletionResultType]::ParameterName, 'A conversation: each of its turns')
            [CompletionResult]::new('--reason', '--reason', [CompletionResultType]::ParameterName, 'Why: a case, a request, a name (at most 500 characters)')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;hold;list' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every hold, released or not')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;hold;release' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;hold;help' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Make a hold on a job, a tree or a conversation')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the holds in force (all of them with --all), newest first')
            [CompletionResult]::new('release', 'release', [CompletionResultType]::ParameterValue, 'Release a hold: what it kept follows retention again, and may be erased')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;hold;help;create' {
            break
        }
        'oz0;hold;help;list' {
            break
        }
        'oz0;hold;help;release' {
            break
        }
        'oz0;hold;help;help' {
            break
        }
        'oz0;erase' {
            [CompletionResult]::new('--job', '--job', [CompletionResultType]::ParameterName, 'A job')
            [CompletionResult]::new('--tree', '--tree', [CompletionResultType]::ParameterName, 'A job tree, named by its first job''s ID: its files, and every job of it')
            [CompletionResult]::new('--conversation', '--conversation', [CompletionResultType]::ParameterName, 'A conversation: each of its turns')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;usage' {
            [CompletionResult]::new('--since', '--since', [CompletionResultType]::ParameterName, 'The first day or time counted; left out, the beginning')
            [CompletionResult]::new('--until', '--until', [CompletionResultType]::ParameterName, 'The day or time counting stops before; left out, now')
            [CompletionResult]::new('--by', '--by', [CompletionResultType]::ParameterName, 'What to sum by')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Write every model call and reported cost, one a line')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;usage;export' {
            [CompletionResult]::new('--since', '--since', [CompletionResultType]::ParameterName, 'The first day or time counted; left out, the beginning')
            [CompletionResult]::new('--until', '--until', [CompletionResultType]::ParameterName, 'The day or time counting stops before; left out, now')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;usage;help' {
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Write every model call and reported cost, one a line')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;usage;help;export' {
            break
        }
        'oz0;usage;help;help' {
            break
        }
        'oz0;console' {
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'The port on 127.0.0.1 to serve on; 0 picks a free one')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;mcp' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the tenant''s tools over MCP on stdin and stdout, for an MCP client on this machine')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;mcp;serve' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;mcp;help' {
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the tenant''s tools over MCP on stdin and stdout, for an MCP client on this machine')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;mcp;help;serve' {
            break
        }
        'oz0;mcp;help;help' {
            break
        }
        'oz0;edge' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the edge over HTTP, for a team to share')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show which edge commands talk to, its version, and the tenant, person and roles they act as')
            [CompletionResult]::new('rotate-key', 'rotate-key', [CompletionResultType]::ParameterValue, 'Replace the edge key that seals the plugins'' secrets, and seal every secret again with the new key')
            [CompletionResult]::new('token', 'token', [CompletionResultType]::ParameterValue, 'Make tokens of the edge')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;edge;serve' {
            [CompletionResult]::new('--listen', '--listen', [CompletionResultType]::ParameterName, 'The address and port to listen on; port 0 picks a free one')
            [CompletionResult]::new('--data', '--data', [CompletionResultType]::ParameterName, 'The folder of the edge''s state; left out, $OZ0_HOME, which the embedded edge uses too')
            [CompletionResult]::new('--store', '--store', [CompletionResultType]::ParameterName, 'Where to keep tenants, tokens, settings, jobs and the audit log: `sqlite` (in --data; the default) or a PostgreSQL URL, such as postgres://oz0@db.internal:5432/oz0, for several nodes to share. `?sslmode=require` connects over TLS, checking the server''s certificate against the public roots and the CA certificates of `&sslrootcert=PATH`')
            [CompletionResult]::new('--key-file', '--key-file', [CompletionResultType]::ParameterName, 'The file of the edge key, which seals the plugins'' secrets; made at the first start. Left out, `edge.key` in --data. Not read when OZ0_MASTER_KEY holds the key')
            [CompletionResult]::new('--seal-payloads', '--seal-payloads', [CompletionResultType]::ParameterName, 'Seal the tenants'' payloads at rest: the files they store, their jobs'' inputs and answers, and what their runs'' models said and read, each with the tenant''s payload key (XChaCha20-Poly1305), itself sealed with the edge key. Left out, on with a PostgreSQL --store, whose database and backups others may read, and off with SQLite in --data. `--seal-payloads=false` keeps new payloads plain. The edge reads sealed and plain payloads alike, so this may change at any start')
            [CompletionResult]::new('--tenant', '--tenant', [CompletionResultType]::ParameterName, 'The name of the first tenant, made on the first start')
            [CompletionResult]::new('--tools-may-read', '--tools-may-read', [CompletionResultType]::ParameterName, 'A folder that tools'' servers may be given to read, by their manifest''s `paths` and `roots`, their command line or a call''s --root. Tenants write those: beyond the system, its runtime and its plugin''s folder, a server is given no folder its operator did not list. Repeat for more')
            [CompletionResult]::new('--tools-may-write', '--tools-may-write', [CompletionResultType]::ParameterName, 'A folder that tools'' servers may be given to read and write, by their manifest''s `paths` (`access: read-write`). Repeat for more')
            [CompletionResult]::new('--tool-network', '--tool-network', [CompletionResultType]::ParameterName, 'What network local tools'' servers get: `host`, this machine''s, so that a server reaches what listens beside the edge (its own port, a shared store''s database on the loopback, private networks, a cloud''s metadata address); `public`, a network namespace of its own whose one way out is the edge''s proxy (HTTPS_PROXY), which connects to public addresses alone; `none`, a network namespace of its own with its loopback alone. Either way a tool still calls models through its gateway token, which names the proxy, and remote tools (`url:`), which the edge calls, are not affected')
            [CompletionResult]::new('--tool-calls-per-tenant', '--tool-calls-per-tenant', [CompletionResultType]::ParameterName, 'How many calls of local tools'' servers each tenant may run at once on this edge: each may be a server of its own, so that one tenant''s burst of calls cannot take the machine from the rest. More wait their turn for up to their tool''s timeout')
            [CompletionResult]::new('--servers-per-tenant', '--servers-per-tenant', [CompletionResultType]::ParameterName, 'How many tools'' servers each tenant may keep between calls on this edge: one for each of its tools and each job tree that calls a tool of `sandbox: job`, kept until idle for 5 minutes. A start past them stops that tenant''s server idle longest (never another tenant''s), so that one tenant calling many tools once cannot keep more memory than the machine has')
            [CompletionResult]::new('--files-per-tenant', '--files-per-tenant', [CompletionResultType]::ParameterName, 'How many bytes of files each tenant may keep on this edge, each file counted once however many of its job trees stored it: such as 10G, 500M or 2T (binary units), or `none`. A new file past them is refused (507), so that one tenant storing file after file cannot fill the disk every tenant needs; files leave with the tenant''s retention or an erasure')
            [CompletionResult]::new('--plugins-per-tenant', '--plugins-per-tenant', [CompletionResultType]::ParameterName, 'How many plugins each tenant may keep on this edge: each holds up to 64 MiB in its archive and as much in its folder. Installing a new one past them is refused (507); a new version of one the tenant has is not')
            [CompletionResult]::new('--large-messages-per-tenant', '--large-messages-per-tenant', [CompletionResultType]::ParameterName, 'How many messages of more than 1 MiB each tenant''s servers may have this edge read at once: a message may hold 160 MiB and takes several times that of the edge''s memory while it is read, parsed and handed on. More wait their turn, their servers blocked on their output, so that one tenant''s calls at once cannot take the edge''s memory from the rest')
            [CompletionResult]::new('--sweep-every', '--sweep-every', [CompletionResultType]::ParameterName, 'How often the node removes what the tenants'' retention no longer keeps (`oz0 tenant retention`), and ends erasures a stopped edge left begun: such as 1m, 30s or 1h. Nodes of a shared store take turns, one sweeping each tenant at a time')
            [CompletionResult]::new('--stop-within', '--stop-within', [CompletionResultType]::ParameterName, 'How long a stop (Ctrl-C, SIGTERM) waits for the requests under way, such as a tool''s call, before the edge ends without them: such as 20s or 1m. Their callers are told the edge went away, and the jobs still running here are failed as it ends')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('--unconfined-tools', '--unconfined-tools', [CompletionResultType]::ParameterName, 'Run tools'' servers even where the kernel cannot confine them (no Landlock). Left out, such an edge refuses to start them: an unconfined server can read every tenant''s files and the edge''s keys')
            [CompletionResult]::new('--remote-tools-may-reach-private', '--remote-tools-may-reach-private', [CompletionResultType]::ParameterName, 'Let remote tools (`url:`) be at private addresses: this machine''s loopback interface, private and link-local networks. Left out, a tenant''s remote tool may reach only public addresses, so that no tenant reaches the services beside the edge through it')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;edge;status' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('--data', '--data', [CompletionResultType]::ParameterName, 'Print only the embedded edge''s data folder, where its `gateway.toml` goes, such as `cp examples/gateway.toml "$(oz0 edge status --data)/"`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;edge;rotate-key' {
            [CompletionResult]::new('--data', '--data', [CompletionResultType]::ParameterName, 'The folder of the edge''s state, as `oz0 edge serve --data`; left out, $OZ0_HOME')
            [CompletionResult]::new('--store', '--store', [CompletionResultType]::ParameterName, 'The edge''s store, as `oz0 edge serve --store`: `sqlite` (in --data; the default) or a PostgreSQL URL')
            [CompletionResult]::new('--key-file', '--key-file', [CompletionResultType]::ParameterName, 'The file of the edge key, as `oz0 edge serve --key-file`; left out, `edge.key` in --data')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;edge;token' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Make a new person of a tenant with a token, and print the token, shown this once')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;edge;token;create' {
            [CompletionResult]::new('--tenant', '--tenant', [CompletionResultType]::ParameterName, 'The token''s tenant; left out, your own')
            [CompletionResult]::new('--role', '--role', [CompletionResultType]::ParameterName, 'A role of the token: `admin` (settings, tokens, the audit log) or `content` (job data, files)')
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'The person''s name, unique in the tenant; left out, one is made up')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;edge;token;help' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Make a new person of a tenant with a token, and print the token, shown this once')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;edge;token;help;create' {
            break
        }
        'oz0;edge;token;help;help' {
            break
        }
        'oz0;edge;help' {
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the edge over HTTP, for a team to share')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show which edge commands talk to, its version, and the tenant, person and roles they act as')
            [CompletionResult]::new('rotate-key', 'rotate-key', [CompletionResultType]::ParameterValue, 'Replace the edge key that seals the plugins'' secrets, and seal every secret again with the new key')
            [CompletionResult]::new('token', 'token', [CompletionResultType]::ParameterValue, 'Make tokens of the edge')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;edge;help;serve' {
            break
        }
        'oz0;edge;help;status' {
            break
        }
        'oz0;edge;help;rotate-key' {
            break
        }
        'oz0;edge;help;token' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Make a new person of a tenant with a token, and print the token, shown this once')
            break
        }
        'oz0;edge;help;token;create' {
            break
        }
        'oz0;edge;help;help' {
            break
        }
        'oz0;util' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('completion', 'completion', [CompletionResultType]::ParameterValue, 'Print the completion script of a shell')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Write the man pages of oz0 and each of its commands into a folder')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;util;completion' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;util;man' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;util;help' {
            [CompletionResult]::new('completion', 'completion', [CompletionResultType]::ParameterValue, 'Print the completion script of a shell')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Write the man pages of oz0 and each of its commands into a folder')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;util;help;completion' {
            break
        }
        'oz0;util;help;man' {
            break
        }
        'oz0;util;help;help' {
            break
        }
        'oz0;help' {
            [CompletionResult]::new('fit', 'fit', [CompletionResultType]::ParameterValue, 'Fit a document to a token budget: the biggest view that fits, and what it left out')
            [CompletionResult]::new('plugin', 'plugin', [CompletionResultType]::ParameterValue, 'Lint, measure, install, list and remove plugins')
            [CompletionResult]::new('tool', 'tool', [CompletionResultType]::ParameterValue, 'Call an installed tool''s function by hand')
            [CompletionResult]::new('job', 'job', [CompletionResultType]::ParameterValue, 'List jobs, show one, and read its trace')
            [CompletionResult]::new('file', 'file', [CompletionResultType]::ParameterValue, 'Save the files tools stored in a job''s tree')
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Run an agent or a flow, and follow it live')
            [CompletionResult]::new('conversation', 'conversation', [CompletionResultType]::ParameterValue, 'List conversations, show one''s turns, and fork one from a turn')
            [CompletionResult]::new('compare-savings', 'compare-savings', [CompletionResultType]::ParameterValue, 'Measure what an offload threshold saves on your own agent, in pairs of runs')
            [CompletionResult]::new('agent', 'agent', [CompletionResultType]::ParameterValue, 'Install agents and flows on the edge, and list them')
            [CompletionResult]::new('tenant', 'tenant', [CompletionResultType]::ParameterValue, 'Read and change the tenant''s settings')
            [CompletionResult]::new('policy', 'policy', [CompletionResultType]::ParameterValue, 'Decide what tools may do: allow, deny, or ask a person first')
            [CompletionResult]::new('approval', 'approval', [CompletionResultType]::ParameterValue, 'See and answer the calls that wait for a person''s approval')
            [CompletionResult]::new('hold', 'hold', [CompletionResultType]::ParameterValue, 'Keep a job, a tree or a conversation beyond retention and from erasure')
            [CompletionResult]::new('erase', 'erase', [CompletionResultType]::ParameterValue, 'Erase what a job, a job tree or a conversation holds, keeping its numbers')
            [CompletionResult]::new('usage', 'usage', [CompletionResultType]::ParameterValue, 'What the tenant spent, by day, job, agent, plugin, service or model; and its export')
            [CompletionResult]::new('console', 'console', [CompletionResultType]::ParameterValue, 'Open the embedded edge''s console in a browser: jobs, traces, costs and approvals')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Serve the tenant''s tools to any MCP client, fitted and offloaded as for the platform''s agents')
            [CompletionResult]::new('edge', 'edge', [CompletionResultType]::ParameterValue, 'Run a shared edge, make tokens, and see which edge commands talk to')
            [CompletionResult]::new('util', 'util', [CompletionResultType]::ParameterValue, 'Generate completions and man pages')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;help;fit' {
            break
        }
        'oz0;help;plugin' {
            [CompletionResult]::new('lint', 'lint', [CompletionResultType]::ParameterValue, 'Check a plugin''s manifest and its MCP servers'' functions before you release it')
            [CompletionResult]::new('measure', 'measure', [CompletionResultType]::ParameterValue, 'Start each local tool''s MCP server, or reach each remote one, list its functions, and write `oz0-listing.json`')
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Install a plugin in the tenant, so that its tools can be called (`oz0 tool call`)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the tenant''s installed plugins, their tools and each tool''s functions')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove an installed plugin: its tools can no longer be called. Jobs and files stay')
            break
        }
        'oz0;help;plugin;lint' {
            break
        }
        'oz0;help;plugin;measure' {
            break
        }
        'oz0;help;plugin;install' {
            break
        }
        'oz0;help;plugin;list' {
            break
        }
        'oz0;help;plugin;remove' {
            break
        }
        'oz0;help;tool' {
            [CompletionResult]::new('call', 'call', [CompletionResultType]::ParameterValue, 'Call a tool''s function by hand and see exactly what a model would read')
            break
        }
        'oz0;help;tool;call' {
            break
        }
        'oz0;help;job' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the tenant''s jobs, newest first: ID, state, what ran, steps and cost')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show a job: its state, who started it, the files its tree holds, and what it cost')
            [CompletionResult]::new('follow', 'follow', [CompletionResultType]::ParameterValue, 'Follow a job live: each step as it is recorded, its calls'' progress, and its end')
            [CompletionResult]::new('trace', 'trace', [CompletionResultType]::ParameterValue, 'Show what a job did: each step with its time, kind, tool and function, duration and outcome; the results fitted to a budget and the results offloaded, with their numbers; and usage and cost')
            [CompletionResult]::new('cancel', 'cancel', [CompletionResultType]::ParameterValue, 'Cancel a running job: its calls stop, their servers end, and it ends as cancelled')
            break
        }
        'oz0;help;job;list' {
            break
        }
        'oz0;help;job;get' {
            break
        }
        'oz0;help;job;follow' {
            break
        }
        'oz0;help;job;trace' {
            break
        }
        'oz0;help;job;cancel' {
            break
        }
        'oz0;help;file' {
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Save a file that a tool stored in a job''s tree, its digest checked')
            break
        }
        'oz0;help;file;get' {
            break
        }
        'oz0;help;run' {
            break
        }
        'oz0;help;conversation' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the tenant''s conversations, newest first: ID, turns, the last turn''s agent and state')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show a conversation''s turns: each turn''s job, agent, state, cost and what it was asked')
            [CompletionResult]::new('fork', 'fork', [CompletionResultType]::ParameterValue, 'Fork a conversation from one of its turns, and print the new conversation''s ID')
            break
        }
        'oz0;help;conversation;list' {
            break
        }
        'oz0;help;conversation;show' {
            break
        }
        'oz0;help;conversation;fork' {
            break
        }
        'oz0;help;compare-savings' {
            [CompletionResult]::new('start', 'start', [CompletionResultType]::ParameterValue, 'Start an experiment, show its progress, and show what it found')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show an experiment: both arms side by side, and what the variant saved')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the tenant''s experiments, newest first')
            [CompletionResult]::new('cancel', 'cancel', [CompletionResultType]::ParameterValue, 'Cancel a running experiment: no pair starts, and the job that runs is cancelled')
            break
        }
        'oz0;help;compare-savings;start' {
            break
        }
        'oz0;help;compare-savings;show' {
            break
        }
        'oz0;help;compare-savings;list' {
            break
        }
        'oz0;help;compare-savings;cancel' {
            break
        }
        'oz0;help;agent' {
            [CompletionResult]::new('apply', 'apply', [CompletionResultType]::ParameterValue, 'Install an agent or a flow on the edge, so that `oz0 run NAME` finds it anywhere')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the agents and flows installed on the edge')
            break
        }
        'oz0;help;agent;apply' {
            break
        }
        'oz0;help;agent;list' {
            break
        }
        'oz0;help;tenant' {
            [CompletionResult]::new('offload', 'offload', [CompletionResultType]::ParameterValue, 'Show or change the tenant''s offload default and ceiling')
            [CompletionResult]::new('limits', 'limits', [CompletionResultType]::ParameterValue, 'Show or set what the tenant may spend on models and reported usage, per day and per month (UTC)')
            [CompletionResult]::new('rules', 'rules', [CompletionResultType]::ParameterValue, 'Show or change the tenant''s data rules: which labels may go to which model aliases')
            [CompletionResult]::new('quotas', 'quotas', [CompletionResultType]::ParameterValue, 'Show or set the tenant''s quotas: the model tokens and requests it may ask a UTC day, in all or by one plugin''s tools')
            [CompletionResult]::new('retention', 'retention', [CompletionResultType]::ParameterValue, 'Show or set how long the tenant keeps its data')
            [CompletionResult]::new('rotate-key', 'rotate-key', [CompletionResultType]::ParameterValue, 'Give the tenant a new payload key, to seal its payloads with from now on')
            [CompletionResult]::new('audit', 'audit', [CompletionResultType]::ParameterValue, 'Show the tenant''s audit log, newest first: who changed what, when, from what to what')
            break
        }
        'oz0;help;tenant;offload' {
            break
        }
        'oz0;help;tenant;limits' {
            break
        }
        'oz0;help;tenant;rules' {
            break
        }
        'oz0;help;tenant;quotas' {
            break
        }
        'oz0;help;tenant;retention' {
            break
        }
        'oz0;help;tenant;rotate-key' {
            break
        }
        'oz0;help;tenant;audit' {
            break
        }
        'oz0;help;policy' {
            [CompletionResult]::new('allow', 'allow', [CompletionResultType]::ParameterValue, 'Let calls of PATTERN be made')
            [CompletionResult]::new('deny', 'deny', [CompletionResultType]::ParameterValue, 'Refuse calls of PATTERN')
            [CompletionResult]::new('ask', 'ask', [CompletionResultType]::ParameterValue, 'Have calls of PATTERN wait for a person''s approval (`oz0 approval`)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the rules')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove the rule of PATTERN')
            break
        }
        'oz0;help;policy;allow' {
            break
        }
        'oz0;help;policy;deny' {
            break
        }
        'oz0;help;policy;ask' {
            break
        }
        'oz0;help;policy;list' {
            break
        }
        'oz0;help;policy;remove' {
            break
        }
        'oz0;help;approval' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the approvals that wait (all of them with --all)')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show one approval, with what it would let happen')
            [CompletionResult]::new('approve', 'approve', [CompletionResultType]::ParameterValue, 'Let the call be made, exactly as shown')
            [CompletionResult]::new('deny', 'deny', [CompletionResultType]::ParameterValue, 'Refuse the call')
            break
        }
        'oz0;help;approval;list' {
            break
        }
        'oz0;help;approval;show' {
            break
        }
        'oz0;help;approval;approve' {
            break
        }
        'oz0;help;approval;deny' {
            break
        }
        'oz0;help;hold' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Make a hold on a job, a tree or a conversation')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the holds in force (all of them with --all), newest first')
            [CompletionResult]::new('release', 'release', [CompletionResultType]::ParameterValue, 'Release a hold: what it kept follows retention again, and may be erased')
            break
        }
        'oz0;help;hold;create' {
            break
        }
        'oz0;help;hold;list' {
            break
        }
        'oz0;help;hold;release' {
            break
        }
        'oz0;help;erase' {
            break
        }
        'oz0;help;usage' {
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Write every model call and reported cost, one a line')
            break
        }
        'oz0;help;usage;export' {
            break
        }
        'oz0;help;console' {
            break
        }
        'oz0;help;mcp' {
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the tenant''s tools over MCP on stdin and stdout, for an MCP client on this machine')
            break
        }
        'oz0;help;mcp;serve' {
            break
        }
        'oz0;help;edge' {
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the edge over HTTP, for a team to share')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Show which edge commands talk to, its version, and the tenant, person and roles they act as')
            [CompletionResult]::new('rotate-key', 'rotate-key', [CompletionResultType]::ParameterValue, 'Replace the edge key that seals the plugins'' secrets, and seal every secret again with the new key')
            [CompletionResult]::new('token', 'token', [CompletionResultType]::ParameterValue, 'Make tokens of the edge')
            break
        }
        'oz0;help;edge;serve' {
            break
        }
        'oz0;help;edge;status' {
            break
        }
        'oz0;help;edge;rotate-key' {
            break
        }
        'oz0;help;edge;token' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Make a new person of a tenant with a token, and print the token, shown this once')
            break
        }
        'oz0;help;edge;token;create' {
            break
        }
        'oz0;help;util' {
            [CompletionResult]::new('completion', 'completion', [CompletionResultType]::ParameterValue, 'Print the completion script of a shell')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Write the man pages of oz0 and each of its commands into a folder')
            break
        }
        'oz0;help;util;completion' {
            break
        }
        'oz0;help;util;man' {
            break
        }
        'oz0;help;help' {
            break
        }
        'oz0;fit' {
            [CompletionResult]::new('--view', '--view', [CompletionResultType]::ParameterName, 'The view to answer with; left out, the biggest that fits')
            [CompletionResult]::new('--budget', '--budget', [CompletionResultType]::ParameterName, 'The most tokens the answer may take, a whole number from 1 up')
            [CompletionResult]::new('--query', '--query', [CompletionResultType]::ParameterName, 'What the section view shows: a heading or heading path (`Install > Linux`), a diff''s path or its n-th hunk (`src/main.rs#2`), a JSON key, item (`[3]`) or pointer (`/a/b/0`), a definition''s name (`parse_args`, `Config::load`, `Server.Start`), or a line range (`120-180`)')
            [CompletionResult]::new('--chars', '--chars', [CompletionResultType]::ParameterName, 'The most characters the answer may hold, as a tool''s own bound')
            [CompletionResult]::new('--kind', '--kind', [CompletionResultType]::ParameterName, 'What to read the input as, instead of what its name and content say')
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'The name to detect the kind by and to show in the outline (stdin has none)')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('--count', '--count', [CompletionResultType]::ParameterName, 'Print each input''s estimated tokens (`count`) and weight (`weigh`), like `wc`')
            [CompletionResult]::new('--lossy', '--lossy', [CompletionResultType]::ParameterName, 'Replace bytes that are not UTF-8 with U+FFFD instead of refusing the input')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;plugin' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Install a plugin in the tenant, so that its tools can be called (`oz0 tool call`)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the tenant''s installed plugins, their tools and each tool''s functions')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove an installed plugin: its tools can no longer be called. Jobs and files stay')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            [CompletionResult]::new('lint', 'lint', [CompletionResultType]::ParameterValue, 'Check a plugin''s manifest and its MCP servers'' functions before you release it')
            [CompletionResult]::new('measure', 'measure', [CompletionResultType]::ParameterValue, 'Start each local tool''s MCP server, or reach each remote one, list its functions, and write `oz0-listing.json`')
            break
        }
        'oz0;plugin;install' {
            [CompletionResult]::new('--secret', '--secret', [CompletionResultType]::ParameterName, 'Give the plugin a secret its manifest declares, NAME=VALUE, or NAME=@FILE to read the value from a file (its last newline left out); repeat for each. Its servers get it where their `env` says `${secrets.NAME}`, and its remote servers where their `headers` do. The edge keeps it and never shows it again')
            [CompletionResult]::new('--map-model', '--map-model', [CompletionResultType]::ParameterName, 'Answer the plugin''s own model alias with one of the edge''s (`default`, `fast`, `smart`, or one its gateway configures), ALIAS=EDGE_ALIAS; repeat for each')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('--accept-model', '--accept-model', [CompletionResultType]::ParameterName, 'Grant the models the plugin declares under `requires.models`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;plugin;list' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;plugin;remove' {
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;plugin;help' {
            [CompletionResult]::new('lint', 'lint', [CompletionResultType]::ParameterValue, 'Check a plugin''s manifest and its MCP servers'' functions before you release it')
            [CompletionResult]::new('measure', 'measure', [CompletionResultType]::ParameterValue, 'Start each local tool''s MCP server, or reach each remote one, list its functions, and write `oz0-listing.json`')
            [CompletionResult]::new('install', 'install', [CompletionResultType]::ParameterValue, 'Install a plugin in the tenant, so that its tools can be called (`oz0 tool call`)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List the tenant''s installed plugins, their tools and each tool''s functions')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Remove an installed plugin: its tools can no longer be called. Jobs and files stay')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;plugin;help;lint' {
            break
        }
        'oz0;plugin;help;measure' {
            break
        }
        'oz0;plugin;help;install' {
            break
        }
        'oz0;plugin;help;list' {
            break
        }
        'oz0;plugin;help;remove' {
            break
        }
        'oz0;plugin;help;help' {
            break
        }
        'oz0;plugin;lint' {
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'With --measure, the most seconds each server may take to start and list its functions')
            [CompletionResult]::new('--secret', '--secret', [CompletionResultType]::ParameterName, 'With --measure, a secret the manifest declares, NAME=VALUE or NAME=@FILE, for the servers that name it in their `env` or `headers`; repeat for each')
            [CompletionResult]::new('--deny', '--deny', [CompletionResultType]::ParameterName, 'Fail (exit 1) on warnings too')
            [CompletionResult]::new('--explain', '--explain', [CompletionResultType]::ParameterName, 'Explain a rule: what it checks, why, an example, and the fix')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write the report to FILE instead of stdout, whole once the plugin is linted: a plugin that could not be linted leaves FILE as it was (where `> FILE` would empty it)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write the report to FILE instead of stdout, whole once the plugin is linted: a plugin that could not be linted leaves FILE as it was (where `> FILE` would empty it)')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('--measure', '--measure', [CompletionResultType]::ParameterName, 'Start the plugin''s local servers and lint what they offer now, instead of `oz0-listing.json`')
            [CompletionResult]::new('--list-rules', '--list-rules', [CompletionResultType]::ParameterName, 'List the rules: code, name, severity and what each checks')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;plugin;measure' {
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'The most seconds each server may take to start and list its functions')
            [CompletionResult]::new('--secret', '--secret', [CompletionResultType]::ParameterName, 'A secret the manifest declares, NAME=VALUE or NAME=@FILE, for the servers that name it in their `env` or `headers`; repeat for each')
            [CompletionResult]::new('--edge', '--edge', [CompletionResultType]::ParameterName, 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME')
            [CompletionResult]::new('--token', '--token', [CompletionResultType]::ParameterName, 'The bearer token to send to the edge')
            [CompletionResult]::new('--profile', '--profile', [CompletionResultType]::ParameterName, 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print data and errors only: no notes, no progress')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
