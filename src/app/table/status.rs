//! The status line under a board: what just happened, in a few words, and how it shows.

use crate::i18n::Text;

/// A line for the player, and how to show it.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) enum Message {
    /// Nothing to say.
    #[default]
    None,
    /// What happened.
    Info(Text),
    /// What was refused, or went wrong.
    Warning(Text),
    /// What went well: a puzzle solved, a game saved.
    Success(Text),
}

impl Message {
    /// What it says, if anything.
    pub(crate) fn text(&self) -> Option<&Text> {
        match self {
            Message::None => None,
            Message::Info(text) | Message::Warning(text) | Message::Success(text) => Some(text),
        }
    }
}

/// The line that tells the players what happened at a table: news, a warning, a success,
/// or nothing. Each change says which it is.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct StatusLine(Message);

impl StatusLine {
    /// What the line says now.
    pub(crate) fn message(&self) -> &Message {
        &self.0
    }

    /// Its words, if it says anything.
    pub(crate) fn text(&self) -> Option<&Text> {
        self.0.text()
    }

    /// Whether it warns.
    pub(crate) fn warns(&self) -> bool {
        matches!(self.0, Message::Warning(_))
    }

    /// News: what was played, what to do.
    pub(crate) fn info(&mut self, text: Text) {
        self.0 = Message::Info(text);
    }

    /// Something refused, or gone wrong.
    pub(crate) fn warn(&mut self, text: Text) {
        self.0 = Message::Warning(text);
    }

    /// Something done: a game won, a file saved.
    pub(crate) fn success(&mut self, text: Text) {
        self.0 = Message::Success(text);
    }

    /// Nothing to say.
    pub(crate) fn clear(&mut self) {
        self.0 = Message::None;
    }

    /// `message`, worded and kinded elsewhere (by the advisor, a mode of play, a save).
    pub(crate) fn show(&mut self, message: Message) {
        self.0 = message;
    }
}
