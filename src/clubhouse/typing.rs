//! What a member in lines types, made lines: bytes as the SSH channel brings them, a line
//! held at most [`LONGEST_LINE`] bytes (the bot protocol's bound), ended by Enter (`\r`, a
//! raw terminal's) or a new line (a pipe's). From a raw terminal (`TERM=dumb`), what is
//! typed is echoed, since the member's terminal shows nothing itself, and Backspace takes
//! back the last character; Ctrl-C or Ctrl-D leaves, as the end of a pipe's input does.

use crate::app::event::Heard;
use crate::club::bot::LONGEST_LINE;
use crate::i18n::keys::*;
use crate::i18n::text;
use crate::net::Outbox;
use std::sync::Arc;

/// Lines being typed.
#[derive(Default)]
pub(super) struct Typing {
    held: Vec<u8>,
    /// Dropping the rest of a line too long, up to its end.
    skipping: bool,
    /// The last byte ended a line with `\r`: a `\n` after it ends nothing more.
    after_return: bool,
    /// Within a key's escape sequence (an arrow's): `Some(false)` just after the escape,
    /// `Some(true)` within its brackets. It types nothing.
    escape: Option<bool>,
    /// Where what is typed is echoed: none when it comes from a pipe.
    echo: Option<Arc<Outbox>>,
}

impl Typing {
    /// Lines echoed to `echo`, or not.
    pub(super) fn new(echo: Option<Arc<Outbox>>) -> Typing {
        Typing { echo, ..Typing::default() }
    }

    /// Takes `bytes` in: each line they end, each refused, or the end; echoes as it goes.
    pub(super) fn push(&mut self, bytes: &[u8]) -> Vec<Heard> {
        let mut heard = Vec::new();
        let mut echoed = Vec::new();
        for &byte in bytes {
            if self.escaped(byte) {
                continue;
            }
            let after_return = std::mem::take(&mut self.after_return);
            match byte {
                b'\n' if after_return => {}
                b'\r' | b'\n' => {
                    self.after_return = byte == b'\r';
                    echoed.extend_from_slice(b"\r\n");
                    let line = std::mem::take(&mut self.held);
                    if !std::mem::take(&mut self.skipping) {
                        heard.push(
                            String::from_utf8(line)
                                .map_or_else(|_| Heard::Refused(text!(SPEECH_NOT_UTF8)), Heard::Line),
                        );
                    }
                }
                // Ctrl-C, Ctrl-D: the member leaves; nothing after is read.
                0x03 | 0x04 => {
                    heard.push(Heard::End);
                    break;
                }
                // Backspace, Delete: the last character (all its bytes) taken back.
                0x08 | 0x7f if !self.skipping => {
                    if let Some(at) = self.held.iter().rposition(|byte| byte & 0xc0 != 0x80) {
                        self.held.truncate(at);
                        echoed.extend_from_slice(b"\x08 \x08");
                    }
                }
                _ if self.skipping => {}
                b'\t' => self.keep(b' ', &mut echoed, &mut heard),
                byte if byte.is_ascii_control() => {}
                byte => self.keep(byte, &mut echoed, &mut heard),
            }
        }
        if let Some(echo) = &self.echo
            && !echoed.is_empty()
        {
            let _ = echo.echo(&echoed);
        }
        heard
    }

    /// Whether `byte` belongs to a key's escape sequence, which types nothing.
    fn escaped(&mut self, byte: u8) -> bool {
        match (self.escape, byte) {
            (_, 0x1b) => self.escape = Some(false),
            (Some(false), b'[' | b'O') | (Some(true), 0x20..=0x3f) => self.escape = Some(true),
            (Some(true), 0x40..=0x7e) => self.escape = None,
            (Some(_), _) => {
                self.escape = None;
                return false;
            }
            (None, _) => return false,
        }
        true
    }

    /// Holds `byte` of the line under way, or refuses the line past its bound.
    fn keep(&mut self, byte: u8, echoed: &mut Vec<u8>, heard: &mut Vec<Heard>) {
        if self.held.len() < LONGEST_LINE {
            self.held.push(byte);
            echoed.push(byte);
            return;
        }
        self.held.clear();
        self.skipping = true;
        echoed.extend_from_slice(b"\r\n");
        heard.push(Heard::Refused(text!(SPEECH_LONG_LINE, LONGEST_LINE)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(typing: &mut Typing, bytes: &[u8]) -> Vec<Heard> {
        typing.push(bytes)
    }

    #[test]
    fn lines_end_with_enter_or_a_new_line_and_backspace_takes_back_a_whole_character() {
        let mut typing = Typing::default();
        assert_eq!(lines(&mut typing, b"seeks\r\nhel"), vec![Heard::Line("seeks".into())]);
        assert_eq!(
            lines(&mut typing, b"p\n\n"),
            vec![Heard::Line("help".into()), Heard::Line(String::new())]
        );
        assert_eq!(lines(&mut typing, "bé\x7f\x7fo\r".as_bytes()), vec![Heard::Line("o".into())]);
        assert_eq!(lines(&mut typing, b"\x1b[A\x1b[1;5C\t1\r"), vec![Heard::Line(" 1".into())]);
        assert_eq!(lines(&mut typing, b"x\x04y\r"), vec![Heard::End]);
    }

    #[test]
    fn a_line_past_its_bound_is_refused_once_and_what_is_held_stays_bounded() {
        let mut typing = Typing::default();
        let long = vec![b'a'; LONGEST_LINE * 3];
        let heard = lines(&mut typing, &long);
        assert_eq!(heard.len(), 1);
        assert!(matches!(heard[0], Heard::Refused(_)));
        assert!(typing.held.len() <= LONGEST_LINE);
        assert_eq!(lines(&mut typing, b"aaa\rturn\r"), vec![Heard::Line("turn".into())]);
    }

    #[test]
    fn what_a_raw_terminal_types_is_echoed_without_an_escape_sequence() {
        let output = crate::net::Output::detached();
        let mut typing = Typing::new(Some(output.outbox()));
        lines(&mut typing, b"ab\x7fc\x1b\r");
        assert_eq!(output.outbox().drain(), b"ab\x08 \x08c\r\n");
    }
}
