//! Definitions found by the tree-sitter grammar of each language.
//!
//! A source is parsed once and its tree walked once with a cursor, so that a deeply nested file cannot
//! overflow the stack. What each kind of node means (a definition, a comment that belongs to the next
//! one, a wrapper such as `export` or `template<…>`) is looked up in a table indexed by the node's kind,
//! built once per grammar.

use std::sync::OnceLock;

use tree_sitter::{Language, Node, Parser, Tree};

use super::definition::Definition;
use super::lang::Lang;

/// Returns the definitions of `source` in document order, each after the one it nests in.
pub(super) fn definitions(lang: Lang, source: &str) -> Vec<Definition> {
    match parse(lang, source) {
        Some((tree, grammar)) => walk(&tree, grammar, source),
        None => Vec::new(),
    }
}

/// A grammar: a language, or TSX, which TypeScript falls back to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Grammar {
    Rust,
    Python,
    JavaScript,
    TypeScript,
    Tsx,
    Go,
    C,
    Cpp,
    Java,
    Ruby,
    Bash,
}

impl Grammar {
    const COUNT: usize = 11;

    fn of(lang: Lang) -> Grammar {
        match lang {
            Lang::Rust => Grammar::Rust,
            Lang::Python => Grammar::Python,
            Lang::JavaScript => Grammar::JavaScript,
            Lang::TypeScript => Grammar::TypeScript,
            Lang::Go => Grammar::Go,
            Lang::C => Grammar::C,
            Lang::Cpp => Grammar::Cpp,
            Lang::Java => Grammar::Java,
            Lang::Ruby => Grammar::Ruby,
            Lang::Shell => Grammar::Bash,
        }
    }

    fn language(self) -> Language {
        match self {
            Grammar::Rust => tree_sitter_rust::LANGUAGE.into(),
            Grammar::Python => tree_sitter_python::LANGUAGE.into(),
            Grammar::JavaScript => tree_sitter_javascript::LANGUAGE.into(),
            Grammar::TypeScript => tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
            Grammar::Tsx => tree_sitter_typescript::LANGUAGE_TSX.into(),
            Grammar::Go => tree_sitter_go::LANGUAGE.into(),
            Grammar::C => tree_sitter_c::LANGUAGE.into(),
            Grammar::Cpp => tree_sitter_cpp::LANGUAGE.into(),
            Grammar::Java => tree_sitter_java::LANGUAGE.into(),
            Grammar::Ruby => tree_sitter_ruby::LANGUAGE.into(),
            Grammar::Bash => tree_sitter_bash::LANGUAGE.into(),
        }
    }

    /// Returns the role of each kind of node, indexed by its kind id.
    fn roles(self) -> &'static [Role] {
        static TABLES: [OnceLock<Vec<Role>>; Grammar::COUNT] = [const { OnceLock::new() }; Grammar::COUNT];
        TABLES[self as usize].get_or_init(|| {
            let language = self.language();
            (0..language.node_kind_count())
                .map(|id| {
                    let id = u16::try_from(id).unwrap_or(u16::MAX);
                    match language.node_kind_for_id(id) {
                        // A keyword may share its name with a node (`class`, `module`): only nodes count.
                        Some(kind) if language.node_kind_is_named(id) => self.role(kind),
                        _ => Role::Other,
                    }
                })
                .collect()
        })
    }

    fn role(self, kind: &str) -> Role {
        match self {
            Grammar::Rust => rust_role(kind),
            Grammar::Python => python_role(kind),
            Grammar::JavaScript => javascript_role(kind),
            Grammar::TypeScript | Grammar::Tsx => typescript_role(kind),
            Grammar::Go => go_role(kind),
            Grammar::C => c_role(kind),
            Grammar::Cpp => cpp_role(kind),
            Grammar::Java => java_role(kind),
            Grammar::Ruby => ruby_role(kind),
            Grammar::Bash => bash_role(kind),
        }
    }
}

/// What a kind of node means to the outline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Other,
    /// A comment, attribute or decorator, which belongs to the definition right below it.
    Note,
    /// A node around a definition that starts where its notes attach: `export`, `template<…>`, a
    /// decorated definition, a declaration holding a `struct` or a function-valued binding.
    Wrap,
    /// A wrapper only when the definition starts on its line: Go's `type Foo struct`, not `type (…)`.
    WrapSameLine,
    /// A body that starts at its first statement, with the comments above that statement left in the
    /// parent (Python's `block`, Ruby's `body_statement`).
    Body,
    Def(Def),
}

/// How a definition is named and described.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Def {
    /// Named by its `name` field.
    Named(&'static str),
    /// Named by its `name` field, and a definition only with a `body`: not `mod tests;` nor `struct s;`.
    WithBody(&'static str),
    /// A Rust impl, named by its type and described by its trait.
    Impl,
    /// A Go method, named by its receiver's type and its own name.
    GoMethod,
    /// A C or C++ function, named by the identifier inside its declarator.
    CFunction,
    /// A C or C++ function's declaration, a prototype: a function declarator that a declaration (or a
    /// class's member) declares, not a definition's, a typedef's, a parameter's nor a function pointer's.
    CPrototype,
    /// A JavaScript binding, a definition when its value is a function or a class: `const f = () => {}`.
    Binding { name: &'static str, value: &'static str, what: &'static str },
}

fn rust_role(kind: &str) -> Role {
    let named = |what| Role::Def(Def::Named(what));
    match kind {
        "line_comment" | "block_comment" | "attribute_item" => Role::Note,
        "function_item" | "function_signature_item" => named("fn"),
        "struct_item" => named("struct"),
        "enum_item" => named("enum"),
        "union_item" => named("union"),
        "trait_item" => named("trait"),
        "macro_definition" => named("macro"),
        "mod_item" => Role::Def(Def::WithBody("mod")),
        "impl_item" => Role::Def(Def::Impl),
        _ => Role::Other,
    }
}

fn python_role(kind: &str) -> Role {
    match kind {
        "comment" => Role::Note,
        "decorated_definition" => Role::Wrap,
        "block" => Role::Body,
        "function_definition" => Role::Def(Def::Named("def")),
        "class_definition" => Role::Def(Def::Named("class")),
        _ => Role::Other,
    }
}

fn javascript_role(kind: &str) -> Role {
    let named = |what| Role::Def(Def::Named(what));
    match kind {
        "comment" | "decorator" => Role::Note,
        "export_statement" | "lexical_declaration" | "variable_declaration" | "expression_statement" => Role::Wrap,
        "function_declaration" | "generator_function_declaration" => named("function"),
        "class_declaration" => named("class"),
        "method_definition" => named("method"),
        "variable_declarator" => Role::Def(Def::Binding { name: "name", value: "value", what: "function" }),
        "field_definition" => Role::Def(Def::Binding { name: "property", value: "value", what: "method" }),
        "assignment_expression" => Role::Def(Def::Binding { name: "left", value: "right", what: "function" }),
        _ => Role::Other,
    }
}

fn typescript_role(kind: &str) -> Role {
    let named = |what| Role::Def(Def::Named(what));
    match kind {
        "ambient_declaration" => Role::Wrap,
        "interface_declaration" => named("interface"),
        "type_alias_declaration" => named("type"),
        "enum_declaration" => named("enum"),
        "abstract_class_declaration" => named("class"),
        "internal_module" | "module" => named("namespace"),
        "function_signature" => named("function"),
        "method_signature" | "abstract_method_signature" => named("method"),
        "public_field_definition" => Role::Def(Def::Binding { name: "name", value: "value", what: "method" }),
        _ => javascript_role(kind),
    }
}

fn go_role(kind: &str) -> Role {
    match kind {
        "comment" => Role::Note,
        "type_declaration" => Role::WrapSameLine,
        "function_declaration" => Role::Def(Def::Named("func")),
        "method_declaration" => Role::Def(Def::GoMethod),
        "type_spec" | "type_alias" => Role::Def(Def::Named("type")),
        _ => Role::Other,
    }
}

fn c_role(kind: &str) -> Role {
    match kind {
        "comment" => Role::Note,
        // A pointer or reference around a prototype's declarator starts where the declaration does.
        "declaration" | "type_definition" | "field_declaration" | "pointer_declarator" | "reference_declarator" => {
            Role::Wrap
        }
        "function_definition" => Role::Def(Def::CFunction),
        "function_declarator" => Role::Def(Def::CPrototype),
        "struct_specifier" => Role::Def(Def::WithBody("struct")),
        "union_specifier" => Role::Def(Def::WithBody("union")),
        "enum_specifier" => Role::Def(Def::WithBody("enum")),
        _ => Role::Other,
    }
}

fn cpp_role(kind: &str) -> Role {
    match kind {
        "template_declaration" | "friend_declaration" => Role::Wrap,
        "class_specifier" => Role::Def(Def::WithBody("class")),
        "namespace_definition" => Role::Def(Def::Named("namespace")),
        _ => c_role(kind),
    }
}

fn java_role(kind: &str) -> Role {
    let named = |what| Role::Def(Def::Named(what));
    match kind {
        "line_comment" | "block_comment" => Role::Note,
        "class_declaration" => named("class"),
        "interface_declaration" => named("interface"),
        "enum_declaration" => named("enum"),
        "record_declaration" => named("record"),
        "annotation_type_declaration" => named("@interface"),
        "method_declaration" => named("method"),
        "constructor_declaration" | "compact_constructor_declaration" => named("constructor"),
        _ => Role::Other,
    }
}

fn ruby_role(kind: &str) -> Role {
    match kind {
        "comment" => Role::Note,
        "body_statement" => Role::Body,
        "method" | "singleton_method" => Role::Def(Def::Named("def")),
        "class" => Role::Def(Def::Named("class")),
        "module" => Role::Def(Def::Named("module")),
        _ => Role::Other,
    }
}

fn bash_role(kind: &str) -> Role {
    match kind {
        "comment" => Role::Note,
        "function_definition" => Role::Def(Def::Named("function")),
        _ => Role::Other,
    }
}

/// Parses `source`, reading TypeScript that the TypeScript grammar cannot parse whole as TSX: JSX is an
/// error to the first, and an `<T>x` cast one to the second.
fn parse(lang: Lang, source: &str) -> Option<(Tree, Grammar)> {
    let grammar = Grammar::of(lang);
    let tree = parse_as(grammar, source)?;
    if grammar == Grammar::TypeScript
        && tree.root_node().has_error()
        && let Some(tsx) = parse_as(Grammar::Tsx, source)
        && !tsx.root_node().has_error()
    {
        return Some((tsx, Grammar::Tsx));
    }
    Some((tree, grammar))
}

fn parse_as(grammar: Grammar, source: &str) -> Option<Tree> {
    let mut parser = Parser::new();
    parser.set_language(&grammar.language()).ok()?;
    parser.parse(source, None)
}

/// The state of one list of siblings in the walk: whose children they are, and the notes just before
/// the sibling the cursor is on.
#[derive(Debug)]
struct Level<'t> {
    parent: Option<Node<'t>>,
    parent_role: Role,
    /// Whether the parent is a definition, so that leaving it makes the walk one definition shallower.
    parent_counts: bool,
    /// Whether the cursor is on the first sibling.
    first: bool,
    /// The first and last rows of the notes right before the cursor's sibling, with no code after them.
    notes: Option<(usize, usize)>,
    /// The last code before them: a note on the row it ends on is a trailing comment.
    code: Option<Node<'t>>,
}

impl<'t> Level<'t> {
    fn new(parent: Option<Node<'t>>, parent_role: Role, parent_counts: bool) -> Level<'t> {
        Level { parent, parent_role, parent_counts, first: true, notes: None, code: None }
    }

    /// Takes note of the sibling the cursor leaves.
    fn pass(&mut self, node: Node<'t>, is_note: bool) {
        self.first = false;
        if !is_note {
            self.notes = None;
            self.code = Some(node);
            return;
        }
        let (start, end) = (node.start_position().row, last_row(node));
        self.notes = match self.notes {
            Some((first, last)) if last + 1 >= start => Some((first, end)),
            _ if self.code.is_some_and(|code| code.end_position().row == start) => None,
            _ => Some((start, end)),
        };
    }

    /// Returns the row where something starting on `row` starts with its notes.
    fn noted_start(&self, row: usize) -> usize {
        match self.notes {
            Some((first, last)) if last + 1 >= row => first,
            _ => row,
        }
    }
}

/// Returns the last row of `node`, not counting the row a line comment's newline ends it on.
fn last_row(node: Node<'_>) -> usize {
    let end = node.end_position();
    if end.column == 0 && end.row > node.start_position().row { end.row - 1 } else { end.row }
}

/// Returns whether `node`, of role `role`, belongs to what follows it: not a Rust inner doc comment
/// (`//!`), which documents what it is in, nor a shebang line.
fn is_note(role: Role, node: Node<'_>, source: &str, grammar: Grammar) -> bool {
    if role != Role::Note {
        return false;
    }
    let text = source.get(node.start_byte()..).unwrap_or("");
    let inner = grammar == Grammar::Rust && (text.starts_with("//!") || text.starts_with("/*!"));
    let shebang = node.start_byte() == 0 && text.starts_with("#!");
    !inner && !shebang
}

/// Returns the definitions in `tree`, walked once with a cursor: nesting costs the heap a `Level`, not
/// the stack a frame.
fn walk(tree: &Tree, grammar: Grammar, source: &str) -> Vec<Definition> {
    let roles = grammar.roles();
    let role_of = |node: Node<'_>| roles.get(usize::from(node.kind_id())).copied().unwrap_or(Role::Other);
    let mut found = Vec::new();
    let mut cursor = tree.walk();
    let mut levels = vec![Level::new(None, Role::Other, false)];
    let mut depth = 0usize;
    let mut node = cursor.node();
    loop {
        let role = role_of(node);
        let mut counts = false;
        if let Role::Def(def) = role
            && let Some((name, what)) = describe(def, node, source, grammar)
        {
            // A node that ends at a line's start (after its newline) ends on the line before.
            let end = node.end_position();
            let last_row = if end.column == 0 { end.row.saturating_sub(1) } else { end.row };
            found.push(Definition {
                first_line: first_row(&levels, node) as u64 + 1,
                last_line: last_row as u64 + 1,
                depth: u8::try_from(depth).unwrap_or(u8::MAX),
                name,
                what,
            });
            counts = true;
        }
        if cursor.goto_first_child() {
            levels.push(Level::new(Some(node), role, counts));
            depth += usize::from(counts);
            node = cursor.node();
            continue;
        }
        // Leaves `node`, then each parent whose last child it was, until a next sibling.
        let (mut left, mut left_role) = (node, role);
        loop {
            if let Some(level) = levels.last_mut() {
                level.pass(left, is_note(left_role, left, source, grammar));
            }
            if cursor.goto_next_sibling() {
                node = cursor.node();
                break;
            }
            if !cursor.goto_parent() {
                return found;
            }
            let Some(Level { parent: Some(parent), parent_role, parent_counts, .. }) = levels.pop() else {
                return found;
            };
            depth -= usize::from(parent_counts);
            (left, left_role) = (parent, parent_role);
        }
    }
}

/// Returns the row where the definition `node` starts with its notes, after climbing the wrappers
/// around it; `levels` ends with the list `node` is in.
fn first_row(levels: &[Level<'_>], node: Node<'_>) -> usize {
    let mut row = node.start_position().row;
    let mut at = levels.len().saturating_sub(1);
    while let Some(level) = levels.get(at)
        && let Some(parent) = level.parent
        && at > 0
    {
        let climb = match level.parent_role {
            Role::Wrap => true,
            Role::WrapSameLine => parent.start_position().row == row,
            Role::Body => level.first,
            _ => false,
        };
        if !climb {
            break;
        }
        row = row.min(parent.start_position().row);
        at -= 1;
    }
    levels.get(at).map_or(row, |level| level.noted_start(row))
}

/// Returns the name and the word for the outline of a definition, or `None` when it has no name.
fn describe(def: Def, node: Node<'_>, source: &str, grammar: Grammar) -> Option<(String, String)> {
    let text = |node: Node<'_>| text(node, source);
    let (name, what) = match def {
        Def::Named(what) => (text(node.child_by_field_name("name")?), what.to_owned()),
        Def::WithBody(what) => {
            node.child_by_field_name("body")?;
            (text(node.child_by_field_name("name")?), what.to_owned())
        }
        Def::Impl => {
            let what = match node.child_by_field_name("trait") {
                Some(trait_) => format!("impl {} for", text(trait_)),
                None => "impl".to_owned(),
            };
            (text(impl_type(node.child_by_field_name("type")?)?), what)
        }
        Def::GoMethod => {
            let name = text(node.child_by_field_name("name")?);
            match node.child_by_field_name("receiver").and_then(receiver_type) {
                Some(receiver) => (format!("{}.{name}", text(receiver)), "method".to_owned()),
                None => (name, "method".to_owned()),
            }
        }
        Def::CFunction => {
            let name = text(declared_name(node.child_by_field_name("declarator")?)?);
            let name = if grammar == Grammar::Cpp { without_template_arguments(name) } else { name };
            (name, "function".to_owned())
        }
        Def::CPrototype => {
            if !is_prototype(node) {
                return None;
            }
            let name = text(declared_name(node.child_by_field_name("declarator")?)?);
            let name = if grammar == Grammar::Cpp { without_template_arguments(name) } else { name };
            (name, super::definition::DECLARATION.to_owned())
        }
        Def::Binding { name, value, what } => {
            let what = match node.child_by_field_name(value)?.kind() {
                "arrow_function" | "function_expression" | "function" | "generator_function" => what,
                "class" => "class",
                _ => return None,
            };
            let name = node.child_by_field_name(name)?;
            if matches!(name.kind(), "object_pattern" | "array_pattern") {
                return None;
            }
            (text(name), what.to_owned())
        }
    };
    let name = match (grammar, def) {
        (Grammar::Cpp, Def::WithBody(_)) => without_template_arguments(name),
        _ => name,
    };
    (!name.is_empty()).then_some((name, what))
}

/// Returns the text of `node` with its whitespace collapsed, and a string's quotes dropped
/// (`declare module "fs"` is named `fs`).
fn text(node: Node<'_>, source: &str) -> String {
    let mut text = source.get(node.byte_range()).unwrap_or("");
    if node.kind() == "string" {
        text = text.trim_matches(['"', '\'', '`']);
    }
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// Returns the node naming the type of a Rust impl: `Wrapper` in `Wrapper<T>`, `&Wrapper`, `a::Wrapper`.
fn impl_type(mut node: Node<'_>) -> Option<Node<'_>> {
    loop {
        node = match node.kind() {
            "generic_type" | "reference_type" | "pointer_type" => node.child_by_field_name("type")?,
            "scoped_type_identifier" => node.child_by_field_name("name")?,
            _ => return Some(node),
        };
    }
}

/// Returns the type of a Go method's receiver, without its pointer or type arguments.
fn receiver_type(list: Node<'_>) -> Option<Node<'_>> {
    let parameter = (0..list.named_child_count())
        .filter_map(|i| list.named_child(u32::try_from(i).ok()?))
        .find(|child| child.kind() == "parameter_declaration")?;
    let mut node = parameter.child_by_field_name("type")?;
    loop {
        node = match node.kind() {
            "pointer_type" | "parenthesized_type" => node.named_child(0)?,
            "generic_type" => node.child_by_field_name("type")?,
            _ => return Some(node),
        };
    }
}

/// Returns whether a function declarator is a prototype's: what a declaration, or a class's member,
/// declares (through pointers and references to what it returns), and not a function pointer's, whose
/// name is in parentheses with its `*`, nor a macro's use that reads as one, such as glibc's
/// `__nonnull ((1))`, whose "parameters" are no declarations.
fn is_prototype(declarator: Node<'_>) -> bool {
    if declarator.child_by_field_name("declarator").is_some_and(|inner| inner.kind() == "parenthesized_declarator") {
        return false;
    }
    if let Some(parameters) = declarator.child_by_field_name("parameters") {
        let declared =
            (0..parameters.named_child_count()).filter_map(|i| parameters.named_child(u32::try_from(i).ok()?)).all(
                |p| p.kind().ends_with("parameter_declaration") || matches!(p.kind(), "variadic_parameter" | "comment"),
            );
        if !declared {
            return false;
        }
    }
    let mut parent = declarator.parent();
    while let Some(node) = parent {
        match node.kind() {
            "pointer_declarator" | "reference_declarator" | "attributed_declarator" => parent = node.parent(),
            "declaration" | "field_declaration" => return true,
            _ => return false,
        }
    }
    false
}

/// Returns the name inside a C or C++ declarator: `split` in `**split(const char *s)`, `Foo::bar` in
/// `Foo::bar()`, through pointers, references, parentheses and attributes.
fn declared_name(mut node: Node<'_>) -> Option<Node<'_>> {
    const NAMES: [&str; 8] = [
        "identifier",
        "field_identifier",
        "qualified_identifier",
        "destructor_name",
        "operator_name",
        "operator_cast",
        "template_function",
        "template_method",
    ];
    loop {
        if NAMES.contains(&node.kind()) {
            return Some(node);
        }
        node = match node.child_by_field_name("declarator") {
            Some(inner) => inner,
            // Parenthesized, reference and attributed declarators hold theirs without a field.
            None => (0..node.named_child_count())
                .filter_map(|i| node.named_child(u32::try_from(i).ok()?))
                .find(|child| child.kind().ends_with("declarator") || NAMES.contains(&child.kind()))?,
        };
    }
}

/// Drops the template arguments from a C++ name, as a query names it: `Box<T>::put` is `Box::put`.
fn without_template_arguments(name: String) -> String {
    if !name.contains('<') || name.contains("operator") {
        return name;
    }
    let mut out = String::with_capacity(name.len());
    let mut open = 0usize;
    for c in name.chars() {
        match c {
            '<' => open += 1,
            '>' => open = open.saturating_sub(1),
            _ if open == 0 => out.push(c),
            _ => {}
        }
    }
    out.trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outline(lang: Lang, source: &str) -> Vec<(u64, u8, String, String)> {
        definitions(lang, source).into_iter().map(|d| (d.first_line, d.depth, d.name, d.what)).collect()
    }

    fn want(list: &[(u64, u8, &str, &str)]) -> Vec<(u64, u8, String, String)> {
        list.iter().map(|&(line, depth, name, what)| (line, depth, name.to_owned(), what.to_owned())).collect()
    }

    #[test]
    fn rust() {
        let source = r#"//! Wrappers for display.

use std::fmt;

/// A value shown with a label.
/// It keeps the label short.
#[derive(Debug, Clone)]
pub struct Wrapper<T> {
    label: String,
    value: T,
}

// Not attached: a blank line follows.

/// Shows the label, then the value.
impl<T: fmt::Display> fmt::Display for Wrapper<T> {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.label, self.value)
    }
}

impl<T> Wrapper<T> {
    /// Builds a wrapper.
    pub fn new(label: &str, value: T) -> Self {
        fn trimmed(label: &str) -> String {
            label.trim().to_owned()
        }
        Wrapper { label: trimmed(label), value }
    }
}

pub trait Shown {
    fn show(&self) -> String;
}

enum Mode { Short, Long }

macro_rules! wrap {
    ($v:expr) => { Wrapper::new("", $v) };
}

#[cfg(test)]
mod tests {
    #[test]
    fn wraps() {}
}

mod elsewhere;
"#;
        assert_eq!(
            outline(Lang::Rust, source),
            want(&[
                (5, 0, "Wrapper", "struct"),
                (15, 0, "Wrapper", "impl fmt::Display for"),
                (17, 1, "fmt", "fn"),
                (23, 0, "Wrapper", "impl"),
                (24, 1, "new", "fn"),
                (26, 2, "trimmed", "fn"),
                (33, 0, "Shown", "trait"),
                (34, 1, "show", "fn"),
                (37, 0, "Mode", "enum"),
                (39, 0, "wrap", "macro"),
                (43, 0, "tests", "mod"),
                (45, 1, "wraps", "fn"),
            ])
        );
    }

    #[test]
    fn python() {
        let source = r#"#!/usr/bin/env python3
"""Reads settings."""

import functools


# Caches what it reads.
def cached(fn):
    @functools.wraps(fn)
    def inner(*args):
        return fn(*args)

    return inner


class Settings:
    # Settings from a file.
    def __init__(self, path):
        self.path = path

    @property
    @cached
    def values(self):
        def parse(line):
            key, _, value = line.partition("=")
            return key.strip(), value.strip()

        with open(self.path) as f:
            return dict(parse(line) for line in f)

    class Error(Exception):
        pass


x = 1  # trailing, not attached
async def load(path):
    return Settings(path)
"#;
        assert_eq!(
            outline(Lang::Python, source),
            want(&[
                (7, 0, "cached", "def"),
                (9, 1, "inner", "def"),
                (16, 0, "Settings", "class"),
                (17, 1, "__init__", "def"),
                (21, 1, "values", "def"),
                (24, 2, "parse", "def"),
                (31, 1, "Error", "class"),
                (36, 0, "load", "def"),
            ])
        );
    }

    #[test]
    fn javascript() {
        let source = r#"'use strict';

/**
 * Keeps a list of listeners.
 */
class Emitter extends Base {
  constructor() {
    super();
    this.listeners = [];
  }

  // Adds one.
  on(event, fn) {
    this.listeners.push([event, fn]);
  }

  static #count = () => 0;

  *[Symbol.iterator]() {
    yield* this.listeners;
  }
}

function* ids() {
  let n = 0;
  while (true) yield n++;
}

/** Handles a request. */
export const handler = async (req) => {
  const reply = function (body) {
    return { status: 200, body };
  };
  return reply(req.body);
};

const limit = 10, format = (n) => `${n}`;
const { a, b } = require('./ab');

module.exports.run = function () {};
"#;
        assert_eq!(
            outline(Lang::JavaScript, source),
            want(&[
                (3, 0, "Emitter", "class"),
                (7, 1, "constructor", "method"),
                (12, 1, "on", "method"),
                (17, 1, "#count", "method"),
                (19, 1, "[Symbol.iterator]", "method"),
                (24, 0, "ids", "function"),
                (29, 0, "handler", "function"),
                (31, 1, "reply", "function"),
                (37, 0, "format", "function"),
                (40, 0, "module.exports.run", "function"),
            ])
        );
    }

    #[test]
    fn typescript() {
        let source = r#"import { Shape } from "./shape";

/** Something with an area. */
export interface Sized {
  area(): number;
  readonly name: string;
}

export type Id = string | number;

enum Color {
  Red,
  Green,
}

/** Geometry helpers. */
namespace Geo {
  export function distance(a: number, b: number): number {
    return Math.abs(a - b);
  }
}

@Component({ selector: "app-square" })
export abstract class Square implements Sized {
  constructor(private side: number) {}

  // The area of the square.
  @memo()
  area(): number {
    return this.side * this.side;
  }

  abstract get name(): string;
  abstract scale(by: number): Square;

  onClick = (event: Event): void => {
    const cast = <HTMLElement>event.target;
  };
}

declare module "legacy" {
  export function old(): void;
}
"#;
        assert_eq!(
            outline(Lang::TypeScript, source),
            want(&[
                (3, 0, "Sized", "interface"),
                (5, 1, "area", "method"),
                (9, 0, "Id", "type"),
                (11, 0, "Color", "enum"),
                (16, 0, "Geo", "namespace"),
                (18, 1, "distance", "function"),
                (23, 0, "Square", "class"),
                (25, 1, "constructor", "method"),
                (27, 1, "area", "method"),
                (33, 1, "name", "method"),
                (34, 1, "scale", "method"),
                (36, 1, "onClick", "method"),
                (41, 0, "legacy", "namespace"),
                (42, 1, "old", "function"),
            ])
        );
    }

    #[test]
    fn tsx_falls_back() {
        let source = r#"export function App() {
  return <div className="app">hi</div>;
}

const Row = <T,>(p: T) => <span />;
"#;
        assert_eq!(outline(Lang::TypeScript, source), want(&[(1, 0, "App", "function"), (5, 0, "Row", "function")]));
    }

    #[test]
    fn go() {
        let source = r#"// Package server serves requests.
package server

import "net/http"

// Server answers on one address.
type Server struct {
	addr string
	mux  *http.ServeMux
}

type (
	// Handler handles one route.
	Handler func(w http.ResponseWriter, r *http.Request)

	Routes = map[string]Handler
)

// List holds items of any kind.
type List[T any] struct{ items []T }

// Len counts the items.
func (l List[T]) Len() int { return len(l.items) }

// Start listens until it fails.
func (s *Server) Start() error {
	handle := func(w http.ResponseWriter, r *http.Request) {}
	s.mux.HandleFunc("/", handle)
	return http.ListenAndServe(s.addr, s.mux)
}

func New(addr string) *Server {
	return &Server{addr: addr, mux: http.NewServeMux()}
}
"#;
        assert_eq!(
            outline(Lang::Go, source),
            want(&[
                (6, 0, "Server", "type"),
                (13, 0, "Handler", "type"),
                (16, 0, "Routes", "type"),
                (19, 0, "List", "type"),
                (22, 0, "List.Len", "method"),
                (25, 0, "Server.Start", "method"),
                (32, 0, "New", "func"),
            ])
        );
    }

    #[test]
    fn c() {
        let source = r#"#include <stdlib.h>
#include <string.h>

/* A point on the grid. */
struct point {
    int x, y;
    struct tag {
        char name[8];
    } tag;
};

typedef struct {
    int len;
} anon_t;

union value { int i; double d; };

enum color { RED, GREEN };

struct point *origin(void);

/*
 * Splits a string at each comma.
 */
static char **split(const char *s, size_t *count)
{
    char **out = malloc(sizeof(char *) * 8);
    *count = 0;
    return out;
}

int (*pick(int which))(int)
{
    return NULL;
}

int main(void)
{
    struct point p = {0, 0};
    return p.x;
}
"#;
        assert_eq!(
            outline(Lang::C, source),
            want(&[
                (4, 0, "point", "struct"),
                (7, 1, "tag", "struct"),
                (16, 0, "value", "union"),
                (18, 0, "color", "enum"),
                (20, 0, "origin", "declaration"),
                (22, 0, "split", "function"),
                (32, 0, "pick", "function"),
                (37, 0, "main", "function"),
            ])
        );
    }

    #[test]
    fn a_headers_functions_are_its_declarations_with_the_comments_above_them() {
        let source = r#"#ifndef BN_H
# define BN_H

# ifdef  __cplusplus
extern "C" {
# endif

typedef struct bignum_st BIGNUM;
typedef int (*bn_cb)(int, int);

/*
 * Prints |num| to |bp| in hex, |off| spaces in.
 */
int ASN1_bn_print(BIO *bp, const char *number, const BIGNUM *num,
                  unsigned char *buf, int off);

/* Returns a new number, or NULL. */
BIGNUM *BN_new(void);
void BN_sort(BIGNUM **nums, int (*cmp)(const BIGNUM *, const BIGNUM *));
extern void *BN_copy(void *dest, const void *src, size_t n) __THROW __nonnull ((1, 2));
extern int (*bn_hook)(BIGNUM *);
const char *const BN_names[2];

# ifdef  __cplusplus
}
# endif
#endif
"#;
        assert_eq!(
            outline(Lang::C, source),
            want(&[
                (11, 0, "ASN1_bn_print", "declaration"),
                (17, 0, "BN_new", "declaration"),
                (19, 0, "BN_sort", "declaration"),
                (20, 0, "BN_copy", "declaration"),
            ])
        );
        let cpp = "extern \"C\" {\n// Frees it.\nvoid BN_free(BIGNUM *a);\n}\nstruct S { int (*f)(int); };\n";
        assert_eq!(outline(Lang::Cpp, cpp), want(&[(2, 0, "BN_free", "declaration"), (5, 0, "S", "struct")]));
    }

    #[test]
    fn cpp() {
        let source = r#"#include <vector>

namespace app::net {

/// A connection to one peer.
class Conn : public Base {
 public:
  Conn() {}
  ~Conn();

  // Bytes sent so far.
  int& sent() { return sent_; }
  void send(const char* data);

 private:
  int sent_ = 0;
};

void Conn::send(const char* data) {
  sent_ += 1;
}

}  // namespace app::net

Conn::~Conn() {}

template <typename T>
T largest(const std::vector<T>& items) {
  return items.front();
}

template <typename T>
struct Box {
  T value;
  void put(T v);
};

template <typename T>
void Box<T>::put(T v) {
  value = v;
}

enum class Color { Red, Green };

namespace {
int helper() { return 1; }
}
"#;
        assert_eq!(
            outline(Lang::Cpp, source),
            want(&[
                (3, 0, "app::net", "namespace"),
                (5, 1, "Conn", "class"),
                (8, 2, "Conn", "function"),
                (9, 2, "~Conn", "declaration"),
                (11, 2, "sent", "function"),
                (13, 2, "send", "declaration"),
                (19, 1, "Conn::send", "function"),
                (25, 0, "Conn::~Conn", "function"),
                (27, 0, "largest", "function"),
                (32, 0, "Box", "struct"),
                (35, 1, "put", "declaration"),
                (38, 0, "Box::put", "function"),
                (43, 0, "Color", "enum"),
                (46, 0, "helper", "function"),
            ])
        );
    }

    #[test]
    fn java() {
        let source = r#"package app.orders;

import java.util.List;

/**
 * An order and its lines.
 */
@Entity
public class Order<T> implements Comparable<Order<T>> {
    private final List<T> lines;

    /** Kinds of order. */
    public enum Kind {
        RETAIL,
        WHOLESALE;

        boolean bulk() { return this == WHOLESALE; }
    }

    public Order(List<T> lines) {
        this.lines = lines;
    }

    // Compares by size.
    @Override
    public int compareTo(Order<T> other) {
        return Integer.compare(lines.size(), other.lines.size());
    }

    record Line(String sku, int count) {
        Line {
            if (count < 0) throw new IllegalArgumentException();
        }
    }

    interface Visitor {
        void visit(Order<?> order);
    }
}

@interface Audited {}
"#;
        assert_eq!(
            outline(Lang::Java, source),
            want(&[
                (5, 0, "Order", "class"),
                (12, 1, "Kind", "enum"),
                (17, 2, "bulk", "method"),
                (20, 1, "Order", "constructor"),
                (24, 1, "compareTo", "method"),
                (30, 1, "Line", "record"),
                (31, 2, "Line", "constructor"),
                (36, 1, "Visitor", "interface"),
                (37, 2, "visit", "method"),
                (41, 0, "Audited", "@interface"),
            ])
        );
    }

    #[test]
    fn ruby() {
        let source = r#"#!/usr/bin/env ruby
# frozen_string_literal: true

require "json"

# Billing for the shop.
module Shop::Billing
  # An invoice and its total.
  class Invoice < Base
    attr_reader :lines

    # Builds one from JSON.
    def self.parse(text)
      new(JSON.parse(text))
    end

    def initialize(lines)
      @lines = lines
    end

    def ==(other)
      lines == other.lines
    end

    class << self
      def empty
        new([])
      end
    end
  end

  def self.version; "1.0"; end
end
"#;
        assert_eq!(
            outline(Lang::Ruby, source),
            want(&[
                (6, 0, "Shop::Billing", "module"),
                (8, 1, "Invoice", "class"),
                (12, 2, "parse", "def"),
                (17, 2, "initialize", "def"),
                (21, 2, "==", "def"),
                (26, 2, "empty", "def"),
                (32, 1, "version", "def"),
            ])
        );
    }

    #[test]
    fn shell() {
        let source = r#"#!/usr/bin/env bash
set -euo pipefail

# Prints a message to stderr.
log() {
    echo "$*" >&2
}

# Not attached.

function usage {
    cat <<EOF
usage: run [-v] target
EOF
}

# Runs in a subshell.
function build() (
    cd "$1" && make
)

main() {
    helper() { log "nested"; }
    helper
    build "${1:-.}"
}

main "$@"
"#;
        assert_eq!(
            outline(Lang::Shell, source),
            want(&[
                (4, 0, "log", "function"),
                (11, 0, "usage", "function"),
                (17, 0, "build", "function"),
                (22, 0, "main", "function"),
                (23, 1, "helper", "function"),
            ])
        );
    }

    #[test]
    fn syntax_errors_keep_the_rest() {
        let source = r#"/// Parses.
fn parse(input: &str) -> u32 {
    input.len() as u32
}

fn broken( {
    let x = ;
}

struct After {
    field: u8,
}

fn last() {}
"#;
        let found = outline(Lang::Rust, source);
        for expected in [(1, 0, "parse", "fn"), (10, 0, "After", "struct"), (14, 0, "last", "fn")] {
            let expected = want(&[expected]).remove(0);
            assert!(found.contains(&expected), "{expected:?} missing from {found:?}");
        }
    }

    #[test]
    fn deep_nesting_does_not_overflow() {
        let source = format!("x = {}1{}\n\ndef after():\n    pass\n", "[".repeat(100_000), "]".repeat(100_000));
        assert_eq!(outline(Lang::Python, &source), want(&[(3, 0, "after", "def")]));
    }

    #[test]
    fn empty_and_nameless() {
        assert!(outline(Lang::C, "").is_empty());
        assert!(outline(Lang::C, "typedef struct { int a; } t;\nstruct s;\n").is_empty());
    }
}
