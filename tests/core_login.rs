//! Logging in, byte for byte (docs/protocol.md §1.3–1.5).

mod support;

use std::time::{Duration, Instant};

use atomicd::account::Titles;
use support::{TestServer, text};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guest_login_is_byte_exact() {
    let server = TestServer::start().await;
    let mut c = server.connect().await;
    let banner = c.expect("login: ").await;
    assert!(banner.contains("Welcome to atomicd"), "{banner}");
    assert!(!banner.contains("FatICS"));
    c.send("guest").await;
    let raw = c.expect_bytes(b"\":\n\r").await;
    let s = String::from_utf8(raw).unwrap();
    let name = &s[s.find("as \"").unwrap() + 4..s.find("\";").unwrap()];
    assert!(
        name.len() == 9
            && name.starts_with("Guest")
            && name[5..].bytes().all(|b| b.is_ascii_uppercase()),
        "{name}"
    );
    assert_eq!(
        s,
        format!(
            "\n\rLogging you in as \"{name}\"; you may use this name to play unrated games.\n\r\
             (After logging in, do \"help register\" for more info on how to register.)\n\r\n\r\
             Press return to enter the server as \"{name}\":\n\r"
        )
    );
    c.send("").await;
    let start = c.expect_bytes(b"fics% ").await;
    // No IAC WONT ECHO for a guest: the server never said WILL ECHO to one.
    let mut head = Vec::new();
    head.extend_from_slice(
        format!("\n\r\n\r**** Starting FICS session as {name}(U) ****\n\r").as_bytes(),
    );
    assert!(start.starts_with(&head), "{:?}", text(&start));
    assert!(start.ends_with(b"\n\rfics% "));
    // The message of the day follows, from data/motd.txt.
    let motd = std::fs::read_to_string(support::repo_data().join("motd.txt")).unwrap();
    let first = motd.lines().find(|l| !l.trim().is_empty()).unwrap();
    assert!(text(&start).contains(first), "{:?}", text(&start));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unregistered_name_plays_as_itself() {
    let server = TestServer::start().await;
    let mut c = server.connect().await;
    c.expect("login: ").await;
    c.send("Fooly").await;
    let s = c.expect("\":\n").await;
    assert_eq!(
        s,
        "\n\"Fooly\" is not a registered name.  You may play unrated games as a guest.\n\
         (After logging in, do \"help register\" for more info on how to register.)\n\n\
         Press return to enter the server as \"Fooly\":\n"
    );
    c.send("").await;
    let start = c.expect("fics% ").await;
    assert!(
        start.contains("**** Starting FICS session as Fooly(U) ****\n"),
        "{start}"
    );
    // The name is taken while Fooly is here.
    let mut d = server.connect().await;
    d.expect("login: ").await;
    d.send("fooly").await;
    assert!(
        d.expect("login: ")
            .await
            .contains("Sorry, fooly is already logged in.  Try again.")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registered_login_hides_the_password_and_refuses_a_wrong_one() {
    let server = TestServer::start().await;
    server.add_user(
        "Alice",
        "s3cret",
        Titles {
            admin: true,
            ..Titles::default()
        },
    );
    let mut c = server.connect().await;
    c.expect("login: ").await;
    c.send("alice").await;
    let prompt = c.expect_bytes(b"password: \xff\xfb\x01").await;
    assert_eq!(
        text(&prompt),
        "\n\"Alice\" is a registered name.  If it is yours, type the password.\n\
         If not, just hit return to try another name.\n\npassword: \u{fffd}\u{fffd}\u{1}"
    );
    c.send("wrong").await;
    let refused = c.expect_bytes(b"login: ").await;
    assert_eq!(
        refused,
        b"\xff\xfc\x01\n\r**** Invalid password! ****\n\r\n\rlogin: "
    );
    c.send("Alice").await;
    c.expect_bytes(b"password: \xff\xfb\x01").await;
    c.send("s3cret").await;
    let start = c.expect_bytes(b"fics% ").await;
    assert!(
        start.starts_with(b"\xff\xfc\x01\n\r**** Starting FICS session as Alice(*) ****\n\r"),
        "{:?}",
        text(&start)
    );
    let all = text(&start);
    assert!(!all.contains("s3cret") && !all.contains("wrong"));
    // An empty password line goes back to login:.
    let mut d = server.connect().await;
    d.expect("login: ").await;
    d.send("alice").await;
    d.expect("password: ").await;
    d.send("").await;
    d.expect("login: ").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn typeahead_of_ivars_name_and_password_in_one_packet() {
    let server = TestServer::start().await;
    server.add_user("JinUser", "pw", Titles::default());
    let mut c = server.connect().await;
    // Jin: %b with defprompt(3), ms(17), nowrap(31) on, then name and password at once.
    let mut bits = vec![b'0'; 35];
    for i in [3, 17, 31] {
        bits[i] = b'1';
    }
    let mut packet = b"%b".to_vec();
    packet.extend_from_slice(&bits);
    packet.extend_from_slice(b"\nJinUser\npw\n");
    c.send_raw(&packet).await;
    let all = c.expect("fics% ").await;
    assert!(all.contains("#Ivars set.\n"), "{all}");
    assert!(
        all.contains("**** Starting FICS session as JinUser ****"),
        "{all}"
    );
    let iv = c.command("ivariables").await;
    assert!(
        iv.contains("ms=1")
            && iv.contains("defprompt=1")
            && iv.contains("nowrap=1")
            && iv.contains("block=0"),
        "{iv}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_names_get_fics_errors_and_a_new_prompt() {
    let server = TestServer::start().await;
    let mut c = server.connect().await;
    c.expect("login: ").await;
    for (name, error) in [
        (
            "ab",
            "A name should be at least three characters long!  Try again.",
        ),
        (
            "al1ce",
            "Sorry, names can only consist of lower and upper case letters.  Try again.",
        ),
        (
            "abcdefghijklmnopqr",
            "Sorry, names may be at most 17 characters long.  Try again.",
        ),
    ] {
        c.send(name).await;
        assert_eq!(c.expect("login: ").await, format!("\n{error}\nlogin: "));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_login_kicks_the_first() {
    let server = TestServer::start().await;
    server.add_user("Bob", "pw", Titles::default());
    let mut first = server.user("Bob", "pw").await;
    let mut second = server.connect().await;
    second.expect("login: ").await;
    second.send("Bob").await;
    second.expect("password: ").await;
    second.send("pw").await;
    let start = second.expect("fics% ").await;
    assert!(
        start.contains("**** Bob is already logged in - kicking them out. ****"),
        "{start}"
    );
    let gone = first.expect_closed().await;
    assert!(
        gone.contains("**** Bob has arrived - you can't both be logged in. ****"),
        "{gone}"
    );
    let who = second.command("who").await;
    assert!(who.contains(" 1 player displayed (of 1)."), "{who}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn repeated_wrong_passwords_are_slowed_down() {
    let server = TestServer::start().await;
    server.add_user("Carol", "right", Titles::default());
    let mut c = server.connect().await;
    c.expect("login: ").await;
    for _ in 0..3 {
        c.send("Carol").await;
        c.expect("password: ").await;
        c.send("wrong").await;
        c.expect("Invalid password").await;
        c.expect("login: ").await;
    }
    c.send("Carol").await;
    c.expect("password: ").await;
    let t = Instant::now();
    c.send("right").await;
    c.expect("fics% ").await;
    // The fourth attempt waits at least a second, even with the right password.
    assert!(
        t.elapsed() >= Duration::from_millis(900),
        "{:?}",
        t.elapsed()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_guests_at_once_get_two_hundred_names() {
    let server = TestServer::start().await;
    let mut tasks = Vec::new();
    for _ in 0..200 {
        let addr = server.addr;
        tasks.push(tokio::spawn(async move {
            let mut c = support::Client::connect(addr).await;
            let name = c.login_guest().await;
            (c, name)
        }));
    }
    let mut names = Vec::new();
    let mut clients = Vec::new();
    for t in tasks {
        let (c, name) = t.await.unwrap();
        names.push(name);
        clients.push(c);
    }
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 200);
    let who = clients[0].command("who").await;
    assert!(who.contains(" 200 players displayed (of 200)."), "{who}");
}
