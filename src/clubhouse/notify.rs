//! Word to members while they are away: the host's `[club] notify` command, run for each
//! event that needs a member (`EVENT NAME ID` as its last arguments, the member's contact
//! as `HEXSTACK_CONTACT`). No shell reads it: its words are split at spaces, once. A few
//! run at once, each for a limited time (then killed); a full queue drops the newest; a
//! failure is logged. Play never waits for any of it.

use super::log;
use std::process::{Command, Stdio};
use std::sync::mpsc::{Receiver, Sender, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use wait_timeout::ChildExt;

/// Commands run at once at most.
const AT_ONCE: usize = 4;
/// Events waiting at most: past them, the newest is dropped (and logged).
const WAITING: usize = 256;
/// How long a command may run before it is killed.
pub(super) const TIME_LIMIT: Duration = Duration::from_secs(10);

/// What a member is needed for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Need {
    /// Their turn in a correspondence game.
    YourTurn,
    /// A challenge to them (its number is the one `accept` takes).
    Challenge,
    /// A game of theirs ended.
    Ended,
    /// Under a sixth of a correspondence turn's allowance left.
    LowTime,
}

impl Need {
    /// The event's word, the command's first argument of its own.
    pub(super) fn word(self) -> &'static str {
        match self {
            Need::YourTurn => "your-turn",
            Need::Challenge => "challenge",
            Need::Ended => "ended",
            Need::LowTime => "low-time",
        }
    }
}

/// One event for one member.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct Notice {
    pub need: Need,
    /// The member's name.
    pub name: String,
    /// The game's number (a challenge's own number for [`Need::Challenge`]).
    pub id: i64,
    /// The member's contact, if they gave one.
    pub contact: Option<String>,
}

/// How a command run for a notice went.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) enum Ran {
    /// It ended with this status (none: by a signal).
    Ended(Option<i32>),
    /// It was killed at the time limit.
    Killed,
    /// It could not be started.
    NotStarted(String),
}

/// The notify command and the few that run it.
pub(super) struct Notifier {
    queue: Option<SyncSender<Notice>>,
}

impl Notifier {
    /// A notifier that runs `command` (none: that does nothing), each run told to `ran`
    /// (tests wait on it) and killed after `limit`.
    pub(super) fn new(
        command: Option<&str>,
        limit: Duration,
        ran: Option<Sender<(Notice, Ran)>>,
    ) -> Notifier {
        let Some(words) =
            command.map(|command| command.split_whitespace().map(String::from).collect::<Vec<_>>())
        else {
            return Notifier { queue: None };
        };
        if words.is_empty() {
            return Notifier { queue: None };
        }
        let (queue, waiting) = sync_channel(WAITING);
        let waiting = Arc::new(Mutex::new(waiting));
        for _ in 0..AT_ONCE {
            let (words, waiting, ran) = (words.clone(), Arc::clone(&waiting), ran.clone());
            std::thread::spawn(move || run_each(&words, &waiting, limit, ran.as_ref()));
        }
        Notifier { queue: Some(queue) }
    }

    /// Whether there is a command to run.
    pub(super) fn is_on(&self) -> bool {
        self.queue.is_some()
    }

    /// Runs the command for `notice`, on one of its threads: whether it will, false if
    /// too many wait (logged) or there is no command.
    pub(super) fn tell(&self, notice: Notice) -> bool {
        let Some(queue) = &self.queue else { return false };
        match queue.try_send(notice) {
            Ok(()) => true,
            Err(TrySendError::Full(notice)) => {
                log(&format!(
                    "notify: too many waiting, {} for {} (game {}) dropped",
                    notice.need.word(),
                    notice.name,
                    notice.id
                ));
                false
            }
            Err(TrySendError::Disconnected(_)) => false,
        }
    }
}

/// A thread's life: the next notice, run, until the notifier is dropped.
fn run_each(
    words: &[String],
    waiting: &Mutex<Receiver<Notice>>,
    limit: Duration,
    ran: Option<&Sender<(Notice, Ran)>>,
) {
    loop {
        let next = waiting.lock().unwrap_or_else(PoisonError::into_inner).recv();
        let Ok(notice) = next else { return };
        let outcome = run(words, &notice, limit);
        match &outcome {
            Ran::Ended(Some(0)) => {}
            failed => log(&format!(
                "notify: {} for {} (game {}): {}",
                notice.need.word(),
                notice.name,
                notice.id,
                match failed {
                    Ran::Ended(Some(status)) => format!("the command ended with status {status}"),
                    Ran::Ended(None) => "the command was ended by a signal".to_string(),
                    Ran::Killed => format!("the command was killed after {} s", limit.as_secs_f32()),
                    Ran::NotStarted(why) => format!("the command could not start: {why}"),
                }
            )),
        }
        if let Some(ran) = ran {
            let _ = ran.send((notice, outcome));
        }
    }
}

/// Runs the command `words` for `notice`, at most for `limit`.
fn run(words: &[String], notice: &Notice, limit: Duration) -> Ran {
    let mut command = Command::new(&words[0]);
    command.args(&words[1..]).args([notice.need.word(), &notice.name, &notice.id.to_string()]);
    match &notice.contact {
        Some(contact) => command.env("HEXSTACK_CONTACT", contact),
        None => command.env_remove("HEXSTACK_CONTACT"),
    };
    command.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null());
    let mut child = match command.spawn() {
        Ok(child) => child,
        Err(error) => return Ran::NotStarted(error.to_string()),
    };
    match child.wait_timeout(limit) {
        Ok(Some(status)) => Ran::Ended(status.code()),
        Ok(None) | Err(_) => {
            let _ = child.kill();
            let _ = child.wait();
            Ran::Killed
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::channel;

    /// The longest a test waits for a command it started: a bound, never a delay.
    const BOUND: Duration = Duration::from_secs(20);

    /// A script in `dir` that appends its arguments and contact to `said`, a line a run.
    fn script(dir: &std::path::Path, body: &str) -> String {
        use std::os::unix::fs::PermissionsExt;
        let path = dir.join("notify.sh");
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path.display().to_string()
    }

    fn notice(need: Need, name: &str, id: i64, contact: Option<&str>) -> Notice {
        Notice { need, name: name.into(), id, contact: contact.map(String::from) }
    }

    #[test]
    fn the_command_runs_without_a_shell_with_the_event_the_name_the_game_and_the_contact() {
        let dir = tempfile::tempdir().unwrap();
        let said = dir.path().join("said");
        let body = format!("echo \"$*|${{HEXSTACK_CONTACT-none}}\" >> '{}'", said.display());
        // A word with a dollar and a semicolon is given as it is: no shell reads the setting.
        let command = format!("{} --via $HOME;x", script(dir.path(), &body));
        let (ran, runs) = channel();
        let notifier = Notifier::new(Some(&command), TIME_LIMIT, Some(ran));
        notifier.tell(notice(Need::YourTurn, "Ann", 12, Some("ann@example.org")));
        notifier.tell(notice(Need::Challenge, "Bo", 3, None));
        for _ in 0..2 {
            let (_, outcome) = runs.recv_timeout(BOUND).unwrap();
            assert_eq!(outcome, Ran::Ended(Some(0)));
        }
        let mut lines: Vec<String> =
            std::fs::read_to_string(&said).unwrap().lines().map(String::from).collect();
        lines.sort();
        assert_eq!(
            lines,
            ["--via $HOME;x challenge Bo 3|none", "--via $HOME;x your-turn Ann 12|ann@example.org"]
        );
    }

    #[test]
    fn a_hanging_command_is_killed_at_its_limit_and_a_missing_one_is_said_not_to_start() {
        let dir = tempfile::tempdir().unwrap();
        let hanging = script(dir.path(), "exec sleep 600");
        let (ran, runs) = channel();
        let notifier = Notifier::new(Some(&hanging), Duration::from_millis(200), Some(ran));
        notifier.tell(notice(Need::LowTime, "Ann", 12, None));
        assert_eq!(runs.recv_timeout(BOUND).unwrap().1, Ran::Killed);
        let (ran, runs) = channel();
        let missing = dir.path().join("none").display().to_string();
        let notifier = Notifier::new(Some(&missing), TIME_LIMIT, Some(ran));
        notifier.tell(notice(Need::Ended, "Ann", 12, None));
        assert!(matches!(runs.recv_timeout(BOUND).unwrap().1, Ran::NotStarted(_)));
        assert!(!Notifier::new(Some("  "), TIME_LIMIT, None).is_on(), "no words, no command");
    }

    #[test]
    fn telling_never_waits_for_the_commands_and_drops_what_the_queue_cannot_hold() {
        let dir = tempfile::tempdir().unwrap();
        let hanging = script(dir.path(), "exec sleep 600");
        let (ran, runs) = channel();
        let notifier = Notifier::new(Some(&hanging), Duration::from_millis(20), Some(ran));
        // A few run (and hang until killed), the queue's worth wait, the rest are dropped:
        // every tell returns at once.
        let queued = (0..(AT_ONCE + WAITING + 50) as i64)
            .filter(|id| notifier.tell(notice(Need::YourTurn, "Ann", *id, None)))
            .count();
        assert!((WAITING..AT_ONCE + WAITING + 50).contains(&queued), "{queued}");
        drop(notifier);
        // Each that was queued ran and was killed at its limit: nothing is left running.
        for _ in 0..queued {
            assert_eq!(runs.recv_timeout(BOUND).unwrap().1, Ran::Killed);
        }
    }
}
