//! The list of the puzzles' themes, as lichess's themes page: each theme with how many
//! puzzles have it, every puzzle first; choosing one keeps the puzzles to it.

use super::component::Go;
use super::keys::Action;
use super::puzzle::{PuzzleScreen, View};
use super::solving::Stage;
use crate::puzzles::pick;
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;

/// Where the list goes on the screen: its rows, and the first row shown in them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ThemesLayout {
    pub list: Rect,
    pub first: usize,
}

/// Lines of the screen that are not the list: the title and a blank line above; a blank
/// line, what the theme chosen means (two lines) and the key line below.
const ABOVE: u16 = 2;
const BELOW: u16 = 4;
/// The widest the list is drawn: a title and its count stay close enough to read together.
const WIDEST: u16 = 44;

impl PuzzleScreen {
    /// The list's rows: every puzzle (no theme), then each theme, with their counts.
    pub(crate) fn theme_rows(&self) -> Vec<(Option<String>, usize)> {
        let themes = crate::puzzles::theme_counts(&self.puzzles)
            .into_iter()
            .map(|(theme, count)| (Some(theme), count));
        std::iter::once((None, self.puzzles.len())).chain(themes).collect()
    }

    /// The list's place in `area`, scrolled so that the row chosen shows.
    pub(crate) fn themes_layout(&self, area: Rect, rows: usize) -> ThemesLayout {
        let height = area.height.saturating_sub(ABOVE + BELOW);
        let width = area.width.min(WIDEST);
        let left = area.x + (area.width - width) / 2;
        let list = Rect::new(left, area.y + ABOVE.min(area.height), width, height);
        let shown = usize::from(height).max(1);
        let first = self.theme_row.saturating_sub(shown - 1).min(rows.saturating_sub(shown));
        ThemesLayout { list, first }
    }

    /// Shows the list, on the theme kept to.
    pub(super) fn open_themes(&mut self) {
        let rows = self.theme_rows();
        self.theme_row = rows.iter().position(|(theme, _)| *theme == self.theme).unwrap_or(0);
        self.view = View::Themes;
    }

    pub(super) fn act_on_themes(&mut self, action: Action) -> Go {
        let rows = self.theme_rows();
        match action {
            Action::Previous => self.theme_row = (self.theme_row + rows.len() - 1) % rows.len(),
            Action::Next => self.theme_row = (self.theme_row + 1) % rows.len(),
            Action::First => self.theme_row = 0,
            Action::Last => self.theme_row = rows.len() - 1,
            Action::Choose => self.choose_theme(rows[self.theme_row.min(rows.len() - 1)].0.clone()),
            Action::Back => self.view = View::Board,
            Action::Help => return Go::Help,
            _ => {}
        }
        Go::Stay
    }

    /// A click chooses the row under it; the mouse moving over a row points at it.
    pub(super) fn click_on_themes(&mut self, mouse: MouseEvent, area: Rect) -> Go {
        let rows = self.theme_rows();
        let layout = self.themes_layout(area, rows.len());
        let (list, column) = (layout.list, mouse.column);
        let inside =
            mouse.row >= list.y && mouse.row < list.bottom() && column >= list.x && column < list.right();
        let n = layout.first + usize::from(mouse.row.saturating_sub(layout.list.y));
        if !inside || n >= rows.len() {
            return Go::Stay;
        }
        match mouse.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                self.theme_row = n;
                self.choose_theme(rows[n].0.clone());
            }
            MouseEventKind::Moved => self.theme_row = n,
            _ => {}
        }
        Go::Stay
    }

    /// Keeps the puzzles to `theme` (every puzzle for none) and shows the board: a streak
    /// under way ends, and the puzzle on the board stays if it has the theme and is not
    /// over, else the next one of the theme comes.
    pub(crate) fn choose_theme(&mut self, theme: Option<String>) {
        self.view = View::Board;
        if theme == self.theme {
            return;
        }
        self.theme = theme;
        self.end_streak();
        let fits = self.current.is_some_and(|n| pick::of_theme(&self.puzzles[n], self.theme.as_deref()));
        if !(fits && self.stage() == Some(Stage::Solving)) {
            self.next();
        }
    }
}
