//! Members by key: a new key with a free name registers that name, a known key logs in
//! as its member, and a name is never taken from the key that holds it. Names are unique
//! ignoring case (`Ann` and `ann` are one member), kept as first written.

use crate::club::Club;
use crate::error::{Error, Refusal};
use crate::names::{check_key, check_name, quoted};
use crate::terms::MemberId;

/// A member of the club.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Member {
    /// Their number in the database.
    pub id: MemberId,
    /// As first registered (`Ann`); found ignoring case.
    pub name: String,
    /// When they joined, in milliseconds since 1970 (UTC).
    pub created: i64,
    /// Whether they are banned (they may not come in or play).
    pub banned: bool,
}

/// Who came in with a key, and whether they registered just now.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Login {
    /// The member.
    pub member: Member,
    /// Whether the name was registered by this login.
    pub registered: bool,
}

/// A member as `admin list` shows them: how many keys they have and games they played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ListedMember {
    /// The member.
    pub member: Member,
    /// Their keys.
    pub keys: u32,
    /// Their games, in progress or done.
    pub games: u32,
}

impl Club {
    /// Someone came in as `name` with `key` (its fingerprint or text): a known key is its
    /// member, if the name is theirs; a new key with a free name registers it. Refused: a
    /// name that is not one, a name that is another key's, a known key under another
    /// name, a banned member.
    pub fn login(&mut self, key: &str, name: &str) -> Result<Login, Error> {
        let (key, name) = (check_key(key)?, check_name(name)?);
        let (member, registered) = match (self.store.member_by_key(key)?, self.store.member_named(name)?) {
            (Some(member), _) if !member.name.eq_ignore_ascii_case(name) => {
                return Err(Refusal::KeyOther(member.name).into());
            }
            (Some(member), _) => (member, false),
            (None, Some(_)) => return Err(Refusal::NameTaken(name.to_string()).into()),
            (None, None) => {
                let now = self.now();
                (self.store.register(name, key, now)?, true)
            }
        };
        match member.banned {
            true => Err(Refusal::Banned(member.name).into()),
            false => Ok(Login { member, registered }),
        }
    }

    /// Gives member `id` one more key (a second machine of theirs); refused if the key is
    /// another member's.
    pub fn add_key(&mut self, id: MemberId, key: &str) -> Result<(), Error> {
        let key = check_key(key)?;
        let now = self.now();
        self.store.add_key(id, key, now)
    }

    /// The member called `name`, ignoring case.
    pub fn member(&self, name: &str) -> Result<Option<Member>, Error> {
        self.store.member_named(name)
    }

    /// The member whose key is `key`.
    pub fn member_by_key(&self, key: &str) -> Result<Option<Member>, Error> {
        self.store.member_by_key(key.trim())
    }

    /// Bans or lets back the member called `name`; the member as they are now.
    pub fn set_banned(&mut self, name: &str, banned: bool) -> Result<Member, Error> {
        let member = self.store.set_banned(name, banned)?;
        member.ok_or_else(|| Refusal::NoMember(quoted(name)).into())
    }

    /// Every member, by name, with their keys and games counted.
    pub fn members(&self) -> Result<Vec<ListedMember>, Error> {
        self.store.members()
    }

    /// Member `member`'s contact for word of their games while away (an address, a
    /// handle): one line of up to [`LONGEST_CONTACT`] characters, no control character;
    /// none clears it.
    pub fn set_contact(&mut self, member: MemberId, contact: Option<&str>) -> Result<(), Error> {
        let contact = contact.map(str::trim);
        let fits = |text: &str| {
            !text.is_empty() && text.chars().count() <= LONGEST_CONTACT && !text.chars().any(char::is_control)
        };
        if contact.is_some_and(|text| !fits(text)) {
            return Err(Refusal::ContactForm.into());
        }
        self.store.set_contact(member, contact)
    }

    /// Member `member`'s contact, if they gave one.
    pub fn contact(&self, member: MemberId) -> Result<Option<String>, Error> {
        self.store.contact(member)
    }
}

/// The longest contact kept, in characters.
pub const LONGEST_CONTACT: usize = 200;
