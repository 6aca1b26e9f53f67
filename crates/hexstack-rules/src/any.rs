//! Values of one game or another, made from the list of games ([`games!`](crate::games)):
//! [`GameKind`] names a game, [`Any<F>`] holds a value of the family `F` for whichever
//! game (a position, a record, a screen...), and [`each_game!`](crate::each_game) runs
//! the same generic code on whichever game it holds. The games are told apart nowhere else.

use super::Game;

/// A kind of value that every game has its own of: `Of<G>` is game `G`'s.
/// `Any<Records>` is a record of any game, where `Records::Of<G> = Record<G>`.
pub trait Family {
    /// Game `G`'s value.
    type Of<G: Game>: std::fmt::Debug;
}

/// A family whose values every game can copy: its [`Any`] is then `Clone` (a family of
/// another crate says so here, since it may not implement `Clone` for `Any` itself).
pub trait Cloned: Family {
    /// A copy of game `G`'s value.
    fn cloned<G: Game>(of: &Self::Of<G>) -> Self::Of<G>;
}

impl<F: Cloned> Clone for Any<F> {
    fn clone(&self) -> Self {
        crate::each_game!(map self, of => F::cloned(of))
    }
}

/// What the list makes of each game: its kind, and how its values go into an [`Any`].
/// Every listed game has it; generic code asks it to wrap a value of its own game.
pub trait Listed {
    /// Which game of the list it is.
    const KIND: GameKind;

    /// `of`, a value of this game, as a value of any game.
    fn any<F: Family>(of: F::Of<Self>) -> Any<F>
    where
        Self: Game + Sized;
}

/// Generates, from the list, [`GameKind`], [`Any`] and each game's [`Listed`].
#[doc(hidden)]
#[macro_export]
macro_rules! define_games {
    (() $($(#[$attr:meta])* $module:ident: $variant:ident,)*) => {
        /// A game, as the list names it.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum GameKind {
            $($(#[$attr])* #[doc = concat!("The game ", stringify!($variant), ".")] $variant,)*
        }

        impl GameKind {
            /// Every game, in the list's order.
            pub const ALL: &'static [GameKind] = &[$($(#[$attr])* GameKind::$variant,)*];

            /// The game's name in files, on the command line and in text keys.
            pub const fn name(self) -> &'static str {
                match self {
                    $($(#[$attr])* GameKind::$variant => stringify!($module),)*
                }
            }
        }

        /// A value of family `F` for one of the games.
        pub enum Any<F: Family> {
            $($(#[$attr])* #[doc = concat!("A value of the game ", stringify!($variant), ".")]
            $variant(F::Of<super::$module::Position>),)*
        }

        impl<F: Family> Any<F> {
            /// Which game the value is of.
            pub const fn kind(&self) -> GameKind {
                match self {
                    $($(#[$attr])* Any::$variant(_) => GameKind::$variant,)*
                }
            }
        }

        $($(#[$attr])*
        impl Listed for super::$module::Position {
            const KIND: GameKind = GameKind::$variant;

            fn any<F: Family>(of: F::Of<Self>) -> Any<F> {
                Any::$variant(of)
            }
        })*
    };
}

crate::games!(define_games);

/// Runs the same code on whichever game a value holds:
/// - `each_game!(value, g => body)`: `value` is an `Any<F>` (or a reference to one), `g`
///   the game's own value in `body`, which is compiled once a game;
/// - `each_game!(value, g, G => body)`: the same, `G` the game's position type in `body`;
/// - `each_game!(map value, g => body)`: the same, `body`'s value wrapped back into an `Any`;
/// - `each_game!(kind kind, G => body)`: for a [`GameKind`], `G` the game's position type;
/// - `each_game!(pair a, b, x, y => body, else other)`: two values, `body` when both are
///   of one game, `other` when not.
#[macro_export]
macro_rules! each_game {
    (pair $a:expr, $b:expr, $x:ident, $y:ident => $body:expr, else $other:expr) => {
        $crate::games!(each_game_arms, pair $a, $b, $x, $y => $body, else $other)
    };
    (kind $kind:expr, $game:ident => $body:expr) => {
        $crate::games!(each_game_arms, kind $kind, $game => $body)
    };
    (map $value:expr, $g:ident => $body:expr) => {
        $crate::games!(each_game_arms, map $value, $g => $body)
    };
    ($value:expr, $g:ident, $game:ident => $body:expr) => {
        $crate::games!(each_game_arms, $value, $g, $game => $body)
    };
    ($value:expr, $g:ident => $body:expr) => {
        $crate::games!(each_game_arms, $value, $g => $body)
    };
}

/// The arms of [`each_game!`], one a game of the list.
#[doc(hidden)]
#[macro_export]
macro_rules! each_game_arms {
    ((pair $a:expr, $b:expr, $x:ident, $y:ident => $body:expr, else $other:expr)
        $($(#[$attr:meta])* $module:ident: $variant:ident,)*) => {
        match ($a, $b) {
            $($(#[$attr])* ($crate::Any::$variant($x), $crate::Any::$variant($y)) => $body,)*
            #[allow(unreachable_patterns)]
            _ => $other,
        }
    };
    ((kind $kind:expr, $game:ident => $body:expr) $($(#[$attr:meta])* $module:ident: $variant:ident,)*) => {
        match $kind {
            $($(#[$attr])* $crate::GameKind::$variant => {
                #[allow(unused)]
                type $game = $crate::$module::Position;
                $body
            })*
        }
    };
    ((map $value:expr, $g:ident => $body:expr) $($(#[$attr:meta])* $module:ident: $variant:ident,)*) => {
        match $value {
            $($(#[$attr])* $crate::Any::$variant($g) => $crate::Any::$variant($body),)*
        }
    };
    (($value:expr, $g:ident, $game:ident => $body:expr) $($(#[$attr:meta])* $module:ident: $variant:ident,)*) => {
        match $value {
            $($(#[$attr])* $crate::Any::$variant($g) => {
                #[allow(unused)]
                type $game = $crate::$module::Position;
                $body
            })*
        }
    };
    (($value:expr, $g:ident => $body:expr) $($(#[$attr:meta])* $module:ident: $variant:ident,)*) => {
        match $value {
            $($(#[$attr])* $crate::Any::$variant($g) => $body,)*
        }
    };
}

impl<F: Family> std::fmt::Debug for Any<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        crate::each_game!(self, g => f.debug_tuple(self.kind().name()).field(g).finish())
    }
}
