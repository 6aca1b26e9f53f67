//! Free text in a saved game (names, the date) and what a file may hold: a kept file is
//! one field a line, so a name must never break a line, and nothing read from a file may
//! reach a terminal as a control code.

use std::fmt::Write;

/// The largest saved game read, in bytes: a turn is a line of 10 to 20 bytes, so a
/// 100,000-turn game takes 1 to 2 MB.
pub(crate) const MAX_BYTES: u64 = 16 << 20;
/// The longest line read, in characters: the longest start position (side 6) takes ~700.
pub(crate) const MAX_LINE: usize = 4096;

/// `text` for a header field: a backslash, a control character, and white space at either
/// end (which reading trims) are written as escapes, so any text reads back the same.
pub(crate) fn escape(text: &str) -> String {
    let last = text.chars().count().saturating_sub(1);
    let mut out = String::with_capacity(text.len());
    for (n, c) in text.chars().enumerate() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() || (c.is_whitespace() && (n == 0 || n == last)) => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out
}

/// The text [`escape`] wrote. A backslash that starts no escape stays as it is (files
/// written by hand, or before names were escaped).
pub(crate) fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let (c, used) = match after.chars().next() {
            Some('\\') => (Some('\\'), 1),
            Some('n') => (Some('\n'), 1),
            Some('r') => (Some('\r'), 1),
            Some('t') => (Some('\t'), 1),
            Some('u') => match after.strip_prefix("u{").and_then(|hex| hex.split_once('}')) {
                Some((hex, _)) if hex.len() <= 6 => {
                    match u32::from_str_radix(hex, 16).ok().and_then(char::from_u32) {
                        Some(c) => (Some(c), hex.len() + 3),
                        None => (None, 0),
                    }
                }
                _ => (None, 0),
            },
            _ => (None, 0),
        };
        match c {
            Some(c) => out.push(c),
            None => out.push('\\'),
        }
        rest = &after[used..];
    }
    out.push_str(rest);
    out
}

/// The first control character in `line` (a tab aside, which is white space), if any.
pub(crate) fn control(line: &str) -> Option<char> {
    line.chars().find(|&c| c.is_control() && c != '\t')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_text_reads_back_the_same() {
        for text in ["Ann", "Ann\nturns:\nend", "\r\t\u{1b}[31m", " Bo ", "a\\nb", "\\", "é\u{7f}\u{85}", ""]
        {
            let escaped = escape(text);
            assert!(escaped.chars().all(|c| !c.is_control()), "{escaped:?}");
            assert_eq!(escaped.trim(), escaped, "{escaped:?}");
            assert_eq!(unescape(&escaped), text);
        }
        assert_eq!(escape("Ann\nBo"), "Ann\\nBo");
        assert_eq!(unescape("C:\\games\\x"), "C:\\games\\x", "a stray backslash stays");
        assert_eq!(unescape("\\u{zz} \\u{110000}"), "\\u{zz} \\u{110000}");
    }
}
