//! Arrivals, departures, double logins and talk to everyone.

use super::Fixture;
use crate::account::Titles;
use crate::event::{Event, KickReason};
use crate::settings::ivars::Ivar;
use crate::settings::vars::Switch;

#[test]
fn those_with_pin_hear_of_arrivals_and_others_do_not() {
    let mut f = Fixture::new();
    let mut watcher = f.guest("Watcher");
    let mut quiet = f.guest("Quiet");
    f.set(&watcher, Switch::Pin, true);
    let alice = f.guest("Alice");
    f.world.announce_arrival(alice.id);
    assert!(watcher.drain().has(|e| matches!(e,
        Event::Arrived(p) if p.name == "Alice" && p.addr.is_none() && !p.notified)));
    assert!(quiet.drain().events.is_empty());
}

#[test]
fn only_admins_with_pinform_get_the_address() {
    let mut f = Fixture::new();
    let admin = Titles {
        admin: true,
        ..Titles::default()
    };
    let mut boss = f.registered_with("Boss", admin);
    f.set(&boss, Switch::Pinform, true);
    let mut nosy = f.guest("Nosy");
    f.set(&nosy, Switch::Pinform, true);
    f.set(&nosy, Switch::Pin, true);
    let alice = f.guest("Alice");
    f.world.announce_arrival(alice.id);
    assert!(boss.drain().has(|e| matches!(e,
        Event::Arrived(p) if p.addr.as_deref() == Some("127.0.0.1"))));
    assert!(
        nosy.drain()
            .has(|e| matches!(e, Event::Arrived(p) if p.addr.is_none()))
    );
}

#[test]
fn notify_lists_note_arrivals_and_departures_both_ways() {
    let mut f = Fixture::new();
    let mut carol = f.registered("Carol");
    f.world
        .player_mut(carol.id)
        .unwrap()
        .talk
        .lists
        .notify
        .insert("Alice");
    let alice = f.registered("Alice");
    f.world
        .player_mut(alice.id)
        .unwrap()
        .talk
        .lists
        .notify
        .insert("Carol");
    let notices: Vec<&str> = f
        .world
        .announce_arrival(alice.id)
        .iter()
        .map(|m| m.id)
        .collect();
    assert_eq!(notices, ["notify-present", "notify-noted"]);
    assert!(
        carol
            .drain()
            .has(|e| matches!(e, Event::Arrived(p) if p.notified))
    );
    f.world.leave(alice.id);
    assert!(
        carol
            .drain()
            .has(|e| matches!(e, Event::Departed(p) if p.notified && p.name == "Alice"))
    );
}

#[test]
fn an_interface_pin_client_gets_the_who_line() {
    let mut f = Fixture::new();
    let mut jin = f.guest("Jin");
    f.iset(&jin, Ivar::PIN, true);
    let alice = f.guest("Alice");
    f.world.announce_arrival(alice.id);
    assert!(jin.drain().has(|e| matches!(e,
        Event::Arrived(p) if p.who_line.starts_with("Alice"))));
}

#[test]
fn a_second_login_of_a_name_closes_the_first_session() {
    let mut f = Fixture::new();
    let mut first = f.registered("Alice");
    let runtime_free = f.world.by_name("alice").map(|p| p.id);
    assert_eq!(runtime_free, Some(first.id));
    // The same account logs in again.
    let account = f.world.player(first.id).unwrap().account_id;
    let (outbox, _rx) = crate::world::outbox::outbox();
    let mut again = crate::world::Player {
        id: 99,
        outbox,
        kill: Default::default(),
        ..clone_of(&f, first.id)
    };
    again.account_id = account;
    assert_eq!(f.world.enter(again), Some(first.id));
    assert_eq!(
        first.drain().kicks,
        [KickReason::LoggedInElsewhere {
            name: "Alice".into()
        }]
    );
    assert_eq!(f.world.by_name("Alice").map(|p| p.id), Some(99));
}

/// A copy of a player's plain fields (a new session of the same user).
fn clone_of(f: &Fixture, id: crate::world::SessionId) -> crate::world::Player {
    let p = f.world.player(id).unwrap();
    let (outbox, _) = crate::world::outbox::outbox();
    crate::world::Player {
        id: p.id,
        name: p.name.clone(),
        account_id: p.account_id,
        titles: p.titles,
        vars: p.vars.clone(),
        ivars: p.ivars,
        addr: p.addr,
        timeseal: p.timeseal,
        login_unix: p.login_unix,
        login_at: p.login_at,
        last_input: p.last_input,
        commands: 0,
        outbox,
        kill: Default::default(),
        game: None,
        examining: None,
        observing: Default::default(),
        last_opponent: None,
        last_color: None,
        promote: p.promote,
        rating: p.rating.clone(),
        rating960: p.rating960.clone(),
        round_trip_ms: None,
        last_lag_ms: 0,
        talk: Default::default(),
        muzzled: false,
        web: None,
    }
}

#[test]
fn a_notice_to_everyone_skips_its_sender() {
    let mut f = Fixture::new();
    let mut boss = f.guest("Boss");
    let mut alice = f.guest("Alice");
    let n = f.world.tell_everyone(
        crate::world::shutdown::framed(crate::msg!("announcement", by = "Boss", text = "hi")),
        Some(boss.id),
    );
    assert_eq!(n, 1);
    assert!(boss.drain().events.is_empty());
    assert_eq!(alice.drain().line_ids(), ["blank", "announcement", "blank"]);
}

#[test]
fn names_are_found_by_a_unique_beginning() {
    let mut f = Fixture::new();
    f.guest("Alice");
    f.guest("Albert");
    f.guest("Bob");
    assert_eq!(f.world.find("bo").map(|p| p.name.clone()), Ok("Bob".into()));
    assert_eq!(
        f.world.find("al").err(),
        Some(crate::world::FindError::Ambiguous(vec![
            "Albert".into(),
            "Alice".into()
        ]))
    );
    assert_eq!(
        f.world.find("zz").err(),
        Some(crate::world::FindError::NotFound)
    );
}

#[test]
fn an_idle_user_is_kicked_with_the_time_as_a_value() {
    let mut f = Fixture::new();
    f.world.durable.idle_timeout = Some(std::time::Duration::from_secs(120));
    let mut alice = f.guest("Alice");
    let later = tokio::time::Instant::now() + std::time::Duration::from_secs(121);
    f.world.idle_check(alice.id, later);
    assert_eq!(alice.drain().kicks, [KickReason::Idle { secs: 120 }]);
}
