//! A folder of language files as the build compiled it: nothing is read or parsed when the
//! program starts, and a text is found by a binary search of its key.

/// The texts of one folder of `assets/lang` (the shared one, or a game's) in the three
/// languages, made by `build.rs`: the English keys, sorted, one after another in one
/// string; and for each language, its texts in one string and where each key's lies.
/// Strings and numbers only, no pointer per text, so that the loader has nothing to fix.
pub(crate) struct TextTable {
    keys: &'static str,
    /// Where each key ends in `keys` (each starts where the one before it ends).
    key_ends: &'static [u32],
    /// Each language's texts, in [`super::Lang::ALL`]'s order, and each key's span in them:
    /// `(u32::MAX, 0)` where the language lacks the key.
    texts: [(&'static str, &'static [(u32, u32)]); 3],
}

impl TextTable {
    /// The table of these parts (the build writes the calls).
    pub(crate) const fn new(
        keys: &'static str,
        key_ends: &'static [u32],
        texts: [(&'static str, &'static [(u32, u32)]); 3],
    ) -> TextTable {
        TextTable { keys, key_ends, texts }
    }

    /// The text of `key` in the language at `lang` of `Lang::ALL`, else in English.
    pub(crate) fn text(&self, lang: usize, key: &str) -> Option<&'static str> {
        let at = self.find(key)?;
        self.said(lang, at).or_else(|| self.said(0, at))
    }

    /// Every key the language at `lang` has, with its text.
    #[cfg(test)]
    pub(crate) fn all(&self, lang: usize) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
        (0..self.key_ends.len()).filter_map(move |at| Some((self.key(at), self.said(lang, at)?)))
    }

    fn key(&self, at: usize) -> &'static str {
        let start = at.checked_sub(1).map_or(0, |before| self.key_ends[before] as usize);
        &self.keys[start..self.key_ends[at] as usize]
    }

    fn find(&self, key: &str) -> Option<usize> {
        let (mut low, mut high) = (0, self.key_ends.len());
        while low < high {
            let middle = (low + high) / 2;
            match self.key(middle).cmp(key) {
                std::cmp::Ordering::Less => low = middle + 1,
                std::cmp::Ordering::Greater => high = middle,
                std::cmp::Ordering::Equal => return Some(middle),
            }
        }
        None
    }

    fn said(&self, lang: usize, at: usize) -> Option<&'static str> {
        let (texts, spans) = self.texts[lang];
        let (start, end) = spans[at];
        (start != u32::MAX).then(|| &texts[start as usize..end as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::TextTable;

    /// Two keys; French lacks the second, and says the first as nothing.
    const TABLE: TextTable = TextTable::new(
        "a.oneb.two",
        &[5, 10],
        [("onetwo", &[(0, 3), (3, 6)]), ("", &[(0, 0), (u32::MAX, 0)]), ("једандва", &[(0, 10), (10, 16)])],
    );

    #[test]
    fn a_key_is_found_in_its_language_else_in_english() {
        assert_eq!(TABLE.text(2, "a.one"), Some("један"));
        assert_eq!(TABLE.text(1, "a.one"), Some(""));
        assert_eq!(TABLE.text(1, "b.two"), Some("two"));
        assert_eq!(TABLE.text(0, "b.tw"), None);
        assert_eq!(TABLE.text(0, "c"), None);
        assert_eq!(TABLE.all(1).collect::<Vec<_>>(), [("a.one", "")]);
    }
}
