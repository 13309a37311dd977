use super::super::finding::Finding;
use super::super::yaml::Node;
use super::context::Context;
use super::rule::rule;

rule! {
    /// ## What it does
    /// Checks the paths a tool's `roots` and `paths` name: each absolute, or in the plugin's folder;
    /// not `~`, which nothing expands; not a climb out of the plugin's folder with `..`; and not the
    /// whole machine or every person's home.
    ///
    /// ## Why is this bad?
    /// A tool's server is confined: it reads the system, its runtime and its plugin's folder, and what
    /// its manifest declares. A path that cannot be found stops the server at its start; a path as
    /// wide as `/` or `/home` gives it every file its edge's user may read, which is what confinement
    /// is there to prevent. A shared edge gives a server only the folders its operator allows.
    ///
    /// ## Example
    /// ```yaml
    /// tools:
    ///   - id: notes
    ///     mcp: [python, server.py]
    ///     roots: ["~/notes"]
    ///     paths: [/]
    /// ```
    ///
    /// ## Use instead
    /// ```yaml
    /// tools:
    ///   - id: notes
    ///     mcp: [python, server.py]
    ///     roots: ["${config.notes_dir}"]
    ///     paths: [{path: /srv/notes/cache, access: read-write}]
    /// ```
    pub(crate) struct ToolPaths {
        code: "OZ-S018",
        name: "tool-paths",
        severity: Error,
        listing: false,
        summary: "a tool's roots and paths are absolute or in its plugin, and narrower than the machine",
    }
}

/// Folders whose grant gives a server far more than a tool needs.
const TOO_WIDE: [&str; 4] = ["/", "/home", "/root", "/Users"];

impl ToolPaths {
    pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
        for tool in cx.doc.root.get("tools").and_then(Node::items).unwrap_or_default() {
            let roots = tool.get("roots").and_then(Node::items).unwrap_or_default();
            let paths = tool.get("paths").and_then(Node::items).unwrap_or_default();
            let named = roots.iter().chain(paths.iter()).filter_map(|node| match node.get("path") {
                Some(path) => Some(path),
                None => node.as_str().map(|_| node),
            });
            for node in named {
                let Some(path) = node.as_str() else { continue };
                if let Some(finding) = check_path(path) {
                    out.push(finding(node));
                }
            }
        }
    }
}

/// Returns the finding a path makes, pointed at its node, or `None` for a path that is fine.
fn check_path(path: &str) -> Option<impl FnOnce(&Node) -> Finding> {
    let (message, label, help) = if path.starts_with('~') {
        (
            format!("`{path}` begins with `~`, which nothing expands"),
            "not a path",
            "give an absolute path, a path in the plugin's folder, or `${config.KEY}` for a folder set at install",
        )
    } else if !path.starts_with('/') && !path.starts_with("${") && climbs_out(path) {
        (
            format!("`{path}` climbs out of the plugin's folder"),
            "outside the plugin",
            "give an absolute path for a folder outside the plugin",
        )
    } else if TOO_WIDE.contains(&folder_of(path)) {
        (
            format!("`{path}` gives the tool's server every file under it that its edge's user may read"),
            "far wider than a tool needs",
            "name the folder the tool works in",
        )
    } else {
        return None;
    };
    Some(move |node: &Node| Finding::new(&ToolPaths::RULE, node.span, message, label).help(help))
}

/// Returns a path without its trailing slashes, `/` staying `/`.
fn folder_of(path: &str) -> &str {
    match path.trim_end_matches('/') {
        "" if path.starts_with('/') => "/",
        trimmed => trimmed,
    }
}

/// Returns whether a relative path climbs above the folder it starts in.
fn climbs_out(path: &str) -> bool {
    let mut depth = 0i32;
    for part in path.split('/') {
        match part {
            ".." => depth -= 1,
            "" | "." => {}
            _ => depth += 1,
        }
        if depth < 0 {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_absolute_or_in_the_plugin_and_narrow() {
        assert!(check_path("/srv/docs").is_none());
        assert!(check_path("docs/a/../b").is_none());
        assert!(check_path("${config.dir}").is_none());
        assert!(check_path("~/notes").is_some());
        assert!(check_path("../other").is_some());
        assert!(check_path("docs/../../x").is_some());
        assert!(check_path("/").is_some());
        assert!(check_path("/home/").is_some());
    }
}
