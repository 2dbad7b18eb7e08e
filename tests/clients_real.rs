//! The real programs against a real server: xboard in ICS mode as a
//! person (guest and registered) and as a zippy bot, PyChess's own FICS
//! code, and a Jin-style session. They run headless under Xvfb through the
//! harness in `tests/clients/` (its README says what each part does);
//! `scripts/test.sh` installs the programs. A missing program fails the
//! test with a message saying what is missing: these tests are never
//! skipped.
//!
//! Logs and screenshots are kept under `target/tmp/clients/`.

mod clients;
mod support;

use std::time::Duration;

use atomicd::account::Titles;
use atomicd::chess::{AtomicGame, Lang};
use clients::x11::Display;
use clients::xboard::{Role, Xboard, logged_in};
use clients::xboard_log::{Report, Session};
use clients::{ProcessGroup, artefacts, require};
use support::{Client, TestServer, style12_fields};

/// One GUI at a time: on a 2-core machine two Xvfb + xboard start-ups side
/// by side can miss the harness's fixed click times.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The position of a style-12 line as FEN (what our own rules need to pick
/// a legal move for the test's side).
fn fen_of(fields: &[String]) -> String {
    let ranks: Vec<String> = fields[1..9]
        .iter()
        .map(|r| {
            let mut out = String::new();
            let mut empty = 0;
            for c in r.chars() {
                if c == '-' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c);
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    let castling: String = ["K", "Q", "k", "q"]
        .iter()
        .zip(&fields[11..15])
        .filter(|(_, f)| *f == "1")
        .map(|(c, _)| *c)
        .collect();
    format!(
        "{} {} {} - {} {}",
        ranks.join("/"),
        if fields[9] == "W" { "w" } else { "b" },
        if castling.is_empty() { "-" } else { &castling },
        fields[15],
        fields[26]
    )
}

/// Plays legal moves (chosen by a fixed-seed generator) whenever it is this
/// client's turn, until the game ends; resigns after `max_plies`. Returns
/// the end line.
async fn play_until_the_end(c: &mut Client, max_plies: usize) -> String {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut plies = 0;
    loop {
        let msg = c.next_message().await;
        if let Some(end) = msg
            .lines()
            .find(|l| l.starts_with("{Game ") && !l.contains(" Creating "))
        {
            return end.to_string();
        }
        let Some(line) = msg.lines().find(|l| l.starts_with("<12> ")) else {
            continue;
        };
        let f: Vec<String> = line.split(' ').map(str::to_string).collect();
        if f[19] != "1" {
            continue;
        }
        plies += 1;
        if plies > max_plies {
            c.send("resign").await;
            continue;
        }
        let game = AtomicGame::from_fen(&fen_of(&f)).expect("a position the server sent");
        let legal = game.legal_moves();
        if legal.is_empty() {
            continue;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mv = legal[(seed % legal.len() as u64) as usize];
        c.send(&atomicd::chess::notation::uci(mv)).await;
    }
}

/// The number and the seeker's name of the first seek of a `sought` list
/// (a row is `N RATING NAME TIME INC ...`; the trailer is not one).
fn first_seek(sought: &str) -> Option<(u32, String)> {
    sought.lines().find_map(|l| {
        let mut words = l.split_whitespace();
        let n = words.next()?.parse::<u32>().ok()?;
        let rating = words.next()?;
        let name = words.next()?;
        // The name is shown with its titles: `GuestCBQB(U)`.
        let name = name.split('(').next().unwrap_or(name);
        (rating.len() == 4
            && rating
                .chars()
                .all(|ch| ch.is_ascii_digit() || ch == '+' || ch == '-'))
        .then(|| (n, name.to_string()))
    })
}

/// Waits until some seek is on offer and answers it.
async fn answer_first_seek(c: &mut Client) {
    for _ in 0..120 {
        c.send("sought").await;
        // Unsolicited lines (a seek ad, say) may come first: read through
        // the trailer of the list itself.
        let text = c.expect(" displayed.\n").await;
        c.expect("fics% ").await;
        if let Some((n, _)) = first_seek(&text) {
            let reply = c.command(&format!("play {n}")).await;
            assert!(
                !reply.contains("not available") && !reply.contains("ERROR"),
                "{reply}"
            );
            return;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    panic!("no seek appeared");
}

/// Runs a harness script to its end; returns (success, its output).
/// An unregistered player with style 12 boards and no bell, as the
/// opponents of the real clients are.
async fn style12_player(server: &TestServer, name: &str) -> Client {
    let mut c = server.named(name).await;
    c.command("style 12").await;
    c.command("set bell 0").await;
    c
}

/// Runs a harness in the background; its result is (passed, output).
fn spawn_harness(
    program: &'static str,
    args: &[&str],
    timeout_secs: u64,
) -> tokio::task::JoinHandle<(bool, String)> {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    tokio::spawn(async move { run(program, &args, timeout_secs).await })
}

async fn run(program: &str, args: &[String], timeout_secs: u64) -> (bool, String) {
    let child = tokio::process::Command::new(program)
        .args(args)
        .process_group(0)
        .kill_on_drop(true)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("harness runs");
    let _group = ProcessGroup(child.id().expect("harness has a pid"));
    let out = tokio::time::timeout(Duration::from_secs(timeout_secs), child.wait_with_output())
        .await
        .expect("harness finishes")
        .expect("harness runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// Stops xboard, keeps its summary beside its log, and judges the session.
fn judge(xb: Xboard, zippy: bool) -> (String, Report) {
    let out = xb.out.clone();
    let log = xb.stop();
    let report = Session::read(&log).report(zippy);
    std::fs::write(out.join("summary.txt"), report.to_string()).unwrap();
    (log, report)
}

/// Whether the server has ended a game, as xboard understood it.
fn game_ended(log: &str) -> bool {
    !Session::read(log).server_ends().is_empty()
}

async fn xboard_person(server: &TestServer, login: &str, name: &str) {
    xboard_person_with(server, login, name, &[]).await;
}

/// xboard's person, who first types `setup` in the ICS console.
async fn xboard_person_with(server: &TestServer, login: &str, name: &str, setup: &[&str]) {
    require(&["/usr/games/xboard", "Xvfb", "xdotool", "import"]);
    let out = artefacts(name);
    let display = Display::start();
    let mut xb = Xboard::start(&display, server.addr.port(), login, Role::Person, &out);
    xb.wait_for("login", 90, logged_in).await;
    for line in setup {
        xb.type_line(line);
    }
    // A person types a seek in the ICS console...
    xb.type_line("seek 2 12 u atomic white");
    // ...that the opponent answers; it meets 1.e4 with 1...d5, and
    // resigns once xboard's 2.exd5 has exploded.
    let mut opp = style12_player(server, "Opponent").await;
    answer_first_seek(&mut opp).await;
    xb.wait_for("atomic game with its first board", 60, |log| {
        let s = Session::read(log);
        !s.atomic_game().is_empty() && s.boards() >= 1
    })
    .await;
    xb.click_move(&display, "e2e4").await;
    opp.expect("P/e2-e4").await;
    opp.expect("fics% ").await;
    let reply = opp.play("d7d5").await;
    assert!(reply.contains("P/d7-d5"), "{reply}");
    // Boards: the start, 1.e4, 1...d5.
    xb.wait_for("the board after 1...d5", 60, |log| {
        Session::read(log).boards() >= 3
    })
    .await;
    xb.click_move(&display, "e4d5").await;
    let capture = opp.expect("P/e4-d5").await;
    let fields = style12_fields(&format!("{capture} x"));
    // The explosion: the pawns of d5 and e4 are both gone.
    assert_eq!(
        fields[4], "--------",
        "rank 5 empty after the explosion: {capture}"
    );
    assert_eq!(
        fields[5], "--------",
        "rank 4 empty after the explosion: {capture}"
    );
    opp.expect("fics% ").await;
    opp.command("resign").await;
    xb.wait_for("the end of the game", 60, game_ended).await;
    // Let the GUI draw the end before the screenshot people look at.
    tokio::time::sleep(Duration::from_secs(1)).await;
    display.screenshot(&out.join("shot-game-end.png"));
    let (log, report) = judge(xb, false);
    assert!(report.passed(), "xboard ({name}):\n{report}");
    assert!(log.contains("GameEnds("), "{report}");
    assert!(out.join("shot-game-end.png").exists(), "screenshot kept");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn xboard_plays_as_a_guest() {
    let _gui = ONE_AT_A_TIME.lock().await;
    let server = TestServer::start().await;
    xboard_person(&server, "guest", "xboard-guest").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn xboard_plays_as_a_registered_user() {
    let _gui = ONE_AT_A_TIME.lock().await;
    let server = TestServer::start().await;
    server.add_user("Xbuser", "secret", Titles::default());
    xboard_person(&server, "Xbuser:secret", "xboard-registered").await;
}

/// A French user on xboard: the replies and notices are French, but the
/// lines xboard parses (style 12, `Creating:`, `{Game ...}`) stay English
/// for a GUI client, so the game is played to its end all the same.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn xboard_plays_a_whole_game_with_set_lang_fr() {
    let _gui = ONE_AT_A_TIME.lock().await;
    let server = TestServer::start().await;
    xboard_person_with(&server, "guest", "xboard-french", &["set lang fr"]).await;
    let debug = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("clients/xboard-french/xboard.debug");
    let log = std::fs::read_to_string(debug).unwrap_or_default();
    assert!(
        log.contains("Langue : fran"),
        "xboard's session is in French"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn xboard_as_a_zippy_bot_plays_a_whole_game() {
    let _gui = ONE_AT_A_TIME.lock().await;
    require(&["/usr/games/xboard", "Xvfb", "xdotool", "import"]);
    let engine = support::example("random_cecp");
    let server = TestServer::start().await;
    server.add_user(
        "ZippyBot",
        "secret",
        Titles {
            computer: true,
            ..Titles::default()
        },
    );
    let out = artefacts("xboard-zippy");
    let display = Display::start();
    let role = Role::Zippy {
        engine: engine.display().to_string(),
    };
    let mut xb = Xboard::start(&display, server.addr.port(), "ZippyBot:secret", role, &out);
    xb.wait_for("login", 90, logged_in).await;
    let mut me = style12_player(&server, "Challenger").await;
    let issued = me.command("match ZippyBot 1 0 u atomic").await;
    assert!(issued.starts_with("Issuing:"), "{issued}");
    let end = play_until_the_end(&mut me, 200).await;
    assert!(end.starts_with("{Game 1 ("), "{end}");
    xb.wait_for("the end of the game", 60, game_ended).await;
    display.screenshot(&out.join("shot-game-end.png"));
    let (_, report) = judge(xb, true);
    assert!(report.passed(), "zippy:\n{report}");
    assert!(report.check("engine got \"variant atomic\"").ok, "{report}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pychess_plays_with_its_own_fics_code() {
    pychess_plays(&[], "pychess").await;
}

/// PyChess with `set lang fr`: French for the person, English for what
/// PyChess parses, and a whole game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pychess_plays_a_whole_game_with_set_lang_fr() {
    let log = pychess_plays(&["--command", "set lang fr"], "pychess-french").await;
    assert!(
        log.contains("Langue : fran"),
        "PyChess's session is in French"
    );
}

/// What PyChess does with Atomic960, which it does not know: it looks a
/// challenge's type word up in its `GAME_TYPES` and declines one it cannot
/// play (`OfferManager.onOfferAdd`), so the server announces the variant
/// by its own name, `atomic960`, rather than as `atomic` (whose castling
/// PyChess would get wrong) or `wild/fr` (whose explosions it would not
/// make). Challenged to Atomic960 while its atomic seek waits, PyChess
/// declines, and then plays its atomic game to the end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pychess_declines_an_atomic960_challenge_and_plays_on() {
    pychess_plays_with(&[], "pychess-atomic960", Some("3 0 atomic960 74")).await;
}

/// PyChess plays a game against an opponent; PyChess's own log.
async fn pychess_plays(extra: &[&str], name: &str) -> String {
    pychess_plays_with(extra, name, None).await
}

/// Challenges the player whose seek is on offer to `terms` and waits for
/// the challenge to be declined.
async fn challenge_the_seeker(server: &TestServer, terms: &str) {
    let mut challenger = style12_player(server, "Challenger").await;
    for _ in 0..120 {
        challenger.send("sought").await;
        let text = challenger.expect(" displayed.\n").await;
        challenger.expect("fics% ").await;
        if let Some((_, seeker)) = first_seek(&text) {
            challenger.send(&format!("match {seeker} {terms}")).await;
            challenger.expect("Issuing:").await;
            let declined = challenger.expect(" declines the match").await;
            assert!(declined.contains(&seeker), "{declined}");
            return;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    panic!("no seek appeared");
}

/// PyChess plays a game against an opponent, challenged first to `decline`
/// (terms it is expected to decline) if given; PyChess's own log.
async fn pychess_plays_with(extra: &[&str], name: &str, decline: Option<&str>) -> String {
    let _gui = ONE_AT_A_TIME.lock().await;
    require(&["xvfb-run", "/usr/bin/python3", "/usr/games/pychess"]);
    let server = TestServer::start().await;
    let out = artefacts(name);
    let port = server.addr.port().to_string();
    let script = clients::here().join("pychess_client.py");
    let log = out.join("pychess.log");
    let mut args = vec![
        "-a",
        "/usr/bin/python3",
        script.to_str().unwrap(),
        "127.0.0.1",
        &port,
        "--seek",
        "2 12 u atomic",
        "--timeout",
        "120",
        "--log",
        log.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let harness = spawn_harness("xvfb-run", &args, 160);
    if let Some(terms) = decline {
        challenge_the_seeker(&server, terms).await;
    }
    let mut opp = style12_player(&server, "Opponent").await;
    answer_first_seek(&mut opp).await;
    let end = play_until_the_end(&mut opp, 300).await;
    assert!(end.starts_with("{Game 1 ("), "{end}");
    let (ok, text) = harness.await.unwrap();
    std::fs::write(out.join("output.txt"), &text).unwrap();
    assert!(ok && text.contains("RESULT: PASS"), "pychess:\n{text}");
    // PyChess saw the same end as the server, and talked in block mode.
    let result = end.split_whitespace().last().unwrap_or_default();
    assert!(
        text.contains(&format!("game_ended result={result} ")),
        "PyChess must recognise the end {end:?}:\n{text}"
    );
    let pychess_log = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(
        pychess_log.contains("block set."),
        "PyChess turns block mode on"
    );
    pychess_log
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_jin_style_session_types_ahead_and_gets_ms_clocks() {
    let _gui = ONE_AT_A_TIME.lock().await;
    let server = TestServer::start().await;
    server.add_user("JinUser", "pw", Titles::default());
    let mut jin = server.connect().await;
    // Jin's %b: defprompt, lock, gameinfo, pendinfo, nohighlight, ms,
    // showownseek, movecase, nowrap — then name and password, in one write.
    let mut bits = vec![b'0'; 35];
    for i in [3, 4, 7, 9, 13, 17, 22, 25, 31] {
        bits[i] = b'1';
    }
    let mut packet = b"%b".to_vec();
    packet.extend_from_slice(&bits);
    packet.extend_from_slice(b"\nJinUser\npw\n");
    jin.send_raw(&packet).await;
    let start = jin.expect("fics% ").await;
    assert!(
        start.contains("#Ivars set.")
            && start.contains("**** Starting FICS session as JinUser ****"),
        "{start}"
    );
    assert!(
        !start.contains('\u{fffd}'),
        "no echo negotiation for a typed-ahead password: {start:?}"
    );
    for cmd in [
        "set style 12",
        "iset seekinfo 1",
        "set interface Jin 2.14.1",
        "set bell 0",
    ] {
        jin.command(cmd).await;
    }
    let mut bob = server.named("Bob").await;
    bob.command("set bell 0").await;
    jin.start_game_with(&mut bob, "3 0").await;
    let reply = jin.play("e4").await;
    let f = style12_fields(&reply);
    assert_eq!(
        (f[24].as_str(), f[25].as_str(), f[28].as_str()),
        ("180000", "180000", "(0:00.000)"),
        "{reply}"
    );
    bob.next_message().await;
    let finger = bob.command("finger JinUser").await;
    assert!(finger.contains("Interface  : Jin 2.14.1"), "{finger}");
    let mut game = AtomicGame::new();
    game.play_input("e4", Lang::En, shakmaty::Role::Queen)
        .unwrap();
    assert_eq!(fen_of(&f).split(' ').next(), game.fen().split(' ').next());
}
