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
