//! Password guessing is slowed per account as well as per address (issue
//! 20): logging in to one's own account between guesses at someone else's
//! no longer wipes the count, and a success clears only what that account
//! failed from that address.

mod support;

use std::net::IpAddr;
use std::time::{Duration, Instant};

use atomicd::account::Titles;
use support::{Client, TestServer};

const GUESSER: [u8; 4] = [127, 0, 0, 3];
const OWNER: [u8; 4] = [127, 0, 0, 2];

/// One wrong password for `name` on an open connection; returns how long
/// the server took to answer it.
async fn guess(c: &mut Client, name: &str) -> Duration {
    c.send(name).await;
    c.expect("password: ").await;
    let t = Instant::now();
    c.send("not the password").await;
    c.expect("**** Invalid password! ****").await;
    let took = t.elapsed();
    c.expect("login: ").await;
    took
}

fn failures(server: &TestServer, from: [u8; 4], account: &str) -> u32 {
    let conn = atomicd::store::open_connection(&server.config.database).unwrap();
    let id = atomicd::store::accounts::find(&conn, account)
        .unwrap()
        .expect("the account exists")
        .id;
    let handle = server.handle.as_ref().expect("a running server");
    let mut throttle = handle.shared().throttle();
    throttle.failures(IpAddr::from(from), id, tokio::time::Instant::now())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn logging_in_to_ones_own_account_does_not_reset_the_guesses_at_another() {
    let server = TestServer::start().await;
    server.add_user("Victim", "secret", Titles::default());
    server.add_user("Mallory", "mine", Titles::default());
    let mut c = Client::connect_from(server.addr, GUESSER.into()).await;
    c.expect("login: ").await;
    for _ in 0..3 {
        guess(&mut c, "Victim").await;
    }
    // Then his own account, from the same address.
    c.send("Mallory").await;
    c.expect("password: ").await;
    c.send("mine").await;
    let start = c.expect("fics% ").await;
    assert!(
        start.contains("Starting FICS session as Mallory"),
        "{start}"
    );
    c.send("quit").await;
    c.expect_closed().await;
    assert_eq!(failures(&server, GUESSER, "Victim"), 3);
    // The next guess waits its turn: 1 s after three failures. It was
    // answered at once when his success cleared the whole address.
    let mut c = Client::connect_from(server.addr, GUESSER.into()).await;
    c.expect("login: ").await;
    let took = guess(&mut c, "Victim").await;
    assert!(took >= Duration::from_millis(950), "answered in {took:?}");
    assert_eq!(failures(&server, GUESSER, "Victim"), 4);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_owner_clears_only_her_own_mistakes_from_her_own_address() {
    let server = TestServer::start().await;
    server.add_user("Victim", "secret", Titles::default());
    let mut guesser = Client::connect_from(server.addr, GUESSER.into()).await;
    guesser.expect("login: ").await;
    for _ in 0..3 {
        guess(&mut guesser, "Victim").await;
    }
    // The owner mistypes once at home, then logs in: the account's
    // failures make her wait too, and her success clears only her own.
    let mut owner = Client::connect_from(server.addr, OWNER.into()).await;
    owner.expect("login: ").await;
    let took = guess(&mut owner, "Victim").await;
    assert!(took >= Duration::from_millis(950), "answered in {took:?}");
    assert_eq!(failures(&server, OWNER, "Victim"), 4);
    owner.send("Victim").await;
    owner.expect("password: ").await;
    owner.send("secret").await;
    let start = owner.expect("fics% ").await;
    assert!(start.contains("Starting FICS session as Victim"), "{start}");
    assert_eq!(failures(&server, OWNER, "Victim"), 3);
    assert_eq!(failures(&server, GUESSER, "Victim"), 3);
    // The guesser still waits.
    let took = guess(&mut guesser, "Victim").await;
    assert!(took >= Duration::from_millis(950), "answered in {took:?}");
}
