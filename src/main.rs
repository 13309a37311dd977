use std::process::ExitCode;

fn main() -> ExitCode {
    oz0::run(std::env::args_os())
}
