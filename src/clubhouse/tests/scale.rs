//! The hub at the scale of people: a key costs the same with one member online or many
//! (it touches no other lobby and no database), the lobbies' views are built once per
//! change, a failed read is said rather than shown as an empty list, a ban acts at once,
//! a flag that cannot be kept is retried later and later, a watched game is not replayed
//! again.

use super::{Call, Clubhouse};
use crate::club::bot::Offer;
use crate::club::{
    Due, Error, Failure, Finish, GameId, GameInfo, GameStore, KeptTurn, ListedMember, Member, MemberId,
    MemberStore, Next, Pool, Rated, RatingChange, RatingStore, SqliteStore, Standing, Store, StoreError,
    Which,
};
use crate::club::{Durability, NewGame};
use crate::i18n::Lang;
use crate::rules::GameKind;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// A club's SQLite database that counts its reads, and whose ratings and games' ends fail
/// when told to.
struct Watched {
    inner: SqliteStore,
    reads: Arc<AtomicU64>,
    failing: Arc<AtomicBool>,
}

fn busy<T>() -> Result<T, Error> {
    Err(Error::Store(StoreError { db: "watched".into(), failure: Failure::Busy }))
}

impl Watched {
    fn read<T>(&self, read: impl FnOnce(&SqliteStore) -> Result<T, Error>) -> Result<T, Error> {
        self.reads.fetch_add(1, Ordering::SeqCst);
        read(&self.inner)
    }

    /// A read or write that fails while told to.
    fn failing<T>(&self, done: impl FnOnce() -> Result<T, Error>) -> Result<T, Error> {
        self.reads.fetch_add(1, Ordering::SeqCst);
        match self.failing.load(Ordering::SeqCst) {
            true => busy(),
            false => done(),
        }
    }

    fn write<T>(&mut self, write: impl FnOnce(&mut SqliteStore) -> Result<T, Error>) -> Result<T, Error> {
        write(&mut self.inner)
    }
}

impl MemberStore for Watched {
    fn member_by_key(&self, key: &str) -> Result<Option<Member>, Error> {
        self.read(|store| store.member_by_key(key))
    }
    fn member_named(&self, name: &str) -> Result<Option<Member>, Error> {
        self.read(|store| store.member_named(name))
    }
    fn register(&mut self, name: &str, key: &str, now: i64) -> Result<Member, Error> {
        self.write(|store| store.register(name, key, now))
    }
    fn add_key(&mut self, member: MemberId, key: &str, now: i64) -> Result<(), Error> {
        self.write(|store| store.add_key(member, key, now))
    }
    fn set_banned(&mut self, name: &str, banned: bool) -> Result<Option<Member>, Error> {
        self.write(|store| store.set_banned(name, banned))
    }
    fn members(&self) -> Result<Vec<ListedMember>, Error> {
        self.read(|store| store.members())
    }
    fn set_contact(&mut self, member: MemberId, contact: Option<&str>) -> Result<(), Error> {
        self.write(|store| store.set_contact(member, contact))
    }
    fn contact(&self, member: MemberId) -> Result<Option<String>, Error> {
        self.read(|store| store.contact(member))
    }
}

impl GameStore for Watched {
    fn create_game(&mut self, new: &NewGame, start: &str, now: i64, next: Next) -> Result<GameId, Error> {
        self.write(|store| store.create_game(new, start, now, next))
    }
    fn game(&self, id: GameId) -> Result<Option<GameInfo>, Error> {
        self.read(|store| store.game(id))
    }
    fn games(&self, which: Which, member: Option<MemberId>, limit: usize) -> Result<Vec<GameInfo>, Error> {
        self.read(|store| store.games(which, member, limit))
    }
    fn turns(&self, id: GameId) -> Result<Vec<KeptTurn>, Error> {
        self.read(|store| store.turns(id))
    }
    fn add_turn(
        &mut self,
        id: GameId,
        turn: &KeptTurn,
        after: Result<Next, Finish>,
    ) -> Result<Vec<RatingChange>, Error> {
        self.write(|store| store.add_turn(id, turn, after))
    }
    fn take_back(
        &mut self,
        id: GameId,
        to: u32,
        clocks: Option<[u64; 2]>,
        now: i64,
        next: Next,
    ) -> Result<(), Error> {
        self.write(|store| store.take_back(id, to, clocks, now, next))
    }
    fn finish(&mut self, id: GameId, end: Finish, now: i64) -> Result<Vec<RatingChange>, Error> {
        match self.failing.load(Ordering::SeqCst) {
            true => busy(),
            false => self.inner.finish(id, end, now),
        }
    }
    fn deadlines(&self) -> Result<Vec<Due>, Error> {
        self.read(|store| store.deadlines())
    }
    fn to_move(&self, member: MemberId) -> Result<Vec<GameInfo>, Error> {
        self.read(|store| store.to_move(member))
    }
    fn stopped(&mut self, now: i64) -> Result<(), Error> {
        self.write(|store| store.stopped(now))
    }
    fn alive(&mut self, now: i64) -> Result<(), Error> {
        self.write(|store| store.alive(now))
    }
    fn resumed(&mut self, now: i64) -> Result<i64, Error> {
        self.write(|store| store.resumed(now))
    }
}

impl RatingStore for Watched {
    fn standings(&self, pool: Pool, settled_only: bool, limit: usize) -> Result<Vec<Standing>, Error> {
        self.failing(|| self.inner.standings(pool, settled_only, limit))
    }
    fn ratings_of(&self, member: MemberId) -> Result<Vec<Standing>, Error> {
        self.failing(|| self.inner.ratings_of(member))
    }
    fn history(&self, member: MemberId, pool: Option<Pool>, limit: usize) -> Result<Vec<Rated>, Error> {
        self.read(|store| store.history(member, pool, limit))
    }
}

impl Store for Watched {
    fn name(&self) -> &str {
        "watched"
    }
}

/// A clubhouse on a watched database: its reads counted, its failures switched on.
fn watched() -> (Clubhouse, Arc<AtomicU64>, Arc<AtomicBool>) {
    let (reads, failing) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicBool::new(false)));
    let (counted, failed) = (Arc::clone(&reads), Arc::clone(&failing));
    let house = Clubhouse::with_store(move |path| {
        let inner = SqliteStore::open(path, Durability::Crash).unwrap();
        Box::new(Watched { inner, reads: counted, failing: failed })
    });
    (house, reads, failing)
}

#[test]
fn a_key_that_changes_nothing_for_others_touches_no_other_lobby_and_no_database() {
    let (mut house, reads, _) = watched();
    for conn in 1..=40 {
        house.terminal(conn, &format!("member{conn}"), true);
    }
    let builds = house.hub.board.builds();
    let before = reads.load(Ordering::SeqCst);
    for key in ['2', '1', '3', '6', '1'] {
        house.press(7, key);
        assert!((1..=40).all(|conn| house.drawn(conn)), "every screen that changed is drawn");
    }
    assert_eq!(reads.load(Ordering::SeqCst), before, "no read of the database for a key");
    assert_eq!(house.hub.board.builds(), builds, "no view built again");
    // Another member's screen is not drawn again for it: a key to its frame, not to theirs.
    let frames = |house: &Clubhouse, conn| house.hub.terminals.screen(conn).unwrap().frames();
    let (mine, theirs) = (frames(&house, 7), frames(&house, 8));
    house.press(7, '2');
    assert_eq!((frames(&house, 7), frames(&house, 8)), (mine + 1, theirs));
}

#[test]
fn the_lobbies_view_is_built_once_per_change_however_many_lobbies_show_it() {
    let (mut house, reads, _) = watched();
    for conn in 1..=30 {
        house.terminal(conn, &format!("member{conn}"), true);
    }
    let (builds, before) = (house.hub.board.builds(), reads.load(Ordering::SeqCst));
    let offer = Offer { game: GameKind::Clamber, side: 3, clock: "5+3".into(), rated: true, colour: None };
    let poster = house.member(1);
    house.hub.post(1, &poster, None, offer).unwrap();
    house.settle();
    assert_eq!(house.hub.board.builds(), builds + 1, "one seek, one view for thirty lobbies");
    assert_eq!(reads.load(Ordering::SeqCst), before, "a seek reads nothing");
    for conn in 1..=30 {
        assert_eq!(house.app(conn).lobby().unwrap().view.club.seeks.len(), 1, "lobby {conn} shows it");
    }
}

#[test]
fn a_read_that_fails_is_said_on_the_note_line_never_an_empty_list_that_looks_true() {
    let (mut house, _, failing) = watched();
    house.terminal(1, "Ann", true);
    assert_eq!(house.note(1, Lang::En), None);
    // Bo's ratings are read as he comes: that read fails.
    failing.store(true, Ordering::SeqCst);
    house.terminal(2, "Bo", true);
    for conn in [1, 2] {
        let note = house.note(conn, Lang::En).expect("the failure is said");
        assert!(note.starts_with("part of this lobby could not be read: "), "{note}");
    }
}

#[test]
fn a_ban_ends_the_members_sessions_withdraws_their_offers_and_resigns_their_game() {
    let mut house = Clubhouse::new();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    house.terminal(3, "Cy", true);
    let id = house.game(1, 2, "none");
    // At his live game, Bo offers correspondence games: the only ones he may begin now.
    let offer = Offer { game: GameKind::Clamber, side: 4, clock: "3d".into(), rated: false, colour: None };
    let bo = house.member(2);
    let cy = house.member(3);
    house.hub.post(2, &bo, Some(cy), offer.clone()).unwrap();
    house.hub.post(2, &bo, None, offer).unwrap();
    house.hub.club.set_banned("Bo", true).unwrap();
    house.call(Call::Member { name: "bo".into() });
    assert!(house.hub.terminals.get(2).is_none(), "Bo's session ended");
    assert!(house.hub.offers.is_empty(), "Bo's seek and challenge withdrawn");
    let verdict = house.hub.club.archived(id).unwrap().unwrap().info.verdict.expect("the game ended");
    assert_eq!(verdict.reason, crate::club::Reason::Resign);
    assert_ne!(
        verdict.winner,
        house.hub.club.member("Bo").unwrap().map(|bo| {
            if house.hub.club.archived(id).unwrap().unwrap().info.blue_id == bo.id {
                crate::rules::Colour::Blue
            } else {
                crate::rules::Colour::Red
            }
        }),
        "resigned for Bo"
    );
    assert!(house.app(3).lobby().unwrap().view.own.challenges.is_empty(), "Cy no longer sees the challenge");
}

#[test]
fn a_flag_that_cannot_be_kept_is_tried_again_later_and_later() {
    let (mut house, _, failing) = watched();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    let id = house.game(1, 2, "10s+0");
    failing.store(true, Ordering::SeqCst);
    house.time.advance(Duration::from_secs(10));
    let mut waits = Vec::new();
    for _ in 0..5 {
        let at = house.hub.games.next_flag().expect("tried again");
        house.time.advance(at.saturating_duration_since(house.hub.time.now()));
        house.hub.flags();
        let next = house.hub.games.next_flag().expect("tried again");
        waits.push(next.saturating_duration_since(house.hub.time.now()).as_secs());
    }
    assert_eq!(waits, [1, 2, 4, 8, 16], "each failure waits twice as long");
    failing.store(false, Ordering::SeqCst);
    let at = house.hub.games.next_flag().unwrap();
    house.time.advance(at.saturating_duration_since(house.hub.time.now()));
    house.hub.flags();
    assert!(house.hub.games.get(id).is_none(), "kept at last");
}

#[test]
fn a_game_watched_already_is_not_told_again() {
    let mut house = Clubhouse::new();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    let id = house.game(1, 2, "none");
    assert!(house.hub.watch(9, id).is_ok(), "a first watch is told the game");
    let again = house.hub.watch(9, id).expect_err("a second is not");
    assert!(again.english().contains("already"), "{}", again.english());
}

#[test]
fn one_address_registers_a_few_new_names_an_hour_and_is_told_when_to_come_back() {
    let mut house = Clubhouse::new();
    let refused = |house: &mut Clubhouse, conn: u64, name: &str| {
        let who = super::Who {
            name: name.to_string(),
            key: Some(format!("SHA256:key-of-{name}")),
            lang: Lang::En,
            no_color: false,
            peer: "192.0.2.7:40000".parse().unwrap(),
        };
        let output = Box::new(crate::net::Output::detached());
        let outbox = output.outbox();
        house.call(Call::Open { conn, who: Box::new(who), ask: Box::new(super::Ask::Who), output });
        outbox.status()
    };
    for n in 0..5 {
        assert_eq!(refused(&mut house, n, &format!("new{n}")), 0, "name {n} registered");
    }
    assert_eq!(refused(&mut house, 9, "new9"), 1, "the sixth in the hour is refused");
    assert!(house.hub.club.member("new9").unwrap().is_none());
    assert_eq!(refused(&mut house, 10, "new0"), 0, "a member already in comes in as ever");
    house.time.advance(Duration::from_secs(12 * 60));
    assert_eq!(refused(&mut house, 11, "new11"), 0, "one more after twelve minutes");
}
