//! eboard, the GTK client, connects with its default protocol (FICS with
//! timeseal), logs in as a guest and plays moves typed in its command line,
//! driven headless under Xvfb with xdotool. A missing program fails the
//! test; it is never skipped. The final screenshot is kept under
//! `target/tmp/clients/eboard/`.

mod clients;
mod support;

use std::process::{Command, Stdio};
use std::time::Duration;

use clients::x11::Display;
use clients::{Killed, artefacts, require};
use support::TestServer;

async fn pause(ms: u64) {
    tokio::time::sleep(Duration::from_millis(ms)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eboard_plays_with_timeseal_on() {
    require(&["Xvfb", "xdotool", "import", "/usr/games/eboard"]);
    let server = TestServer::start().await;
    let out = artefacts("eboard");
    std::fs::create_dir_all(out.join("home")).unwrap();
    let x = Display::start();
    let eboard = Command::new("/usr/games/eboard")
        .env("HOME", out.join("home"))
        .env("DISPLAY", &x.name)
        .current_dir(out.join("home"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("eboard starts");
    let _eboard = Killed(eboard);
    pause(5000).await;
    // Peer > Connect to Other Server..., host and port, protocol "FICS" (timeseal).
    let port = server.addr.port().to_string();
    x.xdo(&["mousemove", "25", "14", "click", "1"]);
    pause(1000).await;
    x.xdo(&["mousemove", "118", "85", "click", "1"]);
    pause(1500).await;
    x.xdo(&["mousemove", "496", "411", "click", "1"]);
    x.xdo(&["type", "127.0.0.1"]);
    x.xdo(&["mousemove", "496", "461", "click", "--repeat", "3", "1"]);
    x.xdo(&["key", "BackSpace"]);
    x.xdo(&["type", &port]);
    x.xdo(&["mousemove", "741", "628", "click", "1"]);
    pause(3000).await;
    // Close the "Getting Started" window, then type into eboard's command line.
    x.xdo(&["mousemove", "907", "767", "click", "1"]);
    pause(500).await;
    x.xdo(&["mousemove", "194", "550", "click", "1"]);
    let typed = |line: &str| {
        x.xdo(&["type", line]);
        x.xdo(&["key", "Return"]);
    };
    typed("guest");
    pause(1500).await;
    typed("");
    pause(2500).await;
    typed("seek 2 12 u atomic white");
    let mut opp = server.named("Opponent").await;
    opp.command("set bell 0").await;
    opp.command("style 12").await;
    let mut found = None;
    for _ in 0..60 {
        let sought = opp.command("sought").await;
        found = sought
            .lines()
            .find(|l| l.contains("atomic"))
            .and_then(|l| l.split_whitespace().nth(2))
            .map(str::to_string);
        if found.is_some() {
            break;
        }
        pause(500).await;
    }
    let guest = found
        .expect("eboard's seek")
        .trim_end_matches("(U)")
        .to_string();
    opp.command(&format!("play {guest}")).await;
    opp.expect("Creating: ").await;
    opp.expect("fics% ").await;
    pause(1000).await;
    typed("e4");

    opp.expect("P/e2-e4").await;
    opp.expect("fics% ").await;
    opp.play("d5").await;
    pause(1500).await;
    typed("exd5");
    let capture = opp.expect("P/e4-d5").await;
    assert!(
        capture.contains(
            "<12> rnbqkbnr ppp-pppp -------- -------- -------- -------- PPPP-PPP RNBQKBNR B"
        ),
        "{capture}"
    );
    opp.expect("fics% ").await;
    let finger = opp.command(&format!("finger {guest}")).await;
    assert!(
        finger.contains("Timeseal 1 : On"),
        "eboard connects with timeseal: {finger}"
    );
    assert!(finger.contains("Interface  : eboard"), "{finger}");
    opp.command("resign").await;
    pause(1000).await;
    x.screenshot(&out.join("shot-end.png"));
}
