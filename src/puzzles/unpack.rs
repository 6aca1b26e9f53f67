//! The shipped sets of puzzles as the build packed them (`build.rs`, `pack_puzzles`), read
//! back when the puzzles are first asked for.

/// The text `packed` holds, or `None` if it is not a packing of a text: a sequence runs
/// past the end, reaches back before the start, or the text is not UTF-8.
pub(super) fn unpack(packed: &[u8]) -> Option<String> {
    let mut text = Vec::with_capacity(packed.len() * 6);
    let mut at = 0;
    while let Some(&token) = packed.get(at) {
        at += 1;
        let literals = count(packed, &mut at, usize::from(token >> 4))?;
        text.extend_from_slice(packed.get(at..at.checked_add(literals)?)?);
        at += literals;
        if at == packed.len() {
            break;
        }
        let distance = usize::from(u16::from_le_bytes([*packed.get(at)?, *packed.get(at + 1)?]));
        at += 2;
        let length = count(packed, &mut at, usize::from(token & 15))? + 4;
        let from = text.len().checked_sub(distance).filter(|_| distance > 0)?;
        // A match may run into what it makes: copied a byte at a time.
        for place in from..from + length {
            text.push(text[place]);
        }
    }
    String::from_utf8(text).ok()
}

/// A count from its nibble and, at 15, the bytes after it.
fn count(packed: &[u8], at: &mut usize, nibble: usize) -> Option<usize> {
    let mut count = nibble;
    if nibble == 15 {
        loop {
            let byte = *packed.get(*at)?;
            *at += 1;
            count = count.checked_add(usize::from(byte))?;
            if byte != 255 {
                break;
            }
        }
    }
    Some(count)
}

#[cfg(test)]
mod tests {
    use super::unpack;

    #[test]
    fn every_shipped_set_unpacks_to_its_file() {
        let files = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/puzzles")).unwrap();
        let mut checked = 0;
        for path in files.map(|entry| entry.unwrap().path()) {
            let name = path.file_name().unwrap().to_str().unwrap();
            let packed = std::fs::read(format!("{}/puzzles/{name}.lz", env!("OUT_DIR"))).unwrap();
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(
                packed.len() * 4 < text.len(),
                "{name}: {} bytes packed from {}",
                packed.len(),
                text.len()
            );
            assert_eq!(unpack(&packed).as_deref(), Some(text.as_str()), "{name}");
            checked += 1;
        }
        assert!(checked >= 3);
    }

    #[test]
    fn a_broken_packing_is_refused_without_a_panic() {
        // A match reaching back before the start, a count past the end, a cut distance.
        for bad in [&[0x10, b'a', 9, 0][..], &[0xf0, 255], &[0x10, b'a', 1], &[0x10, b'a', 0, 0, 0]] {
            assert_eq!(unpack(bad), None, "{bad:?}");
        }
        assert_eq!(unpack(&[0x30, b'a', b'b', b'c']).as_deref(), Some("abc"));
        // "ab" then a match 2 back of 6: it runs into what it makes.
        assert_eq!(unpack(&[0x22, b'a', b'b', 2, 0]).as_deref(), Some("abababab"));
    }
}
