//! `house`: finds circles of source files that import each other, in every crate of the workspace.
//!
//! A file imports another when it names something the other defines: a `use` of `crate::`, `super::`,
//! `self::` or a child module's path, or such a path written in code or in an attribute's string
//! (`#[serde(with = "crate::x")]`). A path resolves to the file of its longest prefix that is a module,
//! so `crate::a::b::Item` is an import of the file of `a::b`, and an enum's variant or an inline
//! module's item is an import of the file that holds them.
//!
//! The reading is strict about re-exports: `pub use child::X` in a `mod.rs` is the parent importing
//! the child, so a child that takes `super::Y` back from its `mod.rs` makes a circle. Shared items go
//! in a leaf file that both name. Declaring `mod child;` alone is no import, and a `use` of a module
//! itself (`use crate::a;`) counts only through the paths that go on from it (`a::Item`).
//!
//! Code that only tests build is left out: an item after `#[cfg(test)]` (a file's `mod tests { .. }`,
//! whose `use super::*` would otherwise close a circle with every file it tests) and the files of a
//! module declared under it (`#[cfg(test)] mod testing;`), which serve the tests alone.
//!
//! The scanner reads tokens, not syntax trees: it skips comments, strings and character literals, and
//! follows `mod` declarations (with their `#[path]`) from each crate's `lib.rs` and `main.rs`. It does
//! not expand macros, so a `$crate::` path in a macro's body counts nowhere. The crates are the
//! workspace root's `src/`, each `crates/*/src`, `xtask/src` and `fuzz/src`; a test of this module
//! runs it over the workspace, so that `cargo test -p xtask` fails on a new circle.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

/// Checks the workspace at `root` and prints its circles; fails when there is one.
pub fn run(root: &Path) -> Result<()> {
    let circles = check(root)?;
    if circles.is_empty() {
        println!("no circles of files");
        return Ok(());
    }
    for circle in &circles {
        println!("{circle}");
    }
    bail!("{} circle(s) of files importing each other", circles.len())
}

/// Returns the circles of files of every crate of the workspace at `root`.
pub fn check(root: &Path) -> Result<Vec<Circle>> {
    let mut circles = Vec::new();
    for src in crate_sources(root)? {
        for entry in ["lib.rs", "main.rs"] {
            let file = src.join(entry);
            if file.is_file() {
                let graph = Graph::load(&file, &|path| std::fs::read_to_string(path).ok())?;
                circles.extend(graph.circles().into_iter().map(|c| c.relative_to(root)));
            }
        }
    }
    Ok(circles)
}

/// Returns the `src` folders of the workspace's crates.
fn crate_sources(root: &Path) -> Result<Vec<PathBuf>> {
    let mut sources = vec![root.join("src"), root.join("xtask/src"), root.join("fuzz/src")];
    let crates = root.join("crates");
    let entries = std::fs::read_dir(&crates).with_context(|| format!("reading {}", crates.display()))?;
    for entry in entries {
        sources.push(entry?.path().join("src"));
    }
    sources.retain(|s| s.is_dir());
    sources.sort();
    Ok(sources)
}

/// A set of files each of which imports, directly or through the others, every other.
#[derive(Debug)]
pub struct Circle {
    /// The files, sorted.
    pub files: Vec<PathBuf>,
    /// Each import between two files of the circle: from, to, and where (line and path).
    pub imports: Vec<(PathBuf, PathBuf, Import)>,
}

impl Circle {
    /// Returns the circle with its paths relative to `root`.
    fn relative_to(self, root: &Path) -> Circle {
        let rel = |p: PathBuf| p.strip_prefix(root).map(Path::to_path_buf).unwrap_or(p);
        Circle {
            files: self.files.into_iter().map(rel).collect(),
            imports: self.imports.into_iter().map(|(a, b, i)| (rel(a), rel(b), i)).collect(),
        }
    }
}

impl std::fmt::Display for Circle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "circle of {} files:", self.files.len())?;
        for file in &self.files {
            writeln!(f, "  {}", file.display())?;
        }
        for (from, to, import) in &self.imports {
            writeln!(f, "    {}:{} -> {} ({})", from.display(), import.line, to.display(), import.path)?;
        }
        Ok(())
    }
}

/// Where a file first names another: the line and the path as written.
#[derive(Debug, Clone)]
pub struct Import {
    /// The line, from 1.
    pub line: u32,
    /// The path, segments joined by `::`.
    pub path: String,
}

/// The files of one crate and the imports between them.
struct Graph {
    files: Vec<PathBuf>,
    edges: BTreeMap<(usize, usize), Import>,
}

impl Graph {
    /// Reads the crate whose root file is `entry`, through `read`, and resolves its imports.
    fn load(entry: &Path, read: &dyn Fn(&Path) -> Option<String>) -> Result<Graph> {
        let mut files: Vec<PathBuf> = Vec::new();
        let mut scans: Vec<Scan> = Vec::new();
        // A module's path from the crate root, and the file that holds it.
        let mut modules: HashMap<Vec<String>, usize> = HashMap::new();
        let mut queue = vec![(entry.to_path_buf(), Vec::<String>::new(), true)];
        while let Some((path, module, owns_folder)) = queue.pop() {
            let Some(text) = read(&path) else {
                bail!("cannot read {}", path.display());
            };
            let index = files.len();
            let scan = scan(&tokens(&text), &module);
            // `a.rs` keeps its children in `a/`; `lib.rs`, `main.rs` and `mod.rs` beside themselves.
            let parent = path.parent().unwrap_or(Path::new("")).to_path_buf();
            let folder = if owns_folder { parent.clone() } else { parent.join(path.file_stem().unwrap_or_default()) };
            for inline in &scan.inline_modules {
                modules.insert(inline.clone(), index);
            }
            for decl in &scan.declared {
                let child_folder = folder.join(decl.inline_path.join("/"));
                let (file, owns) = match &decl.path_attr {
                    Some(p) => (parent.join(p), p.ends_with("mod.rs")),
                    None => {
                        let flat = child_folder.join(format!("{}.rs", decl.name));
                        if read(&flat).is_some() {
                            (flat, false)
                        } else {
                            (child_folder.join(&decl.name).join("mod.rs"), true)
                        }
                    }
                };
                let mut child = decl.module.clone();
                child.push(decl.name.clone());
                queue.push((file, child, owns));
            }
            modules.insert(module, index);
            files.push(path);
            scans.push(scan);
        }

        let mut children: HashMap<&[String], BTreeSet<&str>> = HashMap::new();
        for module in modules.keys() {
            if let Some((last, parent)) = module.split_last() {
                children.entry(parent).or_default().insert(last);
            }
        }
        let resolver = Resolver { modules: &modules, children: &children };
        let mut edges = BTreeMap::new();
        for (from, scan) in scans.iter().enumerate() {
            for (to, import) in resolver.imports(scan) {
                if to != from {
                    edges.entry((from, to)).or_insert(import);
                }
            }
        }
        Ok(Graph { files, edges })
    }

    /// Returns the strongly connected components of more than one file (Tarjan's algorithm).
    fn circles(&self) -> Vec<Circle> {
        let n = self.files.len();
        let mut next: Vec<Vec<usize>> = vec![Vec::new(); n];
        for &(a, b) in self.edges.keys() {
            next[a].push(b);
        }
        let mut tarjan =
            Tarjan { next: &next, index: vec![None; n], low: vec![0; n], on: vec![false; n], ..Default::default() };
        for v in 0..n {
            if tarjan.index[v].is_none() {
                tarjan.visit(v);
            }
        }
        let mut circles: Vec<Circle> = tarjan
            .components
            .into_iter()
            .filter(|c| c.len() > 1)
            .map(|component| {
                let inside: BTreeSet<usize> = component.iter().copied().collect();
                let mut files: Vec<PathBuf> = component.iter().map(|&i| self.files[i].clone()).collect();
                files.sort();
                let mut imports: Vec<_> = self
                    .edges
                    .iter()
                    .filter(|((a, b), _)| inside.contains(a) && inside.contains(b))
                    .map(|(&(a, b), i)| (self.files[a].clone(), self.files[b].clone(), i.clone()))
                    .collect();
                imports.sort_by(|x, y| (&x.0, &x.1).cmp(&(&y.0, &y.1)));
                Circle { files, imports }
            })
            .collect();
        circles.sort_by(|a, b| a.files.cmp(&b.files));
        circles
    }
}

/// The state of one run of Tarjan's strongly connected components.
#[derive(Default)]
struct Tarjan<'a> {
    next: &'a [Vec<usize>],
    index: Vec<Option<usize>>,
    low: Vec<usize>,
    on: Vec<bool>,
    stack: Vec<usize>,
    counter: usize,
    components: Vec<Vec<usize>>,
}

impl Tarjan<'_> {
    /// Visits `v` and what it reaches; a crate's depth of imports is small enough to recurse.
    fn visit(&mut self, v: usize) {
        self.index[v] = Some(self.counter);
        self.low[v] = self.counter;
        self.counter += 1;
        self.stack.push(v);
        self.on[v] = true;
        for &w in &self.next[v] {
            match self.index[w] {
                None => {
                    self.visit(w);
                    self.low[v] = self.low[v].min(self.low[w]);
                }
                Some(iw) if self.on[w] => self.low[v] = self.low[v].min(iw),
                Some(_) => {}
            }
        }
        if Some(self.low[v]) == self.index[v] {
            let mut component = Vec::new();
            while let Some(w) = self.stack.pop() {
                self.on[w] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            self.components.push(component);
        }
    }
}

/// Resolves a file's paths to the files that hold what they name.
struct Resolver<'a> {
    modules: &'a HashMap<Vec<String>, usize>,
    children: &'a HashMap<&'a [String], BTreeSet<&'a str>>,
}

impl Resolver<'_> {
    /// Returns the files `scan` imports from, each with its first import.
    fn imports(&self, scan: &Scan) -> Vec<(usize, Import)> {
        // Names bound to modules by `use` (`use crate::a;`, `use super::b as c;`), file-wide.
        let mut bindings: HashMap<&str, Vec<String>> = HashMap::new();
        let mut found = Vec::new();
        for leaf in &scan.uses {
            let Some(absolute) = self.absolute(&leaf.module, &leaf.path, &bindings) else { continue };
            if !leaf.glob && self.modules.contains_key(&absolute) {
                if let Some(name) = &leaf.binding {
                    bindings.insert(name, absolute);
                }
                continue;
            }
            if let Some(file) = self.file_of(&absolute) {
                found.push((file, Import { line: leaf.line, path: leaf.path.join("::") }));
            }
        }
        for path in &scan.paths {
            let Some(absolute) = self.absolute(&path.module, &path.path, &bindings) else { continue };
            if let Some(file) = self.file_of(&absolute) {
                found.push((file, Import { line: path.line, path: path.path.join("::") }));
            }
        }
        found
    }

    /// Returns `path`, written in `module`, from the crate root; `None` when it leaves the crate.
    fn absolute(
        &self,
        module: &[String],
        path: &[String],
        bindings: &HashMap<&str, Vec<String>>,
    ) -> Option<Vec<String>> {
        let (first, rest) = path.split_first()?;
        let mut base: Vec<String> = match first.as_str() {
            "crate" => Vec::new(),
            "self" => module.to_vec(),
            "super" => module.get(..module.len().checked_sub(1)?)?.to_vec(),
            name if self.children.get(module).is_some_and(|c| c.contains(name)) => {
                let mut m = module.to_vec();
                m.push(name.to_string());
                m
            }
            name => bindings.get(name)?.clone(),
        };
        for segment in rest {
            if segment == "super" {
                base.pop()?;
            } else if segment != "self" {
                base.push(segment.clone());
            }
        }
        Some(base)
    }

    /// Returns the file of the longest prefix of `path` that is a module.
    fn file_of(&self, path: &[String]) -> Option<usize> {
        (0..=path.len()).rev().find_map(|n| self.modules.get(&path[..n]).copied())
    }
}

/// What a file declares and names.
#[derive(Debug, Default)]
struct Scan {
    declared: Vec<ModDecl>,
    inline_modules: Vec<Vec<String>>,
    uses: Vec<UseLeaf>,
    paths: Vec<PathRef>,
}

/// A `mod name;` declaration.
#[derive(Debug)]
struct ModDecl {
    module: Vec<String>,
    /// The inline modules of the file around the declaration, whose folders hold its file.
    inline_path: Vec<String>,
    name: String,
    path_attr: Option<String>,
}

/// One leaf of a `use` tree: `use a::{b, c::d as e}` has two.
#[derive(Debug)]
struct UseLeaf {
    module: Vec<String>,
    path: Vec<String>,
    binding: Option<String>,
    glob: bool,
    line: u32,
}

/// A path written in code, from its first segment.
#[derive(Debug)]
struct PathRef {
    module: Vec<String>,
    path: Vec<String>,
    line: u32,
}

/// A token of Rust source, as much of it as the scanner needs.
#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    /// `::`
    PathSep,
    Punct(char),
    Str(String),
    /// A number, a character, a lifetime, a byte string.
    Other,
}

/// Splits `text` into tokens with their lines, leaving out comments.
fn tokens(text: &str) -> Vec<(Tok, u32)> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let mut line = 1;
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        let start_line = line;
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    line += u32::from(chars[i] == '\n');
                    i += 1;
                }
            }
        } else if c == '"' {
            let (value, end) = quoted(&chars, i + 1, &mut line);
            out.push((Tok::Str(value), start_line));
            i = end;
        } else if c == '\'' {
            // A character ('x', '\n') or a lifetime or label ('a).
            if at(i + 1) == '\\' {
                i += 3;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
                while i < chars.len() && is_ident(chars[i]) {
                    i += 1;
                }
            }
            out.push((Tok::Other, start_line));
        } else if c.is_ascii_digit() {
            while i < chars.len() && (is_ident(chars[i]) || (chars[i] == '.' && at(i + 1).is_ascii_digit())) {
                i += 1;
            }
            out.push((Tok::Other, start_line));
        } else if is_ident_start(c) {
            let start = i;
            while i < chars.len() && is_ident(chars[i]) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let next = at(i);
            match word.as_str() {
                "r" if next == '#' && is_ident_start(at(i + 1)) => {
                    // A raw identifier, r#type.
                    let start = i + 1;
                    i = start;
                    while i < chars.len() && is_ident(chars[i]) {
                        i += 1;
                    }
                    out.push((Tok::Ident(chars[start..i].iter().collect()), start_line));
                }
                "r" | "br" | "cr" if next == '#' || next == '"' => {
                    let mut hashes = 0;
                    while at(i) == '#' {
                        hashes += 1;
                        i += 1;
                    }
                    i += 1;
                    let start = i;
                    loop {
                        if i >= chars.len() {
                            break;
                        }
                        if chars[i] == '"' && (1..=hashes).all(|k| at(i + k) == '#') {
                            break;
                        }
                        line += u32::from(chars[i] == '\n');
                        i += 1;
                    }
                    let value: String = chars[start..i.min(chars.len())].iter().collect();
                    i += 1 + hashes;
                    out.push((if word == "r" { Tok::Str(value) } else { Tok::Other }, start_line));
                }
                "b" | "c" if next == '"' => {
                    let (_, end) = quoted(&chars, i + 1, &mut line);
                    i = end;
                    out.push((Tok::Other, start_line));
                }
                "b" if next == '\'' => {
                    i += 1;
                    while i < chars.len() && chars[i] != '\'' {
                        i += if chars[i] == '\\' { 2 } else { 1 };
                    }
                    i += 1;
                    out.push((Tok::Other, start_line));
                }
                _ => out.push((Tok::Ident(word), start_line)),
            }
        } else if c == ':' && at(i + 1) == ':' {
            out.push((Tok::PathSep, start_line));
            i += 2;
        } else {
            out.push((Tok::Punct(c), start_line));
            i += 1;
        }
    }
    out
}

/// Reads a string from after its opening quote; returns its text and the index after the closing one.
fn quoted(chars: &[char], mut i: usize, line: &mut u32) -> (String, usize) {
    let mut value = String::new();
    while i < chars.len() && chars[i] != '"' {
        if chars[i] == '\\' {
            i += 1;
        } else {
            value.push(chars[i]);
        }
        if chars.get(i) == Some(&'\n') {
            *line += 1;
        }
        i += 1;
    }
    (value, i + 1)
}

/// Tells whether `c` may go on an identifier.
fn is_ident(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// Tells whether `c` may start an identifier.
fn is_ident_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

/// Reads the declarations, `use`s and paths of a file whose module is `module`.
fn scan(tokens: &[(Tok, u32)], module: &[String]) -> Scan {
    let mut scan = Scan::default();
    // One entry for each open brace: the name of the inline module it opens, if it does.
    let mut braces: Vec<Option<String>> = Vec::new();
    let mut path_attr: Option<String> = None;
    let mut i = 0;
    let ident = |i: usize| match tokens.get(i) {
        Some((Tok::Ident(s), _)) => Some(s.as_str()),
        _ => None,
    };
    let punct = |i: usize, c: char| matches!(tokens.get(i), Some((Tok::Punct(p), _)) if *p == c);
    while i < tokens.len() {
        let here: Vec<String> = module.iter().cloned().chain(braces.iter().flatten().cloned()).collect();
        let line = tokens[i].1;
        match &tokens[i].0 {
            Tok::Punct('#') => {
                let inner = punct(i + 1, '!');
                let open = if inner { i + 2 } else { i + 1 };
                if !punct(open, '[') {
                    i += 1;
                    continue;
                }
                let close = matching(tokens, open);
                let body = &tokens[open + 1..close];
                for (tok, line) in body {
                    if let Tok::Str(s) = tok
                        && let Some(path) = string_path(s)
                    {
                        scan.paths.push(PathRef { module: here.clone(), path, line: *line });
                    }
                }
                i = close + 1;
                if inner {
                    continue;
                }
                match body {
                    [(Tok::Ident(cfg), _), (Tok::Punct('('), _), (Tok::Ident(test), _), (Tok::Punct(')'), _)]
                        if cfg == "cfg" && test == "test" =>
                    {
                        i = skip_item(tokens, i);
                        path_attr = None;
                    }
                    [(Tok::Ident(p), _), (Tok::Punct('='), _), (Tok::Str(file), _)] if p == "path" => {
                        path_attr = Some(file.clone());
                    }
                    _ => {}
                }
            }
            Tok::Ident(word) if word == "mod" && ident(i + 1).is_some() => {
                let name = ident(i + 1).unwrap_or_default().to_string();
                if punct(i + 2, ';') {
                    let inline_path = braces.iter().flatten().cloned().collect();
                    scan.declared.push(ModDecl { module: here, inline_path, name, path_attr: path_attr.take() });
                    i += 3;
                } else if punct(i + 2, '{') {
                    let mut inline = here;
                    inline.push(name.clone());
                    scan.inline_modules.push(inline);
                    braces.push(Some(name));
                    path_attr = None;
                    i += 3;
                } else {
                    i += 1;
                }
            }
            Tok::Ident(word) if word == "use" && !punct(i + 1, '<') => {
                let end = (i..tokens.len()).find(|&k| punct(k, ';')).unwrap_or(tokens.len());
                use_tree(&tokens[i + 1..end], &[], &here, &mut scan.uses);
                i = end + 1;
            }
            Tok::Ident(_) => {
                let after_sep = i > 0 && matches!(tokens[i - 1].0, Tok::PathSep);
                let after_dollar = i > 0 && tokens[i - 1].0 == Tok::Punct('$');
                let mut path = Vec::new();
                let mut k = i;
                while let Some(segment) = ident(k) {
                    path.push(segment.to_string());
                    k += 1;
                    if matches!(tokens.get(k), Some((Tok::PathSep, _))) && ident(k + 1).is_some() {
                        k += 1;
                    } else {
                        break;
                    }
                }
                if path.len() > 1 && !after_sep && !after_dollar {
                    scan.paths.push(PathRef { module: here, path, line });
                }
                i = k;
            }
            Tok::Punct('{') => {
                braces.push(None);
                i += 1;
            }
            Tok::Punct('}') => {
                braces.pop();
                i += 1;
            }
            _ => i += 1,
        }
    }
    scan
}

/// Returns the path a string names, when it is one within the crate (`"crate::manifest::rfc3339"`).
fn string_path(s: &str) -> Option<Vec<String>> {
    let path: Vec<String> = s.split("::").map(str::to_string).collect();
    let starts_inside = matches!(path.first().map(String::as_str), Some("crate" | "super" | "self"));
    let all_idents = path.iter().all(|p| p.chars().next().is_some_and(is_ident_start) && p.chars().all(is_ident));
    (starts_inside && all_idents && path.len() > 1).then_some(path)
}

/// Returns the index of the bracket that closes the one at `open`.
fn matching(tokens: &[(Tok, u32)], open: usize) -> usize {
    let mut depth = 0usize;
    for (k, (tok, _)) in tokens.iter().enumerate().skip(open) {
        match tok {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']' | '}') => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return k;
                }
            }
            _ => {}
        }
    }
    tokens.len().saturating_sub(1)
}

/// Returns the index after the item that starts at `i`, its attributes included: after its `;` or
/// the brace that closes its body.
fn skip_item(tokens: &[(Tok, u32)], mut i: usize) -> usize {
    let mut depth = 0usize;
    while i < tokens.len() {
        match tokens[i].0 {
            Tok::Punct('#') if depth == 0 && matches!(tokens.get(i + 1), Some((Tok::Punct('['), _))) => {
                i = matching(tokens, i + 1);
            }
            Tok::Punct(';') if depth == 0 => return i + 1,
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']') => depth = depth.saturating_sub(1),
            Tok::Punct('}') => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    i
}

/// Reads a `use` tree (the tokens between `use` and `;`) under `prefix` into its leaves.
fn use_tree(tokens: &[(Tok, u32)], prefix: &[String], module: &[String], out: &mut Vec<UseLeaf>) {
    let mut path = prefix.to_vec();
    let mut k = 0;
    // A leading `::` names an outside crate.
    if matches!(tokens.first(), Some((Tok::PathSep, _))) {
        return;
    }
    while k < tokens.len() {
        let line = tokens[k].1;
        match &tokens[k].0 {
            Tok::Ident(s) if s == "as" => {
                let binding = match tokens.get(k + 1) {
                    Some((Tok::Ident(name), _)) if name != "_" => Some(name.clone()),
                    _ => None,
                };
                out.push(UseLeaf { module: module.to_vec(), path: path.clone(), binding, glob: false, line });
                return;
            }
            Tok::Ident(s) => {
                path.push(s.clone());
                if matches!(tokens.get(k + 1), Some((Tok::Ident(word), _)) if word == "as") {
                    k += 1;
                    continue;
                }
                if !matches!(tokens.get(k + 1), Some((Tok::PathSep, _))) {
                    let binding = if s == "self" { path.iter().rev().nth(1).cloned() } else { Some(s.clone()) };
                    out.push(UseLeaf { module: module.to_vec(), path: path.clone(), binding, glob: false, line });
                    return;
                }
                k += 2;
            }
            Tok::Punct('*') => {
                out.push(UseLeaf { module: module.to_vec(), path: path.clone(), binding: None, glob: true, line });
                return;
            }
            Tok::Punct('{') => {
                let close = matching(tokens, k);
                let inner = &tokens[k + 1..close];
                let mut depth = 0usize;
                let mut start = 0;
                for (j, (tok, _)) in inner.iter().enumerate() {
                    match tok {
                        Tok::Punct('{') => depth += 1,
                        Tok::Punct('}') => depth = depth.saturating_sub(1),
                        Tok::Punct(',') if depth == 0 => {
                            use_tree(&inner[start..j], &path, module, out);
                            start = j + 1;
                        }
                        _ => {}
                    }
                }
                if start < inner.len() {
                    use_tree(&inner[start..], &path, module, out);
                }
                return;
            }
            _ => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Loads a crate from `files` (path and text) whose root is `lib.rs`, and returns its circles as
    /// lists of file names.
    fn circles_of(files: &[(&str, &str)]) -> Vec<Vec<String>> {
        let files: HashMap<PathBuf, String> = files.iter().map(|(p, t)| (PathBuf::from(p), t.to_string())).collect();
        let graph = Graph::load(Path::new("lib.rs"), &|p| files.get(p).cloned()).expect("the crate loads");
        graph.circles().into_iter().map(|c| c.files.iter().map(|f| f.display().to_string()).collect()).collect()
    }

    #[test]
    fn the_workspace_has_no_circles_of_files() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives in the workspace");
        let circles = check(root).expect("the workspace's sources read");
        let report: String = circles.iter().map(ToString::to_string).collect();
        assert!(
            circles.is_empty(),
            "files import each other in a circle; move what they share to a leaf file:\n{report}"
        );
    }

    #[test]
    fn a_use_each_way_is_a_circle() {
        let circles = circles_of(&[
            ("lib.rs", "mod a; mod b;"),
            ("a.rs", "use crate::b::B; pub struct A;"),
            ("b.rs", "use crate::a::A; pub struct B;"),
        ]);
        assert_eq!(circles, vec![vec!["a.rs", "b.rs"]]);
    }

    #[test]
    fn a_re_export_and_super_make_a_circle() {
        let circles = circles_of(&[
            ("lib.rs", "mod m;"),
            ("m/mod.rs", "mod child; pub use child::C; pub struct Shared;"),
            ("m/child.rs", "pub struct C(super::Shared);"),
        ]);
        assert_eq!(circles, vec![vec!["m/child.rs", "m/mod.rs"]]);
    }

    #[test]
    fn a_leaf_file_both_name_is_no_circle() {
        let circles = circles_of(&[
            ("lib.rs", "mod m;"),
            ("m/mod.rs", "mod child; mod shared; pub use child::C; pub use shared::Shared;"),
            ("m/child.rs", "use super::shared::Shared; pub struct C(Shared);"),
            ("m/shared.rs", "pub struct Shared;"),
        ]);
        assert!(circles.is_empty(), "{circles:?}");
    }

    #[test]
    fn paths_in_code_through_a_module_binding_and_groups_count() {
        let circles = circles_of(&[
            ("lib.rs", "mod a; mod b; mod c;"),
            ("a.rs", "use crate::{b, c::{self as see}}; fn f() { b::g(); }"),
            ("b.rs", "pub fn g() { let _ = crate::c::H; }"),
            ("c.rs", "pub const H: u8 = 0; fn h() { super::a::f() }"),
        ]);
        assert_eq!(circles, vec![vec!["a.rs", "b.rs", "c.rs"]]);
    }

    #[test]
    fn tests_comments_and_strings_do_not_count() {
        let circles = circles_of(&[
            ("lib.rs", "mod a; mod b; #[cfg(test)] mod testing;"),
            ("a.rs", "use crate::b::B; pub struct A;"),
            (
                "b.rs",
                "pub struct B; // crate::a::A\n/* crate::a::A */ const S: &str = \"crate::a::A\";\n\
                 #[cfg(test)]\nmod tests { use crate::a::A; }",
            ),
            ("testing.rs", "use crate::a::A; pub fn f() { crate::b::B; }"),
        ]);
        assert!(circles.is_empty(), "{circles:?}");
    }

    #[test]
    fn an_attribute_path_counts() {
        let circles = circles_of(&[
            ("lib.rs", "mod a; mod b;"),
            ("a.rs", "pub fn with() {} use crate::b::B;"),
            ("b.rs", "#[derive(Serialize)] pub struct B { #[serde(with = \"crate::a\")] x: u8 }"),
        ]);
        assert_eq!(circles, vec![vec!["a.rs", "b.rs"]]);
    }

    #[test]
    fn super_in_an_inline_module_is_its_own_file() {
        let circles = circles_of(&[
            ("lib.rs", "mod a; mod b;"),
            ("a.rs", "pub struct A; mod inner { use super::A; }"),
            ("b.rs", "use crate::a::A;"),
        ]);
        assert!(circles.is_empty(), "{circles:?}");
    }
}
