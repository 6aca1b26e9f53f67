//! The commands a line may start with: each has a name and a one-letter short form in each
//! language (the English name is taken in every language, so that a script works
//! everywhere), and words for `help`. Which ones a line may use depends on where the player
//! is ([`CommandScope`]).

use crate::i18n::keys::*;
use crate::i18n::{Key, Lang, Text, text};

/// A command.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum SpokenCommand {
    Help,
    Quit,
    Board,
    Cell,
    Moves,
    Captures,
    Last,
    Turn,
    Clocks,
    Score,
    End,
    Undo,
    Redo,
    Hint,
    Draw,
    Resign,
    Save,
    Review,
    Again,
    Next,
    Back,
    Pages,
    Try,
    Yes,
    No,
    // The club's lobby (`speech/lobby.rs`).
    Playing,
    Online,
    Seeks,
    Challenges,
    Live,
    Finished,
    Best,
    Open,
    Watch,
    Replay,
    Seek,
    Challenge,
    Take,
    Accept,
    Decline,
    Cancel,
    /// Back to the club's lobby from a game there.
    Lobby,
}

/// A command's words: its name, its short form (none where every letter would clash), and
/// what it does in `help`.
struct CommandWords {
    command: SpokenCommand,
    name: Key<0>,
    short: Option<Key<0>>,
    about: Key<0>,
}

/// Every command's words.
const WORDS: &[CommandWords] = &[
    words(SpokenCommand::Help, SPEECH_COMMAND_HELP, SPEECH_SHORT_HELP, SPEECH_ABOUT_HELP),
    words(SpokenCommand::Quit, SPEECH_COMMAND_QUIT, SPEECH_SHORT_QUIT, SPEECH_ABOUT_QUIT),
    words(SpokenCommand::Board, SPEECH_COMMAND_BOARD, SPEECH_SHORT_BOARD, SPEECH_ABOUT_BOARD),
    words(SpokenCommand::Cell, SPEECH_COMMAND_CELL, SPEECH_SHORT_CELL, SPEECH_ABOUT_CELL),
    words(SpokenCommand::Moves, SPEECH_COMMAND_MOVES, SPEECH_SHORT_MOVES, SPEECH_ABOUT_MOVES),
    words(SpokenCommand::Captures, SPEECH_COMMAND_CAPTURES, SPEECH_SHORT_CAPTURES, SPEECH_ABOUT_CAPTURES),
    words(SpokenCommand::Last, SPEECH_COMMAND_LAST, SPEECH_SHORT_LAST, SPEECH_ABOUT_LAST),
    words(SpokenCommand::Turn, SPEECH_COMMAND_TURN, SPEECH_SHORT_TURN, SPEECH_ABOUT_TURN),
    words(SpokenCommand::Clocks, SPEECH_COMMAND_CLOCKS, SPEECH_SHORT_CLOCKS, SPEECH_ABOUT_CLOCKS),
    words(SpokenCommand::Score, SPEECH_COMMAND_SCORE, SPEECH_SHORT_SCORE, SPEECH_ABOUT_SCORE),
    words(SpokenCommand::End, SPEECH_COMMAND_END, SPEECH_SHORT_END, SPEECH_ABOUT_END),
    words(SpokenCommand::Undo, SPEECH_COMMAND_UNDO, SPEECH_SHORT_UNDO, SPEECH_ABOUT_UNDO),
    words(SpokenCommand::Redo, SPEECH_COMMAND_REDO, SPEECH_SHORT_REDO, SPEECH_ABOUT_REDO),
    words(SpokenCommand::Hint, SPEECH_COMMAND_HINT, SPEECH_SHORT_HINT, SPEECH_ABOUT_HINT),
    words(SpokenCommand::Draw, SPEECH_COMMAND_DRAW, SPEECH_SHORT_DRAW, SPEECH_ABOUT_DRAW),
    words(SpokenCommand::Resign, SPEECH_COMMAND_RESIGN, SPEECH_SHORT_RESIGN, SPEECH_ABOUT_RESIGN),
    words(SpokenCommand::Save, SPEECH_COMMAND_SAVE, SPEECH_SHORT_SAVE, SPEECH_ABOUT_SAVE),
    words(SpokenCommand::Review, SPEECH_COMMAND_REVIEW, SPEECH_SHORT_REVIEW, SPEECH_ABOUT_REVIEW),
    words(SpokenCommand::Again, SPEECH_COMMAND_AGAIN, SPEECH_SHORT_AGAIN, SPEECH_ABOUT_AGAIN),
    words(SpokenCommand::Next, SPEECH_COMMAND_NEXT, SPEECH_SHORT_NEXT, SPEECH_ABOUT_NEXT),
    words(SpokenCommand::Back, SPEECH_COMMAND_BACK, SPEECH_SHORT_BACK, SPEECH_ABOUT_BACK),
    words(SpokenCommand::Pages, SPEECH_COMMAND_PAGES, SPEECH_SHORT_PAGES, SPEECH_ABOUT_PAGES),
    words(SpokenCommand::Try, SPEECH_COMMAND_TRY, SPEECH_SHORT_TRY, SPEECH_ABOUT_TRY),
    words(SpokenCommand::Yes, SPEECH_COMMAND_YES, SPEECH_SHORT_YES, SPEECH_ABOUT_YES),
    words(SpokenCommand::No, SPEECH_COMMAND_NO, SPEECH_SHORT_NO, SPEECH_ABOUT_NO),
    words(SpokenCommand::Playing, SPEECH_COMMAND_PLAYING, SPEECH_SHORT_PLAYING, SPEECH_ABOUT_PLAYING),
    words(SpokenCommand::Online, SPEECH_COMMAND_ONLINE, SPEECH_SHORT_ONLINE, SPEECH_ABOUT_ONLINE),
    words(SpokenCommand::Seeks, SPEECH_COMMAND_SEEKS, SPEECH_SHORT_SEEKS, SPEECH_ABOUT_SEEKS),
    words(
        SpokenCommand::Challenges,
        SPEECH_COMMAND_CHALLENGES,
        SPEECH_SHORT_CHALLENGES,
        SPEECH_ABOUT_CHALLENGES,
    ),
    words(SpokenCommand::Live, SPEECH_COMMAND_LIVE, SPEECH_SHORT_LIVE, SPEECH_ABOUT_LIVE),
    words(SpokenCommand::Finished, SPEECH_COMMAND_FINISHED, SPEECH_SHORT_FINISHED, SPEECH_ABOUT_FINISHED),
    words(SpokenCommand::Best, SPEECH_COMMAND_BEST, SPEECH_SHORT_BEST, SPEECH_ABOUT_BEST),
    long(SpokenCommand::Open, SPEECH_COMMAND_OPEN, SPEECH_ABOUT_OPEN),
    words(SpokenCommand::Watch, SPEECH_COMMAND_WATCH, SPEECH_SHORT_WATCH, SPEECH_ABOUT_WATCH),
    long(SpokenCommand::Replay, SPEECH_COMMAND_REPLAY, SPEECH_ABOUT_REPLAY),
    long(SpokenCommand::Seek, SPEECH_COMMAND_SEEK, SPEECH_ABOUT_SEEK),
    long(SpokenCommand::Challenge, SPEECH_COMMAND_CHALLENGE, SPEECH_ABOUT_CHALLENGE),
    long(SpokenCommand::Take, SPEECH_COMMAND_TAKE, SPEECH_ABOUT_TAKE),
    words(SpokenCommand::Accept, SPEECH_COMMAND_ACCEPT, SPEECH_SHORT_ACCEPT, SPEECH_ABOUT_ACCEPT),
    words(SpokenCommand::Decline, SPEECH_COMMAND_DECLINE, SPEECH_SHORT_DECLINE, SPEECH_ABOUT_DECLINE),
    words(SpokenCommand::Cancel, SPEECH_COMMAND_CANCEL, SPEECH_SHORT_CANCEL, SPEECH_ABOUT_CANCEL),
    long(SpokenCommand::Lobby, SPEECH_COMMAND_LOBBY, SPEECH_ABOUT_LOBBY),
];

const fn words(command: SpokenCommand, name: Key<0>, short: Key<0>, about: Key<0>) -> CommandWords {
    CommandWords { command, name, short: Some(short), about }
}

/// A command with no short form: each letter of its name is another's there, in some
/// language.
const fn long(command: SpokenCommand, name: Key<0>, about: Key<0>) -> CommandWords {
    CommandWords { command, name, short: None, about }
}

/// Where the player is, for the commands a line may use there.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum CommandScope {
    Menu,
    /// A game against the computer being set up: each line answers a question.
    Setup,
    Game,
    /// A rules example tried on a real board.
    Tried,
    Rules,
    Puzzle,
    Review,
    /// A yes-or-no question waits for its answer.
    Question,
    /// The club's lobby.
    Lobby,
    /// A game at the club, played or watched or replayed.
    Club,
}

impl CommandScope {
    /// The commands taken here, in the order `help` lists them.
    pub(crate) fn commands(self) -> &'static [SpokenCommand] {
        use SpokenCommand::*;
        match self {
            CommandScope::Menu => &[Help, Quit],
            CommandScope::Setup => &[Back, Help, Quit],
            CommandScope::Game => &[
                Board, Cell, Moves, Captures, Last, Turn, Clocks, Score, End, Undo, Redo, Hint, Draw, Resign,
                Save, Review, Again, Help, Quit,
            ],
            CommandScope::Tried => {
                &[Board, Cell, Moves, Captures, Last, Turn, Score, End, Undo, Redo, Hint, Again, Help, Quit]
            }
            CommandScope::Rules => &[Next, Back, Pages, Try, Board, Cell, Help, Quit],
            CommandScope::Puzzle => &[
                Board, Cell, Moves, Captures, Last, Turn, Score, End, Hint, Undo, Redo, Next, Again, Help,
                Quit,
            ],
            CommandScope::Review => &[Next, Back, Board, Cell, Help, Quit],
            CommandScope::Question => &[Yes, No, Save, Help],
            CommandScope::Lobby => &[
                Playing, Online, Seeks, Challenges, Live, Finished, Best, Open, Watch, Replay, Seek,
                Challenge, Take, Accept, Decline, Cancel, Help, Quit,
            ],
            CommandScope::Club => &[
                Board, Cell, Moves, Captures, Last, Turn, Clocks, Score, End, Undo, Redo, Draw, Resign, Help,
                Lobby, Quit,
            ],
        }
    }

    /// What `command` does here, where it does something else than its usual words say.
    fn about(self, command: SpokenCommand) -> Key<0> {
        use SpokenCommand::*;
        match (self, command) {
            (CommandScope::Tried, Quit) => SPEECH_ABOUT_QUIT_TRIED,
            (CommandScope::Rules, Quit) | (CommandScope::Review, Quit) | (CommandScope::Setup, Back) => {
                SPEECH_ABOUT_QUIT_BACK
            }
            (CommandScope::Rules, Next) => SPEECH_ABOUT_NEXT_RULES,
            (CommandScope::Rules, Back) => SPEECH_ABOUT_BACK_RULES,
            (CommandScope::Review, Next) => SPEECH_ABOUT_NEXT_REVIEW,
            (CommandScope::Review, Back) => SPEECH_ABOUT_BACK_REVIEW,
            (CommandScope::Puzzle, Undo) => SPEECH_ABOUT_UNDO_PUZZLE,
            (CommandScope::Puzzle, Redo) => SPEECH_ABOUT_REDO_PUZZLE,
            (CommandScope::Puzzle, Again) => SPEECH_ABOUT_AGAIN_PUZZLE,
            (CommandScope::Question, Save) => SPEECH_ABOUT_SAVE_QUESTION,
            (CommandScope::Rules | CommandScope::Review, Board) => SPEECH_ABOUT_BOARD_EXAMPLE,
            (CommandScope::Lobby, Quit) => SPEECH_ABOUT_QUIT_CLUB,
            (CommandScope::Club, Quit) => SPEECH_ABOUT_LOBBY,
            (CommandScope::Club, Undo) => SPEECH_ABOUT_UNDO_CLUB,
            (CommandScope::Club, Redo) => SPEECH_ABOUT_REDO_CLUB,
            _ => of(command).about,
        }
    }
}

fn of(command: SpokenCommand) -> &'static CommandWords {
    WORDS.iter().find(|words| words.command == command).expect("every command has its words")
}

/// `command`'s name in `lang`.
pub(super) fn name(command: SpokenCommand, lang: Lang) -> String {
    lang.word(of(command).name)
}

/// The command `word` names in `scope` and `lang`: its name or short form there, or its
/// English name; any case.
fn named(word: &str, scope: CommandScope, lang: Lang) -> Option<SpokenCommand> {
    let word = word.to_lowercase();
    let is = |key: Key<0>, lang: Lang| lang.word(key).to_lowercase() == word;
    scope.commands().iter().copied().find(|&command| {
        let words = of(command);
        is(words.name, lang) || words.short.is_some_and(|short| is(short, lang)) || is(words.name, Lang::En)
    })
}

/// A line read as a command of `scope`: the command its first word names, and the rest of
/// the line; `None` when its first word is no command here.
pub(super) fn read(line: &str, scope: CommandScope, lang: Lang) -> Option<(SpokenCommand, &str)> {
    let line = line.trim();
    let (first, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    named(first, scope, lang).map(|command| (command, rest.trim()))
}

/// The name a screen's text gives an action's key (`{key:undo}`), said as the command
/// that does it here, or as the action's own name where none does.
pub(super) fn key_word(action: &str, lang: Lang) -> String {
    let command = match action {
        "undo" | "first" | "previous_step" => Some(SpokenCommand::Undo),
        "redo" | "last" | "next_step" => Some(SpokenCommand::Redo),
        "quit" | "menu" => Some(SpokenCommand::Quit),
        "back" | "back_page" => Some(SpokenCommand::Back),
        "cancel" => Some(SpokenCommand::End),
        "save" => Some(SpokenCommand::Save),
        "draw" => Some(SpokenCommand::Draw),
        "resign" => Some(SpokenCommand::Resign),
        "help" => Some(SpokenCommand::Help),
        "hint" => Some(SpokenCommand::Hint),
        "try" => Some(SpokenCommand::Try),
        "yes" => Some(SpokenCommand::Yes),
        "review" => Some(SpokenCommand::Review),
        "retry" => Some(SpokenCommand::Again),
        "seek" => Some(SpokenCommand::Seek),
        "challenge" => Some(SpokenCommand::Challenge),
        _ => None,
    };
    match (command, action) {
        (Some(command), _) => name(command, lang),
        // Enter on a cell: here, a cell typed.
        (None, "act") => lang.word(SPEECH_KEY_ACT),
        (None, action) => action.replace('_', " "),
    }
}

/// Which of `count` numbered choices `line` names (typed 1 to `count`), from 0; or why not.
pub(super) fn chosen(line: &str, count: usize) -> Result<usize, Text> {
    match line.parse::<usize>() {
        Ok(n) if (1..=count).contains(&n) => Ok(n - 1),
        _ => Err(text!(SPEECH_NUMBER_RANGE, 1, count)),
    }
}

/// The lines `help` says in `scope`: each command with its short form and what it does.
pub(super) fn help(scope: CommandScope) -> Vec<Text> {
    scope
        .commands()
        .iter()
        .map(|&command| {
            let words = of(command);
            let about = text!(scope.about(command));
            match words.short {
                Some(short) => text!(SPEECH_HELP_LINE, text!(words.name), text!(short), about),
                None => text!(SPEECH_HELP_LINE_LONG, text!(words.name), about),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCOPES: [CommandScope; 10] = [
        CommandScope::Menu,
        CommandScope::Setup,
        CommandScope::Game,
        CommandScope::Tried,
        CommandScope::Rules,
        CommandScope::Puzzle,
        CommandScope::Review,
        CommandScope::Question,
        CommandScope::Lobby,
        CommandScope::Club,
    ];

    #[test]
    fn each_word_names_one_command_wherever_it_is_taken_in_every_language() {
        for lang in Lang::ALL {
            for scope in SCOPES {
                let mut seen: Vec<(String, SpokenCommand)> = Vec::new();
                for &command in scope.commands() {
                    let words = of(command);
                    let short = words.short.map(|short| lang.word(short));
                    let mut own: Vec<String> =
                        [Some(lang.word(words.name)), short, Some(Lang::En.word(words.name))]
                            .into_iter()
                            .flatten()
                            .collect();
                    own.dedup();
                    for word in own {
                        let word = word.to_lowercase();
                        assert!(!word.is_empty() && !word.contains(' '), "{lang:?} {command:?}: '{word}'");
                        let other = seen.iter().find(|(known, other)| *known == word && *other != command);
                        assert!(
                            other.is_none(),
                            "{lang:?} {scope:?}: '{word}' names {command:?} and {other:?}"
                        );
                        seen.push((word, command));
                    }
                }
            }
        }
    }

    #[test]
    fn every_short_form_is_one_letter_and_english_names_are_taken_everywhere() {
        for lang in Lang::ALL {
            for words in WORDS {
                if let Some(short) = words.short {
                    assert_eq!(lang.word(short).chars().count(), 1, "{lang:?} {:?}", words.command);
                }
            }
        }
        assert_eq!(read("BOARD blue", CommandScope::Game, Lang::Fr), Some((SpokenCommand::Board, "blue")));
        assert_eq!(read("plateau", CommandScope::Game, Lang::Fr), Some((SpokenCommand::Board, "")));
        assert_eq!(read("C3", CommandScope::Game, Lang::En), None);
    }
}
