//! The one list of games. The game kinds, the values that hold one game or another
//! ([`Any`](super::Any)) and the code that runs on whichever game a value holds
//! ([`each_game!`](crate::each_game)) are generated from it; everything else a game knows
//! sits in its own files (docs/ARCHITECTURE.md, "Adding a game").

/// Hands the list to `$then`, a macro of this crate, after the tokens given with it:
/// `games!(then, x)` expands to `then! { (x) clamber: Clamber, ombagui: Ombagui, }`.
/// Each entry is a game's module (under `rules`, `i18n`, `ai`, `app` and `ui`, its
/// `Position` in `rules`) and its variant, in the order menus list the games.
#[macro_export]
macro_rules! games {
    ($then:ident $(, $($args:tt)*)?) => {
        $crate::$then! { ($($($args)*)?)
            clamber: Clamber,
            ombagui: Ombagui,
            #[cfg(feature = "third-game")] triad: Triad,
        }
    };
}
