# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_oz0_global_optspecs
    string join \n edge= token= profile= format= q/quiet v/verbose color= h/help V/version
end

function __fish_oz0_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_oz0_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_oz0_using_subcommand
    set -l cmd (__fish_oz0_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c oz0 -n "__fish_oz0_needs_command" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_needs_command" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_needs_command" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_needs_command" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_needs_command" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_needs_command" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_needs_command" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_needs_command" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_needs_command" -f -a "tool" -d 'Call an installed tool\'s function by hand'
complete -c oz0 -n "__fish_oz0_needs_command" -f -a "job" -d 'List jobs, show one, and read its trace'
complete -c oz0 -n "__fish_oz0_needs_command" -f -a "file" -d 'Save the files tools stored in a job\'s tree'
complete -c oz0 -n "__fish_oz0_needs_command" -f -a "run" -d 'Run an agent or a flow, and follow it live'
complete -c oz0 -n "__fish_oz0_needs_command" -f -a "conversation" -d 'List conversations, show one\'s turns, and fork one from a turn'
complete -c oz0 -n "__fish_oz0_needs_command" -f -a "compare-savings" -d 'Measure what an offload threshold saves on your own agent, in pairs of runs'
complete -c oz0 -n "__fish_oz0_needs_command" -f -a "agent" -d 'Install agents and flows on the edge, and list them'
complete -c oz0 -n "__fish_oz0_needs_command" -f -a "tenant" -d 'Read and change the tenant\'s settings'
complete -c oz0 -n "__fish_oz0_needs_command" -f -a "policy" -d 'Decide what tools may do: allow, deny, or ask a person first'
complete -c oz0 -n "__fish_oz0_needs_command" -f -a "approval" -d 'See and answer the calls that wait for a person\'s approval'
complete -c oz0 -n "__fish_oz0_needs_command" -f -a "hold" -d 'Keep a job, a tree or a conversation beyond retention and from erasure'
complete -c oz0 -n "__fish_oz0_needs_command" -f -a "erase" -d 'Erase what a job, a job tree or a conversation holds, keeping its numbers'
complete -c oz0 -n "__fish_oz0_needs_command" -f -a "usage" -d 'What the tenant spent, by day, job, agent, plugin, service or model; and its export'
complete -c oz0 -n "__fish_oz0_needs_command" -f -a "console" -d 'Open the embedded edge\'s console in a browser: jobs, traces, costs and approvals'
complete -c oz0 -n "__fish_oz0_needs_command" -f -a "mcp" -d 'Serve the tenant\'s tools to any MCP client, fitted and offloaded as for the platform\'s agents'
complete -c oz0 -n "__fish_oz0_needs_command" -f -a "edge" -d 'Run a shared edge, make tokens, and see which edge commands talk to'
complete -c oz0 -n "__fish_oz0_needs_command" -f -a "util" -d 'Generate completions and man pages'
complete -c oz0 -n "__fish_oz0_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_needs_command" -f -a "fit" -d 'Fit a document to a token budget: the biggest view that fits, and what it left out'
complete -c oz0 -n "__fish_oz0_needs_command" -f -a "plugin" -d 'Lint, measure, install, list and remove plugins'
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and not __fish_seen_subcommand_from call help" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and not __fish_seen_subcommand_from call help" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and not __fish_seen_subcommand_from call help" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and not __fish_seen_subcommand_from call help" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and not __fish_seen_subcommand_from call help" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and not __fish_seen_subcommand_from call help" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and not __fish_seen_subcommand_from call help" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and not __fish_seen_subcommand_from call help" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and not __fish_seen_subcommand_from call help" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and not __fish_seen_subcommand_from call help" -f -a "call" -d 'Call a tool\'s function by hand and see exactly what a model would read'
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and not __fish_seen_subcommand_from call help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and __fish_seen_subcommand_from call" -l arg -d 'An argument, NAME=VALUE, typed by the function\'s input schema; repeat for each' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and __fish_seen_subcommand_from call" -l args -d 'The arguments as a JSON object, or `@FILE` to read it from a file; --arg adds to it' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and __fish_seen_subcommand_from call" -l view -d 'The view to ask for (the fitting convention\'s `view` argument)' -r -f -a "full\t'The whole document'
section\t'The parts --query names'
summary\t'The outline with each part\'s first sentence'
stub\t'Size and the outline alone'"
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and __fish_seen_subcommand_from call" -l budget -d 'The budget in tokens to ask for (the convention\'s `budget` argument)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and __fish_seen_subcommand_from call" -l query -d 'The section to ask for (the convention\'s `query` argument)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and __fish_seen_subcommand_from call" -l id -d 'The job\'s ID; left out, a new ULID. Refused when that job has ended and its tree holds files' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and __fish_seen_subcommand_from call" -l root -d 'A folder the tool\'s server is told of as an MCP root for this call, besides its manifest\'s `roots`, and may read; repeat for more. On a served edge it is a folder of the edge\'s machine, given only within what its operator lets servers read (`edge serve --tools-may-read`)' -r -F
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and __fish_seen_subcommand_from call" -l resource -d 'Read a resource of the tool\'s server (`resources/read`), such as one a call\'s result linked to, in place of calling a function: name the tool alone (`oz0 tool call docs --resource URI`). It is shown as a model reads it, a text blob as its text' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and __fish_seen_subcommand_from call" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and __fish_seen_subcommand_from call" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and __fish_seen_subcommand_from call" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and __fish_seen_subcommand_from call" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and __fish_seen_subcommand_from call" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and __fish_seen_subcommand_from call" -l ask -d 'Answer the questions the tool\'s server asks (MCP elicitation) from stdin, one field a line, even when stdin is not a terminal. On a terminal they are asked anyway; elsewhere, and in every job an agent or a flow runs, they are declined'
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and __fish_seen_subcommand_from call" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and __fish_seen_subcommand_from call" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and __fish_seen_subcommand_from call" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and __fish_seen_subcommand_from call" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and __fish_seen_subcommand_from help" -f -a "call" -d 'Call a tool\'s function by hand and see exactly what a model would read'
complete -c oz0 -n "__fish_oz0_using_subcommand tool; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and not __fish_seen_subcommand_from list get follow trace cancel help" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand job; and not __fish_seen_subcommand_from list get follow trace cancel help" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand job; and not __fish_seen_subcommand_from list get follow trace cancel help" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand job; and not __fish_seen_subcommand_from list get follow trace cancel help" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand job; and not __fish_seen_subcommand_from list get follow trace cancel help" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand job; and not __fish_seen_subcommand_from list get follow trace cancel help" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and not __fish_seen_subcommand_from list get follow trace cancel help" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and not __fish_seen_subcommand_from list get follow trace cancel help" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and not __fish_seen_subcommand_from list get follow trace cancel help" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and not __fish_seen_subcommand_from list get follow trace cancel help" -f -a "list" -d 'List the tenant\'s jobs, newest first: ID, state, what ran, steps and cost'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and not __fish_seen_subcommand_from list get follow trace cancel help" -f -a "get" -d 'Show a job: its state, who started it, the files its tree holds, and what it cost'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and not __fish_seen_subcommand_from list get follow trace cancel help" -f -a "follow" -d 'Follow a job live: each step as it is recorded, its calls\' progress, and its end'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and not __fish_seen_subcommand_from list get follow trace cancel help" -f -a "trace" -d 'Show what a job did: each step with its time, kind, tool and function, duration and outcome; the results fitted to a budget and the results offloaded, with their numbers; and usage and cost'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and not __fish_seen_subcommand_from list get follow trace cancel help" -f -a "cancel" -d 'Cancel a running job: its calls stop, their servers end, and it ends as cancelled'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and not __fish_seen_subcommand_from list get follow trace cancel help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from list" -l limit -d 'How many jobs to show' -r
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from list" -l after -d 'Show the jobs older than this cursor: the `next` an earlier read printed' -r
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from list" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from list" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from list" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from list" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from list" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from get" -l result -d 'Print the result the call of step STEP answered, whole, as the tool answered it (MCP\'s `CallToolResult`, JSON), in place of the job (the content role is needed)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from get" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from get" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from get" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from get" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from get" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from get" -l history -d 'Also show each message of the job\'s run, as its model read it (the content role is needed)'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from get" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from follow" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from follow" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from follow" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from follow" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from follow" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from follow" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from follow" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from follow" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from follow" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from trace" -l after -d 'Show the steps after this one only' -r
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from trace" -l limit -d 'Show at most this many steps; left out, every step, read a page at a time' -r
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from trace" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from trace" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from trace" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from trace" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from trace" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from trace" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from trace" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from trace" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from trace" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from cancel" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from cancel" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from cancel" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from cancel" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from cancel" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from cancel" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from cancel" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from cancel" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from cancel" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the tenant\'s jobs, newest first: ID, state, what ran, steps and cost'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from help" -f -a "get" -d 'Show a job: its state, who started it, the files its tree holds, and what it cost'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from help" -f -a "follow" -d 'Follow a job live: each step as it is recorded, its calls\' progress, and its end'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from help" -f -a "trace" -d 'Show what a job did: each step with its time, kind, tool and function, duration and outcome; the results fitted to a budget and the results offloaded, with their numbers; and usage and cost'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from help" -f -a "cancel" -d 'Cancel a running job: its calls stop, their servers end, and it ends as cancelled'
complete -c oz0 -n "__fish_oz0_using_subcommand job; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand file; and not __fish_seen_subcommand_from get help" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand file; and not __fish_seen_subcommand_from get help" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand file; and not __fish_seen_subcommand_from get help" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand file; and not __fish_seen_subcommand_from get help" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand file; and not __fish_seen_subcommand_from get help" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand file; and not __fish_seen_subcommand_from get help" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand file; and not __fish_seen_subcommand_from get help" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand file; and not __fish_seen_subcommand_from get help" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand file; and not __fish_seen_subcommand_from get help" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand file; and not __fish_seen_subcommand_from get help" -f -a "get" -d 'Save a file that a tool stored in a job\'s tree, its digest checked'
complete -c oz0 -n "__fish_oz0_using_subcommand file; and not __fish_seen_subcommand_from get help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand file; and __fish_seen_subcommand_from get" -l job -d 'The job whose tree holds it' -r
complete -c oz0 -n "__fish_oz0_using_subcommand file; and __fish_seen_subcommand_from get" -s o -l output -d 'Where to write it; `-` for stdout' -r -F
complete -c oz0 -n "__fish_oz0_using_subcommand file; and __fish_seen_subcommand_from get" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand file; and __fish_seen_subcommand_from get" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand file; and __fish_seen_subcommand_from get" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand file; and __fish_seen_subcommand_from get" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand file; and __fish_seen_subcommand_from get" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand file; and __fish_seen_subcommand_from get" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand file; and __fish_seen_subcommand_from get" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand file; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand file; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand file; and __fish_seen_subcommand_from help" -f -a "get" -d 'Save a file that a tool stored in a job\'s tree, its digest checked'
complete -c oz0 -n "__fish_oz0_using_subcommand file; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand run" -l input -d 'What the job is asked: text, or `@FILE` to read it from a file' -r
complete -c oz0 -n "__fish_oz0_using_subcommand run" -l file -d 'A file of another job to hand to this one, `oz0-file:sha256:<hex>`; repeat for each' -r
complete -c oz0 -n "__fish_oz0_using_subcommand run" -l id -d 'The job\'s ID; left out, a new ULID' -r
complete -c oz0 -n "__fish_oz0_using_subcommand run" -l conversation -d 'Run it as a turn of a conversation: `new` starts one, named by this job\'s ID; a conversation\'s ID goes on with it, the turns before as the model\'s history and their files readable' -r
complete -c oz0 -n "__fish_oz0_using_subcommand run" -l offload -d 'Offload the agent\'s tool results over this many tokens (or `off`) in this run, in place of the agent\'s own `offload` and within the tenant\'s ceiling as that is: to see what a threshold does' -r
complete -c oz0 -n "__fish_oz0_using_subcommand run" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand run" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand run" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand run" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand run" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand run" -l detach -d 'Start the job and print its ID, without following it (a served edge only)'
complete -c oz0 -n "__fish_oz0_using_subcommand run" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand run" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand run" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand run" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and not __fish_seen_subcommand_from list show fork help" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and not __fish_seen_subcommand_from list show fork help" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and not __fish_seen_subcommand_from list show fork help" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and not __fish_seen_subcommand_from list show fork help" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and not __fish_seen_subcommand_from list show fork help" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and not __fish_seen_subcommand_from list show fork help" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and not __fish_seen_subcommand_from list show fork help" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and not __fish_seen_subcommand_from list show fork help" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and not __fish_seen_subcommand_from list show fork help" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and not __fish_seen_subcommand_from list show fork help" -f -a "list" -d 'List the tenant\'s conversations, newest first: ID, turns, the last turn\'s agent and state'
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and not __fish_seen_subcommand_from list show fork help" -f -a "show" -d 'Show a conversation\'s turns: each turn\'s job, agent, state, cost and what it was asked'
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and not __fish_seen_subcommand_from list show fork help" -f -a "fork" -d 'Fork a conversation from one of its turns, and print the new conversation\'s ID'
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and not __fish_seen_subcommand_from list show fork help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from list" -l limit -d 'How many conversations to show' -r
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from list" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from list" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from list" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from list" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from list" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from show" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from show" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from show" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from show" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from show" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from show" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from show" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from fork" -l turn -d 'The last turn the fork begins with' -r
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from fork" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from fork" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from fork" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from fork" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from fork" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from fork" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from fork" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from fork" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from fork" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the tenant\'s conversations, newest first: ID, turns, the last turn\'s agent and state'
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show a conversation\'s turns: each turn\'s job, agent, state, cost and what it was asked'
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from help" -f -a "fork" -d 'Fork a conversation from one of its turns, and print the new conversation\'s ID'
complete -c oz0 -n "__fish_oz0_using_subcommand conversation; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and not __fish_seen_subcommand_from start show list cancel help" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and not __fish_seen_subcommand_from start show list cancel help" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and not __fish_seen_subcommand_from start show list cancel help" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and not __fish_seen_subcommand_from start show list cancel help" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and not __fish_seen_subcommand_from start show list cancel help" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and not __fish_seen_subcommand_from start show list cancel help" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and not __fish_seen_subcommand_from start show list cancel help" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and not __fish_seen_subcommand_from start show list cancel help" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and not __fish_seen_subcommand_from start show list cancel help" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and not __fish_seen_subcommand_from start show list cancel help" -f -a "start" -d 'Start an experiment, show its progress, and show what it found'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and not __fish_seen_subcommand_from start show list cancel help" -f -a "show" -d 'Show an experiment: both arms side by side, and what the variant saved'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and not __fish_seen_subcommand_from start show list cancel help" -f -a "list" -d 'List the tenant\'s experiments, newest first'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and not __fish_seen_subcommand_from start show list cancel help" -f -a "cancel" -d 'Cancel a running experiment: no pair starts, and the job that runs is cancelled'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and not __fish_seen_subcommand_from start show list cancel help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from start" -l agent -d 'The agent' -r
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from start" -l variant-offload -d 'The variant\'s offload threshold: tokens, or `off`' -r
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from start" -l inputs -d 'A file of inputs, one a line; `-` reads them from stdin' -r -F
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from start" -l replay -d 'Ask what the agent\'s N most recent jobs were asked, in place of --inputs' -r
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from start" -l budget-usd -d 'The most the experiment may spend, in US dollars' -r
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from start" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from start" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from start" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from start" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from start" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from start" -l detach -d 'Start the experiment and print its ID, without following it (a served edge only)'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from start" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from start" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from start" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from start" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from show" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from show" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from show" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from show" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from show" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from show" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from show" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from list" -l limit -d 'How many experiments to show' -r
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from list" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from list" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from list" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from list" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from list" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from cancel" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from cancel" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from cancel" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from cancel" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from cancel" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from cancel" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from cancel" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from cancel" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from cancel" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from help" -f -a "start" -d 'Start an experiment, show its progress, and show what it found'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show an experiment: both arms side by side, and what the variant saved'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the tenant\'s experiments, newest first'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from help" -f -a "cancel" -d 'Cancel a running experiment: no pair starts, and the job that runs is cancelled'
complete -c oz0 -n "__fish_oz0_using_subcommand compare-savings; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and not __fish_seen_subcommand_from apply list help" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and not __fish_seen_subcommand_from apply list help" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and not __fish_seen_subcommand_from apply list help" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and not __fish_seen_subcommand_from apply list help" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and not __fish_seen_subcommand_from apply list help" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and not __fish_seen_subcommand_from apply list help" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and not __fish_seen_subcommand_from apply list help" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and not __fish_seen_subcommand_from apply list help" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and not __fish_seen_subcommand_from apply list help" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and not __fish_seen_subcommand_from apply list help" -f -a "apply" -d 'Install an agent or a flow on the edge, so that `oz0 run NAME` finds it anywhere'
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and not __fish_seen_subcommand_from apply list help" -f -a "list" -d 'List the agents and flows installed on the edge'
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and not __fish_seen_subcommand_from apply list help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and __fish_seen_subcommand_from apply" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and __fish_seen_subcommand_from apply" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and __fish_seen_subcommand_from apply" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and __fish_seen_subcommand_from apply" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and __fish_seen_subcommand_from apply" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and __fish_seen_subcommand_from apply" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and __fish_seen_subcommand_from apply" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and __fish_seen_subcommand_from apply" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and __fish_seen_subcommand_from apply" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and __fish_seen_subcommand_from list" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and __fish_seen_subcommand_from list" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and __fish_seen_subcommand_from list" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and __fish_seen_subcommand_from list" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and __fish_seen_subcommand_from list" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and __fish_seen_subcommand_from help" -f -a "apply" -d 'Install an agent or a flow on the edge, so that `oz0 run NAME` finds it anywhere'
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the agents and flows installed on the edge'
complete -c oz0 -n "__fish_oz0_using_subcommand agent; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and not __fish_seen_subcommand_from offload limits rules quotas retention rotate-key audit help" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and not __fish_seen_subcommand_from offload limits rules quotas retention rotate-key audit help" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and not __fish_seen_subcommand_from offload limits rules quotas retention rotate-key audit help" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and not __fish_seen_subcommand_from offload limits rules quotas retention rotate-key audit help" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and not __fish_seen_subcommand_from offload limits rules quotas retention rotate-key audit help" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and not __fish_seen_subcommand_from offload limits rules quotas retention rotate-key audit help" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and not __fish_seen_subcommand_from offload limits rules quotas retention rotate-key audit help" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and not __fish_seen_subcommand_from offload limits rules quotas retention rotate-key audit help" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and not __fish_seen_subcommand_from offload limits rules quotas retention rotate-key audit help" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and not __fish_seen_subcommand_from offload limits rules quotas retention rotate-key audit help" -f -a "offload" -d 'Show or change the tenant\'s offload default and ceiling'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and not __fish_seen_subcommand_from offload limits rules quotas retention rotate-key audit help" -f -a "limits" -d 'Show or set what the tenant may spend on models and reported usage, per day and per month (UTC)'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and not __fish_seen_subcommand_from offload limits rules quotas retention rotate-key audit help" -f -a "rules" -d 'Show or change the tenant\'s data rules: which labels may go to which model aliases'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and not __fish_seen_subcommand_from offload limits rules quotas retention rotate-key audit help" -f -a "quotas" -d 'Show or set the tenant\'s quotas: the model tokens and requests it may ask a UTC day, in all or by one plugin\'s tools'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and not __fish_seen_subcommand_from offload limits rules quotas retention rotate-key audit help" -f -a "retention" -d 'Show or set how long the tenant keeps its data'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and not __fish_seen_subcommand_from offload limits rules quotas retention rotate-key audit help" -f -a "rotate-key" -d 'Give the tenant a new payload key, to seal its payloads with from now on'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and not __fish_seen_subcommand_from offload limits rules quotas retention rotate-key audit help" -f -a "audit" -d 'Show the tenant\'s audit log, newest first: who changed what, when, from what to what'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and not __fish_seen_subcommand_from offload limits rules quotas retention rotate-key audit help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from offload" -l default -d 'The threshold of an agent that says nothing: tokens, or `off`' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from offload" -l ceiling -d 'The most tokens any agent\'s threshold may be' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from offload" -l agent-offload -d 'Also show the threshold of an agent whose `offload` is this: tokens, or `off`' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from offload" -l from -d 'The experiment (`oz0 compare-savings`) the change was decided by: the audit log names it, with its thresholds, beside the change' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from offload" -l tenant -d 'The tenant; left out, the token\'s own' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from offload" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from offload" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from offload" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from offload" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from offload" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from offload" -l unset-default -d 'Remove the default: an agent that says nothing gets 10,000 (within the ceiling)'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from offload" -l unset-ceiling -d 'Remove the ceiling'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from offload" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from offload" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from offload" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from offload" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from limits" -l usd-per-day -d 'The most US dollars a day, or `none`' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from limits" -l usd-per-month -d 'The most US dollars a month, or `none`' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from limits" -l tenant -d 'The tenant; left out, the token\'s own' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from limits" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from limits" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from limits" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from limits" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from limits" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from limits" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from limits" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from limits" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from limits" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from rules" -l allow -d 'Let what carries LABEL go to these aliases only, LABEL=ALIAS[,ALIAS]; repeat for each label' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from rules" -l remove -d 'Remove the rule of LABEL; repeat for each' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from rules" -l tenant -d 'The tenant; left out, the token\'s own' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from rules" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from rules" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from rules" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from rules" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from rules" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from rules" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from rules" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from rules" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from rules" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from quotas" -l plugin -d 'Set this plugin\'s quotas, rather than the tenant\'s' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from quotas" -l tokens-per-day -d 'The most model tokens (in and out) a day, or `none`' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from quotas" -l requests-per-day -d 'The most model requests a day, or `none`' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from quotas" -l tenant -d 'The tenant; left out, the token\'s own' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from quotas" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from quotas" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from quotas" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from quotas" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from quotas" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from quotas" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from quotas" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from quotas" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from quotas" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from retention" -l files -d 'How long a file stays in a tree after the tree last stored it, such as 90d' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from retention" -l jobs -d 'How long a job\'s payloads are kept after it ended, such as 365d, or `forever`' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from retention" -l tenant -d 'The tenant; left out, the token\'s own' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from retention" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from retention" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from retention" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from retention" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from retention" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from retention" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from retention" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from retention" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from retention" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from rotate-key" -l tenant -d 'The tenant; left out, the token\'s own' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from rotate-key" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from rotate-key" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from rotate-key" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from rotate-key" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from rotate-key" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from rotate-key" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from rotate-key" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from rotate-key" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from rotate-key" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from audit" -l limit -d 'How many entries to show' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from audit" -l after -d 'Show the entries older than this cursor: the `next` an earlier read printed' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from audit" -l tenant -d 'The tenant; left out, the token\'s own' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from audit" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from audit" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from audit" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from audit" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from audit" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from audit" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from audit" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from audit" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from audit" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from help" -f -a "offload" -d 'Show or change the tenant\'s offload default and ceiling'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from help" -f -a "limits" -d 'Show or set what the tenant may spend on models and reported usage, per day and per month (UTC)'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from help" -f -a "rules" -d 'Show or change the tenant\'s data rules: which labels may go to which model aliases'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from help" -f -a "quotas" -d 'Show or set the tenant\'s quotas: the model tokens and requests it may ask a UTC day, in all or by one plugin\'s tools'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from help" -f -a "retention" -d 'Show or set how long the tenant keeps its data'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from help" -f -a "rotate-key" -d 'Give the tenant a new payload key, to seal its payloads with from now on'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from help" -f -a "audit" -d 'Show the tenant\'s audit log, newest first: who changed what, when, from what to what'
complete -c oz0 -n "__fish_oz0_using_subcommand tenant; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and not __fish_seen_subcommand_from allow deny ask list remove help" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and not __fish_seen_subcommand_from allow deny ask list remove help" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and not __fish_seen_subcommand_from allow deny ask list remove help" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and not __fish_seen_subcommand_from allow deny ask list remove help" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and not __fish_seen_subcommand_from allow deny ask list remove help" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and not __fish_seen_subcommand_from allow deny ask list remove help" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and not __fish_seen_subcommand_from allow deny ask list remove help" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and not __fish_seen_subcommand_from allow deny ask list remove help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and not __fish_seen_subcommand_from allow deny ask list remove help" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and not __fish_seen_subcommand_from allow deny ask list remove help" -f -a "allow" -d 'Let calls of PATTERN be made'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and not __fish_seen_subcommand_from allow deny ask list remove help" -f -a "deny" -d 'Refuse calls of PATTERN'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and not __fish_seen_subcommand_from allow deny ask list remove help" -f -a "ask" -d 'Have calls of PATTERN wait for a person\'s approval (`oz0 approval`)'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and not __fish_seen_subcommand_from allow deny ask list remove help" -f -a "list" -d 'List the rules'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and not __fish_seen_subcommand_from allow deny ask list remove help" -f -a "remove" -d 'Remove the rule of PATTERN'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and not __fish_seen_subcommand_from allow deny ask list remove help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from allow" -l reason -d 'Why, for whoever is refused or asked' -r
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from allow" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from allow" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from allow" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from allow" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from allow" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from allow" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from allow" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from allow" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from allow" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from deny" -l reason -d 'Why, for whoever is refused or asked' -r
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from deny" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from deny" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from deny" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from deny" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from deny" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from deny" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from deny" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from deny" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from deny" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from ask" -l reason -d 'Why, for whoever is refused or asked' -r
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from ask" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from ask" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from ask" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from ask" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from ask" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from ask" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from ask" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from ask" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from ask" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from list" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from list" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from list" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from list" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from list" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from remove" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from remove" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from remove" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from remove" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from remove" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from remove" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from remove" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from remove" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from remove" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from help" -f -a "allow" -d 'Let calls of PATTERN be made'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from help" -f -a "deny" -d 'Refuse calls of PATTERN'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from help" -f -a "ask" -d 'Have calls of PATTERN wait for a person\'s approval (`oz0 approval`)'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the rules'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from help" -f -a "remove" -d 'Remove the rule of PATTERN'
complete -c oz0 -n "__fish_oz0_using_subcommand policy; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and not __fish_seen_subcommand_from list show approve deny help" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and not __fish_seen_subcommand_from list show approve deny help" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and not __fish_seen_subcommand_from list show approve deny help" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and not __fish_seen_subcommand_from list show approve deny help" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and not __fish_seen_subcommand_from list show approve deny help" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and not __fish_seen_subcommand_from list show approve deny help" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and not __fish_seen_subcommand_from list show approve deny help" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and not __fish_seen_subcommand_from list show approve deny help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and not __fish_seen_subcommand_from list show approve deny help" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and not __fish_seen_subcommand_from list show approve deny help" -f -a "list" -d 'List the approvals that wait (all of them with --all)'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and not __fish_seen_subcommand_from list show approve deny help" -f -a "show" -d 'Show one approval, with what it would let happen'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and not __fish_seen_subcommand_from list show approve deny help" -f -a "approve" -d 'Let the call be made, exactly as shown'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and not __fish_seen_subcommand_from list show approve deny help" -f -a "deny" -d 'Refuse the call'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and not __fish_seen_subcommand_from list show approve deny help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from list" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from list" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from list" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from list" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from list" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from list" -l all -d 'Every approval, answered or not'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from show" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from show" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from show" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from show" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from show" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from show" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from show" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from approve" -l reason -d 'Why' -r
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from approve" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from approve" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from approve" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from approve" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from approve" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from approve" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from approve" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from approve" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from approve" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from deny" -l reason -d 'Why' -r
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from deny" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from deny" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from deny" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from deny" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from deny" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from deny" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from deny" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from deny" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from deny" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the approvals that wait (all of them with --all)'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show one approval, with what it would let happen'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from help" -f -a "approve" -d 'Let the call be made, exactly as shown'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from help" -f -a "deny" -d 'Refuse the call'
complete -c oz0 -n "__fish_oz0_using_subcommand approval; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and not __fish_seen_subcommand_from create list release help" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and not __fish_seen_subcommand_from create list release help" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and not __fish_seen_subcommand_from create list release help" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and not __fish_seen_subcommand_from create list release help" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and not __fish_seen_subcommand_from create list release help" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and not __fish_seen_subcommand_from create list release help" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and not __fish_seen_subcommand_from create list release help" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and not __fish_seen_subcommand_from create list release help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and not __fish_seen_subcommand_from create list release help" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and not __fish_seen_subcommand_from create list release help" -f -a "create" -d 'Make a hold on a job, a tree or a conversation'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and not __fish_seen_subcommand_from create list release help" -f -a "list" -d 'List the holds in force (all of them with --all), newest first'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and not __fish_seen_subcommand_from create list release help" -f -a "release" -d 'Release a hold: what it kept follows retention again, and may be erased'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and not __fish_seen_subcommand_from create list release help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from create" -l job -d 'A job' -r
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from create" -l tree -d 'A job tree, named by its first job\'s ID: its files, and every job of it' -r
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from create" -l conversation -d 'A conversation: each of its turns' -r
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from create" -l reason -d 'Why: a case, a request, a name (at most 500 characters)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from create" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from create" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from create" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from create" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from create" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from create" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from create" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from create" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from list" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from list" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from list" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from list" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from list" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from list" -l all -d 'Every hold, released or not'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from release" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from release" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from release" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from release" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from release" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from release" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from release" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from release" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from release" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from help" -f -a "create" -d 'Make a hold on a job, a tree or a conversation'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the holds in force (all of them with --all), newest first'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from help" -f -a "release" -d 'Release a hold: what it kept follows retention again, and may be erased'
complete -c oz0 -n "__fish_oz0_using_subcommand hold; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand erase" -l job -d 'A job' -r
complete -c oz0 -n "__fish_oz0_using_subcommand erase" -l tree -d 'A job tree, named by its first job\'s ID: its files, and every job of it' -r
complete -c oz0 -n "__fish_oz0_using_subcommand erase" -l conversation -d 'A conversation: each of its turns' -r
complete -c oz0 -n "__fish_oz0_using_subcommand erase" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand erase" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand erase" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand erase" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand erase" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand erase" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand erase" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand erase" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand erase" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and not __fish_seen_subcommand_from export help" -l since -d 'The first day or time counted; left out, the beginning' -r
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and not __fish_seen_subcommand_from export help" -l until -d 'The day or time counting stops before; left out, now' -r
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and not __fish_seen_subcommand_from export help" -l by -d 'What to sum by' -r -f -a "day\t''
job\t''
agent\t''
plugin\t''
service\t''
model\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and not __fish_seen_subcommand_from export help" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and not __fish_seen_subcommand_from export help" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and not __fish_seen_subcommand_from export help" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and not __fish_seen_subcommand_from export help" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and not __fish_seen_subcommand_from export help" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and not __fish_seen_subcommand_from export help" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and not __fish_seen_subcommand_from export help" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and not __fish_seen_subcommand_from export help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and not __fish_seen_subcommand_from export help" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and not __fish_seen_subcommand_from export help" -f -a "export" -d 'Write every model call and reported cost, one a line'
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and not __fish_seen_subcommand_from export help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and __fish_seen_subcommand_from export" -l since -d 'The first day or time counted; left out, the beginning' -r
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and __fish_seen_subcommand_from export" -l until -d 'The day or time counting stops before; left out, now' -r
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and __fish_seen_subcommand_from export" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and __fish_seen_subcommand_from export" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and __fish_seen_subcommand_from export" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and __fish_seen_subcommand_from export" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and __fish_seen_subcommand_from export" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and __fish_seen_subcommand_from export" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and __fish_seen_subcommand_from export" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and __fish_seen_subcommand_from export" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and __fish_seen_subcommand_from export" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and __fish_seen_subcommand_from help" -f -a "export" -d 'Write every model call and reported cost, one a line'
complete -c oz0 -n "__fish_oz0_using_subcommand usage; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand console" -l port -d 'The port on 127.0.0.1 to serve on; 0 picks a free one' -r
complete -c oz0 -n "__fish_oz0_using_subcommand console" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand console" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand console" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand console" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand console" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand console" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand console" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand console" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand console" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand mcp; and not __fish_seen_subcommand_from serve help" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand mcp; and not __fish_seen_subcommand_from serve help" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand mcp; and not __fish_seen_subcommand_from serve help" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand mcp; and not __fish_seen_subcommand_from serve help" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand mcp; and not __fish_seen_subcommand_from serve help" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand mcp; and not __fish_seen_subcommand_from serve help" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand mcp; and not __fish_seen_subcommand_from serve help" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand mcp; and not __fish_seen_subcommand_from serve help" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand mcp; and not __fish_seen_subcommand_from serve help" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand mcp; and not __fish_seen_subcommand_from serve help" -f -a "serve" -d 'Serve the tenant\'s tools over MCP on stdin and stdout, for an MCP client on this machine'
complete -c oz0 -n "__fish_oz0_using_subcommand mcp; and not __fish_seen_subcommand_from serve help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand mcp; and __fish_seen_subcommand_from serve" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand mcp; and __fish_seen_subcommand_from serve" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand mcp; and __fish_seen_subcommand_from serve" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand mcp; and __fish_seen_subcommand_from serve" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand mcp; and __fish_seen_subcommand_from serve" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand mcp; and __fish_seen_subcommand_from serve" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand mcp; and __fish_seen_subcommand_from serve" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand mcp; and __fish_seen_subcommand_from serve" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand mcp; and __fish_seen_subcommand_from serve" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand mcp; and __fish_seen_subcommand_from help" -f -a "serve" -d 'Serve the tenant\'s tools over MCP on stdin and stdout, for an MCP client on this machine'
complete -c oz0 -n "__fish_oz0_using_subcommand mcp; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and not __fish_seen_subcommand_from serve status rotate-key token help" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and not __fish_seen_subcommand_from serve status rotate-key token help" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and not __fish_seen_subcommand_from serve status rotate-key token help" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and not __fish_seen_subcommand_from serve status rotate-key token help" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and not __fish_seen_subcommand_from serve status rotate-key token help" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and not __fish_seen_subcommand_from serve status rotate-key token help" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and not __fish_seen_subcommand_from serve status rotate-key token help" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and not __fish_seen_subcommand_from serve status rotate-key token help" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and not __fish_seen_subcommand_from serve status rotate-key token help" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and not __fish_seen_subcommand_from serve status rotate-key token help" -f -a "serve" -d 'Serve the edge over HTTP, for a team to share'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and not __fish_seen_subcommand_from serve status rotate-key token help" -f -a "status" -d 'Show which edge commands talk to, its version, and the tenant, person and roles they act as'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and not __fish_seen_subcommand_from serve status rotate-key token help" -f -a "rotate-key" -d 'Replace the edge key that seals the plugins\' secrets, and seal every secret again with the new key'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and not __fish_seen_subcommand_from serve status rotate-key token help" -f -a "token" -d 'Make tokens of the edge'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and not __fish_seen_subcommand_from serve status rotate-key token help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -l listen -d 'The address and port to listen on; port 0 picks a free one' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -l data -d 'The folder of the edge\'s state; left out, $OZ0_HOME, which the embedded edge uses too' -r -F
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -l store -d 'Where to keep tenants, tokens, settings, jobs and the audit log: `sqlite` (in --data; the default) or a PostgreSQL URL, such as postgres://oz0@db.internal:5432/oz0, for several nodes to share. `?sslmode=require` connects over TLS, checking the server\'s certificate against the public roots and the CA certificates of `&sslrootcert=PATH`' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -l key-file -d 'The file of the edge key, which seals the plugins\' secrets; made at the first start. Left out, `edge.key` in --data. Not read when OZ0_MASTER_KEY holds the key' -r -F
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -l seal-payloads -d 'Seal the tenants\' payloads at rest: the files they store, their jobs\' inputs and answers, and what their runs\' models said and read, each with the tenant\'s payload key (XChaCha20-Poly1305), itself sealed with the edge key. Left out, on with a PostgreSQL --store, whose database and backups others may read, and off with SQLite in --data. `--seal-payloads=false` keeps new payloads plain. The edge reads sealed and plain payloads alike, so this may change at any start' -r -f -a "true\t''
false\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -l tenant -d 'The name of the first tenant, made on the first start' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -l tools-may-read -d 'A folder that tools\' servers may be given to read, by their manifest\'s `paths` and `roots`, their command line or a call\'s --root. Tenants write those: beyond the system, its runtime and its plugin\'s folder, a server is given no folder its operator did not list. Repeat for more' -r -F
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -l tools-may-write -d 'A folder that tools\' servers may be given to read and write, by their manifest\'s `paths` (`access: read-write`). Repeat for more' -r -F
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -l tool-network -d 'What network local tools\' servers get: `host`, this machine\'s, so that a server reaches what listens beside the edge (its own port, a shared store\'s database on the loopback, private networks, a cloud\'s metadata address); `public`, a network namespace of its own whose one way out is the edge\'s proxy (HTTPS_PROXY), which connects to public addresses alone; `none`, a network namespace of its own with its loopback alone. Either way a tool still calls models through its gateway token, which names the proxy, and remote tools (`url:`), which the edge calls, are not affected' -r -f -a "host\t'This machine\'s'
public\t'Public addresses alone, through the edge\'s proxy'
none\t'None'"
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -l tool-calls-per-tenant -d 'How many calls of local tools\' servers each tenant may run at once on this edge: each may be a server of its own, so that one tenant\'s burst of calls cannot take the machine from the rest. More wait their turn for up to their tool\'s timeout' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -l servers-per-tenant -d 'How many tools\' servers each tenant may keep between calls on this edge: one for each of its tools and each job tree that calls a tool of `sandbox: job`, kept until idle for 5 minutes. A start past them stops that tenant\'s server idle longest (never another tenant\'s), so that one tenant calling many tools once cannot keep more memory than the machine has' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -l files-per-tenant -d 'How many bytes of files each tenant may keep on this edge, each file counted once however many of its job trees stored it: such as 10G, 500M or 2T (binary units), or `none`. A new file past them is refused (507), so that one tenant storing file after file cannot fill the disk every tenant needs; files leave with the tenant\'s retention or an erasure' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -l plugins-per-tenant -d 'How many plugins each tenant may keep on this edge: each holds up to 64 MiB in its archive and as much in its folder. Installing a new one past them is refused (507); a new version of one the tenant has is not' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -l large-messages-per-tenant -d 'How many messages of more than 1 MiB each tenant\'s servers may have this edge read at once: a message may hold 160 MiB and takes several times that of the edge\'s memory while it is read, parsed and handed on. More wait their turn, their servers blocked on their output, so that one tenant\'s calls at once cannot take the edge\'s memory from the rest' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -l sweep-every -d 'How often the node removes what the tenants\' retention no longer keeps (`oz0 tenant retention`), and ends erasures a stopped edge left begun: such as 1m, 30s or 1h. Nodes of a shared store take turns, one sweeping each tenant at a time' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -l stop-within -d 'How long a stop (Ctrl-C, SIGTERM) waits for the requests under way, such as a tool\'s call, before the edge ends without them: such as 20s or 1m. Their callers are told the edge went away, and the jobs still running here are failed as it ends' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -l unconfined-tools -d 'Run tools\' servers even where the kernel cannot confine them (no Landlock). Left out, such an edge refuses to start them: an unconfined server can read every tenant\'s files and the edge\'s keys'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -l remote-tools-may-reach-private -d 'Let remote tools (`url:`) be at private addresses: this machine\'s loopback interface, private and link-local networks. Left out, a tenant\'s remote tool may reach only public addresses, so that no tenant reaches the services beside the edge through it'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from serve" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from status" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from status" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from status" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from status" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from status" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from status" -l data -d 'Print only the embedded edge\'s data folder, where its `gateway.toml` goes, such as `cp examples/gateway.toml "$(oz0 edge status --data)/"`'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from status" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from status" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from status" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from rotate-key" -l data -d 'The folder of the edge\'s state, as `oz0 edge serve --data`; left out, $OZ0_HOME' -r -F
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from rotate-key" -l store -d 'The edge\'s store, as `oz0 edge serve --store`: `sqlite` (in --data; the default) or a PostgreSQL URL' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from rotate-key" -l key-file -d 'The file of the edge key, as `oz0 edge serve --key-file`; left out, `edge.key` in --data' -r -F
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from rotate-key" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from rotate-key" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from rotate-key" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from rotate-key" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from rotate-key" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from rotate-key" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from rotate-key" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from rotate-key" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from rotate-key" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from token" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from token" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from token" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from token" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from token" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from token" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from token" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from token" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from token" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from token" -f -a "create" -d 'Make a new person of a tenant with a token, and print the token, shown this once'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from token" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from help" -f -a "serve" -d 'Serve the edge over HTTP, for a team to share'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from help" -f -a "status" -d 'Show which edge commands talk to, its version, and the tenant, person and roles they act as'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from help" -f -a "rotate-key" -d 'Replace the edge key that seals the plugins\' secrets, and seal every secret again with the new key'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from help" -f -a "token" -d 'Make tokens of the edge'
complete -c oz0 -n "__fish_oz0_using_subcommand edge; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand util; and not __fish_seen_subcommand_from completion man help" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand util; and not __fish_seen_subcommand_from completion man help" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand util; and not __fish_seen_subcommand_from completion man help" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand util; and not __fish_seen_subcommand_from completion man help" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand util; and not __fish_seen_subcommand_from completion man help" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand util; and not __fish_seen_subcommand_from completion man help" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand util; and not __fish_seen_subcommand_from completion man help" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand util; and not __fish_seen_subcommand_from completion man help" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand util; and not __fish_seen_subcommand_from completion man help" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand util; and not __fish_seen_subcommand_from completion man help" -f -a "completion" -d 'Print the completion script of a shell'
complete -c oz0 -n "__fish_oz0_using_subcommand util; and not __fish_seen_subcommand_from completion man help" -f -a "man" -d 'Write the man pages of oz0 and each of its commands into a folder'
complete -c oz0 -n "__fish_oz0_using_subcommand util; and not __fish_seen_subcommand_from completion man help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand util; and __fish_seen_subcommand_from completion" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand util; and __fish_seen_subcommand_from completion" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand util; and __fish_seen_subcommand_from completion" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand util; and __fish_seen_subcommand_from completion" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand util; and __fish_seen_subcommand_from completion" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand util; and __fish_seen_subcommand_from completion" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand util; and __fish_seen_subcommand_from completion" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand util; and __fish_seen_subcommand_from completion" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand util; and __fish_seen_subcommand_from completion" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand util; and __fish_seen_subcommand_from man" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand util; and __fish_seen_subcommand_from man" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand util; and __fish_seen_subcommand_from man" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand util; and __fish_seen_subcommand_from man" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand util; and __fish_seen_subcommand_from man" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand util; and __fish_seen_subcommand_from man" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand util; and __fish_seen_subcommand_from man" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand util; and __fish_seen_subcommand_from man" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand util; and __fish_seen_subcommand_from man" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand util; and __fish_seen_subcommand_from help" -f -a "completion" -d 'Print the completion script of a shell'
complete -c oz0 -n "__fish_oz0_using_subcommand util; and __fish_seen_subcommand_from help" -f -a "man" -d 'Write the man pages of oz0 and each of its commands into a folder'
complete -c oz0 -n "__fish_oz0_using_subcommand util; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and not __fish_seen_subcommand_from fit plugin tool job file run conversation compare-savings agent tenant policy approval hold erase usage console mcp edge util help" -f -a "fit" -d 'Fit a document to a token budget: the biggest view that fits, and what it left out'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and not __fish_seen_subcommand_from fit plugin tool job file run conversation compare-savings agent tenant policy approval hold erase usage console mcp edge util help" -f -a "plugin" -d 'Lint, measure, install, list and remove plugins'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and not __fish_seen_subcommand_from fit plugin tool job file run conversation compare-savings agent tenant policy approval hold erase usage console mcp edge util help" -f -a "tool" -d 'Call an installed tool\'s function by hand'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and not __fish_seen_subcommand_from fit plugin tool job file run conversation compare-savings agent tenant policy approval hold erase usage console mcp edge util help" -f -a "job" -d 'List jobs, show one, and read its trace'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and not __fish_seen_subcommand_from fit plugin tool job file run conversation compare-savings agent tenant policy approval hold erase usage console mcp edge util help" -f -a "file" -d 'Save the files tools stored in a job\'s tree'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and not __fish_seen_subcommand_from fit plugin tool job file run conversation compare-savings agent tenant policy approval hold erase usage console mcp edge util help" -f -a "run" -d 'Run an agent or a flow, and follow it live'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and not __fish_seen_subcommand_from fit plugin tool job file run conversation compare-savings agent tenant policy approval hold erase usage console mcp edge util help" -f -a "conversation" -d 'List conversations, show one\'s turns, and fork one from a turn'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and not __fish_seen_subcommand_from fit plugin tool job file run conversation compare-savings agent tenant policy approval hold erase usage console mcp edge util help" -f -a "compare-savings" -d 'Measure what an offload threshold saves on your own agent, in pairs of runs'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and not __fish_seen_subcommand_from fit plugin tool job file run conversation compare-savings agent tenant policy approval hold erase usage console mcp edge util help" -f -a "agent" -d 'Install agents and flows on the edge, and list them'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and not __fish_seen_subcommand_from fit plugin tool job file run conversation compare-savings agent tenant policy approval hold erase usage console mcp edge util help" -f -a "tenant" -d 'Read and change the tenant\'s settings'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and not __fish_seen_subcommand_from fit plugin tool job file run conversation compare-savings agent tenant policy approval hold erase usage console mcp edge util help" -f -a "policy" -d 'Decide what tools may do: allow, deny, or ask a person first'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and not __fish_seen_subcommand_from fit plugin tool job file run conversation compare-savings agent tenant policy approval hold erase usage console mcp edge util help" -f -a "approval" -d 'See and answer the calls that wait for a person\'s approval'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and not __fish_seen_subcommand_from fit plugin tool job file run conversation compare-savings agent tenant policy approval hold erase usage console mcp edge util help" -f -a "hold" -d 'Keep a job, a tree or a conversation beyond retention and from erasure'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and not __fish_seen_subcommand_from fit plugin tool job file run conversation compare-savings agent tenant policy approval hold erase usage console mcp edge util help" -f -a "erase" -d 'Erase what a job, a job tree or a conversation holds, keeping its numbers'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and not __fish_seen_subcommand_from fit plugin tool job file run conversation compare-savings agent tenant policy approval hold erase usage console mcp edge util help" -f -a "usage" -d 'What the tenant spent, by day, job, agent, plugin, service or model; and its export'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and not __fish_seen_subcommand_from fit plugin tool job file run conversation compare-savings agent tenant policy approval hold erase usage console mcp edge util help" -f -a "console" -d 'Open the embedded edge\'s console in a browser: jobs, traces, costs and approvals'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and not __fish_seen_subcommand_from fit plugin tool job file run conversation compare-savings agent tenant policy approval hold erase usage console mcp edge util help" -f -a "mcp" -d 'Serve the tenant\'s tools to any MCP client, fitted and offloaded as for the platform\'s agents'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and not __fish_seen_subcommand_from fit plugin tool job file run conversation compare-savings agent tenant policy approval hold erase usage console mcp edge util help" -f -a "edge" -d 'Run a shared edge, make tokens, and see which edge commands talk to'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and not __fish_seen_subcommand_from fit plugin tool job file run conversation compare-savings agent tenant policy approval hold erase usage console mcp edge util help" -f -a "util" -d 'Generate completions and man pages'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and not __fish_seen_subcommand_from fit plugin tool job file run conversation compare-savings agent tenant policy approval hold erase usage console mcp edge util help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from plugin" -f -a "lint" -d 'Check a plugin\'s manifest and its MCP servers\' functions before you release it'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from plugin" -f -a "measure" -d 'Start each local tool\'s MCP server, or reach each remote one, list its functions, and write `oz0-listing.json`'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from plugin" -f -a "install" -d 'Install a plugin in the tenant, so that its tools can be called (`oz0 tool call`)'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from plugin" -f -a "list" -d 'List the tenant\'s installed plugins, their tools and each tool\'s functions'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from plugin" -f -a "remove" -d 'Remove an installed plugin: its tools can no longer be called. Jobs and files stay'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from tool" -f -a "call" -d 'Call a tool\'s function by hand and see exactly what a model would read'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from job" -f -a "list" -d 'List the tenant\'s jobs, newest first: ID, state, what ran, steps and cost'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from job" -f -a "get" -d 'Show a job: its state, who started it, the files its tree holds, and what it cost'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from job" -f -a "follow" -d 'Follow a job live: each step as it is recorded, its calls\' progress, and its end'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from job" -f -a "trace" -d 'Show what a job did: each step with its time, kind, tool and function, duration and outcome; the results fitted to a budget and the results offloaded, with their numbers; and usage and cost'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from job" -f -a "cancel" -d 'Cancel a running job: its calls stop, their servers end, and it ends as cancelled'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from file" -f -a "get" -d 'Save a file that a tool stored in a job\'s tree, its digest checked'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from conversation" -f -a "list" -d 'List the tenant\'s conversations, newest first: ID, turns, the last turn\'s agent and state'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from conversation" -f -a "show" -d 'Show a conversation\'s turns: each turn\'s job, agent, state, cost and what it was asked'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from conversation" -f -a "fork" -d 'Fork a conversation from one of its turns, and print the new conversation\'s ID'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from compare-savings" -f -a "start" -d 'Start an experiment, show its progress, and show what it found'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from compare-savings" -f -a "show" -d 'Show an experiment: both arms side by side, and what the variant saved'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from compare-savings" -f -a "list" -d 'List the tenant\'s experiments, newest first'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from compare-savings" -f -a "cancel" -d 'Cancel a running experiment: no pair starts, and the job that runs is cancelled'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from agent" -f -a "apply" -d 'Install an agent or a flow on the edge, so that `oz0 run NAME` finds it anywhere'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from agent" -f -a "list" -d 'List the agents and flows installed on the edge'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from tenant" -f -a "offload" -d 'Show or change the tenant\'s offload default and ceiling'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from tenant" -f -a "limits" -d 'Show or set what the tenant may spend on models and reported usage, per day and per month (UTC)'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from tenant" -f -a "rules" -d 'Show or change the tenant\'s data rules: which labels may go to which model aliases'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from tenant" -f -a "quotas" -d 'Show or set the tenant\'s quotas: the model tokens and requests it may ask a UTC day, in all or by one plugin\'s tools'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from tenant" -f -a "retention" -d 'Show or set how long the tenant keeps its data'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from tenant" -f -a "rotate-key" -d 'Give the tenant a new payload key, to seal its payloads with from now on'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from tenant" -f -a "audit" -d 'Show the tenant\'s audit log, newest first: who changed what, when, from what to what'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from policy" -f -a "allow" -d 'Let calls of PATTERN be made'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from policy" -f -a "deny" -d 'Refuse calls of PATTERN'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from policy" -f -a "ask" -d 'Have calls of PATTERN wait for a person\'s approval (`oz0 approval`)'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from policy" -f -a "list" -d 'List the rules'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from policy" -f -a "remove" -d 'Remove the rule of PATTERN'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from approval" -f -a "list" -d 'List the approvals that wait (all of them with --all)'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from approval" -f -a "show" -d 'Show one approval, with what it would let happen'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from approval" -f -a "approve" -d 'Let the call be made, exactly as shown'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from approval" -f -a "deny" -d 'Refuse the call'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from hold" -f -a "create" -d 'Make a hold on a job, a tree or a conversation'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from hold" -f -a "list" -d 'List the holds in force (all of them with --all), newest first'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from hold" -f -a "release" -d 'Release a hold: what it kept follows retention again, and may be erased'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from usage" -f -a "export" -d 'Write every model call and reported cost, one a line'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from mcp" -f -a "serve" -d 'Serve the tenant\'s tools over MCP on stdin and stdout, for an MCP client on this machine'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from edge" -f -a "serve" -d 'Serve the edge over HTTP, for a team to share'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from edge" -f -a "status" -d 'Show which edge commands talk to, its version, and the tenant, person and roles they act as'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from edge" -f -a "rotate-key" -d 'Replace the edge key that seals the plugins\' secrets, and seal every secret again with the new key'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from edge" -f -a "token" -d 'Make tokens of the edge'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from util" -f -a "completion" -d 'Print the completion script of a shell'
complete -c oz0 -n "__fish_oz0_using_subcommand help; and __fish_seen_subcommand_from util" -f -a "man" -d 'Write the man pages of oz0 and each of its commands into a folder'
complete -c oz0 -n "__fish_oz0_using_subcommand fit" -l view -d 'The view to answer with; left out, the biggest that fits' -r -f -a "full\t'The whole document'
section\t'The parts --query names'
summary\t'The outline with each part\'s first sentence'
stub\t'Size and the outline alone'"
complete -c oz0 -n "__fish_oz0_using_subcommand fit" -l budget -d 'The most tokens the answer may take, a whole number from 1 up' -r
complete -c oz0 -n "__fish_oz0_using_subcommand fit" -l query -d 'What the section view shows: a heading or heading path (`Install > Linux`), a diff\'s path or its n-th hunk (`src/main.rs#2`), a JSON key, item (`[3]`) or pointer (`/a/b/0`), a definition\'s name (`parse_args`, `Config::load`, `Server.Start`), or a line range (`120-180`)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand fit" -l chars -d 'The most characters the answer may hold, as a tool\'s own bound' -r
complete -c oz0 -n "__fish_oz0_using_subcommand fit" -l kind -d 'What to read the input as, instead of what its name and content say' -r -f -a "markdown\t'Parts are headings'
json\t'Parts are top-level keys or items'
diff\t'Parts are files and hunks'
text\t'Parts are runs of lines'
rust\t'Parts are definitions: functions, methods, types, impls, modules'
python\t'Parts are functions and classes'
javascript\t'Parts are functions, classes and methods'
typescript\t'Parts are functions, classes, methods, interfaces, types and namespaces'
go\t'Parts are functions, methods and types'
c\t'Parts are functions, structs, unions and enums'
cpp\t'Parts are functions, classes, structs and namespaces'
java\t'Parts are classes, interfaces, enums, records, methods and constructors'
ruby\t'Parts are modules, classes and methods'
shell\t'Parts are functions'"
complete -c oz0 -n "__fish_oz0_using_subcommand fit" -l name -d 'The name to detect the kind by and to show in the outline (stdin has none)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand fit" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand fit" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand fit" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand fit" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand fit" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand fit" -l count -d 'Print each input\'s estimated tokens (`count`) and weight (`weigh`), like `wc`'
complete -c oz0 -n "__fish_oz0_using_subcommand fit" -l lossy -d 'Replace bytes that are not UTF-8 with U+FFFD instead of refusing the input'
complete -c oz0 -n "__fish_oz0_using_subcommand fit" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand fit" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand fit" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand fit" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and not __fish_seen_subcommand_from install list remove help lint measure" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and not __fish_seen_subcommand_from install list remove help lint measure" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and not __fish_seen_subcommand_from install list remove help lint measure" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and not __fish_seen_subcommand_from install list remove help lint measure" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and not __fish_seen_subcommand_from install list remove help lint measure" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and not __fish_seen_subcommand_from install list remove help lint measure" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and not __fish_seen_subcommand_from install list remove help lint measure" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and not __fish_seen_subcommand_from install list remove help lint measure" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and not __fish_seen_subcommand_from install list remove help lint measure" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and not __fish_seen_subcommand_from install list remove help lint measure" -f -a "install" -d 'Install a plugin in the tenant, so that its tools can be called (`oz0 tool call`)'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and not __fish_seen_subcommand_from install list remove help lint measure" -f -a "list" -d 'List the tenant\'s installed plugins, their tools and each tool\'s functions'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and not __fish_seen_subcommand_from install list remove help lint measure" -f -a "remove" -d 'Remove an installed plugin: its tools can no longer be called. Jobs and files stay'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and not __fish_seen_subcommand_from install list remove help lint measure" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and not __fish_seen_subcommand_from install list remove help lint measure" -f -a "lint" -d 'Check a plugin\'s manifest and its MCP servers\' functions before you release it'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and not __fish_seen_subcommand_from install list remove help lint measure" -f -a "measure" -d 'Start each local tool\'s MCP server, or reach each remote one, list its functions, and write `oz0-listing.json`'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from install" -l secret -d 'Give the plugin a secret its manifest declares, NAME=VALUE, or NAME=@FILE to read the value from a file (its last newline left out); repeat for each. Its servers get it where their `env` says `${secrets.NAME}`, and its remote servers where their `headers` do. The edge keeps it and never shows it again' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from install" -l map-model -d 'Answer the plugin\'s own model alias with one of the edge\'s (`default`, `fast`, `smart`, or one its gateway configures), ALIAS=EDGE_ALIAS; repeat for each' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from install" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from install" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from install" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from install" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from install" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from install" -l accept-model -d 'Grant the models the plugin declares under `requires.models`'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from install" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from install" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from install" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from install" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from list" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from list" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from list" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from list" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from list" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from list" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from remove" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from remove" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from remove" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from remove" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from remove" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from remove" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from remove" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from remove" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from remove" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from help" -f -a "lint" -d 'Check a plugin\'s manifest and its MCP servers\' functions before you release it'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from help" -f -a "measure" -d 'Start each local tool\'s MCP server, or reach each remote one, list its functions, and write `oz0-listing.json`'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from help" -f -a "install" -d 'Install a plugin in the tenant, so that its tools can be called (`oz0 tool call`)'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the tenant\'s installed plugins, their tools and each tool\'s functions'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from help" -f -a "remove" -d 'Remove an installed plugin: its tools can no longer be called. Jobs and files stay'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from lint" -l timeout -d 'With --measure, the most seconds each server may take to start and list its functions' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from lint" -l secret -d 'With --measure, a secret the manifest declares, NAME=VALUE or NAME=@FILE, for the servers that name it in their `env` or `headers`; repeat for each' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from lint" -l deny -d 'Fail (exit 1) on warnings too' -r -f -a "warnings\t'Warnings fail the lint as errors do'"
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from lint" -l explain -d 'Explain a rule: what it checks, why, an example, and the fix' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from lint" -s o -l output -d 'Write the report to FILE instead of stdout, whole once the plugin is linted: a plugin that could not be linted leaves FILE as it was (where `> FILE` would empty it)' -r -F
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from lint" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from lint" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from lint" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from lint" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from lint" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from lint" -l measure -d 'Start the plugin\'s local servers and lint what they offer now, instead of `oz0-listing.json`'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from lint" -l list-rules -d 'List the rules: code, name, severity and what each checks'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from lint" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from lint" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from lint" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from lint" -s V -l version -d 'Print version'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from measure" -l timeout -d 'The most seconds each server may take to start and list its functions' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from measure" -l secret -d 'A secret the manifest declares, NAME=VALUE or NAME=@FILE, for the servers that name it in their `env` or `headers`; repeat for each' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from measure" -l edge -d 'The edge\'s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from measure" -l token -d 'The bearer token to send to the edge' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from measure" -l profile -d 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)' -r
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from measure" -l format -d 'How to print data: `text` for people, `json` for programs, or a command\'s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)' -r -f -a "text\t''
json\t''
jsonl\t''
sarif\t''
csv\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from measure" -l color -d 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`' -r -f -a "auto\t''
always\t''
never\t''"
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from measure" -s q -l quiet -d 'Print data and errors only: no notes, no progress'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from measure" -s v -l verbose -d 'Print more: the log messages a tool\'s server sent (`oz0 tool call`, `oz0 job trace`)'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from measure" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c oz0 -n "__fish_oz0_using_subcommand plugin; and __fish_seen_subcommand_from measure" -s V -l version -d 'Print version'
