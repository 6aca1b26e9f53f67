//! A lobby part's columns on a screen too narrow for them all: the least needed leave
//! first, then the names narrow, so that what a part is read for stays whole.

use ratatui::text::Span;

/// How a column keeps its place on a narrow screen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Keep {
    /// Always shown, whole: a game's result, a member's ratings, a game's name.
    Always,
    /// Shown, narrowed to [`NARROWEST`] at the least: a member's name, cut with `…`.
    Narrows,
    /// Left out where the screen is narrow: the first to go is `Leaves(1)`, then 2...
    Leaves(u8),
}

/// The fewest columns a name narrows to.
const NARROWEST: usize = 6;

/// The width of each column of `widths` (a column's widest word) on a screen of `room`
/// columns, or None where it leaves: each shown column takes two columns more, the space
/// before it. Columns leave in their order until the rest fit, then the widest names narrow
/// a column at a time.
pub(super) fn fit(widths: &[usize], keep: &[Keep], room: usize) -> Vec<Option<usize>> {
    let mut fitted: Vec<Option<usize>> = widths.iter().map(|&width| Some(width)).collect();
    let total = |fitted: &[Option<usize>]| fitted.iter().flatten().map(|width| width + 2).sum::<usize>();
    let mut leaving: Vec<(u8, usize)> = keep
        .iter()
        .enumerate()
        .filter_map(|(n, keep)| match keep {
            Keep::Leaves(order) => Some((*order, n)),
            _ => None,
        })
        .collect();
    leaving.sort();
    for (_, n) in leaving {
        if total(&fitted) <= room {
            break;
        }
        fitted[n] = None;
    }
    while total(&fitted) > room {
        let names = (0..fitted.len()).filter(|&n| keep.get(n) == Some(&Keep::Narrows));
        let widest =
            names.filter_map(|n| Some((fitted[n]?, n))).filter(|(width, _)| *width > NARROWEST).max();
        match widest {
            Some((width, n)) => fitted[n] = Some(width - 1),
            None => break,
        }
    }
    fitted
}

/// `cell` within `width` columns (if any), its end marked `…` where it is cut.
pub(super) fn cut(cell: Span<'static>, width: Option<usize>) -> Span<'static> {
    let Some(width) = width.filter(|&width| cell.width() > width) else { return cell };
    let mut words = String::new();
    for c in cell.content.chars() {
        if Span::raw(format!("{words}{c}…")).width() > width {
            break;
        }
        words.push(c);
    }
    words.push('…');
    Span::styled(words, cell.style)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Keep::*;

    #[test]
    fn columns_leave_in_their_order_then_names_narrow_and_the_result_stays_whole() {
        let keep = [Narrows, Narrows, Leaves(4), Leaves(2), Leaves(1), Leaves(3), Always];
        let widths = [20, 20, 15, 4, 5, 6, 30];
        let all = fit(&widths, &keep, 200);
        assert!(all.iter().all(Option::is_some), "room for all");
        let at_80 = fit(&widths, &keep, 79);
        assert_eq!(at_80, [Some(20), Some(20), None, None, None, None, Some(30)]);
        let at_60 = fit(&widths, &keep, 59);
        assert_eq!(at_60[6], Some(30), "the result whole");
        assert!(at_60.iter().flatten().map(|width| width + 2).sum::<usize>() <= 59);
        assert_eq!(cut(Span::raw("abcdefghijklmnopqrst"), Some(6)).content, "abcde…");
        assert_eq!(cut(Span::raw("ana"), Some(8)).content, "ana");
    }
}
