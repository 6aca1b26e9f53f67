//! A command-line usage error as one line: what is wrong, the fix if one is suggested,
//! and the usage to follow. `--help` stays as long as it is.

/// The one line for a parser's error text (`error: ...`, `tip: ...`, `Usage: ...` lines).
pub fn one_line(error: &str) -> String {
    let lines: Vec<&str> = error.lines().map(str::trim).filter(|line| !line.is_empty()).collect();
    let mut what = String::new();
    let (mut tip, mut usage) = (None, None);
    for line in lines {
        if let Some(rest) = line.strip_prefix("error: ") {
            what = rest.to_string();
        } else if let Some(rest) = line.strip_prefix("tip: ") {
            tip = Some(rest);
        } else if let Some(rest) = line.strip_prefix("Usage: ") {
            usage = Some(rest);
        } else if what.ends_with(':') || line.starts_with('[') {
            // The arguments a "not provided" error lists, or the values it would take.
            what = format!("{what} {line}");
        }
    }
    let mut out = what;
    if let Some(tip) = tip {
        out = format!("{out} ({tip})");
    }
    if let Some(usage) = usage {
        out = format!("{out}; usage: {usage}");
    }
    format!("{out}; --help says more")
}

#[cfg(test)]
mod tests {
    use super::one_line;

    #[test]
    fn a_parser_error_becomes_one_line() {
        let text = "error: the following required arguments were not provided:\n  <GAME>\n\nUsage: hexstack play <GAME>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line(text),
            "the following required arguments were not provided: <GAME>; usage: hexstack play <GAME>; --help says more"
        );
        let text = "error: invalid value 'cl' for '<GAME>'\n  [possible values: clamber, ombagui]\n\n  tip: a similar value exists: 'clamber'\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line(text),
            "invalid value 'cl' for '<GAME>' [possible values: clamber, ombagui] (a similar value exists: 'clamber'); --help says more"
        );
    }
}
