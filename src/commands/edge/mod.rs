//! `oz0 edge`: run a shared edge, make its tokens, and see which edge a command talks to.

pub mod rotate_key;
pub mod serve;
pub mod status;
pub mod token;

use clap::Subcommand;

use crate::edge::EdgeArgs;
use crate::error::CommandError;

/// Run a shared edge, make tokens, rotate its key, and see which edge commands talk to.
#[derive(Debug, Subcommand)]
pub enum EdgeCommand {
    Serve(serve::EdgeServeArgs),
    Status(status::EdgeStatusArgs),
    RotateKey(rotate_key::EdgeRotateKeyArgs),
    /// Make tokens of the edge.
    #[command(subcommand)]
    Token(token::TokenCommand),
}

/// Runs an `oz0 edge` command.
pub fn run(command: EdgeCommand, edge: &EdgeArgs) -> Result<(), CommandError> {
    match command {
        EdgeCommand::Serve(args) => serve::run(&args),
        EdgeCommand::Status(args) => status::run(&args, edge),
        EdgeCommand::RotateKey(args) => rotate_key::run(&args, edge),
        EdgeCommand::Token(command) => token::run(command, edge),
    }
}
