//! The club's server (`hexstack club`): one long-running process without a terminal of its
//! own, which members join with plain `ssh NAME@HOST`. The SSH side is `net`'s, with every
//! limit a host owes ([`crate::net::SshServer`]); each connection's handler ([`door`]) hands
//! what it asks to one loop ([`hub`]) that holds the club's database and its games in
//! progress. It logs one line an event on stderr and stops cleanly on SIGTERM or SIGINT.
//! docs/club.md describes it.

pub(crate) mod admin;
mod board;
mod bots;
mod calls;
mod correspondence;
mod daily;
mod door;
mod export;
mod games;
mod hub;
mod lobbies;
mod memory;
mod missed;
mod names;
mod notices;
mod notify;
mod offers;
mod pairing;
mod screens;
pub(crate) mod scripts;
mod seats;
mod spoken;
mod terminals;
mod turns;
mod typing;
pub(crate) mod words;

pub(crate) use hub::Rules;

use crate::club::{Club, DB_FILE, Durability};
use crate::folders::Folders;
use crate::i18n::keys::*;
use crate::i18n::{Text, text};
use crate::net::{Doors, Limits, SshServer, Startups, host_key};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::mpsc::{SyncSender, sync_channel};
use std::time::Duration;

/// Calls waiting for the hub at most: past it, a connection that asks more is let go (a
/// call is answered in a millisecond or less; this is seconds of the hub's time).
const CALLS: usize = 4 * 1024;

/// Where `hexstack club` listens, and its database.
#[derive(clap::Args, Debug)]
pub(crate) struct ClubListen {
    /// The port members connect to (0: any free one, said in the first line)
    #[arg(long, default_value_t = 2022)]
    pub port: u16,
    /// The address to listen on: the default lets in this machine only; 0.0.0.0 opens the
    /// club to the network
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,
}

/// `hexstack club ...`: the server, or an admin's command.
#[derive(clap::Args, Debug)]
pub(crate) struct ClubArgs {
    #[command(flatten)]
    pub listen: ClubListen,
    /// The club's database (default: club.sqlite3 in the data folder)
    #[arg(long, global = true, value_name = "FILE")]
    pub db: Option<PathBuf>,
    /// Without one, run the club's server
    #[command(subcommand)]
    pub what: Option<admin::ClubCommand>,
}

/// Does what `args` ask, with the settings `loaded`: what to print (the admin's).
pub(crate) fn command(
    args: ClubArgs,
    loaded: &crate::config::Loaded,
    folders: &Folders,
) -> Result<String, Text> {
    let ClubArgs { listen, db, what } = args;
    let settings = &loaded.settings;
    let db = db.or_else(|| default_path(folders));
    if let Some(what) = what {
        return admin::run(what, db, settings.lang.value);
    }
    let rules = Rules {
        name: settings.club_name.value.clone(),
        greeting: settings.club_greeting.value.clone(),
        watchers: settings.club_watchers.value,
        watcher_idle: Duration::from_secs(60 * settings.club_watcher_idle.value),
        new_names: settings.club_new_names.value,
        daily_games: settings.club_daily_games.value,
        notify: settings.club_notify.value.clone(),
    };
    let guests = settings.club_connections.value;
    let limits = Limits {
        guests,
        watchers: guests * settings.club_watcher_share.value / 100,
        // OpenSSH's MaxStartups 10:30:100.
        startups: Startups { begin: 10, full: 100, per_source: 10 },
        ..Limits::default()
    };
    run(&listen, (db, folders), rules, limits).map(|()| String::new())
}

/// The database's file when none is given: `club.sqlite3` in the data folder, beside the
/// saves.
pub(crate) fn default_path(folders: &Folders) -> Option<PathBuf> {
    Some(folders.data()?.join(DB_FILE))
}

/// One line on stderr: the time (UTC) and what happened.
pub(crate) fn log(line: &str) {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    let seconds = since.as_secs();
    let minute = crate::clock::utc(seconds);
    let minute = minute.trim_end_matches(" UTC");
    eprintln!("{minute}:{:02} {}", seconds % 60, crate::club::bot::plain(line));
}

/// `hexstack club`: serves the club on `db` (the data folder's unless another was given;
/// none without a data folder), with the host key of the data folder of `folders`, until
/// SIGTERM or SIGINT.
pub(crate) fn run(
    listen: &ClubListen,
    (db, folders): (Option<PathBuf>, &Folders),
    rules: Rules,
    limits: Limits,
) -> Result<(), Text> {
    memory::settle();
    let path = db.ok_or_else(|| text!(ERR_NO_DATA_DIR))?;
    let club = Club::open(&path, Durability::Crash).map_err(Text::from)?;
    let dir = folders.data().ok_or_else(|| text!(NET_NO_DATA_DIR))?;
    let key = host_key(dir)?;
    let (calls, waiting) = sync_channel(CALLS);
    let hub = hub::Hub::new(club, rules.clone()).map_err(Text::from)?;
    let bind = SocketAddr::new(listen.bind, listen.port);
    // Someone without a key always comes in as far as the hub, to be told in words
    // whether the club lets watchers in.
    let welcome = door::welcome(Some(rules.watcher_idle));
    let methods = Doors::<door::Hall>::methods(&welcome);
    let server = SshServer::start(key, bind, &limits, methods, |open| {
        let doors = Doors::new(door::Hall { calls: calls.clone() }, welcome, limits.clone(), open);
        move |visit| doors.session(visit)
    })
    .map_err(|error| text!(NET_NO_LISTEN, bind.to_string()).because(format!("{error:#}")))?;
    stop_on_signals(calls.clone());
    let told = calls.clone();
    let _ear = admin::Ear::open(&path, move |name| told.send(hub::Call::Member { name }).is_ok());
    log(&format!(
        "club '{}' listening on {} ({})",
        rules.name,
        server.addr(),
        crate::i18n::shown_path(&path)
    ));
    drop(calls);
    hub.run(&waiting);
    server.stop("the club closed".to_string());
    log("stopped");
    Ok(())
}

/// SIGINT and SIGTERM stop the hub; a second one ends the process at once.
fn stop_on_signals(calls: SyncSender<hub::Call>) {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else { return };
        std::thread::spawn(move || {
            let mut caught = signals.forever();
            if caught.next().is_some() {
                let _ = calls.send(hub::Call::Stop);
            }
            if let Some(signal) = caught.next() {
                std::process::exit(128 + signal);
            }
        });
    }
    #[cfg(not(unix))]
    drop(calls);
}

#[cfg(test)]
mod tests;
