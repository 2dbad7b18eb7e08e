//! The command loop (docs/protocol.md §6.1) and the first commands, over TCP.

mod support;

use atomicd::account::Titles;
use support::TestServer;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abbreviations_ambiguity_and_unknown_commands() {
    let server = TestServer::start().await;
    let (mut c, name) = server.guest().await;
    let f = c.command("fing").await;
    assert!(f.starts_with(&format!("Finger of {name}(U):\n")), "{f}");
    assert_eq!(
        c.command("wh").await,
        "Ambiguous command \"wh\". Matches: whisper who\n"
    );
    assert_eq!(c.command("xyz").await, "xyz: Command not found.\n");
    assert_eq!(c.command("$$xyz").await, "xyz: Command not found.\n");
    assert_eq!(c.command("").await, "");
    assert_eq!(c.command("set").await, "Usage: set variable [value]\n");
    // Shortcuts: `vars` is `variables`, `f` is `finger`.
    assert!(
        c.command("vars")
            .await
            .starts_with(&format!("Variable settings of {name}:"))
    );
    assert!(c.command("f").await.starts_with("Finger of "));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn semicolons_dollars_and_aliases() {
    let server = TestServer::start().await;
    let (mut c, _) = server.guest().await;
    assert_eq!(
        c.command("set style 12; set bell 0").await,
        "Style 12 set.\nYou will not hear beeps.\n"
    );
    // What xboard sends first.
    c.command("alias $ @").await;
    assert_eq!(
        c.command("$set interface xboard 4.9.1").await,
        "interface set to xboard 4.9.1.\n"
    );
    assert_eq!(
        c.command("alias sv set style @").await,
        "Alias \"sv\" set.\n"
    );
    assert_eq!(c.command("sv 1").await, "Style 1 set.\n");
    // `$` skips alias expansion.
    assert_eq!(c.command("$sv 1").await, "sv: Command not found.\n");
    assert_eq!(c.command("alias sv").await, "sv -> set style @\n");
    assert_eq!(c.command("unalias sv").await, "Alias \"sv\" unset.\n");
    assert_eq!(c.command("sv 1").await, "sv: Command not found.\n");
    assert_eq!(
        c.command("alias quit who").await,
        "You can't alias \"quit\".\n"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registered_variables_and_aliases_survive_logout_and_restart() {
    let mut server = TestServer::start().await;
    server.add_user("Dana", "pw", Titles::default());
    let mut c = server.user("Dana", "pw").await;
    c.command("set style 12").await;
    c.command("set 1 Atomic fan").await;
    c.command("alias hi finger").await;
    c.send("set prompt ics%").await;
    c.expect("prompt set to ics%.\nics% ").await;
    c.send("quit").await;
    let bye = c.expect_closed().await;
    assert!(
        bye.contains("Logging you out.") && !bye.contains("ics% "),
        "{bye}"
    );
    server.restart().await;
    let mut c = server.connect().await;
    c.expect("login: ").await;
    c.send("Dana").await;
    c.expect("password: ").await;
    c.send("pw").await;
    c.expect("ics% ").await;
    c.send("variables").await;
    let vars = c.expect("ics% ").await;
    assert!(vars.contains("style=12"), "{vars}");
    c.send("hi").await;
    let finger = c.expect("ics% ").await;
    assert!(finger.contains(" 1: Atomic fan"), "{finger}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unregistered_variables_vanish_at_logout() {
    let server = TestServer::start().await;
    let mut c = server.connect().await;
    c.expect("login: ").await;
    c.send("Transient").await;
    c.expect("Press return").await;
    c.send("").await;
    c.expect("fics% ").await;
    c.command("set style 12").await;
    c.send("quit").await;
    c.expect_closed().await;
    let mut c = server.connect().await;
    c.expect("login: ").await;
    c.send("Transient").await;
    c.expect("Press return").await;
    c.send("").await;
    c.expect("fics% ").await;
    assert!(c.command("variables").await.contains("style=1 "));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn set_iset_and_their_replies() {
    let server = TestServer::start().await;
    let (mut c, _) = server.guest().await;
    assert_eq!(
        c.command("set seek 0").await,
        "You will not see seek ads.\n"
    );
    assert_eq!(
        c.command("set open").await,
        "You are no longer open to receive match requests.\n"
    );
    assert_eq!(c.command("style 12").await, "Style 12 set.\n");
    assert_eq!(
        c.command("set nosuch 1").await,
        "No such variable \"nosuch\".\n"
    );
    assert_eq!(c.command("iset ms 1").await, "ms set.\n");
    assert_eq!(c.command("iset lock 1").await, "lock set.\n");
    assert_eq!(c.command("iset seekinfo 1").await, "seekinfo set.\n<sc>\n");
    assert_eq!(
        c.command("iset lock 0").await,
        "Cannot alter: Interface setting locked.\n"
    );
    assert_eq!(
        c.command("iset bogus 1").await,
        "No such ivariable \"bogus\".\n"
    );
    let iv = c.command("ivariables").await;
    assert!(
        iv.contains("ms=1") && iv.contains("seekinfo=1") && iv.contains("lock=1"),
        "{iv}"
    );
    // `who` shows a closed user with ':'.
    assert!(c.command("who").await.contains("++++:Guest"));
    // A prompt of one's own, unless defprompt says otherwise.
    c.send("set prompt aics%").await;
    c.expect("aics% ").await;
    c.send("iset defprompt 1").await;
    c.expect("defprompt set.\nfics% ").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn block_mode_frames_every_reply() {
    let server = TestServer::start().await;
    let (mut c, _) = server.guest().await;
    c.send("iset block 1").await;
    assert_eq!(
        c.expect_bytes(b"fics% ").await,
        b"block set.\n\r\x17\n\rfics% "
    );
    c.send("11 set style 12").await;
    assert_eq!(
        c.expect_bytes(b"fics% ").await,
        b"\x1511\x16109\x16Style 12 set.\n\r\x17\n\rfics% "
    );
    c.send("4294967295 xyz").await;
    assert_eq!(
        c.expect_bytes(b"fics% ").await,
        b"\x154294967295\x16512\x16xyz: Command not found.\n\r\x17\n\rfics% "
    );
    c.send("who").await;
    assert_eq!(
        c.expect_bytes(b"fics% ").await,
        b"\x150\x16519\x16\x17\n\rfics% "
    );
    c.send("12 set").await;
    assert_eq!(
        c.expect_bytes(b"fics% ").await,
        b"\x1512\x16513\x16Usage: set variable [value]\n\r\x17\n\rfics% "
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_pages_in_english_and_french() {
    let server = TestServer::start().await;
    let (mut c, _) = server.guest().await;
    let index = c.command("help").await;
    assert!(index.contains("atomic"), "{index}");
    let atomic = c.command("help atomic").await;
    assert!(atomic.contains("explo"), "{atomic}");
    assert!(
        c.command("help nosuchtopic")
            .await
            .starts_with("There is no help available for \"nosuchtopic\".")
    );
    assert!(
        c.command("help ../../etc/passwd")
            .await
            .starts_with("There is no help available")
    );
    c.command("set lang fr").await;
    let fr = c.command("help atomic").await;
    assert_ne!(fr, atomic);
    assert!(fr.contains("explos"), "{fr}");
    // French users are refused in French (tests/help_fr.rs has the rest).
    assert!(
        c.command("help nosuchtopic")
            .await
            .starts_with("Il n'y a pas d'aide sur « nosuchtopic ».")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finger_online_offline_and_unknown() {
    let server = TestServer::start().await;
    server.add_user(
        "Erin",
        "pw",
        Titles {
            td: true,
            ..Titles::default()
        },
    );
    server.add_user(
        "Never",
        "pw",
        Titles {
            computer: true,
            ..Titles::default()
        },
    );
    let mut e = server.user("Erin", "pw").await;
    e.command("set 2 second line").await;
    let (mut g, _) = server.guest().await;
    let online = g.command("finger erin").await;
    assert!(
        online.starts_with("Finger of Erin(TD):\n\nOn for: "),
        "{online}"
    );
    assert!(online.contains("Erin has not played any rated games."));
    assert!(online.contains(" 2: second line"));
    e.send("quit").await;
    e.expect_closed().await;
    let offline = g.command("finger Erin").await;
    assert!(offline.contains("Last disconnected: "), "{offline}");
    assert!(offline.contains(" 2: second line"), "{offline}");
    let never = g.command("finger never").await;
    assert!(
        never.starts_with("Finger of Never(C):") && never.contains("Never is a computer."),
        "{never}"
    );
    assert_eq!(
        g.command("finger nobodyhere").await,
        "There is no player matching the name nobodyhere.\n"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn date_uptime_and_quit() {
    let server = TestServer::start().await;
    let (mut c, _) = server.guest().await;
    let date = c.command("date").await;
    assert!(
        date.starts_with("Local time     - ") && date.contains("GMT            - "),
        "{date}"
    );
    let up = c.command("uptime").await;
    assert!(
        up.contains("The server has been up since") && up.contains("There are currently 1 players"),
        "{up}"
    );
    c.send("bye").await;
    let bye = c.expect_closed().await;
    assert!(
        bye.starts_with("Logging you out.\n") && bye.contains("Thank you for using atomicd"),
        "{bye}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn who_lists_in_columns_with_titles() {
    let server = TestServer::start().await;
    server.add_user(
        "Admina",
        "pw",
        Titles {
            admin: true,
            ..Titles::default()
        },
    );
    let mut a = server.user("Admina", "pw").await;
    let (_g, gname) = server.guest().await;
    let who = a.command("who").await;
    assert!(who.contains("----\u{20}Admina(*)"), "{who}");
    assert!(who.contains(&format!("++++ {gname}(U)")), "{who}");
    assert!(
        who.ends_with("\n 2 players displayed (of 2). (*) indicates system administrator.\n"),
        "{who}"
    );
    assert!(who.lines().all(|l| l.len() <= 79));
}
