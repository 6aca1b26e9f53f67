//! The `hexstack` command line: parse, hand over, and turn errors into exit status 2.

use hexstack::cli::{self, Stop};
use hexstack::i18n::{self, Lang};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = cli::parse().unwrap_or_else(|error| match error.use_stderr() {
        true => {
            let args: Vec<_> = std::env::args_os().collect();
            let lang = hexstack::usage_error::language(&args);
            // A value quoted back may hold control characters: shown escaped, never sent.
            eprintln!("hexstack: {}", i18n::printable(&hexstack::usage_error::said(&error, lang)));
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
