//! What a terminal at a distance types, as the app's events: the bytes an SSH client sends
//! (characters, Enter, Esc, the arrows and other keys' escape sequences, SGR mouse
//! reports) are read into crossterm's key and mouse events. A local terminal has crossterm
//! read them; over SSH the bytes arrive on a channel, so they are read here. Anything not
//! understood is dropped: garbage never stops the game.

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

/// Reads events from bytes as they come; a sequence cut between two packets waits for
/// the rest.
#[derive(Default, Debug)]
pub(crate) struct KeyReader {
    pending: Vec<u8>,
}

/// The longest escape sequence kept waiting for its end: longer ones are garbage.
const LONGEST: usize = 32;

/// The longest command taken (`ssh HOST COMMAND`), in bytes: the rest is not read.
pub(crate) const LONGEST_COMMAND: usize = 1024;

impl KeyReader {
    /// The events in `bytes` (with what an earlier packet left unfinished).
    pub(crate) fn read(&mut self, bytes: &[u8]) -> Vec<Event> {
        self.pending.extend_from_slice(bytes);
        let mut events = Vec::new();
        let mut at = 0;
        while at < self.pending.len() {
            match parse(&self.pending[at..]) {
                Parsed::Event(event, used) => {
                    events.extend(event);
                    at += used;
                }
                Parsed::Unfinished if self.pending.len() - at < LONGEST => break,
                Parsed::Unfinished => at += 1,
            }
        }
        self.pending.drain(..at);
        events
    }
}

enum Parsed {
    /// An event (or nothing, for bytes that mean nothing here) and the bytes it took.
    Event(Option<Event>, usize),
    /// The start of a sequence whose end has not come yet.
    Unfinished,
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Option<Event> {
    Some(Event::Key(KeyEvent::new(code, modifiers)))
}

fn parse(bytes: &[u8]) -> Parsed {
    let plain = |code| Parsed::Event(key(code, KeyModifiers::NONE), 1);
    match bytes[0] {
        0x1b => match bytes.get(1) {
            // Esc alone: a client sends a key's sequence in one packet.
            None => plain(KeyCode::Esc),
            Some(b'[') => csi(bytes),
            Some(b'O') => match bytes.get(2) {
                None => Parsed::Unfinished,
                Some(&last) => Parsed::Event(cursor_key(last), 3),
            },
            Some(_) => plain(KeyCode::Esc),
        },
        b'\r' | b'\n' => plain(KeyCode::Enter),
        b'\t' => plain(KeyCode::Tab),
        0x7f | 0x08 => plain(KeyCode::Backspace),
        control @ 0x01..=0x1a => {
            Parsed::Event(key(KeyCode::Char((b'a' + control - 1) as char), KeyModifiers::CONTROL), 1)
        }
        0x00..=0x1f => Parsed::Event(None, 1),
        _ => utf8(bytes),
    }
}

/// One character, which may take several bytes.
fn utf8(bytes: &[u8]) -> Parsed {
    let length = match bytes[0] {
        0x00..=0x7f => 1,
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf7 => 4,
        _ => return Parsed::Event(None, 1),
    };
    let Some(encoded) = bytes.get(..length) else { return Parsed::Unfinished };
    match std::str::from_utf8(encoded).ok().and_then(|text| text.chars().next()) {
        Some(c) => Parsed::Event(key(KeyCode::Char(c), KeyModifiers::NONE), length),
        None => Parsed::Event(None, 1),
    }
}

/// The keys whose sequence ends in one letter (`ESC [ A`, `ESC O A`).
fn cursor_key(last: u8) -> Option<Event> {
    let code = match last {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'Z' => return key(KeyCode::BackTab, KeyModifiers::SHIFT),
        _ => return None,
    };
    key(code, KeyModifiers::NONE)
}

/// `ESC [` then numbers and `;`, maybe a `<` first, then one final byte.
fn csi(bytes: &[u8]) -> Parsed {
    let Some(end) = bytes[2..].iter().position(|byte| (0x40..=0x7e).contains(byte)) else {
        return Parsed::Unfinished;
    };
    let used = end + 3;
    let (body, last) = (&bytes[2..used - 1], bytes[used - 1]);
    let event = match body.strip_prefix(b"<") {
        Some(numbers) => mouse(numbers, last),
        None if last == b'~' => tilde_key(body),
        None => cursor_key(last),
    };
    Parsed::Event(event, used)
}

/// `ESC [ n ~` keys: Home, Delete, Page Up and so on.
fn tilde_key(body: &[u8]) -> Option<Event> {
    let code = match body {
        b"1" | b"7" => KeyCode::Home,
        b"2" => KeyCode::Insert,
        b"3" => KeyCode::Delete,
        b"4" | b"8" => KeyCode::End,
        b"5" => KeyCode::PageUp,
        b"6" => KeyCode::PageDown,
        _ => return None,
    };
    key(code, KeyModifiers::NONE)
}

/// An SGR mouse report, `ESC [ < button ; column ; row M` (`m` on release), counted from 1.
fn mouse(numbers: &[u8], last: u8) -> Option<Event> {
    let text = std::str::from_utf8(numbers).ok()?;
    let mut parts = text.split(';').map(|part| part.parse::<u16>().ok());
    let (button, column, row) = (parts.next()??, parts.next()??, parts.next()??);
    let pressed = match button & 0b11 {
        0 => MouseButton::Left,
        1 => MouseButton::Middle,
        _ => MouseButton::Right,
    };
    let kind = match (button & 64 != 0, button & 32 != 0, last) {
        (true, _, _) if button & 1 == 0 => MouseEventKind::ScrollUp,
        (true, _, _) => MouseEventKind::ScrollDown,
        (false, true, _) if button & 0b11 == 3 => MouseEventKind::Moved,
        (false, true, _) => MouseEventKind::Drag(pressed),
        (false, false, b'M') => MouseEventKind::Down(pressed),
        (false, false, b'm') => MouseEventKind::Up(pressed),
        _ => return None,
    };
    Some(Event::Mouse(MouseEvent {
        kind,
        column: column.saturating_sub(1),
        row: row.saturating_sub(1),
        modifiers: KeyModifiers::NONE,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Bytes as a terminal or an attacker might send them: anything, and pieces of escape
    /// sequences, so that long and broken sequences come often.
    fn piece() -> impl Strategy<Value = Vec<u8>> {
        let pieces: Vec<&'static [u8]> = vec![
            b"\x1b",
            b"\x1b[",
            b"\x1b[<",
            b"\x1bO",
            b";",
            b"65535",
            b"99999999",
            b"M",
            b"m",
            b"~",
            b"A",
            &[0xc3, 0xa9],
            &[0xf0, 0x9f],
        ];
        prop_oneof![
            proptest::collection::vec(any::<u8>(), 0..64),
            proptest::sample::select(pieces).prop_map(<[u8]>::to_vec),
        ]
    }

    proptest! {
        #[test]
        fn any_bytes_in_any_packets_never_panic_and_give_bounded_events(
            packets in proptest::collection::vec(proptest::collection::vec(piece(), 0..16), 0..16)
        ) {
            let mut reader = KeyReader::default();
            for packet in packets {
                let bytes = packet.concat();
                let waiting = reader.pending.len();
                let events = reader.read(&bytes);
                prop_assert!(events.len() <= waiting + bytes.len(), "each event takes a byte at least");
                prop_assert!(reader.pending.len() < LONGEST, "what waits is bounded");
            }
        }
    }

    fn keys(bytes: &[u8]) -> Vec<KeyCode> {
        KeyReader::default()
            .read(bytes)
            .into_iter()
            .filter_map(|event| match event {
                Event::Key(key) => Some(key.code),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn characters_enter_esc_and_arrows_are_keys() {
        assert_eq!(
            keys(b"q?\r\x1b[A\x1bOB\x1b[5~\x7f"),
            [
                KeyCode::Char('q'),
                KeyCode::Char('?'),
                KeyCode::Enter,
                KeyCode::Up,
                KeyCode::Down,
                KeyCode::PageUp,
                KeyCode::Backspace
            ]
        );
        assert_eq!(keys(b"\x1b"), [KeyCode::Esc]);
        assert_eq!(keys("é".as_bytes()), [KeyCode::Char('é')]);
    }

    #[test]
    fn a_sequence_cut_between_packets_waits_for_its_end() {
        let mut reader = KeyReader::default();
        assert!(reader.read(b"\x1b[<0;12").is_empty());
        let events = reader.read(b";5M");
        let expected = MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 11,
            row: 4,
            modifiers: KeyModifiers::NONE,
        };
        assert_eq!(events, [Event::Mouse(expected)]);
        assert!(reader.read(&[0xc3]).is_empty(), "half a character waits");
        assert_eq!(reader.read(&[0xa9]).len(), 1);
    }

    #[test]
    fn garbage_is_dropped_and_what_follows_is_read() {
        let mut reader = KeyReader::default();
        let mut garbage: Vec<u8> = (0..=255u8).rev().collect();
        garbage.extend_from_slice(b"\x1b[999;;;x\x1b[<;;M\x1b[");
        garbage.extend(std::iter::repeat_n(b'1', 100));
        reader.read(&garbage);
        assert_eq!(reader.read(b"u").last(), Some(&key(KeyCode::Char('u'), KeyModifiers::NONE).unwrap()));
    }
}
