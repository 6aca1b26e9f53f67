//! The `hexstack` command line: parse, hand over, and turn errors into exit status 2.

use clap::Parser;
use hexstack::cli::{self, Cli, Stop};
use hexstack::i18n::{self, Lang};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::try_parse().unwrap_or_else(|error| match error.use_stderr() {
        true => {
            // A value quoted back may hold control characters: shown escaped, never sent.
            let text = error.to_string().split('\n').map(i18n::printable).collect::<Vec<_>>();
            eprintln!("hexstack: {}", hexstack::usage_error::one_line(&text.join("\n")));
            std::process::exit(2)
        }
        false => error.exit(),
    });
    let mut lang = cli.lang.unwrap_or_else(Lang::from_env);
    let done = cli::configure(&cli).map_err(Stop::from).and_then(|loaded| {
        lang = loaded.settings.lang.value;
        cli::run(cli.command, &loaded)
    });
    match done {
        Ok(()) | Err(Stop::Closed) => ExitCode::SUCCESS,
        Err(Stop::Error(error)) => {
            eprintln!("hexstack: {}", i18n::printable(&lang.say(&error)));
            ExitCode::from(2)
        }
    }
}
