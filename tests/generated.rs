//! The checked-in completions and man pages are what the command line's definition generates now.

use crate::common;

use common::{TestEnv, text};

const STALE: &str = "is stale: run scripts/generate and commit the result";

#[test]
fn completions_are_up_to_date() {
    let env = TestEnv::new();
    for (shell, file) in
        [("bash", "oz0.bash"), ("zsh", "_oz0"), ("fish", "oz0.fish"), ("elvish", "oz0.elv"), ("powershell", "_oz0.ps1")]
    {
        let out = env.oz0().args(["util", "completion", shell]).output().unwrap();
        assert!(out.status.success(), "{}", text(&out.stderr));
        let path = format!("{}/completions/{file}", env!("CARGO_MANIFEST_DIR"));
        let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(text(&out.stdout) == checked_in, "{path} {STALE}");
    }
}

#[test]
fn man_pages_are_up_to_date() {
    let env = TestEnv::new();
    let out = env.oz0().args(["util", "man", "generated"]).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let names = |dir: &std::path::Path| {
        let mut names: Vec<String> =
            std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    };
    let generated = env.work().join("generated");
    let checked_in = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("man");
    assert_eq!(names(&generated), names(&checked_in), "man/ {STALE}");
    for name in names(&generated) {
        let page = std::fs::read_to_string(generated.join(&name)).unwrap();
        assert!(page.contains(".SH \"EXIT STATUS\"") && page.contains(".SH ENVIRONMENT"), "man/{name}");
        let now = std::fs::read(generated.join(&name)).unwrap();
        let then = std::fs::read(checked_in.join(&name)).unwrap();
        assert!(now == then, "man/{name} {STALE}");
    }
}
