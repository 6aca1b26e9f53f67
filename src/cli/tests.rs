//! The command line as clap reads it: which flags each command shows and takes, and no
//! arguments at all (the commands run through the binary: tests/cli.rs).

/// The settings' flags belong to the commands that open a screen (and `config`, which
/// lists the settings): other commands neither show nor take them. Given before a command
/// or after it, they apply; the command's own win.
#[test]
fn the_settings_flags_are_shown_only_where_they_apply() {
    use crate::cli::Cli;
    use clap::{CommandFactory, Parser};
    let mut cli = Cli::command();
    cli.build();
    let help = |cli: &mut clap::Command, name: &str| {
        cli.find_subcommand_mut(name).unwrap().render_long_help().to_string()
    };
    for name in ["play", "resume", "load", "rules", "review", "puzzles", "config"] {
        assert!(help(&mut cli, name).contains("--theme"), "{name}");
    }
    for name in ["perft", "moves", "engine", "match", "completions", "man"] {
        assert!(!help(&mut cli, name).contains("--theme"), "{name}");
        assert!(help(&mut cli, name).contains("--lang"), "{name}: the language applies to every message");
    }
    let theme = |args: &[&str]| Cli::try_parse_from(args).map(|cli| cli.flags().theme);
    assert_eq!(theme(&["hexstack", "--theme", "mono", "play", "clamber"]).unwrap().as_deref(), Some("mono"));
    assert_eq!(theme(&["hexstack", "play", "clamber", "--theme", "mono"]).unwrap().as_deref(), Some("mono"));
    let both = theme(&["hexstack", "--theme", "mono", "play", "clamber", "--theme", "colour-blind"]).unwrap();
    assert_eq!(both.as_deref(), Some("colour-blind"));
    assert!(theme(&["hexstack", "perft", "clamber", "--depth", "1", "--theme", "mono"]).is_err());
    // After `puzzles`, --theme is a puzzle theme; the colours' comes before it.
    let puzzles = ["hexstack", "--theme", "mono", "puzzles", "--theme", "long-chain"];
    assert_eq!(theme(&puzzles).unwrap().as_deref(), Some("mono"));
}

/// Without arguments the program does not build clap's command (`cli::parse`): what it
/// takes instead is what clap gives for the bare program's name.
#[test]
fn no_arguments_read_as_clap_reads_them() {
    use crate::cli::Cli;
    use clap::Parser;
    let clap = Cli::try_parse_from(["hexstack"]).unwrap();
    let bare = Cli::default();
    assert_eq!((clap.lang, clap.command.is_none()), (bare.lang, bare.command.is_none()));
    assert_eq!(format!("{:?}", clap.settings), format!("{:?}", bare.settings));
    assert_eq!(format!("{:?}", clap.flags()), format!("{:?}", bare.flags()));
}
