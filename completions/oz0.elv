
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
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand fit 'Fit a document to a token budget: the biggest view that fits, and what it left out'
            cand plugin 'Lint a plugin and measure its MCP servers'
            cand util 'Generate completions and man pages'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;fit'= {
            cand --view 'The view to answer with; left out, the biggest that fits'
            cand --budget 'The most tokens the answer may take, a whole number from 1 up'
            cand --query 'What the section view shows: a heading or heading path (`Install > Linux`), a diff''s path or its n-th hunk (`src/main.rs#2`), a JSON key, item (`[3]`) or pointer (`/a/b/0`), or a line range (`120-180`)'
            cand --chars 'The most characters the answer may hold, as a tool''s own bound'
            cand --kind 'What to read the input as, instead of what its name and content say'
            cand --name 'The name to detect the kind by and to show in the outline (stdin has none)'
            cand --format 'How to print: `text` (the fitted text, the note on stderr) or `json` (`{"content", "fit"}`)'
            cand --count 'Print each input''s estimated tokens (`count`) and weight (`weigh`), like `wc`'
            cand --lossy 'Replace bytes that are not UTF-8 with U+FFFD instead of refusing the input'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;plugin'= {
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand lint 'Check a plugin''s manifest and its MCP servers'' functions before you release it'
            cand measure 'Start each local tool''s MCP server, list its functions, and write `oz0-listing.json`'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;plugin;lint'= {
            cand --timeout 'With --measure, the most seconds each server may take to start and list its functions'
            cand --format 'How to print the findings: `text` (with source snippets), `json` (see below) or `sarif` (SARIF 2.1.0, for code scanning)'
            cand --deny 'Fail (exit 1) on warnings too'
            cand --explain 'Explain a rule: what it checks, why, an example, and the fix'
            cand --measure 'Start the plugin''s local servers and lint what they offer now, instead of `oz0-listing.json`'
            cand --list-rules 'List the rules: code, name, severity and what each checks'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;plugin;measure'= {
            cand --timeout 'The most seconds each server may take to start and list its functions'
            cand --format 'How to print: `text` (a line a tool) or `json` (the listing written)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;plugin;help'= {
            cand lint 'Check a plugin''s manifest and its MCP servers'' functions before you release it'
            cand measure 'Start each local tool''s MCP server, list its functions, and write `oz0-listing.json`'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;plugin;help;lint'= {
        }
        &'oz0;plugin;help;measure'= {
        }
        &'oz0;plugin;help;help'= {
        }
        &'oz0;util'= {
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand completion 'Print the completion script of a shell'
            cand man 'Write the man pages of oz0 and each of its commands into a folder'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;util;completion'= {
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'oz0;util;man'= {
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
            cand plugin 'Lint a plugin and measure its MCP servers'
            cand util 'Generate completions and man pages'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'oz0;help;fit'= {
        }
        &'oz0;help;plugin'= {
            cand lint 'Check a plugin''s manifest and its MCP servers'' functions before you release it'
            cand measure 'Start each local tool''s MCP server, list its functions, and write `oz0-listing.json`'
        }
        &'oz0;help;plugin;lint'= {
        }
        &'oz0;help;plugin;measure'= {
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
    ]
    $completions[$command]
}
