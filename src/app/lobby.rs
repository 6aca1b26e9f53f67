//! The club's lobby: one's own games in progress, who is online, the open seeks, the
//! challenges, the games to watch and one's own to replay, the best of each pool. The
//! screen is fed plain data (a [`LobbyView`]) by the program around it and answers with
//! what the member asked for (a [`LobbyAsk`]); it never decides whether that is allowed:
//! the club does, and says so in the note. It knows nothing of the club's database or
//! network.

pub(crate) mod form;
mod layout;
pub(crate) mod view;

pub(crate) use form::Form;
pub(crate) use layout::LobbyLayout;
pub(crate) use view::{
    BestPlace, ChallengeRow, ClubView, GameRow, LobbyAsk, LobbyView, OnlineRow, OwnView, PlayingRow,
    RecentRow, SeekRow, Terms,
};

use super::component::{Component, Go, Request};
use super::keys::{Action, Context};
use crate::i18n::{Lang, Text};
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Position, Rect};
use std::time::Instant;

/// How many parts the lobby has.
pub(crate) const PARTS: usize = 7;

/// The parts of the lobby, one on screen at a time, in the order of their keys (1-7): one's
/// own games in progress first, where a member looks for whose turn it is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Tab {
    /// One's own games in progress.
    Playing,
    /// The members online.
    Players,
    /// The open seeks.
    Seeks,
    /// The challenges to the member and from them.
    Challenges,
    /// The games in progress, to watch.
    Live,
    /// The member's games that are over, to replay.
    Recent,
    /// Each pool's best players.
    Best,
}

impl Tab {
    /// Every part, in the order of their keys.
    pub(crate) const ALL: [Tab; PARTS] =
        [Tab::Playing, Tab::Players, Tab::Seeks, Tab::Challenges, Tab::Live, Tab::Recent, Tab::Best];

    fn index(self) -> usize {
        self as usize
    }
}

/// What a row is, to find it again in a new view: its id, or a member's or pool's name.
#[derive(Clone, PartialEq, Eq, Debug)]
enum RowKey {
    Id(u64),
    Name(String),
    /// A pool's heading, or a place in it: (pool, name).
    Best(String, Option<String>),
}

/// The lobby on screen: the view, the part shown, the row chosen in each part, the form
/// of a seek or a challenge being written, and the club's last word.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Lobby {
    /// What the club sent last.
    pub view: LobbyView,
    /// The part on screen.
    pub tab: Tab,
    /// The row chosen in each part, by [`Tab::ALL`]'s order.
    pub rows: [usize; PARTS],
    /// A seek or a challenge being written.
    pub form: Option<Form>,
    /// The club's answer to the last thing asked, refusals included.
    pub note: Option<Text>,
    /// The language of the terminal it is on, whose words the parts' names are laid out in
    /// (a click finds the part under it).
    pub lang: Lang,
}

impl Default for Lobby {
    /// The lobby before the club's first view of it.
    fn default() -> Lobby {
        Lobby::new(LobbyView::default())
    }
}

impl Lobby {
    /// The lobby on `view`, on its first part: the member's games in progress.
    pub(crate) fn new(view: LobbyView) -> Lobby {
        Lobby { view, tab: Tab::ALL[0], rows: [0; PARTS], form: None, note: None, lang: Lang::default() }
    }

    /// The same lobby, on a terminal that speaks `lang`.
    pub(crate) fn in_lang(self, lang: Lang) -> Lobby {
        Lobby { lang, ..self }
    }

    /// The lobby laid out on `area`, its parts named in `lang`.
    pub(crate) fn layout(&self, area: Rect, lang: Lang) -> Option<LobbyLayout> {
        LobbyLayout::fit(area, lang, Tab::ALL.map(|tab| self.listed(tab)))
    }

    /// How many things `tab` lists, as its name counts them (the best: the places, not
    /// the pools' headings).
    pub(crate) fn listed(&self, tab: Tab) -> usize {
        match tab {
            Tab::Best => self.view.club.best.iter().map(|(_, best)| best.len()).sum(),
            tab => self.count(tab),
        }
    }

    /// A new view from the club: each part's row stays on the same seek, game or member
    /// where it still is, else at the same place (or the last row). Only the chosen rows
    /// are looked for: a new view costs the length of its lists, nothing more.
    pub(crate) fn set_view(&mut self, view: LobbyView) {
        let kept: Vec<Option<RowKey>> =
            Tab::ALL.iter().map(|&tab| self.row_key(tab, self.row(tab))).collect();
        self.view = view;
        for (tab, key) in Tab::ALL.into_iter().zip(kept) {
            let count = self.count(tab);
            let found =
                key.and_then(|key| (0..count).find(|&row| self.row_key(tab, row).as_ref() == Some(&key)));
            self.rows[tab.index()] = found.unwrap_or(self.row(tab)).min(count.saturating_sub(1));
        }
    }

    /// The club's answer, on the note line until the member does something else.
    pub(crate) fn note(&mut self, note: Text) {
        self.note = Some(note);
    }

    /// What the note line says: the club's answer, else what it could not read.
    pub(crate) fn said(&self) -> Option<&Text> {
        self.note.as_ref().or(self.view.failed())
    }

    /// The row chosen in `tab`.
    pub(crate) fn row(&self, tab: Tab) -> usize {
        self.rows[tab.index()]
    }

    /// How many rows `tab` lists (the best: a heading per pool, and its places).
    pub(crate) fn count(&self, tab: Tab) -> usize {
        let (club, own) = (&self.view.club, &self.view.own);
        match tab {
            Tab::Playing => own.playing.len(),
            Tab::Players => club.online.len(),
            Tab::Seeks => club.seeks.len(),
            Tab::Challenges => own.challenges.len(),
            Tab::Live => club.live.len(),
            Tab::Recent => own.recent.len(),
            Tab::Best => {
                club.best.iter().filter(|(_, best)| !best.is_empty()).map(|(_, best)| best.len() + 1).sum()
            }
        }
    }

    /// The best's rows: a pool's heading (None), or a place in it (Some). A pool nobody is
    /// rated in yet is left out: a heading alone says nothing.
    pub(crate) fn best_rows(&self) -> impl Iterator<Item = (&str, Option<(usize, &BestPlace)>)> {
        self.view.club.best.iter().filter(|(_, best)| !best.is_empty()).flat_map(|(pool, best)| {
            let places = best.iter().enumerate().map(move |place| (pool.as_str(), Some(place)));
            std::iter::once((pool.as_str(), None)).chain(places)
        })
    }

    /// What row `row` of `tab` is, to find it again in a new view.
    fn row_key(&self, tab: Tab, row: usize) -> Option<RowKey> {
        let (club, own) = (&self.view.club, &self.view.own);
        match tab {
            Tab::Playing => own.playing.get(row).map(|playing| RowKey::Id(playing.game.id)),
            Tab::Players => club.online.get(row).map(|member| RowKey::Name(member.name.clone())),
            Tab::Seeks => club.seeks.get(row).map(|seek| RowKey::Id(seek.id)),
            Tab::Challenges => own.challenges.get(row).map(|challenge| RowKey::Id(challenge.id)),
            Tab::Live => club.live.get(row).map(|game| RowKey::Id(game.id)),
            Tab::Recent => own.recent.get(row).map(|recent| RowKey::Id(recent.game.id)),
            Tab::Best => self.best_rows().nth(row).map(|(pool, place)| {
                RowKey::Best(pool.to_string(), place.map(|(_, (name, _, _))| name.clone()))
            }),
        }
    }

    /// Whether a challenge is to the member looking (else from them).
    pub(crate) fn to_me(&self, challenge: &ChallengeRow) -> bool {
        self.view.is_me(&challenge.to)
    }

    /// What the keys do on the chosen row, in words, for the line under the list: None
    /// where they do nothing.
    pub(crate) fn offer(&self) -> Option<Text> {
        use crate::i18n::keys::*;
        use crate::i18n::text;
        let row = self.row(self.tab);
        let (view, club, own) = (&self.view, &self.view.club, &self.view.own);
        match self.tab {
            Tab::Playing => own.playing.get(row).map(|playing| match playing.your_turn {
                true => text!(LOBBY_DO_PLAY, playing.opponent.as_str()),
                false => text!(LOBBY_DO_OPEN, playing.opponent.as_str()),
            }),
            Tab::Players => club
                .online
                .get(row)
                .filter(|member| view.me().is_some() && !view.is_me(&member.name))
                .map(|member| text!(LOBBY_DO_CHALLENGE, member.name.as_str())),
            Tab::Seeks => club.seeks.get(row).map(|seek| match view.is_me(&seek.by) {
                true => text!(LOBBY_DO_CANCEL),
                false => text!(LOBBY_DO_TAKE, seek.by.as_str()),
            }),
            Tab::Challenges => own.challenges.get(row).map(|challenge| match self.to_me(challenge) {
                true => text!(LOBBY_DO_ACCEPT, challenge.from.as_str()),
                false => text!(LOBBY_DO_WITHDRAW, challenge.to.as_str()),
            }),
            Tab::Live => club.live.get(row).map(|game| match () {
                () if view.is_me(&game.blue) => text!(LOBBY_DO_RETURN, game.red.as_str()),
                () if view.is_me(&game.red) => text!(LOBBY_DO_RETURN, game.blue.as_str()),
                () => text!(LOBBY_DO_WATCH, game.blue.as_str(), game.red.as_str()),
            }),
            Tab::Recent => own.recent.get(row).map(|_| text!(LOBBY_DO_REPLAY)),
            Tab::Best => None,
        }
    }

    /// What Enter does on the chosen row: open one's own game in progress, take or cancel a
    /// seek, accept a challenge to the member or withdraw one of theirs, watch or replay a
    /// game, challenge a member.
    fn choose(&mut self) -> Go {
        let row = self.row(self.tab);
        let (view, club, own) = (&self.view, &self.view.club, &self.view.own);
        let ask = match self.tab {
            Tab::Playing => own.playing.get(row).map(|playing| LobbyAsk::Open(playing.game.id)),
            Tab::Players => return self.challenge(),
            Tab::Seeks => club.seeks.get(row).map(|seek| match view.is_me(&seek.by) {
                true => LobbyAsk::Cancel(seek.id),
                false => LobbyAsk::Take(seek.id),
            }),
            Tab::Challenges => own.challenges.get(row).map(|challenge| match self.to_me(challenge) {
                true => LobbyAsk::Accept(challenge.id),
                false => LobbyAsk::Decline(challenge.id),
            }),
            Tab::Live => club.live.get(row).map(|game| LobbyAsk::Watch(game.id)),
            Tab::Recent => own.recent.get(row).map(|recent| LobbyAsk::Replay(recent.game.id)),
            Tab::Best => None,
        };
        ask.map_or(Go::Stay, asking)
    }

    /// The form of a challenge to the member chosen on the list of who is online; none to
    /// oneself, said at once rather than after the form.
    fn challenge(&mut self) -> Go {
        use crate::i18n::keys::*;
        let chosen = self.view.club.online.get(self.row(Tab::Players));
        if self.view.me().is_none() {
            self.note = Some(crate::i18n::text!(CLUB_WATCHER_ONLY));
        } else if let (Tab::Players, Some(member)) = (self.tab, chosen) {
            match self.view.is_me(&member.name) {
                true => self.note = Some(crate::i18n::text!(CLUB_SELF_CHALLENGE)),
                false => self.form = Some(Form::new(Some(member.name.clone()))),
            }
        }
        Go::Stay
    }

    /// What `a` and `d` do on the chosen row: accept a challenge; decline one, or cancel
    /// one's own seek.
    fn answer(&mut self, yes: bool) -> Go {
        let row = self.row(self.tab);
        let ask = match self.tab {
            Tab::Challenges => self.view.own.challenges.get(row).and_then(|challenge| match yes {
                true => self.to_me(challenge).then_some(LobbyAsk::Accept(challenge.id)),
                false => Some(LobbyAsk::Decline(challenge.id)),
            }),
            Tab::Seeks if !yes => {
                let seek = self.view.club.seeks.get(row).filter(|seek| self.view.is_me(&seek.by));
                seek.map(|seek| LobbyAsk::Cancel(seek.id))
            }
            _ => None,
        };
        ask.map_or(Go::Stay, asking)
    }

    /// Moves the chosen row of the part on screen by `by`, within its rows.
    fn step(&mut self, by: isize) {
        let count = self.count(self.tab);
        let row = &mut self.rows[self.tab.index()];
        *row = row.saturating_add_signed(by).min(count.saturating_sub(1));
    }

    /// The part `by` places on, going round.
    fn turn(&mut self, by: usize) {
        self.tab = Tab::ALL[(self.tab.index() + by) % Tab::ALL.len()];
    }
}

/// The program is asked to pass `ask` on to the club.
fn asking(ask: LobbyAsk) -> Go {
    Go::Request(Request::Lobby(ask))
}

impl Component for Lobby {
    fn context(&self) -> Context {
        if self.form.is_some() { Context::LobbyForm } else { Context::Lobby }
    }

    fn act(&mut self, action: Action) -> Go {
        if let Some(form) = &mut self.form {
            let go = form.act(action);
            if matches!(go, Go::Request(_)) || action == Action::Back {
                self.form = None;
            }
            return go;
        }
        self.note = None;
        match action {
            Action::Previous => self.step(-1),
            Action::Next => self.step(1),
            Action::First => self.rows[self.tab.index()] = 0,
            Action::Last => self.step(isize::MAX),
            Action::NextPage => self.turn(1),
            Action::PreviousPage => self.turn(Tab::ALL.len() - 1),
            Action::Jump(n) if n < Tab::ALL.len() => self.tab = Tab::ALL[n],
            Action::Choose => return self.choose(),
            // A watcher (no key) may only watch: told at once, not after a form (a
            // challenge is refused the same way, in `challenge`).
            Action::Seek if self.view.me().is_none() => {
                self.note = Some(crate::i18n::text!(crate::i18n::keys::CLUB_WATCHER_ONLY));
            }
            Action::Seek => self.form = Some(Form::new(None)),
            Action::Challenge => return self.challenge(),
            Action::Yes => return self.answer(true),
            Action::Cancel => return self.answer(false),
            Action::Help => return Go::Help,
            // Leaving the club is asked first: a stray q lost a member their session.
            Action::Quit => return Go::Ask(crate::app::component::Question::LeaveClub),
            _ => {}
        }
        Go::Stay
    }

    fn mouse(&mut self, mouse: MouseEvent, area: Rect) -> Go {
        let MouseEventKind::Down(MouseButton::Left) = mouse.kind else {
            return match mouse.kind {
                MouseEventKind::ScrollUp if self.form.is_none() => self.act(Action::Previous),
                MouseEventKind::ScrollDown if self.form.is_none() => self.act(Action::Next),
                _ => Go::Stay,
            };
        };
        let at = Position::new(mouse.column, mouse.row);
        let Some(layout) = self.layout(area, self.lang) else { return Go::Stay };
        if let Some(form) = &mut self.form {
            let go = form.click(at, layout.list);
            if !matches!(go, Go::Stay) {
                self.form = None;
            }
            return go;
        }
        if let Some(tab) = layout.tab_at(at) {
            self.tab = tab;
            self.note = None;
            return Go::Stay;
        }
        match layout.row_at(at, self.first_shown(layout.rows())) {
            // A click chooses a row; a click on the chosen one does what Enter does.
            Some(row) if row == self.row(self.tab) => self.act(Action::Choose),
            Some(row) if row < self.count(self.tab) => {
                self.rows[self.tab.index()] = row;
                Go::Stay
            }
            _ => Go::Stay,
        }
    }
}

impl Lobby {
    /// The first row drawn of the part on screen, `shown` rows fitting: the chosen one stays
    /// in sight.
    pub(crate) fn first_shown(&self, shown: usize) -> usize {
        (self.row(self.tab) + 1).saturating_sub(shown.max(1))
    }

    /// When a time left shown on `area` next changes: the soonest among the deadlines in
    /// sight, so that the screen is drawn again exactly then, and never polled. None while
    /// no such figure is shown.
    pub(crate) fn timer(&self, area: Rect) -> Option<Instant> {
        if self.tab != Tab::Playing || self.form.is_some() {
            return None;
        }
        let shown = self.layout(area, self.lang)?.rows();
        let in_sight = self.view.own.playing.iter().skip(self.first_shown(shown)).take(shown);
        in_sight.filter_map(|playing| playing.due.as_ref()?.next_change()).min()
    }
}
