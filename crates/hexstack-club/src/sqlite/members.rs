//! Members and their keys in SQLite.

use super::{Fail, SqliteStore};
use crate::error::{Error, Refusal};
use crate::members::{ListedMember, Member};
use crate::store::MemberStore;
use crate::terms::MemberId;
use rusqlite::{Connection, ErrorCode, OptionalExtension, Row, params};

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

/// A unique column refused the row: the name (or key) is another's.
fn taken(error: &rusqlite::Error) -> bool {
    error.sqlite_error_code() == Some(ErrorCode::ConstraintViolation)
}

impl MemberStore for SqliteStore {
    fn member_by_key(&self, key: &str) -> Result<Option<Member>, Error> {
        self.read(|conn| Ok(keyed(conn, key)?))
    }

    fn member_named(&self, name: &str) -> Result<Option<Member>, Error> {
        self.read(|conn| Ok(named(conn, name)?))
    }

    fn register(&mut self, name: &str, key: &str, now: i64) -> Result<Member, Error> {
        self.write(|tx| {
            let added = tx.execute("INSERT INTO members (name, created) VALUES (?1, ?2)", params![name, now]);
            match added {
                Err(error) if taken(&error) => {
                    return Err(Fail::Refused(Refusal::NameTaken(name.to_string())));
                }
                added => added?,
            };
            let id = tx.last_insert_rowid();
            tx.execute(
                "INSERT INTO member_keys (key, member, added) VALUES (?1, ?2, ?3)",
                params![key, id, now],
            )?;
            Ok(Member { id, name: name.to_string(), created: now, banned: false })
        })
    }

    fn add_key(&mut self, id: MemberId, key: &str, now: i64) -> Result<(), Error> {
        self.write(|tx| match keyed(tx, key)? {
            Some(holder) if holder.id != id => Err(Fail::Refused(Refusal::KeyOther(holder.name))),
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

    fn set_banned(&mut self, name: &str, banned: bool) -> Result<Option<Member>, Error> {
        self.write(|tx| {
            tx.execute("UPDATE members SET banned = ?1 WHERE name = ?2", params![banned, name])?;
            Ok(named(tx, name)?)
        })
    }

    fn set_contact(&mut self, member: MemberId, contact: Option<&str>) -> Result<(), Error> {
        self.write(|tx| {
            tx.execute("UPDATE members SET contact = ?2 WHERE id = ?1", params![member, contact])?;
            Ok(())
        })
    }

    fn contact(&self, member: MemberId) -> Result<Option<String>, Error> {
        self.read(|conn| {
            let found: Option<Option<String>> = conn
                .prepare_cached("SELECT contact FROM members WHERE id = ?1")?
                .query_row([member], |row| row.get(0))
                .optional()?;
            Ok(found.flatten())
        })
    }

    fn members(&self) -> Result<Vec<ListedMember>, Error> {
        self.read(|conn| {
            let sql = "SELECT id, name, created, banned,
                    (SELECT count(*) FROM member_keys WHERE member = members.id),
                    (SELECT count(*) FROM games WHERE blue = members.id OR red = members.id)
                FROM members ORDER BY name";
            let mut statement = conn.prepare(sql)?;
            let rows = statement.query_map([], |row| {
                Ok(ListedMember { member: member(row)?, keys: row.get(4)?, games: row.get(5)? })
            })?;
            Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
        })
    }
}
