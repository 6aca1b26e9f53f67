//! The shipped sets of puzzles as the build packed them (`build.rs`, `pack_puzzles`: zlib),
//! read back when the puzzles are first asked for.

/// The most a set may unpack to: four times the largest shipped set.
const LARGEST: usize = 1 << 20;

/// The text `packed` holds, or `None` if it is not a zlib packing of a text (cut short,
/// its checksum wrong, unpacking past [`LARGEST`]) or the text is not UTF-8.
pub(super) fn unpack(packed: &[u8]) -> Option<String> {
    let text = miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(packed, LARGEST).ok()?;
    String::from_utf8(text).ok()
}

#[cfg(test)]
mod tests {
    use super::unpack;

    fn packed(text: &[u8]) -> Vec<u8> {
        miniz_oxide::deflate::compress_to_vec_zlib(text, 10)
    }

    #[test]
    fn every_shipped_set_unpacks_to_its_file() {
        let files = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/puzzles")).unwrap();
        let mut checked = 0;
        for path in files.map(|entry| entry.unwrap().path()) {
            let name = path.file_name().unwrap().to_str().unwrap();
            let packed = std::fs::read(format!("{}/puzzles/{name}.z", env!("OUT_DIR"))).unwrap();
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(
                packed.len() * 6 < text.len(),
                "{name}: {} bytes packed from {}",
                packed.len(),
                text.len()
            );
            assert!(text.len() * 4 <= super::LARGEST, "{name}: {} bytes", text.len());
            assert_eq!(unpack(&packed).as_deref(), Some(text.as_str()), "{name}");
            checked += 1;
        }
        assert!(checked >= 3);
    }

    #[test]
    fn a_broken_packing_is_refused_without_a_panic() {
        let good = packed(b"c3-0001\tclamber\t3/b/A1=b3\tB3xC4\n".repeat(40).as_slice());
        assert!(unpack(&good).is_some());
        let mut flipped = good.clone();
        let middle = flipped.len() / 2;
        flipped[middle] ^= 0x10;
        let mut wrong_sum = good.clone();
        *wrong_sum.last_mut().unwrap() ^= 1;
        for bad in [&good[..good.len() / 2], &flipped, &wrong_sum, &[], &[0x78, 0xda, 0xff, 0xff]] {
            assert_eq!(unpack(bad), None, "{bad:?}");
        }
        // Not a text, and more than a set may hold.
        assert_eq!(unpack(&packed(&[0xff, 0xfe, 0x00])), None);
        assert_eq!(unpack(&packed(&vec![b'a'; super::LARGEST + 1])), None);
    }
}
