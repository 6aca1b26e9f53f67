//! A language's table of texts, read from its compiled-in files when it is first said.

use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A language's texts by key. A shared text's key is borrowed from the compiled-in file;
/// only a game's keys, under its name, are made. Keys are hashed by [`Fnv`]: the table is
/// made as the first screen is drawn, and the standard library's hash and a string for
/// every key were most of its cost.
pub type Texts = HashMap<Cow<'static, str>, &'static str, BuildHasherDefault<Fnv>>;

/// Reads `key = text` lines into `texts`, each key under `prefix` (a game's name); blank
/// lines and lines starting with `#` are skipped.
pub(super) fn parse(prefix: &str, source: &'static str, texts: &mut Texts) {
    let lines = source
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .filter_map(|line| line.split_once('='));
    for (key, text) in lines {
        let key = match prefix {
            "" => Cow::Borrowed(key.trim()),
            game => Cow::Owned(format!("{game}.{}", key.trim())),
        };
        texts.insert(key, text.trim());
    }
}

/// The Fowler-Noll-Vo hash (FNV-1a), a byte at a time: quick for short keys, and a
/// table of the program's own texts needs no defence against chosen keys.
#[derive(Clone, Copy)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}
