//! Every plain setting of a person's, declared once ([`every_setting!`]): its name in the
//! config file, its type and default, what a bad value is told it should be, how its text
//! reads and how its value is written, its flag if it has one, and whether a new game
//! starts from it. From that one list come the new games' defaults ([`Prefs`]) here, and in
//! `config` the file's reading, the flags, `hexstack config`'s listing and the default file.
//! The tables of the config file (`[theme]`'s colours and marks, `[keys]`) come from their
//! own single lists: the marks and the key table.

use crate::ai::Level;
use crate::clock::TimeControl;
use crate::i18n::Lang;
use crate::rules::Colour;
use std::time::Duration;

/// Calls `$then!` with every plain setting, in the config file's order (the names in it
/// resolve where `$then!` is called: [`read`], [`shown`], the types). Each is:
///
/// - its doc lines (the default file's comment above it; none: it shares the one before);
/// - `name: Type = default`;
/// - `file`: its name in the config file (`section.name` inside a table);
/// - `expect`: what a bad value is told it should be (a text key);
/// - `read`: how its value reads, `text` from a string, `number` from an integer's digits
///   or `switch` from `true`/`false`, with the function that checks it (a flag's text too);
/// - `shown`: how `hexstack config` writes its value;
/// - `example`: written commented out in the default file, for a setting with no value by
///   default (else the file gives its default);
/// - `flag`: its command-line flag, the flag's value's name and help;
/// - `prefs.name`: a new game starts from it.
///
/// The list is read here once, and `$then!` is handed each setting in one shape, what the
/// new games' defaults need first and the rest in braces: `name: Type = default, file
/// "name", prefs [name or nothing], { docs [lines] expect KEY, read kind function, shown
/// function, example [text or nothing], flag [flag value help, or nothing] };`.
macro_rules! every_setting {
    ($then:ident) => {
        $crate::settings::every_setting! { @each $then;
            /// The language of the screens: en, fr or sr (unset: from LANG, else en).
            lang: Lang = Lang::En,
                file "lang", expect CONFIG_EXPECT_LANG,
                read text read::lang, shown shown::lang,
                example "en";
            /// The players' names in a new game, 1 to 40 characters (unset: none).
            blue: Option<String> = None,
                file "blue", expect CONFIG_EXPECT_NAME,
                read text read::name, shown shown::name,
                example "Ana", prefs.blue;
            red: Option<String> = None,
                file "red", expect CONFIG_EXPECT_NAME,
                read text read::name, shown shown::name,
                example "Luka", prefs.red;
            /// The computer's level in a new game against it, 1 (beginner) to 5 (expert).
            level: Level = Level::USUAL,
                file "level", expect CONFIG_EXPECT_LEVEL,
                read number read::level, shown shown::level,
                prefs.level;
            /// The colour the computer plays in a new game against it: blue or red (unset: whoever
            /// moves second).
            computer: Option<Colour> = None,
                file "computer", expect CONFIG_EXPECT_SIDE,
                read text read::side, shown shown::side,
                example "red", prefs.computer;
            /// Show who is ahead from the start of a game (e toggles it): true or false.
            eval: bool = false,
                file "eval", expect CONFIG_EXPECT_SWITCH,
                read switch read::switch, shown shown::plain,
                flag "eval" "on|off" "Show who is ahead from the start of a game: on or off \
(default off)",
                prefs.eval;
            /// Lines of words instead of a screen, for a screen reader or a braille display:
            /// true or false (unset: on when TERM is dumb).
            screen_reader: bool = false,
                file "screen-reader", expect CONFIG_EXPECT_SWITCH,
                read switch read::switch, shown shown::plain;
            /// The level a review looks at the positions with, 1 to 5.
            review_level: Level = Level::REVIEW,
                file "review_level", expect CONFIG_EXPECT_LEVEL,
                read number read::level, shown shown::level,
                flag "review-level" "LEVEL" "The level reviews look at the positions with, 1 to 5 \
(default 4)",
                prefs.review_level;
            /// How long each step of the computer's turn shows, in milliseconds, 0 to 2000.
            step_time: Duration = USUAL_STEP,
                file "step_time", expect CONFIG_EXPECT_STEP_TIME,
                read number read::step_time, shown shown::millis,
                flag "step-time" "MS" "How long each step of the computer's turn shows, in milliseconds, \
0 to 2000 (default 350)",
                prefs.step_time;
            /// The clock of a new game: "M+S" (M minutes each, S seconds added after each turn),
            /// "Ns+S" for a base in seconds, or "none".
            clock: Option<crate::clock::TimeControl> = None,
                file "clock", expect CONFIG_EXPECT_CLOCK,
                read text read::clock, shown shown::clock,
                prefs.clock;
            /// The club's name (hexstack club), shown as members come in: 1 to 40 characters.
            club_name: String = String::from("hexstack"),
                file "club.name", expect CONFIG_EXPECT_NAME,
                read text read::club_name, shown shown::plain;
            /// A line the club greets its members with, up to 200 characters (unset: none).
            club_greeting: Option<String> = None,
                file "club.greeting", expect CONFIG_EXPECT_GREETING,
                read text read::greeting, shown shown::name,
                example "Games every Thursday at eight";
            /// Whether people without an SSH key may come in to watch: true or false.
            club_watchers: bool = true,
                file "club.watchers", expect CONFIG_EXPECT_SWITCH,
                read switch read::switch, shown shown::plain;
            /// The most connections the club takes at once, members' and watchers', 2 to 10000.
            club_connections: usize = 512,
                file "club.connections", expect CONFIG_EXPECT_CONNECTIONS,
                read number read::connections, shown shown::plain;
            /// The share of those connections keyless watchers may hold, in percent, 0 to 100.
            club_watcher_share: usize = 50,
                file "club.watcher_share", expect CONFIG_EXPECT_PERCENT,
                read number read::percent, shown shown::plain;
            /// How long a keyless watcher may stay without sending anything, in minutes, 1 to 1440.
            club_watcher_idle: u64 = 10,
                file "club.watcher_idle", expect CONFIG_EXPECT_MINUTES,
                read number read::minutes, shown shown::plain;
            /// How many new names one address may register in an hour, 0 to 1000.
            club_new_names: u32 = 5,
                file "club.new_names", expect CONFIG_EXPECT_NEW_NAMES,
                read number read::new_names, shown shown::plain;
            /// How many correspondence games a member may have in progress at once, 1 to 1000.
            club_daily_games: usize = 30,
                file "club.daily_games", expect CONFIG_EXPECT_DAILY_GAMES,
                read number read::daily_games, shown shown::plain;
            /// A command the club runs when a member is needed (their turn by correspondence,
            /// a challenge, a game's end, time running low), without a shell (unset: none).
            club_notify: Option<String> = None,
                file "club.notify", expect CONFIG_EXPECT_NOTIFY,
                read text read::notify, shown shown::name,
                example "/usr/local/bin/club-notify";
            /// default, colour-blind (blue and orange) or mono (no colour; NO_COLOR picks it too).
            theme: String = String::from("default"),
                file "theme.name", expect CONFIG_EXPECT_THEME,
                read text read::theme, shown shown::plain,
                flag "theme" "NAME" "The colours: default, colour-blind or mono";
        }
    };
    (@each $then:ident; $(
        $(#[doc = $doc:literal])*
        $name:ident: $type:ty = $default:expr,
            file $file:literal, expect $expect:ident,
            read $kind:ident $read:path, shown $shown:path
            $(, example $example:literal)?
            $(, flag $flag:literal $value:literal $help:literal)?
            $(, prefs.$pref:ident)?;
    )*) => {
        $then! { $(
            $name: $type = $default, file $file, prefs [$($pref)?], {
                docs [$($doc)*] expect $expect, read $kind $read, shown $shown,
                example [$($example)?] flag [$($flag $value $help)?]
            };
        )* }
    };
}
pub(crate) use every_setting;

/// The new games' defaults: a [`Prefs`] of the settings a new game starts from.
macro_rules! prefs {
    ($($name:ident: $type:ty = $default:expr, file $file:literal, prefs [$($pref:ident)?], $rest:tt;)*) => {
        /// What a new game starts with unless the player says otherwise: each setting a new
        /// game starts from ([`every_setting!`]).
        #[derive(Clone, PartialEq, Eq, Debug)]
        pub(crate) struct Prefs {
            $($(
                #[doc = concat!("The config file's `", $file, "`.")]
                pub $pref: $type,
            )?)*
        }

        impl Default for Prefs {
            /// The program's own defaults.
            fn default() -> Prefs {
                Prefs { $($($pref: $default,)?)* }
            }
        }
    };
}
every_setting!(prefs);

impl Prefs {
    /// The players of a new game: named as set, the computer in none.
    pub(crate) fn players(&self) -> crate::record::Players {
        crate::record::Players { blue: self.blue.clone(), red: self.red.clone(), computer: None }
    }
}

/// How long the computer shows each step of its turn unless the player says otherwise.
pub(crate) const USUAL_STEP: Duration = Duration::from_millis(350);

/// The longest the computer may show a step of its turn for.
pub(crate) const LONGEST_STEP: Duration = Duration::from_secs(2);

/// The longest player name, in characters (as `play --blue` takes).
pub(crate) const LONGEST_NAME: usize = 40;

/// The longest greeting a club's members are shown, in characters.
pub(crate) const LONGEST_GREETING: usize = 200;

/// The longest command a club may run to notify a member, in characters.
pub(crate) const LONGEST_NOTIFY: usize = 1000;

/// The most correspondence games a club may let a member have at once.
pub(crate) const CLUB_DAILY_GAMES_MOST: usize = 1000;

/// The most connections a club may be set to take at once.
pub(crate) const MOST_CONNECTIONS: usize = 10_000;

/// How each setting's text reads: its value, or none if it is not one.
pub(crate) mod read {
    use super::*;

    /// `en`, `fr` or `sr`.
    pub(crate) fn lang(text: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|lang| format!("{lang:?}").eq_ignore_ascii_case(text))
    }

    /// A player's name: one line of printable text, 1 to [`LONGEST_NAME`] characters.
    pub(crate) fn name(name: &str) -> Option<Option<String>> {
        let fits = (1..=LONGEST_NAME).contains(&name.chars().count()) && !name.trim().is_empty();
        (fits && !name.chars().any(char::is_control)).then(|| Some(name.to_string()))
    }

    /// A level's number, 1 to 5.
    pub(crate) fn level(text: &str) -> Option<Level> {
        text.trim().parse::<u8>().ok().and_then(Level::new)
    }

    /// `blue` or `red`.
    pub(crate) fn side(text: &str) -> Option<Option<Colour>> {
        match text {
            "blue" => Some(Some(Colour::Blue)),
            "red" => Some(Some(Colour::Red)),
            _ => None,
        }
    }

    /// On or off.
    pub(crate) fn switch(on: bool) -> Option<bool> {
        Some(on)
    }

    /// A number of milliseconds up to [`LONGEST_STEP`]'s.
    pub(crate) fn step_time(text: &str) -> Option<Duration> {
        let ms = text.trim().parse::<u64>().ok().filter(|ms| u128::from(*ms) <= LONGEST_STEP.as_millis());
        ms.map(Duration::from_millis)
    }

    /// A time control (`M+S`, `Ns+S`), or `none`.
    pub(crate) fn clock(text: &str) -> Option<Option<TimeControl>> {
        TimeControl::parse(text).ok()
    }

    /// A club's name: one line of printable text, 1 to [`LONGEST_NAME`] characters.
    pub(crate) fn club_name(name: &str) -> Option<String> {
        self::name(name).flatten()
    }

    /// A greeting: one line of printable text, up to [`LONGEST_GREETING`] characters.
    pub(crate) fn greeting(text: &str) -> Option<Option<String>> {
        let fits = text.chars().count() <= LONGEST_GREETING && !text.chars().any(char::is_control);
        fits.then(|| Some(text.trim().to_string()).filter(|text| !text.is_empty()))
    }

    /// A count of connections, 2 to [`MOST_CONNECTIONS`].
    pub(crate) fn connections(text: &str) -> Option<usize> {
        text.trim().parse::<usize>().ok().filter(|count| (2..=MOST_CONNECTIONS).contains(count))
    }

    /// A share in percent, 0 to 100.
    pub(crate) fn percent(text: &str) -> Option<usize> {
        text.trim().parse::<usize>().ok().filter(|share| *share <= 100)
    }

    /// A number of minutes, 1 to a day's.
    pub(crate) fn minutes(text: &str) -> Option<u64> {
        text.trim().parse::<u64>().ok().filter(|minutes| (1..=1440).contains(minutes))
    }

    /// New names an hour, 0 to 1000.
    pub(crate) fn new_names(text: &str) -> Option<u32> {
        text.trim().parse::<u32>().ok().filter(|count| *count <= 1000)
    }

    /// Correspondence games a member may have at once, 1 to [`CLUB_DAILY_GAMES_MOST`].
    pub(crate) fn daily_games(text: &str) -> Option<usize> {
        text.trim().parse::<usize>().ok().filter(|count| (1..=super::CLUB_DAILY_GAMES_MOST).contains(count))
    }

    /// A command to run: one line of up to [`LONGEST_NOTIFY`] characters, its words split at
    /// spaces (no shell reads it), or nothing (none).
    pub(crate) fn notify(text: &str) -> Option<Option<String>> {
        let fits = text.chars().count() <= LONGEST_NOTIFY && !text.chars().any(char::is_control);
        fits.then(|| Some(text.trim().to_string()).filter(|text| !text.is_empty()))
    }

    /// A built-in theme's name.
    pub(crate) fn theme(name: &str) -> Option<String> {
        crate::theme::Theme::named(name).map(|_| name.to_string())
    }
}

/// How each setting's value is written, as the config file would write it (unquoted).
pub(crate) mod shown {
    use super::*;

    /// A language as the config file writes it (`en`).
    pub(crate) fn lang(lang: &Lang) -> String {
        format!("{lang:?}").to_lowercase()
    }

    /// A name, or `-` for none.
    pub(crate) fn name(name: &Option<String>) -> String {
        name.clone().unwrap_or_else(|| "-".into())
    }

    /// A level as the config file writes it (`3`).
    pub(crate) fn level(level: &Level) -> String {
        level.number().to_string()
    }

    /// A side, or `-` for none.
    pub(crate) fn side(side: &Option<Colour>) -> String {
        side.map_or("-".to_string(), |colour| format!("{colour:?}").to_lowercase())
    }

    /// A time control, or `none`.
    pub(crate) fn clock(clock: &Option<TimeControl>) -> String {
        clock.map_or("none".into(), |clock| clock.to_string())
    }

    pub(crate) fn millis(time: &Duration) -> String {
        time.as_millis().to_string()
    }

    /// As the value itself writes it.
    pub(crate) fn plain(value: &impl std::fmt::Display) -> String {
        value.to_string()
    }
}
