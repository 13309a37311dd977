
use builtin;
use str;

set edit:completion:arg-completer[oz0] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'oz0'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'oz0'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand tool 'Call an installed tool''s function by hand'
            cand job 'List jobs, show one, and read its trace'
            cand file 'Save the files tools stored in a job''s tree'
            cand run 'Run an agent or a flow, and follow it live'
            cand conversation 'List conversations, show one''s turns, and fork one from a turn'
            cand compare-savings 'Measure what an offload threshold saves on your own agent, in pairs of runs'
            cand agent 'Install agents and flows on the edge, and list them'
            cand tenant 'Read and change the tenant''s settings'
            cand policy 'Decide what tools may do: allow, deny, or ask a person first'
            cand approval 'See and answer the calls that wait for a person''s approval'
            cand hold 'Keep a job, a tree or a conversation beyond retention and from erasure'
            cand erase 'Erase what a job, a job tree or a conversation holds, keeping its numbers'
            cand usage 'What the tenant spent, by day, job, agent, plugin, service or model; and its export'
            cand console 'Open the embedded edge''s console in a browser: jobs, traces, costs and approvals'
            cand mcp 'Serve the tenant''s tools to any MCP client, fitted and offloaded as for the platform''s agents'
            cand edge 'Run a shared edge, make tokens, and see which edge commands talk to'
            cand util 'Generate completions and man pages'
            cand help 'Print this message or the help of the given subcommand(s)'
            cand fit 'Fit a document to a token budget: the biggest view that fits, and what it left out'
            cand plugin 'Lint, measure, install, list and remove plugins'
        }
        &'oz0;tool'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand call 'Call a tool''s function by hand and see exactly what a model would read'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;tool;call'= {
            cand --arg 'An argument, NAME=VALUE, typed by the function''s input schema; repeat for each'
            cand --args 'The arguments as a JSON object, or `@FILE` to read it from a file; --arg adds to it'
            cand --view 'The view to ask for (the fitting convention''s `view` argument)'
            cand --budget 'The budget in tokens to ask for (the convention''s `budget` argument)'
            cand --query 'The section to ask for (the convention''s `query` argument)'
            cand --id 'The job''s ID; left out, a new ULID. Refused when that job has ended and its tree holds files'
            cand --root 'A folder the tool''s server is told of as an MCP root for this call, besides its manifest''s `roots`, and may read; repeat for more. On a served edge it is a folder of the edge''s machine, given only within what its operator lets servers read (`edge serve --tools-may-read`)'
            cand --resource 'Read a resource of the tool''s server (`resources/read`), such as one a call''s result linked to, in place of calling a function: name the tool alone (`oz0 tool call docs --resource URI`). It is shown as a model reads it, a text blob as its text'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand --ask 'Answer the questions the tool''s server asks (MCP elicitation) from stdin, one field a line, even when stdin is not a terminal. On a terminal they are asked anyway; elsewhere, and in every job an agent or a flow runs, they are declined'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;tool;help'= {
            cand call 'Call a tool''s function by hand and see exactly what a model would read'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;tool;help;call'= {
        }
        &'oz0;tool;help;help'= {
        }
        &'oz0;job'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand list 'List the tenant''s jobs, newest first: ID, state, what ran, steps and cost'
            cand get 'Show a job: its state, who started it, the files its tree holds, and what it cost'
            cand follow 'Follow a job live: each step as it is recorded, its calls'' progress, and its end'
            cand trace 'Show what a job did: each step with its time, kind, tool and function, duration and outcome; the results fitted to a budget and the results offloaded, with their numbers; and usage and cost'
            cand cancel 'Cancel a running job: its calls stop, their servers end, and it ends as cancelled'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;job;list'= {
            cand --limit 'How many jobs to show'
            cand --after 'Show the jobs older than this cursor: the `next` an earlier read printed'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;job;get'= {
            cand --result 'Print the result the call of step STEP answered, whole, as the tool answered it (MCP''s `CallToolResult`, JSON), in place of the job (the content role is needed)'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand --history 'Also show each message of the job''s run, as its model read it (the content role is needed)'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;job;follow'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;job;trace'= {
            cand --after 'Show the steps after this one only'
            cand --limit 'Show at most this many steps; left out, every step, read a page at a time'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;job;cancel'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;job;help'= {
            cand list 'List the tenant''s jobs, newest first: ID, state, what ran, steps and cost'
            cand get 'Show a job: its state, who started it, the files its tree holds, and what it cost'
            cand follow 'Follow a job live: each step as it is recorded, its calls'' progress, and its end'
            cand trace 'Show what a job did: each step with its time, kind, tool and function, duration and outcome; the results fitted to a budget and the results offloaded, with their numbers; and usage and cost'
            cand cancel 'Cancel a running job: its calls stop, their servers end, and it ends as cancelled'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;job;help;list'= {
        }
        &'oz0;job;help;get'= {
        }
        &'oz0;job;help;follow'= {
        }
        &'oz0;job;help;trace'= {
        }
        &'oz0;job;help;cancel'= {
        }
        &'oz0;job;help;help'= {
        }
        &'oz0;file'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand get 'Save a file that a tool stored in a job''s tree, its digest checked'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;file;get'= {
            cand --job 'The job whose tree holds it'
            cand -o 'Where to write it; `-` for stdout'
            cand --output 'Where to write it; `-` for stdout'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;file;help'= {
            cand get 'Save a file that a tool stored in a job''s tree, its digest checked'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;file;help;get'= {
        }
        &'oz0;file;help;help'= {
        }
        &'oz0;run'= {
            cand --input 'What the job is asked: text, or `@FILE` to read it from a file'
            cand --file 'A file of another job to hand to this one, `oz0-file:sha256:<hex>`; repeat for each'
            cand --id 'The job''s ID; left out, a new ULID'
            cand --conversation 'Run it as a turn of a conversation: `new` starts one, named by this job''s ID; a conversation''s ID goes on with it, the turns before as the model''s history and their files readable'
            cand --offload 'Offload the agent''s tool results over this many tokens (or `off`) in this run, in place of the agent''s own `offload` and within the tenant''s ceiling as that is: to see what a threshold does'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand --detach 'Start the job and print its ID, without following it (a served edge only)'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;conversation'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand list 'List the tenant''s conversations, newest first: ID, turns, the last turn''s agent and state'
            cand show 'Show a conversation''s turns: each turn''s job, agent, state, cost and what it was asked'
            cand fork 'Fork a conversation from one of its turns, and print the new conversation''s ID'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;conversation;list'= {
            cand --limit 'How many conversations to show'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;conversation;show'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;conversation;fork'= {
            cand --turn 'The last turn the fork begins with'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;conversation;help'= {
            cand list 'List the tenant''s conversations, newest first: ID, turns, the last turn''s agent and state'
            cand show 'Show a conversation''s turns: each turn''s job, agent, state, cost and what it was asked'
            cand fork 'Fork a conversation from one of its turns, and print the new conversation''s ID'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;conversation;help;list'= {
        }
        &'oz0;conversation;help;show'= {
        }
        &'oz0;conversation;help;fork'= {
        }
        &'oz0;conversation;help;help'= {
        }
        &'oz0;compare-savings'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand start 'Start an experiment, show its progress, and show what it found'
            cand show 'Show an experiment: both arms side by side, and what the variant saved'
            cand list 'List the tenant''s experiments, newest first'
            cand cancel 'Cancel a running experiment: no pair starts, and the job that runs is cancelled'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;compare-savings;start'= {
            cand --agent 'The agent'
            cand --variant-offload 'The variant''s offload threshold: tokens, or `off`'
            cand --inputs 'A file of inputs, one a line; `-` reads them from stdin'
            cand --replay 'Ask what the agent''s N most recent jobs were asked, in place of --inputs'
            cand --budget-usd 'The most the experiment may spend, in US dollars'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand --detach 'Start the experiment and print its ID, without following it (a served edge only)'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;compare-savings;show'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;compare-savings;list'= {
            cand --limit 'How many experiments to show'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;compare-savings;cancel'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;compare-savings;help'= {
            cand start 'Start an experiment, show its progress, and show what it found'
            cand show 'Show an experiment: both arms side by side, and what the variant saved'
            cand list 'List the tenant''s experiments, newest first'
            cand cancel 'Cancel a running experiment: no pair starts, and the job that runs is cancelled'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;compare-savings;help;start'= {
        }
        &'oz0;compare-savings;help;show'= {
        }
        &'oz0;compare-savings;help;list'= {
        }
        &'oz0;compare-savings;help;cancel'= {
        }
        &'oz0;compare-savings;help;help'= {
        }
        &'oz0;agent'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand apply 'Install an agent or a flow on the edge, so that `oz0 run NAME` finds it anywhere'
            cand list 'List the agents and flows installed on the edge'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;agent;apply'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;agent;list'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;agent;help'= {
            cand apply 'Install an agent or a flow on the edge, so that `oz0 run NAME` finds it anywhere'
            cand list 'List the agents and flows installed on the edge'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;agent;help;apply'= {
        }
        &'oz0;agent;help;list'= {
        }
        &'oz0;agent;help;help'= {
        }
        &'oz0;tenant'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand offload 'Show or change the tenant''s offload default and ceiling'
            cand limits 'Show or set what the tenant may spend on models and reported usage, per day and per month (UTC)'
            cand rules 'Show or change the tenant''s data rules: which labels may go to which model aliases'
            cand quotas 'Show or set the tenant''s quotas: the model tokens and requests it may ask a UTC day, in all or by one plugin''s tools'
            cand retention 'Show or set how long the tenant keeps its data'
            cand rotate-key 'Give the tenant a new payload key, to seal its payloads with from now on'
            cand audit 'Show the tenant''s audit log, newest first: who changed what, when, from what to what'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;tenant;offload'= {
            cand --default 'The threshold of an agent that says nothing: tokens, or `off`'
            cand --ceiling 'The most tokens any agent''s threshold may be'
            cand --agent-offload 'Also show the threshold of an agent whose `offload` is this: tokens, or `off`'
            cand --from 'The experiment (`oz0 compare-savings`) the change was decided by: the audit log names it, with its thresholds, beside the change'
            cand --tenant 'The tenant; left out, the token''s own'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand --unset-default 'Remove the default: an agent that says nothing gets 10,000 (within the ceiling)'
            cand --unset-ceiling 'Remove the ceiling'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;tenant;limits'= {
            cand --usd-per-day 'The most US dollars a day, or `none`'
            cand --usd-per-month 'The most US dollars a month, or `none`'
            cand --tenant 'The tenant; left out, the token''s own'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;tenant;rules'= {
            cand --allow 'Let what carries LABEL go to these aliases only, LABEL=ALIAS[,ALIAS]; repeat for each label'
            cand --remove 'Remove the rule of LABEL; repeat for each'
            cand --tenant 'The tenant; left out, the token''s own'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;tenant;quotas'= {
            cand --plugin 'Set this plugin''s quotas, rather than the tenant''s'
            cand --tokens-per-day 'The most model tokens (in and out) a day, or `none`'
            cand --requests-per-day 'The most model requests a day, or `none`'
            cand --tenant 'The tenant; left out, the token''s own'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;tenant;retention'= {
            cand --files 'How long a file stays in a tree after the tree last stored it, such as 90d'
            cand --jobs 'How long a job''s payloads are kept after it ended, such as 365d, or `forever`'
            cand --tenant 'The tenant; left out, the token''s own'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;tenant;rotate-key'= {
            cand --tenant 'The tenant; left out, the token''s own'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;tenant;audit'= {
            cand --limit 'How many entries to show'
            cand --after 'Show the entries older than this cursor: the `next` an earlier read printed'
            cand --tenant 'The tenant; left out, the token''s own'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;tenant;help'= {
            cand offload 'Show or change the tenant''s offload default and ceiling'
            cand limits 'Show or set what the tenant may spend on models and reported usage, per day and per month (UTC)'
            cand rules 'Show or change the tenant''s data rules: which labels may go to which model aliases'
            cand quotas 'Show or set the tenant''s quotas: the model tokens and requests it may ask a UTC day, in all or by one plugin''s tools'
            cand retention 'Show or set how long the tenant keeps its data'
            cand rotate-key 'Give the tenant a new payload key, to seal its payloads with from now on'
            cand audit 'Show the tenant''s audit log, newest first: who changed what, when, from what to what'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;tenant;help;offload'= {
        }
        &'oz0;tenant;help;limits'= {
        }
        &'oz0;tenant;help;rules'= {
        }
        &'oz0;tenant;help;quotas'= {
        }
        &'oz0;tenant;help;retention'= {
        }
        &'oz0;tenant;help;rotate-key'= {
        }
        &'oz0;tenant;help;audit'= {
        }
        &'oz0;tenant;help;help'= {
        }
        &'oz0;policy'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand allow 'Let calls of PATTERN be made'
            cand deny 'Refuse calls of PATTERN'
            cand ask 'Have calls of PATTERN wait for a person''s approval (`oz0 approval`)'
            cand list 'List the rules'
            cand remove 'Remove the rule of PATTERN'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;policy;allow'= {
            cand --reason 'Why, for whoever is refused or asked'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;policy;deny'= {
            cand --reason 'Why, for whoever is refused or asked'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;policy;ask'= {
            cand --reason 'Why, for whoever is refused or asked'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;policy;list'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;policy;remove'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;policy;help'= {
            cand allow 'Let calls of PATTERN be made'
            cand deny 'Refuse calls of PATTERN'
            cand ask 'Have calls of PATTERN wait for a person''s approval (`oz0 approval`)'
            cand list 'List the rules'
            cand remove 'Remove the rule of PATTERN'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;policy;help;allow'= {
        }
        &'oz0;policy;help;deny'= {
        }
        &'oz0;policy;help;ask'= {
        }
        &'oz0;policy;help;list'= {
        }
        &'oz0;policy;help;remove'= {
        }
        &'oz0;policy;help;help'= {
        }
        &'oz0;approval'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand list 'List the approvals that wait (all of them with --all)'
            cand show 'Show one approval, with what it would let happen'
            cand approve 'Let the call be made, exactly as shown'
            cand deny 'Refuse the call'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;approval;list'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand --all 'Every approval, answered or not'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;approval;show'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;approval;approve'= {
            cand --reason 'Why'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;approval;deny'= {
            cand --reason 'Why'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;approval;help'= {
            cand list 'List the approvals that wait (all of them with --all)'
            cand show 'Show one approval, with what it would let happen'
            cand approve 'Let the call be made, exactly as shown'
            cand deny 'Refuse the call'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;approval;help;list'= {
        }
        &'oz0;approval;help;show'= {
        }
        &'oz0;approval;help;approve'= {
        }
        &'oz0;approval;help;deny'= {
        }
        &'oz0;approval;help;help'= {
        }
        &'oz0;hold'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand create 'Make a hold on a job, a tree or a conversation'
            cand list 'List the holds in force (all of them with --all), newest first'
            cand release 'Release a hold: what it kept follows retention again, and may be erased'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;hold;create'= {
            cand --job 'A job'
            cand --tree 'A job tree, named by its first job''s ID: its files, and every job of it'
            cand --conversation 'A conversation: each of its turns'
            cand --reason 'Why: a case, a request, a name (at most 500 characters)'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;hold;list'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand --all 'Every hold, released or not'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;hold;release'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;hold;help'= {
            cand create 'Make a hold on a job, a tree or a conversation'
            cand list 'List the holds in force (all of them with --all), newest first'
            cand release 'Release a hold: what it kept follows retention again, and may be erased'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;hold;help;create'= {
        }
        &'oz0;hold;help;list'= {
        }
        &'oz0;hold;help;release'= {
        }
        &'oz0;hold;help;help'= {
        }
        &'oz0;erase'= {
            cand --job 'A job'
            cand --tree 'A job tree, named by its first job''s ID: its files, and every job of it'
            cand --conversation 'A conversation: each of its turns'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;usage'= {
            cand --since 'The first day or time counted; left out, the beginning'
            cand --until 'The day or time counting stops before; left out, now'
            cand --by 'What to sum by'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand export 'Write every model call and reported cost, one a line'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;usage;export'= {
            cand --since 'The first day or time counted; left out, the beginning'
            cand --until 'The day or time counting stops before; left out, now'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;usage;help'= {
            cand export 'Write every model call and reported cost, one a line'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;usage;help;export'= {
        }
        &'oz0;usage;help;help'= {
        }
        &'oz0;console'= {
            cand --port 'The port on 127.0.0.1 to serve on; 0 picks a free one'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;mcp'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand serve 'Serve the tenant''s tools over MCP on stdin and stdout, for an MCP client on this machine'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;mcp;serve'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;mcp;help'= {
            cand serve 'Serve the tenant''s tools over MCP on stdin and stdout, for an MCP client on this machine'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;mcp;help;serve'= {
        }
        &'oz0;mcp;help;help'= {
        }
        &'oz0;edge'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand serve 'Serve the edge over HTTP, for a team to share'
            cand status 'Show which edge commands talk to, its version, and the tenant, person and roles they act as'
            cand rotate-key 'Replace the edge key that seals the plugins'' secrets, and seal every secret again with the new key'
            cand token 'Make tokens of the edge'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;edge;serve'= {
            cand --listen 'The address and port to listen on; port 0 picks a free one'
            cand --data 'The folder of the edge''s state; left out, $OZ0_HOME, which the embedded edge uses too'
            cand --store 'Where to keep tenants, tokens, settings, jobs and the audit log: `sqlite` (in --data; the default) or a PostgreSQL URL, such as postgres://oz0@db.internal:5432/oz0, for several nodes to share. `?sslmode=require` connects over TLS, checking the server''s certificate against the public roots and the CA certificates of `&sslrootcert=PATH`'
            cand --key-file 'The file of the edge key, which seals the plugins'' secrets; made at the first start. Left out, `edge.key` in --data. Not read when OZ0_MASTER_KEY holds the key'
            cand --seal-payloads 'Seal the tenants'' payloads at rest: the files they store, their jobs'' inputs and answers, and what their runs'' models said and read, each with the tenant''s payload key (XChaCha20-Poly1305), itself sealed with the edge key. Left out, on with a PostgreSQL --store, whose database and backups others may read, and off with SQLite in --data. `--seal-payloads=false` keeps new payloads plain. The edge reads sealed and plain payloads alike, so this may change at any start'
            cand --tenant 'The name of the first tenant, made on the first start'
            cand --tools-may-read 'A folder that tools'' servers may be given to read, by their manifest''s `paths` and `roots`, their command line or a call''s --root. Tenants write those: beyond the system, its runtime and its plugin''s folder, a server is given no folder its operator did not list. Repeat for more'
            cand --tools-may-write 'A folder that tools'' servers may be given to read and write, by their manifest''s `paths` (`access: read-write`). Repeat for more'
            cand --tool-network 'What network local tools'' servers get: `host`, this machine''s, so that a server reaches what listens beside the edge (its own port, a shared store''s database on the loopback, private networks, a cloud''s metadata address); `public`, a network namespace of its own whose one way out is the edge''s proxy (HTTPS_PROXY), which connects to public addresses alone; `none`, a network namespace of its own with its loopback alone. Either way a tool still calls models through its gateway token, which names the proxy, and remote tools (`url:`), which the edge calls, are not affected'
            cand --tool-calls-per-tenant 'How many calls of local tools'' servers each tenant may run at once on this edge: each may be a server of its own, so that one tenant''s burst of calls cannot take the machine from the rest. More wait their turn for up to their tool''s timeout'
            cand --servers-per-tenant 'How many tools'' servers each tenant may keep between calls on this edge: one for each of its tools and each job tree that calls a tool of `sandbox: job`, kept until idle for 5 minutes. A start past them stops that tenant''s server idle longest (never another tenant''s), so that one tenant calling many tools once cannot keep more memory than the machine has'
            cand --files-per-tenant 'How many bytes of files each tenant may keep on this edge, each file counted once however many of its job trees stored it: such as 10G, 500M or 2T (binary units), or `none`. A new file past them is refused (507), so that one tenant storing file after file cannot fill the disk every tenant needs; files leave with the tenant''s retention or an erasure'
            cand --plugins-per-tenant 'How many plugins each tenant may keep on this edge: each holds up to 64 MiB in its archive and as much in its folder. Installing a new one past them is refused (507); a new version of one the tenant has is not'
            cand --large-messages-per-tenant 'How many messages of more than 1 MiB each tenant''s servers may have this edge read at once: a message may hold 160 MiB and takes several times that of the edge''s memory while it is read, parsed and handed on. More wait their turn, their servers blocked on their output, so that one tenant''s calls at once cannot take the edge''s memory from the rest'
            cand --sweep-every 'How often the node removes what the tenants'' retention no longer keeps (`oz0 tenant retention`), and ends erasures a stopped edge left begun: such as 1m, 30s or 1h. Nodes of a shared store take turns, one sweeping each tenant at a time'
            cand --stop-within 'How long a stop (Ctrl-C, SIGTERM) waits for the requests under way, such as a tool''s call, before the edge ends without them: such as 20s or 1m. Their callers are told the edge went away, and the jobs still running here are failed as it ends'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand --unconfined-tools 'Run tools'' servers even where the kernel cannot confine them (no Landlock). Left out, such an edge refuses to start them: an unconfined server can read every tenant''s files and the edge''s keys'
            cand --remote-tools-may-reach-private 'Let remote tools (`url:`) be at private addresses: this machine''s loopback interface, private and link-local networks. Left out, a tenant''s remote tool may reach only public addresses, so that no tenant reaches the services beside the edge through it'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;edge;status'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand --data 'Print only the embedded edge''s data folder, where its `gateway.toml` goes, such as `cp examples/gateway.toml "$(oz0 edge status --data)/"`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;edge;rotate-key'= {
            cand --data 'The folder of the edge''s state, as `oz0 edge serve --data`; left out, $OZ0_HOME'
            cand --store 'The edge''s store, as `oz0 edge serve --store`: `sqlite` (in --data; the default) or a PostgreSQL URL'
            cand --key-file 'The file of the edge key, as `oz0 edge serve --key-file`; left out, `edge.key` in --data'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;edge;token'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand create 'Make a new person of a tenant with a token, and print the token, shown this once'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;edge;token;create'= {
            cand --tenant 'The token''s tenant; left out, your own'
            cand --role 'A role of the token: `admin` (settings, tokens, the audit log) or `content` (job data, files)'
            cand --name 'The person''s name, unique in the tenant; left out, one is made up'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;edge;token;help'= {
            cand create 'Make a new person of a tenant with a token, and print the token, shown this once'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;edge;token;help;create'= {
        }
        &'oz0;edge;token;help;help'= {
        }
        &'oz0;edge;help'= {
            cand serve 'Serve the edge over HTTP, for a team to share'
            cand status 'Show which edge commands talk to, its version, and the tenant, person and roles they act as'
            cand rotate-key 'Replace the edge key that seals the plugins'' secrets, and seal every secret again with the new key'
            cand token 'Make tokens of the edge'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;edge;help;serve'= {
        }
        &'oz0;edge;help;status'= {
        }
        &'oz0;edge;help;rotate-key'= {
        }
        &'oz0;edge;help;token'= {
            cand create 'Make a new person of a tenant with a token, and print the token, shown this once'
        }
        &'oz0;edge;help;token;create'= {
        }
        &'oz0;edge;help;help'= {
        }
        &'oz0;util'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand completion 'Print the completion script of a shell'
            cand man 'Write the man pages of oz0 and each of its commands into a folder'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;util;completion'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;util;man'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;util;help'= {
            cand completion 'Print the completion script of a shell'
            cand man 'Write the man pages of oz0 and each of its commands into a folder'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;util;help;completion'= {
        }
        &'oz0;util;help;man'= {
        }
        &'oz0;util;help;help'= {
        }
        &'oz0;help'= {
            cand fit 'Fit a document to a token budget: the biggest view that fits, and what it left out'
            cand plugin 'Lint, measure, install, list and remove plugins'
            cand tool 'Call an installed tool''s function by hand'
            cand job 'List jobs, show one, and read its trace'
            cand file 'Save the files tools stored in a job''s tree'
            cand run 'Run an agent or a flow, and follow it live'
            cand conversation 'List conversations, show one''s turns, and fork one from a turn'
            cand compare-savings 'Measure what an offload threshold saves on your own agent, in pairs of runs'
            cand agent 'Install agents and flows on the edge, and list them'
            cand tenant 'Read and change the tenant''s settings'
            cand policy 'Decide what tools may do: allow, deny, or ask a person first'
            cand approval 'See and answer the calls that wait for a person''s approval'
            cand hold 'Keep a job, a tree or a conversation beyond retention and from erasure'
            cand erase 'Erase what a job, a job tree or a conversation holds, keeping its numbers'
            cand usage 'What the tenant spent, by day, job, agent, plugin, service or model; and its export'
            cand console 'Open the embedded edge''s console in a browser: jobs, traces, costs and approvals'
            cand mcp 'Serve the tenant''s tools to any MCP client, fitted and offloaded as for the platform''s agents'
            cand edge 'Run a shared edge, make tokens, and see which edge commands talk to'
            cand util 'Generate completions and man pages'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;help;fit'= {
        }
        &'oz0;help;plugin'= {
            cand lint 'Check a plugin''s manifest and its MCP servers'' functions before you release it'
            cand measure 'Start each local tool''s MCP server, or reach each remote one, list its functions, and write `oz0-listing.json`'
            cand install 'Install a plugin in the tenant, so that its tools can be called (`oz0 tool call`)'
            cand list 'List the tenant''s installed plugins, their tools and each tool''s functions'
            cand remove 'Remove an installed plugin: its tools can no longer be called. Jobs and files stay'
        }
        &'oz0;help;plugin;lint'= {
        }
        &'oz0;help;plugin;measure'= {
        }
        &'oz0;help;plugin;install'= {
        }
        &'oz0;help;plugin;list'= {
        }
        &'oz0;help;plugin;remove'= {
        }
        &'oz0;help;tool'= {
            cand call 'Call a tool''s function by hand and see exactly what a model would read'
        }
        &'oz0;help;tool;call'= {
        }
        &'oz0;help;job'= {
            cand list 'List the tenant''s jobs, newest first: ID, state, what ran, steps and cost'
            cand get 'Show a job: its state, who started it, the files its tree holds, and what it cost'
            cand follow 'Follow a job live: each step as it is recorded, its calls'' progress, and its end'
            cand trace 'Show what a job did: each step with its time, kind, tool and function, duration and outcome; the results fitted to a budget and the results offloaded, with their numbers; and usage and cost'
            cand cancel 'Cancel a running job: its calls stop, their servers end, and it ends as cancelled'
        }
        &'oz0;help;job;list'= {
        }
        &'oz0;help;job;get'= {
        }
        &'oz0;help;job;follow'= {
        }
        &'oz0;help;job;trace'= {
        }
        &'oz0;help;job;cancel'= {
        }
        &'oz0;help;file'= {
            cand get 'Save a file that a tool stored in a job''s tree, its digest checked'
        }
        &'oz0;help;file;get'= {
        }
        &'oz0;help;run'= {
        }
        &'oz0;help;conversation'= {
            cand list 'List the tenant''s conversations, newest first: ID, turns, the last turn''s agent and state'
            cand show 'Show a conversation''s turns: each turn''s job, agent, state, cost and what it was asked'
            cand fork 'Fork a conversation from one of its turns, and print the new conversation''s ID'
        }
        &'oz0;help;conversation;list'= {
        }
        &'oz0;help;conversation;show'= {
        }
        &'oz0;help;conversation;fork'= {
        }
        &'oz0;help;compare-savings'= {
            cand start 'Start an experiment, show its progress, and show what it found'
            cand show 'Show an experiment: both arms side by side, and what the variant saved'
            cand list 'List the tenant''s experiments, newest first'
            cand cancel 'Cancel a running experiment: no pair starts, and the job that runs is cancelled'
        }
        &'oz0;help;compare-savings;start'= {
        }
        &'oz0;help;compare-savings;show'= {
        }
        &'oz0;help;compare-savings;list'= {
        }
        &'oz0;help;compare-savings;cancel'= {
        }
        &'oz0;help;agent'= {
            cand apply 'Install an agent or a flow on the edge, so that `oz0 run NAME` finds it anywhere'
            cand list 'List the agents and flows installed on the edge'
        }
        &'oz0;help;agent;apply'= {
        }
        &'oz0;help;agent;list'= {
        }
        &'oz0;help;tenant'= {
            cand offload 'Show or change the tenant''s offload default and ceiling'
            cand limits 'Show or set what the tenant may spend on models and reported usage, per day and per month (UTC)'
            cand rules 'Show or change the tenant''s data rules: which labels may go to which model aliases'
            cand quotas 'Show or set the tenant''s quotas: the model tokens and requests it may ask a UTC day, in all or by one plugin''s tools'
            cand retention 'Show or set how long the tenant keeps its data'
            cand rotate-key 'Give the tenant a new payload key, to seal its payloads with from now on'
            cand audit 'Show the tenant''s audit log, newest first: who changed what, when, from what to what'
        }
        &'oz0;help;tenant;offload'= {
        }
        &'oz0;help;tenant;limits'= {
        }
        &'oz0;help;tenant;rules'= {
        }
        &'oz0;help;tenant;quotas'= {
        }
        &'oz0;help;tenant;retention'= {
        }
        &'oz0;help;tenant;rotate-key'= {
        }
        &'oz0;help;tenant;audit'= {
        }
        &'oz0;help;policy'= {
            cand allow 'Let calls of PATTERN be made'
            cand deny 'Refuse calls of PATTERN'
            cand ask 'Have calls of PATTERN wait for a person''s approval (`oz0 approval`)'
            cand list 'List the rules'
            cand remove 'Remove the rule of PATTERN'
        }
        &'oz0;help;policy;allow'= {
        }
        &'oz0;help;policy;deny'= {
        }
        &'oz0;help;policy;ask'= {
        }
        &'oz0;help;policy;list'= {
        }
        &'oz0;help;policy;remove'= {
        }
        &'oz0;help;approval'= {
            cand list 'List the approvals that wait (all of them with --all)'
            cand show 'Show one approval, with what it would let happen'
            cand approve 'Let the call be made, exactly as shown'
            cand deny 'Refuse the call'
        }
        &'oz0;help;approval;list'= {
        }
        &'oz0;help;approval;show'= {
        }
        &'oz0;help;approval;approve'= {
        }
        &'oz0;help;approval;deny'= {
        }
        &'oz0;help;hold'= {
            cand create 'Make a hold on a job, a tree or a conversation'
            cand list 'List the holds in force (all of them with --all), newest first'
            cand release 'Release a hold: what it kept follows retention again, and may be erased'
        }
        &'oz0;help;hold;create'= {
        }
        &'oz0;help;hold;list'= {
        }
        &'oz0;help;hold;release'= {
        }
        &'oz0;help;erase'= {
        }
        &'oz0;help;usage'= {
            cand export 'Write every model call and reported cost, one a line'
        }
        &'oz0;help;usage;export'= {
        }
        &'oz0;help;console'= {
        }
        &'oz0;help;mcp'= {
            cand serve 'Serve the tenant''s tools over MCP on stdin and stdout, for an MCP client on this machine'
        }
        &'oz0;help;mcp;serve'= {
        }
        &'oz0;help;edge'= {
            cand serve 'Serve the edge over HTTP, for a team to share'
            cand status 'Show which edge commands talk to, its version, and the tenant, person and roles they act as'
            cand rotate-key 'Replace the edge key that seals the plugins'' secrets, and seal every secret again with the new key'
            cand token 'Make tokens of the edge'
        }
        &'oz0;help;edge;serve'= {
        }
        &'oz0;help;edge;status'= {
        }
        &'oz0;help;edge;rotate-key'= {
        }
        &'oz0;help;edge;token'= {
            cand create 'Make a new person of a tenant with a token, and print the token, shown this once'
        }
        &'oz0;help;edge;token;create'= {
        }
        &'oz0;help;util'= {
            cand completion 'Print the completion script of a shell'
            cand man 'Write the man pages of oz0 and each of its commands into a folder'
        }
        &'oz0;help;util;completion'= {
        }
        &'oz0;help;util;man'= {
        }
        &'oz0;help;help'= {
        }
        &'oz0;fit'= {
            cand --view 'The view to answer with; left out, the biggest that fits'
            cand --budget 'The most tokens the answer may take, a whole number from 1 up'
            cand --query 'What the section view shows: a heading or heading path (`Install > Linux`), a diff''s path or its n-th hunk (`src/main.rs#2`), a JSON key, item (`[3]`) or pointer (`/a/b/0`), a definition''s name (`parse_args`, `Config::load`, `Server.Start`), or a line range (`120-180`)'
            cand --chars 'The most characters the answer may hold, as a tool''s own bound'
            cand --kind 'What to read the input as, instead of what its name and content say'
            cand --name 'The name to detect the kind by and to show in the outline (stdin has none)'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand --count 'Print each input''s estimated tokens (`count`) and weight (`weigh`), like `wc`'
            cand --lossy 'Replace bytes that are not UTF-8 with U+FFFD instead of refusing the input'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;plugin'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand install 'Install a plugin in the tenant, so that its tools can be called (`oz0 tool call`)'
            cand list 'List the tenant''s installed plugins, their tools and each tool''s functions'
            cand remove 'Remove an installed plugin: its tools can no longer be called. Jobs and files stay'
            cand help 'Print this message or the help of the given subcommand(s)'
            cand lint 'Check a plugin''s manifest and its MCP servers'' functions before you release it'
            cand measure 'Start each local tool''s MCP server, or reach each remote one, list its functions, and write `oz0-listing.json`'
        }
        &'oz0;plugin;install'= {
            cand --secret 'Give the plugin a secret its manifest declares, NAME=VALUE, or NAME=@FILE to read the value from a file (its last newline left out); repeat for each. Its servers get it where their `env` says `${secrets.NAME}`, and its remote servers where their `headers` do. The edge keeps it and never shows it again'
            cand --map-model 'Answer the plugin''s own model alias with one of the edge''s (`default`, `fast`, `smart`, or one its gateway configures), ALIAS=EDGE_ALIAS; repeat for each'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand --accept-model 'Grant the models the plugin declares under `requires.models`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;plugin;list'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;plugin;remove'= {
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;plugin;help'= {
            cand lint 'Check a plugin''s manifest and its MCP servers'' functions before you release it'
            cand measure 'Start each local tool''s MCP server, or reach each remote one, list its functions, and write `oz0-listing.json`'
            cand install 'Install a plugin in the tenant, so that its tools can be called (`oz0 tool call`)'
            cand list 'List the tenant''s installed plugins, their tools and each tool''s functions'
            cand remove 'Remove an installed plugin: its tools can no longer be called. Jobs and files stay'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;plugin;help;lint'= {
        }
        &'oz0;plugin;help;measure'= {
        }
        &'oz0;plugin;help;install'= {
        }
        &'oz0;plugin;help;list'= {
        }
        &'oz0;plugin;help;remove'= {
        }
        &'oz0;plugin;help;help'= {
        }
        &'oz0;plugin;lint'= {
            cand --timeout 'With --measure, the most seconds each server may take to start and list its functions'
            cand --secret 'With --measure, a secret the manifest declares, NAME=VALUE or NAME=@FILE, for the servers that name it in their `env` or `headers`; repeat for each'
            cand --deny 'Fail (exit 1) on warnings too'
            cand --explain 'Explain a rule: what it checks, why, an example, and the fix'
            cand -o 'Write the report to FILE instead of stdout, whole once the plugin is linted: a plugin that could not be linted leaves FILE as it was (where `> FILE` would empty it)'
            cand --output 'Write the report to FILE instead of stdout, whole once the plugin is linted: a plugin that could not be linted leaves FILE as it was (where `> FILE` would empty it)'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand --measure 'Start the plugin''s local servers and lint what they offer now, instead of `oz0-listing.json`'
            cand --list-rules 'List the rules: code, name, severity and what each checks'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;plugin;measure'= {
            cand --timeout 'The most seconds each server may take to start and list its functions'
            cand --secret 'A secret the manifest declares, NAME=VALUE or NAME=@FILE, for the servers that name it in their `env` or `headers`; repeat for each'
            cand --edge 'The edge''s address, such as `http://127.0.0.1:7370`; left out, the embedded edge under $OZ0_HOME'
            cand --token 'The bearer token to send to the edge'
            cand --profile 'The profile of the config file to use ($XDG_CONFIG_HOME/oz0/config.toml)'
            cand --format 'How to print data: `text` for people, `json` for programs, or a command''s own: `jsonl` (`oz0 run`, `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`)'
            cand --color 'When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`'
            cand -q 'Print data and errors only: no notes, no progress'
            cand --quiet 'Print data and errors only: no notes, no progress'
            cand -v 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand --verbose 'Print more: the log messages a tool''s server sent (`oz0 tool call`, `oz0 job trace`)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
    ]
    $completions[$command]
}
