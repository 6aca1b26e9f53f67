//! The name meant, for a name that is none (`language` for `lang`, `colorblind` for
//! `colour-blind`): the nearest known one, as cargo and git suggest a command.

use crate::i18n::Key;
use crate::i18n::keys::CONFIG_EXPECT_THEME;

/// The known name nearest to `given`, if one is near enough to be the one meant: a few
/// edits away (a third of the name's length, at least one; a swap of two letters is one
/// edit), or the start of the name given (`lang` in `language`). Case and `-` against `_`
/// are no difference.
pub(crate) fn nearest<'a>(given: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let given = folded(given);
    let near = |name: &str| {
        let name = folded(name);
        let most = (given.len().max(name.len()) / 3).max(1);
        let distance = edits(&given, &name);
        let shortened = name.len() >= 3 && given.starts_with(&name);
        (distance <= most || shortened).then_some(distance)
    };
    known
        .into_iter()
        .filter_map(|name| near(name).map(|distance| (distance, name)))
        .min()
        .map(|(_, name)| name)
}

/// The names a value that should be `expected` is one of, to suggest the one meant; none
/// for a value of another kind (a number, a colour).
pub(crate) fn values_of(expected: Key<0>) -> Vec<&'static str> {
    if expected == CONFIG_EXPECT_THEME {
        crate::theme::Theme::NAMED.map(|(name, _)| name).to_vec()
    } else {
        Vec::new()
    }
}

/// A name as compared: lower case, `-` as `_`, at most 64 characters (a longer one is no
/// setting's name, and the distance's cost grows with the square of the length).
fn folded(name: &str) -> Vec<char> {
    name.chars().take(64).flat_map(char::to_lowercase).map(|c| if c == '-' { '_' } else { c }).collect()
}

/// The fewest insertions, deletions, changes and swaps of two neighbours that make `a`
/// into `b` (the optimal string alignment distance).
fn edits(a: &[char], b: &[char]) -> usize {
    let mut rows = vec![(0..=b.len()).collect::<Vec<usize>>()];
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let change = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (rows[i - 1][j] + 1).min(row[j - 1] + 1).min(rows[i - 1][j - 1] + change);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(rows[i - 2][j - 2] + 1);
            }
        }
        rows.push(row);
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::nearest;

    const TOP: [&str; 10] =
        ["lang", "blue", "red", "level", "review_level", "computer", "eval", "step_time", "theme", "keys"];

    #[test]
    fn the_name_meant_is_found() {
        assert_eq!(nearest("language", TOP), Some("lang"));
        assert_eq!(nearest("levle", TOP), Some("level"), "two letters swapped");
        assert_eq!(nearest("review-level", TOP), Some("review_level"));
        assert_eq!(nearest("Step_Tme", TOP), Some("step_time"));
        assert_eq!(nearest("colorblind", ["default", "colour-blind", "mono"]), Some("colour-blind"));
        assert_eq!(nearest("colour", ["default", "colour-blind", "mono"]), None, "not a start of it");
        assert_eq!(nearest("undoo", ["undo", "redo", "quit"]), Some("undo"));
    }

    #[test]
    fn a_name_far_from_all_gets_none() {
        assert_eq!(nearest("colours", TOP), None);
        assert_eq!(nearest("x", TOP), None);
        assert_eq!(nearest("", TOP), None);
        assert_eq!(nearest(&"a".repeat(10_000), TOP), None);
    }
}
