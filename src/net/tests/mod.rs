//! Play over SSH on the loopback: guests, limits, fairness, descriptors and memory.

mod descriptors;
mod fair;
mod limits;
mod loopback;
mod memory;

use super::*;
use crate::i18n::Lang;

#[test]
fn the_invite_says_the_code_is_the_password_and_how_to_open_to_the_network() {
    let loopback = invite(2222, "127.0.0.1".parse().unwrap(), "k3m9-pq7x");
    for lang in Lang::ALL {
        let said = lang.say(&loopback);
        assert!(said.contains("k3m9-pq7x") && said.contains("--bind 0.0.0.0"), "{lang:?}: {said}");
    }
    assert!(Lang::En.say(&loopback).contains("the password is k3m9-pq7x"));
    let open = Lang::En.say(&invite(2222, "0.0.0.0".parse().unwrap(), "k3m9-pq7x"));
    assert!(!open.contains("--bind"), "open to the network already: {open}");
}
