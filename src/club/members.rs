//! Members by key: a new key with a free name registers that name, a known key logs in
//! as its member, and a name is never taken from the key that holds it. Names are unique
//! ignoring case (`Ann` and `ann` are one member), kept as first written.

use super::db::Club;
use super::error::{Error, Fail};
use super::names::{check_key, check_name, quoted};
use super::terms::MemberId;
use crate::i18n::keys::*;
use crate::i18n::text;
use rusqlite::{Connection, OptionalExtension, Row, params};

/// A member of the club.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Member {
    pub id: MemberId,
    /// As first registered (`Ann`); found ignoring case.
    pub name: String,
    /// When they joined, in milliseconds since 1970 (UTC).
    pub created: i64,
    pub banned: bool,
}

/// Who came in with a key, and whether they registered just now.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Login {
    pub member: Member,
    pub registered: bool,
}

/// A member as `admin list` shows them: how many keys they have and games they played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Listed {
    pub member: Member,
    pub keys: u32,
    pub games: u32,
}

const MEMBER: &str = "SELECT id, name, created, banned FROM members";

fn member(row: &Row) -> rusqlite::Result<Member> {
    Ok(Member { id: row.get(0)?, name: row.get(1)?, created: row.get(2)?, banned: row.get(3)? })
}

/// The member called `name` (ignoring case), if any.
fn named(conn: &Connection, name: &str) -> rusqlite::Result<Option<Member>> {
    conn.prepare_cached(&format!("{MEMBER} WHERE name = ?1"))?.query_row([name], member).optional()
}

/// The member whose key is `key`, if any.
fn keyed(conn: &Connection, key: &str) -> rusqlite::Result<Option<Member>> {
    let sql = format!("{MEMBER} WHERE id = (SELECT member FROM member_keys WHERE key = ?1)");
    conn.prepare_cached(&sql)?.query_row([key], member).optional()
}

impl Club {
    /// Someone came in as `name` with `key` (its fingerprint or text): a known key is its
    /// member, if the name is theirs; a new key with a free name registers it. Refused: a
    /// name that is not one, a name that is another key's, a known key under another
    /// name, a banned member.
    pub fn login(&mut self, key: &str, name: &str) -> Result<Login, Error> {
        let (key, name) =
            (check_key(key).map_err(Error::Refused)?, check_name(name).map_err(Error::Refused)?);
        self.write(|tx, now| {
            let (member, registered) = match (keyed(tx, key)?, named(tx, name)?) {
                (Some(member), _) if !member.name.eq_ignore_ascii_case(name) => {
                    return Err(Fail::Refused(text!(CLUB_KEY_OTHER, member.name)));
                }
                (Some(member), _) => (member, false),
                (None, Some(_)) => return Err(Fail::Refused(text!(CLUB_NAME_TAKEN, name))),
                (None, None) => {
                    tx.execute("INSERT INTO members (name, created) VALUES (?1, ?2)", params![name, now])?;
                    let id = tx.last_insert_rowid();
                    tx.execute(
                        "INSERT INTO member_keys (key, member, added) VALUES (?1, ?2, ?3)",
                        params![key, id, now],
                    )?;
                    (Member { id, name: name.to_string(), created: now, banned: false }, true)
                }
            };
            match member.banned {
                true => Err(Fail::Refused(text!(CLUB_BANNED, member.name))),
                false => Ok(Login { member, registered }),
            }
        })
    }

    /// Gives member `id` one more key (a second machine of theirs); refused if the key is
    /// another member's.
    pub fn add_key(&mut self, id: MemberId, key: &str) -> Result<(), Error> {
        let key = check_key(key).map_err(Error::Refused)?;
        self.write(|tx, now| match keyed(tx, key)? {
            Some(holder) if holder.id != id => Err(Fail::Refused(text!(CLUB_KEY_OTHER, holder.name))),
            Some(_) => Ok(()),
            None => {
                tx.execute(
                    "INSERT INTO member_keys (key, member, added) VALUES (?1, ?2, ?3)",
                    params![key, id, now],
                )?;
                Ok(())
            }
        })
    }

    /// The member called `name`, ignoring case.
    pub fn member(&self, name: &str) -> Result<Option<Member>, Error> {
        self.read(|conn| Ok(named(conn, name)?))
    }

    /// The member whose key is `key`.
    pub fn member_by_key(&self, key: &str) -> Result<Option<Member>, Error> {
        self.read(|conn| Ok(keyed(conn, key.trim())?))
    }

    /// Bans or lets back the member called `name`; the member as they are now.
    pub fn set_banned(&mut self, name: &str, banned: bool) -> Result<Member, Error> {
        self.write(|tx, _| {
            let changed =
                tx.execute("UPDATE members SET banned = ?1 WHERE name = ?2", params![banned, name])?;
            match (changed, named(tx, name)?) {
                (1, Some(member)) => Ok(member),
                _ => Err(Fail::Refused(text!(CLUB_NO_MEMBER, quoted(name)))),
            }
        })
    }

    /// Every member, by name, with their keys and games counted.
    pub fn members(&self) -> Result<Vec<Listed>, Error> {
        self.read(|conn| {
            let sql = "SELECT id, name, created, banned,
                    (SELECT count(*) FROM member_keys WHERE member = members.id),
                    (SELECT count(*) FROM games WHERE blue = members.id OR red = members.id)
                FROM members ORDER BY name";
            let mut statement = conn.prepare(sql)?;
            let rows = statement.query_map([], |row| {
                Ok(Listed { member: member(row)?, keys: row.get(4)?, games: row.get(5)? })
            })?;
            Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
        })
    }
}
