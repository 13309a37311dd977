
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
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('fit', 'fit', [CompletionResultType]::ParameterValue, 'Fit a document to a token budget: the biggest view that fits, and what it left out')
            [CompletionResult]::new('plugin', 'plugin', [CompletionResultType]::ParameterValue, 'Lint a plugin and measure its MCP servers')
            [CompletionResult]::new('util', 'util', [CompletionResultType]::ParameterValue, 'Generate completions and man pages')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;fit' {
            [CompletionResult]::new('--view', '--view', [CompletionResultType]::ParameterName, 'The view to answer with; left out, the biggest that fits')
            [CompletionResult]::new('--budget', '--budget', [CompletionResultType]::ParameterName, 'The most tokens the answer may take, a whole number from 1 up')
            [CompletionResult]::new('--query', '--query', [CompletionResultType]::ParameterName, 'What the section view shows: a heading or heading path (`Install > Linux`), a diff''s path or its n-th hunk (`src/main.rs#2`), a JSON key, item (`[3]`) or pointer (`/a/b/0`), or a line range (`120-180`)')
            [CompletionResult]::new('--chars', '--chars', [CompletionResultType]::ParameterName, 'The most characters the answer may hold, as a tool''s own bound')
            [CompletionResult]::new('--kind', '--kind', [CompletionResultType]::ParameterName, 'What to read the input as, instead of what its name and content say')
            [CompletionResult]::new('--name', '--name', [CompletionResultType]::ParameterName, 'The name to detect the kind by and to show in the outline (stdin has none)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print: `text` (the fitted text, the note on stderr) or `json` (`{"content", "fit"}`)')
            [CompletionResult]::new('--count', '--count', [CompletionResultType]::ParameterName, 'Print each input''s estimated tokens (`count`) and weight (`weigh`), like `wc`')
            [CompletionResult]::new('--lossy', '--lossy', [CompletionResultType]::ParameterName, 'Replace bytes that are not UTF-8 with U+FFFD instead of refusing the input')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;plugin' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('lint', 'lint', [CompletionResultType]::ParameterValue, 'Check a plugin''s manifest and its MCP servers'' functions before you release it')
            [CompletionResult]::new('measure', 'measure', [CompletionResultType]::ParameterValue, 'Start each local tool''s MCP server, list its functions, and write `oz0-listing.json`')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;plugin;lint' {
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'With --measure, the most seconds each server may take to start and list its functions')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print the findings: `text` (with source snippets), `json` (see below) or `sarif` (SARIF 2.1.0, for code scanning)')
            [CompletionResult]::new('--deny', '--deny', [CompletionResultType]::ParameterName, 'Fail (exit 1) on warnings too')
            [CompletionResult]::new('--explain', '--explain', [CompletionResultType]::ParameterName, 'Explain a rule: what it checks, why, an example, and the fix')
            [CompletionResult]::new('--measure', '--measure', [CompletionResultType]::ParameterName, 'Start the plugin''s local servers and lint what they offer now, instead of `oz0-listing.json`')
            [CompletionResult]::new('--list-rules', '--list-rules', [CompletionResultType]::ParameterName, 'List the rules: code, name, severity and what each checks')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;plugin;measure' {
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'The most seconds each server may take to start and list its functions')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'How to print: `text` (a line a tool) or `json` (the listing written)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;plugin;help' {
            [CompletionResult]::new('lint', 'lint', [CompletionResultType]::ParameterValue, 'Check a plugin''s manifest and its MCP servers'' functions before you release it')
            [CompletionResult]::new('measure', 'measure', [CompletionResultType]::ParameterValue, 'Start each local tool''s MCP server, list its functions, and write `oz0-listing.json`')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;plugin;help;lint' {
            break
        }
        'oz0;plugin;help;measure' {
            break
        }
        'oz0;plugin;help;help' {
            break
        }
        'oz0;util' {
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
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'oz0;util;man' {
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
            [CompletionResult]::new('plugin', 'plugin', [CompletionResultType]::ParameterValue, 'Lint a plugin and measure its MCP servers')
            [CompletionResult]::new('util', 'util', [CompletionResultType]::ParameterValue, 'Generate completions and man pages')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'oz0;help;fit' {
            break
        }
        'oz0;help;plugin' {
            [CompletionResult]::new('lint', 'lint', [CompletionResultType]::ParameterValue, 'Check a plugin''s manifest and its MCP servers'' functions before you release it')
            [CompletionResult]::new('measure', 'measure', [CompletionResultType]::ParameterValue, 'Start each local tool''s MCP server, list its functions, and write `oz0-listing.json`')
            break
        }
        'oz0;help;plugin;lint' {
            break
        }
        'oz0;help;plugin;measure' {
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
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
