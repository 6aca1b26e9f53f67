//! The manual page and the shells' completion scripts, both made from the command line
//! clap knows, so that they never fall behind it.

use clap_complete::Shell;

/// The completion script of `shell` for the command `command`.
pub(crate) fn completions(shell: Shell, command: &mut clap::Command) -> String {
    let mut script = Vec::new();
    clap_complete::generate(shell, command, "hexstack", &mut script);
    String::from_utf8_lossy(&script).into_owned()
}

/// The manual page, in roff: the program's own page, then a section for each command with
/// its synopsis and options, then the files and environment it reads.
pub(crate) fn page(command: clap::Command) -> std::io::Result<String> {
    let mut page = Vec::new();
    clap_mangen::Man::new(command.clone()).render(&mut page)?;
    for sub in command.get_subcommands().filter(|sub| !sub.is_hide_set()) {
        let name = format!("hexstack {}", sub.get_name());
        let heading = name.to_uppercase();
        let about = sub.get_long_about().or(sub.get_about()).map(ToString::to_string).unwrap_or_default();
        page.extend(format!(".SH \"{heading}\"\n{}\n", escape(&about)).bytes());
        let man = clap_mangen::Man::new(sub.clone().bin_name(name));
        let mut part = Vec::new();
        man.render_synopsis_section(&mut part)?;
        if sub.get_arguments().any(|arg| !arg.is_hide_set()) {
            man.render_options_section(&mut part)?;
        }
        // Each command's own parts sit under its heading.
        let part = String::from_utf8_lossy(&part)
            .replace(".SH SYNOPSIS", ".SS Synopsis")
            .replace(".SH OPTIONS", ".SS Options");
        page.extend(part.bytes());
    }
    page.extend(FILES.bytes());
    Ok(String::from_utf8_lossy(&page).into_owned())
}

/// Where hexstack keeps what it keeps, and what it reads from the environment.
const FILES: &str = r#".SH FILES
.TP
\fI$XDG_CONFIG_HOME/hexstack/config.toml\fR
The settings: language, names, the computer's level, colours, keys (docs/config.md);
\fBhexstack config \-\-default\fR prints one to start from.
.TP
\fI$XDG_DATA_HOME/hexstack/saves/\fR
Kept games, one file each (docs/save-format.md).
.TP
\fI$XDG_DATA_HOME/hexstack/puzzles/\fR
The player's own puzzles and their puzzle history.
.SH ENVIRONMENT
.TP
\fBHEXSTACK_CONFIG\fR
The config file to read, instead of the one in the config folder.
.TP
\fBNO_COLOR\fR
When set and not empty, the screens draw no colour at all.
.TP
\fBHEXSTACK_DATA_DIR\fR
The data folder, instead of the platform's.
.TP
\fBLANG\fR, \fBLC_ALL\fR
The language of the screens when \fB\-\-lang\fR is not given.
"#;

/// `text` safe in roff: a backslash written out, a line never starting with a dot.
fn escape(text: &str) -> String {
    text.replace('\\', "\\e")
        .lines()
        .map(|line| line.strip_prefix('.').map_or(line.to_string(), |rest| format!("\\&.{rest}")))
        .collect::<Vec<_>>()
        .join("\n")
}
