//! The FICS 1.6.2 commands issue 29 adds, typed one by one by a
//! registered user at the prompt, as the probe did: every one is
//! a command now (none answers "Command not found"), and with no mail
//! server configured the mail commands say so in one line.

mod support;

use atomicd::account::Titles;
use support::TestServer;

/// Points 3 and 4 of the issue, and the own-account commands.
const ADDED: &[&str] = &[
    "assess",
    "switch",
    "pause",
    "unpause",
    "courtesyabort",
    "logons",
    "llogons",
    "handles",
    "hrank",
    "oldmoves",
    "limits",
    "news",
    "open",
    "bell",
    "boards",
    "password",
    "close",
    "index",
    "info",
    "next",
    "servers",
    "simopen",
    "simmatch",
    "simnext",
    "simprev",
    "goboard",
    "gonum",
    "simgames",
    "simpass",
    "simabort",
    "simadjourn",
    "simallabort",
    "simalladjourn",
    "register",
];

const MAIL: &[&str] = &[
    "mailmoves",
    "mailoldmoves",
    "mailstored",
    "mailhelp",
    "mailmess",
    "mailsource",
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_added_command_answers_and_mail_says_it_is_not_set_up() {
    let server = TestServer::start_with(|c| c.command_budget.burst = 0).await;
    server.add_user("Probe", "probepw", Titles::default());
    let mut c = server.user("Probe", "probepw").await;
    for name in ADDED {
        let reply = c.command(name).await;
        assert!(!reply.contains("Command not found"), "{name}: {reply}");
        assert!(!reply.is_empty(), "{name} says nothing");
    }
    for name in MAIL {
        assert_eq!(
            c.command(name).await,
            "Mail is not set up on this server.\n",
            "{name}"
        );
    }
}

/// FICS 1.6.2's commands (`data/commands`, see tests/data/fics/README.md).
fn fics_commands() -> Vec<String> {
    let list = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/fics/commands"
    ))
    .expect("tests/data/fics/commands");
    list.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// Help names of the list forms FICS 1.6.2 lists as commands: `censor`
/// is `+censor NAME`, `channel` is `+channel N`, `notify` is `+notify
/// NAME`, `uncensor` and `unnotify` the `-` forms. Here, as in FICS after
/// 1.6.2, the forms are `+list`, `-list`, `=list` (and `addlist`,
/// `sublist`, `showlist`); the names stay help pages.
const LIST_FORMS: &[(&str, &str)] = &[
    ("censor", "=censor"),
    ("channel", "=channel"),
    ("notify", "=notify"),
    ("uncensor", "=censor"),
    ("unnotify", "=notify"),
];

/// What FICS itself keeps for another role: `getpi` is for TD accounts
/// (mamer's ratings query), as in FICS 1.6.2 (`ADMIN_USER` there, here a
/// `(TD)` command that others do not see).
const OTHER_ROLES: &[&str] = &["getpi"];

/// The whole probe of the issue: each of FICS 1.6.2's 106 commands
/// (`quit` aside), typed bare by a registered user, is a command here or
/// is in one of the three lists above, each of which is checked for what
/// it claims.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_fics_command_works_or_is_a_list_form_another_roles_or_mail() {
    let all = fics_commands();
    assert_eq!(all.len(), 107, "FICS 1.6.2's list: 106 commands and quit");
    let server = TestServer::start_with(|c| c.command_budget.burst = 0).await;
    server.add_user("Probe", "probepw", Titles::default());
    server.add_user(
        "Director",
        "tdpw",
        Titles {
            td: true,
            ..Titles::default()
        },
    );
    let mut c = server.user("Probe", "probepw").await;
    let mut worked = 0;
    for name in all.iter().filter(|n| *n != "quit") {
        let reply = c.command(name).await;
        let not_found = reply.contains("Command not found");
        if MAIL.contains(&name.as_str()) {
            assert_eq!(reply, "Mail is not set up on this server.\n", "{name}");
        } else if LIST_FORMS.iter().any(|(n, _)| n == name) || OTHER_ROLES.contains(&name.as_str())
        {
            assert!(
                not_found,
                "{name} works now: take it off its list ({reply})"
            );
        } else {
            assert!(!not_found, "{name}: {reply}");
            assert!(!reply.is_empty(), "{name} says nothing");
            worked += 1;
        }
    }
    assert_eq!(
        worked,
        106 - MAIL.len() - LIST_FORMS.len() - OTHER_ROLES.len()
    );

    // The list forms' names are help pages, and their forms work.
    for (name, form) in LIST_FORMS {
        let page = c.command(&format!("help {name}")).await;
        assert!(
            !page.contains("There is no help") && !page.contains("Ambiguous"),
            "help {name}: {page}"
        );
        let shown = c.command(form).await;
        assert!(!shown.contains("Command not found"), "{form}: {shown}");
    }
    // The TD's command answers a TD.
    let mut td = server.user("Director", "tdpw").await;
    for name in OTHER_ROLES {
        let reply = td.command(&format!("{name} Probe")).await;
        assert!(
            reply.starts_with("*getpi Probe "),
            "{name} for a TD: {reply}"
        );
    }
}
