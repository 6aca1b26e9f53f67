//! The rules book: pages of text beside live boards. Each scene's position is played by
//! the rules engine and what it lights up is asked of it, so a page can only ever show
//! what the rules really do; the words come from `assets/lang`, the pages from [`pages`].

use super::go::{Component, Go};
use super::keys::{Action, Context};
use super::lit::Lit;
use super::pages::{self, Page, Scene, Show};
use crate::rules::clamber::{self, CaptureKind};
use crate::rules::hex::{Cell, CellSet};
use crate::rules::{AnyPosition, ByGame, Game, GameKind, ParseError};

impl Scene {
    /// The scene's position, or why it does not parse (the tests check every page's).
    pub fn position(&self, game: GameKind) -> Result<AnyPosition, ParseError> {
        game.position(self.position, None)
    }

    /// Where trying the scene starts: its position, or for a chain under way the position
    /// its turn started from and the captures so far.
    pub fn to_try(&self, game: GameKind) -> Result<(AnyPosition, Option<clamber::Turn>), ParseError> {
        match self.chain {
            Some((start, so_far)) => Ok((game.position(start, None)?, Some(so_far.parse()?))),
            None => Ok((self.position(game)?, None)),
        }
    }

    /// What the scene lights up, each asked of the rules. Targets are asked on the turn
    /// of the piece's owner, whoever is to move in the scene.
    pub fn lit(&self, position: &AnyPosition) -> Lit {
        let board = crate::by_game!(position, p => p.board());
        let set = |names: &[&str]| -> CellSet {
            names
                .iter()
                .filter_map(|name| name.parse::<Cell>().ok())
                .filter_map(|cell| board.index(cell))
                .collect()
        };
        let mut lit = Lit::default();
        for show in self.shows {
            let cell = |name: &str| name.parse::<Cell>().ok();
            match (*show, position) {
                (Show::Cells(names), _) => lit.focus |= set(names),
                (Show::Mover(name), _) => lit.selected |= set(&[name]),
                (Show::Neighbours(name), _) => {
                    if let Some(i) = cell(name).and_then(|cell| board.index(cell)) {
                        lit.focus |= board.neighbours(i) | CellSet::single(i);
                    }
                }
                (Show::Group(name), ByGame::Clamber(p)) => {
                    lit.group |= cell(name).map_or(CellSet::EMPTY, |c| p.group(c))
                }
                (Show::SubGroup(name), ByGame::Clamber(p)) => {
                    lit.sub_group |= cell(name).map_or(CellSet::EMPTY, |c| p.sub_group(c));
                }
                (Show::Removed(name), ByGame::Clamber(p)) => {
                    lit.removed |= cell(name).map_or(CellSet::EMPTY, |c| p.removed_by_capture(c));
                }
                (Show::Targets(name) | Show::EqualTargets(name), ByGame::Clamber(p)) => {
                    let Some(from) = cell(name) else { continue };
                    let owner = p.stack(from).map(|stack| stack.owner());
                    let p = if owner == Some(p.to_move()) { *p } else { p.skipped() };
                    for (target, kind) in p.next_captures(from, &[]) {
                        let Some(i) = board.index(target) else { continue };
                        match kind {
                            CaptureKind::Equal => lit.equal.insert(i),
                            CaptureKind::Lower if !matches!(show, Show::EqualTargets(_)) => {
                                lit.targets.insert(i)
                            }
                            CaptureKind::Lower => {}
                        }
                    }
                }
                (Show::Targets(name), ByGame::Ombagui(p)) => {
                    let Some(from) = cell(name) else { continue };
                    let owner = p.stack(from).top().map(|piece| piece.colour);
                    let p = if owner == Some(p.to_move()) { *p } else { p.skipped() };
                    lit.jumps |= p.jump_landings(from);
                    lit.targets |= p.destinations(from) - p.jump_landings(from);
                }
                (_, ByGame::Ombagui(_)) => {}
            }
        }
        lit
    }
}

/// The rules book open on screen: the game, the page, the scene, and the contents list
/// when it is open (with its chosen line).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Book {
    pub game: GameKind,
    pub page: usize,
    pub scene: usize,
    pub contents: Option<usize>,
}

impl Book {
    pub fn new(game: GameKind) -> Book {
        Book { game, page: 0, scene: 0, contents: None }
    }

    pub fn pages(&self) -> &'static [Page] {
        pages::pages(self.game)
    }

    pub fn current(&self) -> &'static Page {
        &self.pages()[self.page]
    }

    pub fn scene(&self) -> &'static Scene {
        &self.current().scenes[self.scene]
    }

    /// The text key of `what` on the open page: `title`, `text`, or a scene's number.
    pub fn text_key(&self, page: &Page, what: &str) -> String {
        format!("rules.{}.{}.{what}", self.game.name(), page.name)
    }

    /// To page `page` (kept within the book), at its first scene.
    pub fn turn_to(&mut self, page: usize) {
        self.page = page.min(self.pages().len() - 1);
        self.scene = 0;
    }
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
                if let Ok((start, so_far)) = self.scene().to_try(self.game) {
                    return Go::Try(start, so_far);
                }
            }
            Action::Back => return Go::Menu,
            _ => {}
        }
        Go::Stay
    }
}
