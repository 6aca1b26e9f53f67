//! Helpers for the tests that run the program itself.
#![allow(dead_code)]

/// The program run with `args`, its messages in English whatever the machine's locale.
pub(crate) fn hexstack(args: &[&str]) -> std::process::Output {
    hexstack_with(args, |command| command)
}

/// [`hexstack`] with its command changed first by `change` (an environment variable set,
/// say).
pub(crate) fn hexstack_with(
    args: &[&str],
    change: impl FnOnce(&mut std::process::Command) -> &mut std::process::Command,
) -> std::process::Output {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_hexstack"));
    change(command.args(args).env("LC_ALL", "C")).output().expect("the binary runs")
}
