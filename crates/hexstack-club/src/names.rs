//! What a member's name and key may be. A name goes on every member's screen and into
//! tab-separated lines, so it is short and plain ASCII: no control character, no bidi
//! override, no look-alike letter from another script, no space or tab.

use crate::error::Refusal;

/// The shortest and longest names, in characters.
pub const SHORTEST_NAME: usize = 2;
/// The longest name, in characters.
pub const LONGEST_NAME: usize = 20;
/// The longest key kept: an OpenSSH fingerprint is 50 characters, the text of a 16384-bit
/// RSA key under 3000.
pub const LONGEST_KEY: usize = 4096;
/// The most characters of a text an error quotes.
pub const QUOTED: usize = 40;

/// `name` if it may be a member's: 2 to 20 ASCII letters, digits, `-` or `_`.
pub fn check_name(name: &str) -> Result<&str, Refusal> {
    let fits = (SHORTEST_NAME..=LONGEST_NAME).contains(&name.len())
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    match fits {
        true => Ok(name),
        false => Err(Refusal::NameForm(quoted(name))),
    }
}

/// `key` if it may be kept as a member's key: its OpenSSH fingerprint (`SHA256:...`) or
/// its whole text (`ssh-ed25519 AAAA...`), one line of printable ASCII.
pub fn check_key(key: &str) -> Result<&str, Refusal> {
    let key = key.trim();
    let fits =
        !key.is_empty() && key.len() <= LONGEST_KEY && key.bytes().all(|b| b.is_ascii_graphic() || b == b' ');
    match fits {
        true => Ok(key),
        false => Err(Refusal::KeyForm),
    }
}

/// A name as an error may quote it: at most [`QUOTED`] characters, everything but printable ASCII
/// shown as an escape, so that a bidi override or an escape sequence in a refused name
/// reaches no screen.
pub fn quoted(name: &str) -> String {
    let mut out: String = name
        .chars()
        .take(QUOTED)
        .map(|c| match c.is_ascii_graphic() || c == ' ' {
            true => c.to_string(),
            false => c.escape_unicode().to_string(),
        })
        .collect();
    if name.chars().nth(QUOTED).is_some() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_short_plain_ascii() {
        for good in ["ab", "Ann", "bo_2", "x-y", "A1234567890123456789"] {
            assert_eq!(check_name(good), Ok(good));
        }
        let bad = [
            "a",
            "",
            "A12345678901234567890",
            "ann bo",
            "ann\t",
            "Ann\u{1b}[2J",
            "\u{202e}nna",
            "Аnn",
            "zoë",
            "ann\u{200b}",
            "a.b",
            "a@b",
        ];
        for name in bad {
            assert!(check_name(name).is_err(), "{name:?}");
        }
    }

    #[test]
    fn a_refused_name_is_quoted_without_its_controls_or_bidi() {
        let Err(Refusal::NameForm(said)) = check_name("\u{202e}evil\u{1b}[31m") else { panic!("refused") };
        assert!(said.contains("\\u{202e}evil\\u{1b}[31m"), "{said}");
        assert!(said.chars().all(|c| !c.is_control() && c != '\u{202e}'), "{said}");
    }

    #[test]
    fn keys_are_one_printable_line() {
        assert_eq!(check_key(" SHA256:abc+/= "), Ok("SHA256:abc+/="));
        assert_eq!(check_key("ssh-ed25519 AAAAC3Nz ann@home"), Ok("ssh-ed25519 AAAAC3Nz ann@home"));
        for bad in ["", "  ", "SHA256:a\nb", "SHA256:\u{1b}", &"k".repeat(LONGEST_KEY + 1)] {
            assert!(check_key(bad).is_err(), "{bad:?}");
        }
    }
}
