//! The rules book: pages of text beside live boards. Each scene's position is played by
//! the rules engine and what it lights up is asked of it, so a page can only ever show
//! what the rules really do; the words come from `assets/lang`, the pages from each game's
//! [`Input::PAGES`].

use super::component::{Component, Go, Tries};
use super::highlights::Highlights;
use super::keys::{Action, Context};
use super::pages::{Page, Scene, Show};
use super::table::Input;
use crate::rules::hex::{Cell, CellSet};
use crate::rules::{Any, AnyPosition, Game, GameKind, Listed, ParseError};

impl Scene {
    /// The scene's position, or why it does not parse (the tests check every page's).
    pub(crate) fn position(&self, game: GameKind) -> Result<AnyPosition, ParseError> {
        game.position(self.position, None)
    }

    /// Where trying the scene starts: its position, or for a turn under way the position
    /// it started from and what a player has picked of it so far.
    pub(crate) fn trial(&self, game: GameKind) -> Result<Any<Tries>, ParseError> {
        crate::each_game!(kind game, G => {
            let (start, picked) = match self.under_way {
                Some((start, so_far)) => {
                    let turn: <G as Game>::Turn = so_far.parse()?;
                    (start.parse::<G>()?, G::stages(&turn).last().cloned())
                }
                None => (self.position.parse::<G>()?, None),
            };
            Ok(G::any::<Tries>((start, picked)))
        })
    }

    /// What the scene lights up, each asked of the rules: the cells, the mover and
    /// neighbours alike in every game, the rest as the game means it.
    pub(crate) fn lit(&self, position: &AnyPosition) -> Highlights {
        let board = position.board();
        let index = |name: &str| name.parse::<Cell>().ok().and_then(|cell| board.index(cell));
        let mut lit = Highlights::default();
        for &show in self.shows {
            match show {
                Show::Cells(names) => lit.focus |= names.iter().filter_map(|name| index(name)).collect(),
                Show::Mover(name) => lit.selected |= index(name).map_or(CellSet::EMPTY, CellSet::single),
                Show::Neighbours(name) => {
                    if let Some(i) = index(name) {
                        lit.focus |= board.neighbours(i) | CellSet::single(i);
                    }
                }
                show => lit |= crate::each_game!(position, p, G => G::scene_lit(p, show)),
            }
        }
        lit
    }
}

/// The rules book open on screen: the game, the page, the scene, and the contents list
/// when it is open (with its chosen line).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Book {
    /// The game whose rules it is.
    pub game: GameKind,
    /// The page on screen.
    pub page: usize,
    /// The page's scene on its board.
    pub scene: usize,
    /// The contents list, when open, and its chosen line.
    pub contents: Option<usize>,
}

impl Book {
    /// The book of `game`, open at its first page.
    pub(crate) fn new(game: GameKind) -> Book {
        Book { game, page: 0, scene: 0, contents: None }
    }

    pub(crate) fn pages(&self) -> &'static [Page] {
        pages(self.game)
    }

    pub(crate) fn current(&self) -> &'static Page {
        &self.pages()[self.page]
    }

    /// The scene on view.
    pub(crate) fn scene(&self) -> &'static Scene {
        &self.current().scenes[self.scene]
    }

    /// The scene `p` tries: the one on view where it shows a move, else the page's example
    /// from its start (its first scene that shows one: the step after a move has nothing
    /// to try), else the scene on view.
    pub(crate) fn scene_to_try(&self) -> &'static Scene {
        let scene = self.scene();
        match scene.turn {
            Some(_) => scene,
            None => self.current().scenes.iter().find(|scene| scene.turn.is_some()).unwrap_or(scene),
        }
    }

    /// To page `page` (kept within the book), at its first scene.
    pub(crate) fn turn_to(&mut self, page: usize) {
        self.page = page.min(self.pages().len() - 1);
        self.scene = 0;
    }
}

/// The pages of `game`'s rules.
pub(crate) fn pages(game: GameKind) -> &'static [Page] {
    crate::each_game!(kind game, G => G::PAGES)
}

impl Component for Book {
    fn context(&self) -> Context {
        if self.contents.is_some() { Context::Contents } else { Context::Rules }
    }

    fn act(&mut self, action: Action) -> Go {
        let pages = self.pages().len();
        let scenes = self.current().scenes.len();
        if let Some(line) = self.contents {
            self.contents = match action {
                Action::Previous => Some((line + pages - 1) % pages),
                Action::Next => Some((line + 1) % pages),
                Action::Choose => {
                    self.turn_to(line);
                    None
                }
                Action::Jump(page) if page < pages => {
                    self.turn_to(page);
                    None
                }
                _ => None,
            };
            return Go::Stay;
        }
        match action {
            Action::NextPage => self.turn_to(self.page + 1),
            Action::PreviousPage => self.turn_to(self.page.saturating_sub(1)),
            Action::NextStep => self.scene = (self.scene + 1) % scenes,
            Action::PreviousStep => self.scene = (self.scene + scenes - 1) % scenes,
            Action::Contents => self.contents = Some(self.page),
            Action::First => self.turn_to(0),
            Action::Last => self.turn_to(pages - 1),
            Action::Help => return Go::Help,
            Action::Try => {
                if let Ok(tried) = self.scene_to_try().trial(self.game) {
                    return Go::Try(tried);
                }
            }
            Action::Back => return Go::Menu,
            _ => {}
        }
        Go::Stay
    }
}
