//! What a rules page is: its title and text, and its scenes, each a position, what it
//! lights up, the turn it shows and its caption. Each game's pages are its own
//! ([`Input::PAGES`](super::table::Input::PAGES)); what a scene lights is asked of the
//! rules when it is drawn, so a page can only ever show what the rules really do.

use crate::i18n::Key;

/// What a scene lights up, asked of the rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Show {
    /// These cells, to look at.
    Cells(&'static [&'static str]),
    /// The stack or piece that moves or captures in the scene.
    Mover(&'static str),
    /// The cell and its neighbours.
    Neighbours(&'static str),
    /// The group of the stack on the cell (what a group is, the game says).
    Group(&'static str),
    /// Its sub-group.
    SubGroup(&'static str),
    /// What capturing the stack on the cell would remove.
    Removed(&'static str),
    /// Where the stack or the top piece on the cell may go or capture, on its owner's turn.
    Targets(&'static str),
    /// The captures that let a turn go on only, as in the middle of a chain.
    EqualTargets(&'static str),
}

/// One board of a page, with what it lights up and, if any, the turn it shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Scene {
    /// The board, in notation.
    pub position: &'static str,
    /// What it lights up.
    pub shows: &'static [Show],
    /// The turn this scene shows; the next scene, if there is one, is the board after it.
    pub turn: Option<&'static str>,
    /// A turn under way: the position it started from and what was played of it so far.
    /// The scene's position is that start with it played, and trying the scene takes the
    /// turn up where it is.
    pub under_way: Option<(&'static str, &'static str)>,
    /// What the scene shows, in words.
    pub caption: Key<0>,
}

/// A page: its title, its text, and its scenes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Page {
    /// The page's title.
    pub title: Key<0>,
    /// What the page says.
    pub text: Key<0>,
    /// Its boards, stepped through in order.
    pub scenes: &'static [Scene],
}

/// A scene of `position`, lighting what `shows` says, showing `turn`.
pub(crate) const fn scene(
    position: &'static str,
    shows: &'static [Show],
    turn: Option<&'static str>,
    caption: Key<0>,
) -> Scene {
    Scene { position, shows, turn, under_way: None, caption }
}

/// A scene in the middle of a turn that started from `start` with `so_far` played.
pub(crate) const fn under_way(start: &'static str, so_far: &'static str, scene: Scene) -> Scene {
    Scene { under_way: Some((start, so_far)), ..scene }
}
