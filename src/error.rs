//! The one error type of every command: what failed, why, and what to do.

use std::error::Error as StdError;
use std::fmt;

/// What kind of failure ended a command, which decides its exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// Findings were reported, or a job failed: exit 1.
    Failed,
    /// The command line or its input was wrong: exit 2.
    Usage,
    /// Something outside the command line failed (a file, the edge): exit 2.
    Operational,
    /// The user interrupted the command: exit 130.
    Interrupted,
}

impl ErrorKind {
    /// Returns the process exit code for this kind.
    pub fn exit_code(self) -> u8 {
        match self {
            ErrorKind::Failed => 1,
            ErrorKind::Usage | ErrorKind::Operational => 2,
            ErrorKind::Interrupted => 130,
        }
    }
}

/// A command's failure: a message, its causes, and hints for what to do.
#[derive(Debug)]
pub struct CommandError {
    /// What kind of failure it was.
    pub kind: ErrorKind,
    /// What failed, naming the file, key or value.
    pub message: String,
    /// Why, when a lower layer said.
    pub source: Option<Box<dyn StdError + Send + Sync>>,
    /// What to do about it.
    pub hints: Vec<String>,
}

impl CommandError {
    /// Returns an error of the command line or its input.
    pub fn usage(message: impl Into<String>) -> Self {
        Self { kind: ErrorKind::Usage, message: message.into(), source: None, hints: Vec::new() }
    }

    /// Returns an error of something outside the command line.
    pub fn operational(message: impl Into<String>) -> Self {
        Self { kind: ErrorKind::Operational, message: message.into(), source: None, hints: Vec::new() }
    }

    /// Adds the cause.
    pub fn caused_by(mut self, source: impl Into<Box<dyn StdError + Send + Sync>>) -> Self {
        self.source = Some(source.into());
        self
    }

    /// Adds a hint.
    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hints.push(hint.into());
        self
    }

    /// Adds the hints a known cause deserves wherever it shows: a Python server without a package it
    /// imports, as the examples' servers are when their venv is not on `PATH`, and a server's program
    /// that is not on `PATH` at all.
    pub fn explained(self) -> Self {
        let mut said = self.message.clone();
        for line in self.causes().iter().chain(&self.hints) {
            said.push('\n');
            said.push_str(line);
        }
        const VENV: &str =
            "for the examples, `scripts/setup-examples` makes the venv .venv: export PATH=\"$PWD/.venv/bin:$PATH\"";
        let between = |start: &str, end: char| said.split(start).nth(1).and_then(|rest| rest.split(end).next());
        if let Some(module) = between("No module named '", '\'') {
            return self.hint(format!(
                "the tool's Python has no `{module}` package: run oz0 (and `oz0 edge serve`) where `python` is one \
                 that has it; {VENV}"
            ));
        }
        if let Some(program) = between("could not start `", '`')
            && !program.contains('/')
            && !on_path(program)
        {
            let python3 = program == "python" && on_path("python3");
            return self.hint(format!(
                "`{program}` is not on the PATH oz0 (or `oz0 edge serve`) runs with{}: install it, or put the \
                 folder that holds it first on PATH; {VENV}",
                if python3 { ", though `python3` is" } else { "" }
            ));
        }
        self
    }

    /// Returns the causes, outermost first.
    pub fn causes(&self) -> Vec<String> {
        let mut causes = Vec::new();
        let mut next: Option<&(dyn StdError + 'static)> = self.source.as_deref().map(|e| e as _);
        while let Some(err) = next {
            causes.push(err.to_string());
            next = err.source();
        }
        causes
    }

    /// Returns whether the failure was writing to a closed pipe, which ends a command quietly.
    pub fn is_broken_pipe(&self) -> bool {
        let mut next: Option<&(dyn StdError + 'static)> = self.source.as_deref().map(|e| e as _);
        while let Some(err) = next {
            if let Some(io) = err.downcast_ref::<std::io::Error>()
                && io.kind() == std::io::ErrorKind::BrokenPipe
            {
                return true;
            }
            next = err.source();
        }
        false
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<std::io::Error> for CommandError {
    /// Writing to stdout or stderr failed.
    fn from(err: std::io::Error) -> Self {
        CommandError::operational("could not write the output").caused_by(err)
    }
}

/// Returns whether a program of that name is on `PATH`.
fn on_path(program: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
}
