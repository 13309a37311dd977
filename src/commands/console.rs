//! `oz0 console`: the embedded edge's console in a browser, on loopback.

use clap::Args;
use oz0_edge::console::Console;

use crate::edge::{EdgeArgs, Place, place};
use crate::error::CommandError;
use crate::ui;

/// Open the console of the embedded edge: its jobs, traces, costs, approvals and settings in a
/// browser.
///
/// Serves the console on 127.0.0.1 and prints its address with a one-time sign-in link, which signs
/// the local person in once within five minutes; the link holds a code, never a token. Stops on
/// Ctrl-C. A served edge has its console at `/console/` of its address already (`oz0 edge serve`).
#[derive(Debug, Args)]
#[command(after_long_help = EXAMPLES)]
pub struct ConsoleArgs {
    /// The port on 127.0.0.1 to serve on; 0 picks a free one.
    #[arg(long, value_name = "PORT", default_value_t = 0)]
    pub port: u16,
}

const EXAMPLES: &str = "\
Examples:
  oz0 console
  oz0 console --port 7371";

/// Runs `oz0 console`.
pub fn run(args: &ConsoleArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let dir = match place(edge)? {
        Place::Embedded(dir) => dir,
        Place::Remote { url, .. } => {
            return Err(CommandError::usage("`oz0 console` opens the embedded edge's console")
                .hint(format!("a served edge has its own: open {}/console/", url.trim_end_matches('/'))));
        }
    };
    crate::edge::block_on_threads(async {
        let local = crate::edge::open_embedded(&dir)?;
        let console = Console::new(std::sync::Arc::clone(local.state()));
        let link = console
            .sign_in_path(local.principal().clone())
            .map_err(|err| CommandError::operational("could not make a sign-in link").caused_by(err))?;
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", args.port)).await.map_err(|err| {
            CommandError::operational(format!("could not listen on 127.0.0.1:{}", args.port))
                .caused_by(err)
                .hint("another program may have the port: choose another with --port, or 0 for a free one")
        })?;
        let address = listener
            .local_addr()
            .map_err(|err| CommandError::operational("could not tell the address listened on").caused_by(err))?;
        let stop = crate::stop::shutdown()
            .map_err(|err| CommandError::operational("could not catch Ctrl-C").caused_by(err))?;
        ui::print_text(&format!("console at http://{address}/console/"))?;
        ui::print_text(&format!("sign in once within five minutes: http://{address}{link}"))?;
        ui::info("press Ctrl-C to stop");
        oz0_edge::console::serve(listener, console, stop)
            .await
            .map_err(|err| CommandError::operational("the console stopped").caused_by(err))?;
        ui::info("stopped");
        Ok(())
    })
}
