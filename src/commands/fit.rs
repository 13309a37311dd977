//! `oz0 fit`: any document through the fitting engine.

use std::fs::File;
use std::io::Read;
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use oz0_core::fit::{self, FitNote, Index, Kind, Lang, ReadError, Request, View};
use serde::Serialize;

use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;

/// Fit a document to a token budget: the biggest view that fits, and what it left out.
///
/// The views, biggest first: `full` (the whole document), `section` (the parts a query names), `summary`
/// (the outline with each part's first sentence) and `stub` (the outline alone). Left out, the view is
/// the biggest that fits: `full`, or `section` when there is a query, then `summary`, then `stub`. A view
/// that does not fit falls to the next smaller one, never a bigger one.
///
/// Documents are read as Markdown (parts are headings), JSON (top-level keys or items, one line a value),
/// unified diffs (files, then hunks), source code (definitions: functions, methods, types, classes,
/// modules, in Rust, Python, JavaScript, TypeScript, Go, C, C++, Java, Ruby and shell) or plain text
/// (runs of lines), from the name and the content.
///
/// The fitted text goes to stdout and the fit note to stderr. With none of --view, --budget and --query
/// the input is printed unchanged.
#[derive(Debug, Args)]
#[command(after_long_help = EXAMPLES)]
pub struct FitArgs {
    /// The files to read; `-` or none reads stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// The view to answer with; left out, the biggest that fits.
    #[arg(long, value_enum)]
    pub view: Option<ViewArg>,

    /// The most tokens the answer may take, a whole number from 1 up.
    #[arg(long, value_name = "TOKENS", value_parser = parse_positive, allow_negative_numbers = true)]
    pub budget: Option<u64>,

    /// What the section view shows: a heading or heading path (`Install > Linux`), a diff's path or its
    /// n-th hunk (`src/main.rs#2`), a JSON key, item (`[3]`) or pointer (`/a/b/0`), a definition's name
    /// (`parse_args`, `Config::load`, `Server.Start`), or a line range (`120-180`).
    #[arg(long, value_name = "QUERY")]
    pub query: Option<String>,

    /// The most characters the answer may hold, as a tool's own bound.
    #[arg(long, value_name = "CHARS", value_parser = parse_positive, allow_negative_numbers = true)]
    pub chars: Option<u64>,

    /// What to read the input as, instead of what its name and content say.
    #[arg(long, value_enum)]
    pub kind: Option<KindArg>,

    /// The name to detect the kind by and to show in the outline (stdin has none).
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,

    /// Print each input's estimated tokens (`count`) and weight (`weigh`), like `wc`.
    #[arg(long, conflicts_with_all = ["view", "budget", "query", "chars"])]
    pub count: bool,

    /// Replace bytes that are not UTF-8 with U+FFFD instead of refusing the input.
    #[arg(long)]
    pub lossy: bool,
}

const EXAMPLES: &str = "\
Examples:
  oz0 fit --view summary --budget 2000 README.md
  oz0 fit --query 'Install > Linux' --budget 1000 docs/guide.md
  git diff | oz0 fit --query 'src/main.rs#2' --budget 800
  curl -s https://example.com/data.json | oz0 fit --budget 500 --format json
  oz0 fit --count *.md";

/// A view, as the command line spells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ViewArg {
    /// The whole document.
    Full,
    /// The parts --query names.
    Section,
    /// The outline with each part's first sentence.
    Summary,
    /// Size and the outline alone.
    Stub,
}

impl From<ViewArg> for View {
    fn from(view: ViewArg) -> Self {
        match view {
            ViewArg::Full => View::Full,
            ViewArg::Section => View::Section,
            ViewArg::Summary => View::Summary,
            ViewArg::Stub => View::Stub,
        }
    }
}

/// A kind, as the command line spells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum KindArg {
    /// Parts are headings.
    Markdown,
    /// Parts are top-level keys or items.
    Json,
    /// Parts are files and hunks.
    Diff,
    /// Parts are runs of lines.
    Text,
    /// Parts are definitions: functions, methods, types, impls, modules.
    Rust,
    /// Parts are functions and classes.
    Python,
    /// Parts are functions, classes and methods.
    #[value(alias = "js")]
    Javascript,
    /// Parts are functions, classes, methods, interfaces, types and namespaces.
    #[value(alias = "ts")]
    Typescript,
    /// Parts are functions, methods and types.
    Go,
    /// Parts are functions, structs, unions and enums.
    C,
    /// Parts are functions, classes, structs and namespaces.
    #[value(alias = "c++")]
    Cpp,
    /// Parts are classes, interfaces, enums, records, methods and constructors.
    Java,
    /// Parts are modules, classes and methods.
    Ruby,
    /// Parts are functions.
    #[value(alias = "bash")]
    Shell,
}

impl From<KindArg> for Kind {
    fn from(kind: KindArg) -> Self {
        match kind {
            KindArg::Markdown => Kind::Markdown,
            KindArg::Json => Kind::Json,
            KindArg::Diff => Kind::Diff,
            KindArg::Text => Kind::Text,
            KindArg::Rust => Kind::Code(Lang::Rust),
            KindArg::Python => Kind::Code(Lang::Python),
            KindArg::Javascript => Kind::Code(Lang::JavaScript),
            KindArg::Typescript => Kind::Code(Lang::TypeScript),
            KindArg::Go => Kind::Code(Lang::Go),
            KindArg::C => Kind::Code(Lang::C),
            KindArg::Cpp => Kind::Code(Lang::Cpp),
            KindArg::Java => Kind::Code(Lang::Java),
            KindArg::Ruby => Kind::Code(Lang::Ruby),
            KindArg::Shell => Kind::Code(Lang::Shell),
        }
    }
}

pub fn parse_positive(value: &str) -> Result<u64, String> {
    match value.trim().parse::<i128>() {
        Ok(n) if n >= 1 && n <= i128::from(u64::MAX) => Ok(n as u64),
        Ok(_) => Err(format!("`{value}` is not 1 or more: give a whole number from 1 up")),
        Err(_) => Err(format!("`{value}` is not a whole number")),
    }
}

/// How many bytes are read first to tell the kind.
const HEAD: usize = 64 * 1024;

/// Files bigger than this show a progress bar while they are read.
const PROGRESS_FROM: u64 = 64 << 20;

/// Runs `oz0 fit`.
pub fn run(args: &FitArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let inputs = inputs(&args.files);
    if args.count {
        return count(args, &inputs);
    }
    // `--chars` alone asks for a fit too: the biggest view within that many characters.
    if args.chars.is_none() && !fit::wanted(args.view.map(View::from), args.budget, args.query.as_deref()) {
        return pass_through(args, &inputs);
    }
    if args.view == Some(ViewArg::Section) && args.query.is_none() {
        return Err(CommandError::usage("--view section needs --query")
            .hint("name a heading, a path, a key or a line range, such as --query 'Install' or --query 120-180"));
    }
    let mut answers = Vec::with_capacity(inputs.len());
    for input in &inputs {
        let loaded = load(args, input)?;
        let name = args.name.as_deref().or(input.name());
        let request = Request {
            view: args.view.map(View::from),
            budget: args.budget,
            query: args.query.as_deref(),
            chars: args.chars,
            kind: Some(loaded.index.kind()),
            name,
        };
        let fitted = match &loaded.body {
            Body::Memory(text) => {
                fit::fit_index(&loaded.index, text.as_str(), &request).unwrap_or_else(|never| match never {})
            }
            Body::File(file) => fit::fit_index(&loaded.index, file, &request).map_err(|err| {
                CommandError::operational(format!("could not read '{}' again", input.display())).caused_by(err)
            })?,
        };
        answers.push((input.display(), fitted));
    }
    match format {
        Format::Json if answers.len() == 1 => ui::print_json(&answers[0].1.answer()),
        Format::Json => {
            let all: Vec<_> =
                answers.iter().map(|(name, f)| NamedAnswer { name, content: &f.text, fit: &f.note }).collect();
            ui::print_json(&all)
        }
        Format::Text => {
            let several = answers.len() > 1;
            for (i, (name, fitted)) in answers.iter().enumerate() {
                if several {
                    ui::print_text(&format!("{}==> {name} <==\n", if i > 0 { "\n" } else { "" }))?;
                }
                ui::print_text(&fitted.text)?;
                ui::info(&ui::fit_note(several.then_some(name.as_str()), &fitted.note));
            }
            Ok(())
        }
    }
}

#[derive(Serialize)]
struct NamedAnswer<'a> {
    name: &'a str,
    content: &'a str,
    fit: &'a FitNote,
}

/// Where a document comes from.
#[derive(Debug, Clone)]
enum Input {
    Stdin,
    File(PathBuf),
}

impl Input {
    fn name(&self) -> Option<&str> {
        match self {
            Input::Stdin => None,
            Input::File(path) => path.to_str(),
        }
    }

    fn display(&self) -> String {
        match self {
            Input::Stdin => "stdin".to_owned(),
            Input::File(path) => path.display().to_string(),
        }
    }
}

fn inputs(files: &[PathBuf]) -> Vec<Input> {
    if files.is_empty() {
        return vec![Input::Stdin];
    }
    files.iter().map(|f| if f.as_os_str() == "-" { Input::Stdin } else { Input::File(f.clone()) }).collect()
}

/// A document indexed, and where its text is read back from.
struct Loaded {
    index: Index,
    body: Body,
}

enum Body {
    Memory(String),
    File(File),
}

fn open(input: &Input) -> Result<Box<dyn Read + Send>, CommandError> {
    match input {
        Input::Stdin => {
            // A person at a terminal would otherwise wait on a silent prompt.
            if std::io::IsTerminal::is_terminal(&std::io::stdin()) {
                crate::ui::info("reading the document from the terminal: paste it, then press Ctrl-D (or pass a file)");
            }
            Ok(Box::new(std::io::stdin()))
        }
        Input::File(path) => Ok(Box::new(open_file(path)?)),
    }
}

fn open_file(path: &PathBuf) -> Result<File, CommandError> {
    let file = File::open(path).map_err(|err| {
        let error = CommandError::usage(format!("cannot read '{}'", path.display()));
        let hint = (err.kind() == std::io::ErrorKind::NotFound).then_some("check the path, or pass `-` to read stdin");
        let error = error.caused_by(err);
        match hint {
            Some(hint) => error.hint(hint),
            None => error,
        }
    })?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(CommandError::usage(format!("'{}' is a folder, not a file", path.display())));
    }
    Ok(file)
}

/// Returns how `oz0 fit` reads the files `open_file` opened: a regular file through a memory map, which
/// saves copying a large one; any other file (a pipe, a device) is read.
#[allow(unsafe_code)]
fn map_files() -> fit::MmapChoice {
    // SAFETY: `oz0 fit` maps only the files it is named, and nothing in this process writes them. That no
    // other process shortens or writes one while it is indexed is the user's to keep, as with every tool
    // that reads through a map (ripgrep, for one): were a file shortened, reading the pages it lost would
    // raise SIGBUS and end the command. Mapping is what indexes a file of gigabytes without copying it.
    unsafe { fit::MmapChoice::auto() }
}

fn read_error(input: &Input, err: std::io::Error) -> CommandError {
    CommandError::operational(format!("could not read '{}'", input.display())).caused_by(err)
}

fn not_utf8(input: &Input, offset: u64) -> CommandError {
    CommandError::usage(format!(
        "'{}' is not UTF-8: byte offset {offset} is not part of a UTF-8 character",
        input.display()
    ))
    .hint("pass --lossy to replace bytes that are not UTF-8 with U+FFFD")
}

/// Returns the error of a document that could not be indexed.
fn index_error(input: &Input, err: ReadError) -> CommandError {
    match err {
        ReadError::Utf8(bad) => not_utf8(input, bad.offset),
        ReadError::Io(err) => read_error(input, err),
        _ => CommandError::operational(format!("could not read '{}'", input.display())),
    }
}

/// Reads the first bytes of a document, up to `HEAD`.
fn read_head(reader: &mut dyn Read, input: &Input) -> Result<Vec<u8>, CommandError> {
    let mut head = Vec::with_capacity(HEAD);
    reader.take(HEAD as u64).read_to_end(&mut head).map_err(|err| read_error(input, err))?;
    Ok(head)
}

/// Reads and indexes one document: a regular file in one pass, read back later; stdin, pipes, JSON and
/// `--lossy` input in memory.
fn load(args: &FitArgs, input: &Input) -> Result<Loaded, CommandError> {
    let mut reader = open(input)?;
    let head = read_head(&mut reader, input)?;
    let complete = head.len() < HEAD;
    let name = args.name.as_deref().or(input.name());
    let kind = args.kind.map(Kind::from).unwrap_or_else(|| Kind::detect(name, &head, complete));
    // A pipe or a device is read once, into memory, like stdin: its first bytes are gone already, and
    // parts could not be read back from it.
    let regular = match input {
        Input::File(path) => fs_err::metadata(path).is_ok_and(|m| m.is_file()),
        Input::Stdin => false,
    };
    if let (Input::File(path), true, false, false) = (input, regular, kind == Kind::Json, args.lossy) {
        let file = open_file(path)?;
        let total = file.metadata().map(|m| m.len()).unwrap_or(0);
        let bar = if total >= PROGRESS_FROM {
            ui::bytes_progress(total, "reading")
        } else {
            indicatif::ProgressBar::hidden()
        };
        let index = fit::index_file(&file, kind, map_files(), |read| bar.set_position(read));
        bar.finish_and_clear();
        let index = index.map_err(|err| index_error(input, err))?;
        return Ok(Loaded { index, body: Body::File(file) });
    }
    let mut bytes = head;
    reader.read_to_end(&mut bytes).map_err(|err| read_error(input, err))?;
    let text = into_text(bytes, args.lossy, input)?;
    if kind == Kind::Json
        && let Err(err) = fit::json_lines(&text)
    {
        if args.kind.is_some() {
            return Err(CommandError::usage(format!("'{}' is not JSON", input.display()))
                .caused_by(err)
                .hint("read it as text with --kind text"));
        }
        ui::warn(&format!("'{}' is not JSON ({err}); reading it as text", input.display()));
    }
    let (body, index) = fit::index_text(&text, kind);
    Ok(Loaded { index, body: Body::Memory(body.into_owned()) })
}

fn into_text(bytes: Vec<u8>, lossy: bool, input: &Input) -> Result<String, CommandError> {
    match String::from_utf8(bytes) {
        Ok(text) => Ok(text),
        Err(err) if lossy => Ok(String::from_utf8_lossy(err.as_bytes()).into_owned()),
        Err(err) => Err(not_utf8(input, err.utf8_error().valid_up_to() as u64)),
    }
}

/// Prints each input unchanged: a call without view, budget or query is answered as before.
fn pass_through(args: &FitArgs, inputs: &[Input]) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    if format == Format::Json {
        let mut contents = Vec::new();
        for input in inputs {
            let mut bytes = Vec::new();
            open(input)?.read_to_end(&mut bytes).map_err(|err| read_error(input, err))?;
            contents.push((input.display(), into_text(bytes, args.lossy, input)?));
        }
        return match contents.as_slice() {
            [(_, content)] => ui::print_json(&serde_json::json!({ "content": content })),
            _ => ui::print_json(
                &contents
                    .iter()
                    .map(|(name, content)| serde_json::json!({ "name": name, "content": content }))
                    .collect::<Vec<_>>(),
            ),
        };
    }
    for input in inputs {
        let mut reader = open(input)?;
        ui::print_from(&mut reader).map_err(|err| {
            if err.kind() == std::io::ErrorKind::BrokenPipe { CommandError::from(err) } else { read_error(input, err) }
        })?;
    }
    Ok(())
}

#[derive(Serialize)]
struct Counted {
    name: String,
    count: u64,
    weigh: u64,
    lines: u64,
    chars: u64,
    bytes: u64,
}

/// Prints each input's `count` and `weigh`, like `wc`.
fn count(args: &FitArgs, inputs: &[Input]) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let mut rows = Vec::with_capacity(inputs.len());
    for input in inputs {
        let index = match input {
            _ if args.lossy => {
                let mut bytes = Vec::new();
                open(input)?.read_to_end(&mut bytes).map_err(|err| read_error(input, err))?;
                Ok(fit::index_text(&String::from_utf8_lossy(&bytes), Kind::Text).1)
            }
            // The figures alone: finding the parts would cost a tenth more.
            Input::File(path) => fit::measure_file(&open_file(path)?, map_files(), |_| {}),
            Input::Stdin => fit::measure_reader(open(input)?, |_| {}),
        }
        .map_err(|err| index_error(input, err))?;
        rows.push(Counted {
            name: input.display(),
            count: index.count,
            weigh: index.weight,
            lines: index.lines,
            chars: index.chars,
            bytes: index.bytes,
        });
    }
    let total = (rows.len() > 1).then(|| Counted {
        name: "total".to_owned(),
        count: rows.iter().map(|r| r.count).sum(),
        weigh: rows.iter().map(|r| r.weigh).sum(),
        lines: rows.iter().map(|r| r.lines).sum(),
        chars: rows.iter().map(|r| r.chars).sum(),
        bytes: rows.iter().map(|r| r.bytes).sum(),
    });
    if format == Format::Json {
        return ui::print_json(&serde_json::json!({ "files": rows, "total": total }));
    }
    let mut table = ui::table(&[ui::Column::Number("COUNT"), ui::Column::Number("WEIGH"), ui::Column::Key("NAME")]);
    for row in rows.iter().chain(&total) {
        table.add_row([row.count.to_string(), row.weigh.to_string(), row.name.clone()]);
    }
    ui::print_text(&ui::table_text(&table))?;
    Ok(())
}
