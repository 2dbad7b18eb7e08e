//! Clients that misbehave: the server answers or disconnects them cleanly,
//! and everyone else keeps being served.

mod support;

use std::time::Duration;

use support::TestServer;

/// A bystander who must stay served throughout.
async fn still_served(c: &mut support::Client) {
    let who = c.command("who").await;
    assert!(who.contains("displayed"), "{who}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn binary_bytes_and_control_characters_are_dropped() {
    let server = TestServer::start().await;
    let (mut bystander, _) = server.guest().await;
    let (mut c, name) = server.guest().await;
    c.send_raw(b"\x00\x01\x02\xfe\xfd\x80\x81fi\x07nger\x1b\r\n")
        .await;
    let reply = c.expect("fics% ").await;
    assert!(
        reply.starts_with(&format!("Finger of {name}(U):")),
        "{reply}"
    );
    let junk: Vec<u8> = (0..4096u32)
        .map(|i| (i * 7919 % 256) as u8)
        .filter(|&b| b != b'\n' && b != 0xff)
        .collect();
    c.send_raw(&junk).await;
    c.send_raw(b"\n").await;
    c.expect("fics% ").await;
    still_served(&mut bystander).await;
    still_served(&mut c).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hundred_kilobyte_line_gets_one_error_line() {
    let server = TestServer::start().await;
    let (mut bystander, _) = server.guest().await;
    let (mut c, _) = server.guest().await;
    let mut line = vec![b'a'; 100_000];
    line.push(b'\n');
    c.send_raw(&line).await;
    let reply = c.expect("fics% ").await;
    assert_eq!(
        reply,
        "Your line was too long and has been ignored.\nfics% "
    );
    let more = c.drain(Duration::from_millis(200)).await;
    assert_eq!(more, "", "exactly one reply");
    still_served(&mut c).await;
    still_served(&mut bystander).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn telnet_negotiation_is_answered_and_stripped() {
    let server = TestServer::start().await;
    let (mut c, name) = server.guest().await;
    // IAC DO TM, then a command with an IAC WILL NAWS in the middle.
    c.send_raw(b"\xff\xfd\x06fin\xff\xfb\x1fger\n").await;
    let reply = c.expect_bytes(b"fics% ").await;
    assert!(reply.starts_with(b"\xff\xfb\x06"), "{reply:?}");
    assert!(support::text(&reply[3..]).starts_with(&format!("Finger of {name}(U):")));
    c.send_raw(b"\xff\xf6").await;
    c.expect("[Responding to AYT: Yes, I'm here.]\n").await;
    // IAC IP closes the connection.
    c.send_raw(b"\xff\xf4").await;
    c.expect_closed().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_finished_iac_and_vanishing_clients_hurt_nobody() {
    let server = TestServer::start().await;
    let (mut bystander, _) = server.guest().await;
    // Disconnect right after connecting, in the middle of an IAC, mid-login,
    // mid-password and mid-line.
    let partials: [&[u8]; 5] = [b"", b"\xff", b"\xff\xfd", b"gue", b"guest\n\nwho is th"];
    for partial in partials {
        let mut c = server.connect().await;
        c.send_raw(partial).await;
        drop(c);
    }
    let mut c = server.connect().await;
    c.expect("login: ").await;
    c.send("Someone").await;
    drop(c);
    // The reserved name is free again once its client has gone.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut c = server.connect().await;
    c.expect("login: ").await;
    c.send("Someone").await;
    c.expect("Press return").await;
    c.send("").await;
    c.expect("fics% ").await;
    still_served(&mut bystander).await;
    let who = bystander.command("who").await;
    assert!(who.contains(" 2 players displayed (of 2)."), "{who}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn garbage_at_the_login_prompt_is_refused_politely() {
    let server = TestServer::start().await;
    let mut c = server.connect().await;
    c.expect("login: ").await;
    c.send_raw(b"\x80\x81\x82\n").await;
    // Nothing printable: like an empty line, the prompt again.
    c.expect("login: ").await;
    let mut long = vec![b'x'; 5000];
    long.push(b'\n');
    c.send_raw(&long).await;
    c.expect("That line was too long.\nlogin: ").await;
    c.send("guest").await;
    c.expect("Press return").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn timesealed_clients_log_in_and_are_understood() {
    use atomicd::net::timeseal;
    let server = TestServer::start().await;
    let mut c = server.connect().await;
    let mut seed = 7u32;
    let mut filler = move || {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        b"123456789abcdefghijkLMNOP"[(seed >> 16) as usize % 25]
    };
    let mut encoded = |text: &str, stamp: u32| {
        let mut line = timeseal::encode(text.as_bytes(), stamp, (stamp % 50) as u8, &mut filler);
        line.push(b'\n');
        line
    };
    c.send_raw(&encoded(
        "TIMESTAMP|openseal|Running on an operating system|",
        1000,
    ))
    .await;
    c.expect("login: ").await;
    c.send_raw(&encoded("guest", 1100)).await;
    c.expect("Press return").await;
    c.send_raw(&encoded("", 1200)).await;
    c.expect("fics% ").await;
    c.send_raw(&encoded("finger", 1300)).await;
    let reply = c.expect("fics% ").await;
    assert!(reply.contains("Timeseal 1 : On"), "{reply}");
    // A ping reply is not a command: nothing comes back.
    c.send_raw(&encoded("\u{2}9", 1400)).await;
    assert_eq!(c.drain(Duration::from_millis(300)).await, "");
}
