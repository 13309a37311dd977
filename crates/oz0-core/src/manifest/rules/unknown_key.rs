use super::super::finding::Finding;
use super::super::schema::{Section, known_keys};
use super::super::yaml::Node;
use super::context::{Context, did_you_mean};
use super::rule::rule;

rule! {
    /// ## What it does
    /// Checks that every key of the manifest is one the platform knows, and suggests the closest
    /// known key for a misspelt one.
    ///
    /// ## Why is this bad?
    /// The platform refuses a manifest with a key it does not know, so that a misspelt key
    /// (`timout`) is never silently ignored and the tool never runs without the setting its author
    /// meant it to have.
    ///
    /// ## Example
    /// ```yaml
    /// tools:
    ///   - id: acme_docs
    ///     mcp: ["python", "-m", "acme_docs.server"]
    ///     timout: 30
    /// ```
    ///
    /// ## Use instead
    /// ```yaml
    /// tools:
    ///   - id: acme_docs
    ///     mcp: ["python", "-m", "acme_docs.server"]
    ///     timeout: 30
    /// ```
    pub(crate) struct UnknownKey {
        code: "OZ-P001",
        name: "unknown-key",
        severity: Error,
        listing: false,
        summary: "every key of the manifest is one the platform knows",
    }
}

impl UnknownKey {
    pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
        let root = &cx.doc.root;
        keys(root, Section::Root, "the manifest", out);
        for tool in root.get("tools").and_then(Node::items).unwrap_or_default() {
            keys(tool, Section::Tool, "a tool", out);
            if let Some(limits) = tool.get("limits") {
                keys(limits, Section::Limits, "a tool's `limits`", out);
            }
            for path in tool.get("paths").and_then(Node::items).unwrap_or_default() {
                keys(path, Section::Path, "an item of `paths`", out);
            }
        }
        if let Some(requires) = root.get("requires") {
            keys(requires, Section::Requires, "`requires`", out);
            if let Some(models) = requires.get("models") {
                keys(models, Section::Models, "`requires.models`", out);
            }
        }
        for (section, key, what) in [(Section::Secret, "secrets", "a secret"), (Section::Config, "config", "a setting")]
        {
            for (_, value) in root.get(key).and_then(Node::entries).unwrap_or_default() {
                keys(value, section, what, out);
            }
        }
    }
}

fn keys(node: &Node, section: Section, what: &str, out: &mut Vec<Finding>) {
    let known = known_keys(section);
    for (key, _) in node.entries().unwrap_or_default() {
        let name = key.key_text();
        if known.contains(&name.as_str()) {
            continue;
        }
        let finding = Finding::new(
            &UnknownKey::RULE,
            key.span,
            format!("unknown key `{name}` in {what}"),
            "not a key the platform knows",
        );
        out.push(match did_you_mean(&name, known.iter().copied()) {
            Some(near) => finding.help(format!("did you mean `{near}`?")),
            None => finding.help(format!("the keys of {what} are {}", list(known))),
        });
    }
}

/// Returns `a`, `b` and `c`.
pub(crate) fn list(words: &[&str]) -> String {
    let quoted: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
    match quoted.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
