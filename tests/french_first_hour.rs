//! A French player's first hour, before the first game: the welcome,
//! `set` and its refusals, an unknown command, `help`, seeks, challenges
//! and their refusals, `finger`, `who`, `variables`, what a guest may not
//! do, and a tournament. Each situation is read as the player reads it
//! (`set lang fr`, style 1, a telnet client) and checked by
//! `french_common`: French words present, no English left.

mod french_common;
mod support;

use atomicd::account::Titles;
use french_common::{French, fr_login, fr_named, fr_registered, on_big_stack};
use support::{Client, TestServer};

/// A command's reply, after what came unasked before it.
async fn ask(c: &mut Client, line: &str) -> String {
    c.drain(std::time::Duration::from_millis(100)).await;
    c.command(line).await
}

#[test]
fn the_commands_of_a_first_hour_answer_in_french() {
    on_big_stack(|| async {
        let server = TestServer::start().await;
        let mut alain = fr_named(&server, "Alain").await;
        let mut bruno = fr_named(&server, "Bruno").await;
        let mut fr = French::new(&["Alain", "Bruno"]);

        let r = alain.command("set lang fr").await;
        fr.check("set lang fr", &r, &["Langue : français."]);
        let r = alain.command("zz9").await;
        fr.check("unknown command", &r, &["zz9 : commande inconnue."]);
        let r = alain.command("help").await;
        fr.check("help, the index", &r, &["Aide d'atomicd"]);
        let r = alain.command("help nosuchtopic").await;
        fr.check("help, no such topic", &r, &["Il n'y a pas d'aide sur"]);
        let r = alain.command("un").await;
        fr.check("an ambiguous command", &r, &["Commande ambiguë"]);

        // set and its refusals.
        let r = alain.command("set bell 1").await;
        fr.check("set a switch on", &r, &["Vous entendrez les bips."]);
        let r = alain.command("set bell 0").await;
        fr.check("set a switch off", &r, &["Vous n'entendrez plus les bips."]);
        let r = alain.command("set nosuchvar 1").await;
        fr.check("set, no such variable", &r, &["Il n'y a pas de variable"]);
        let r = alain.command("set open peut-être").await;
        fr.check("set, a bad switch value", &r, &["Valeur incorrecte"]);
        let r = alain.command("set style 7").await;
        fr.check(
            "set, a style that does not exist",
            &r,
            &["Seuls les styles 1 et 12"],
        );
        let r = alain.command("set lang de").await;
        fr.check("set, a language that does not exist", &r, &["Langues : en"]);
        let r = alain.command("set width 5").await;
        fr.check(
            "set, a number out of range",
            &r,
            &["doit être un nombre de"],
        );
        let r = alain.command("set 1 J'aime les explosions").await;
        fr.check("set a finger note", &r, &["Note 1 enregistrée."]);
        let r = alain.command("variables").await;
        fr.check("variables", &r, &["Variables de"]);
        let r = alain.command("iset nosuch 1").await;
        fr.check(
            "iset, no such variable",
            &r,
            &["Il n'y a pas de variable d'interface"],
        );

        // Seeks.
        let r = alain.command("seek 5 0").await;
        fr.check(
            "seek posted",
            &r,
            &["Votre proposition de partie est publiée sous le numéro 1."],
        );
        let ad = bruno.next_message().await;
        fr.check(
            "a seek seen by another",
            &ad,
            &["cherche une partie atomique"],
        );
        let r = bruno.command("sought").await;
        // The rows are FICS's table, which xboard reads (`unrated atomic`
        // among its columns, as in the world's tests); the count is French.
        assert!(r.contains("unrated atomic"), "{r}");
        let count = r.lines().last().unwrap_or_default();
        fr.check("sought", count, &["1 proposition affichée."]);
        let r = alain.command("seek 5 0").await;
        fr.check(
            "seek, the same one again",
            &r,
            &["Vous avez déjà une proposition active"],
        );
        let r = alain.command("seek 5 0 crazyhouse").await;
        fr.check(
            "seek, another variant",
            &r,
            &["On ne joue ici qu'aux échecs atomiques"],
        );
        let r = alain.command("seek 5 0 blabla").await;
        fr.check(
            "seek, a word it does not know",
            &r,
            &["Je ne comprends pas"],
        );
        let r = alain.command("play 1").await;
        fr.check(
            "play, one's own seek",
            &r,
            &["vous ne pouvez pas répondre à vos propres propositions"],
        );
        let r = alain.command("unseek").await;
        fr.check("unseek", &r, &["Vos propositions sont retirées."]);
        let r = alain.command("unseek").await;
        fr.check(
            "unseek, none left",
            &r,
            &["Vous n'avez aucune proposition active."],
        );

        // Challenges and their refusals.
        let r = alain.command("match Alain").await;
        fr.check(
            "match oneself",
            &r,
            &["Vous ne pouvez pas vous défier vous-même."],
        );
        let r = alain.command("match Personne").await;
        fr.check("match, nobody of that name", &r, &["n'est connecté"]);
        let r = alain.command("match Bruno 5 0 rated").await;
        fr.check(
            "match rated, as a guest",
            &r,
            &["Seuls les joueurs inscrits peuvent jouer des parties classées."],
        );
        let r = bruno.command("set open 0").await;
        fr.check("set open 0", &r, &["Vous n'acceptez plus les défis."]);
        let r = alain.command("match Bruno").await;
        fr.check("match, not open", &r, &["n'accepte pas de défis."]);
        bruno.command("set open 1").await;
        let r = alain.command("match Bruno 5 0").await;
        fr.check("match issued", &r, &["Défi lancé : "]);
        let notice = bruno.next_message().await;
        fr.check(
            "match received",
            &notice,
            &["Défi : ", "Vous pouvez accepter"],
        );
        let r = alain.command("pending").await;
        fr.check(
            "pending, the challenger's",
            &r,
            &["Offres faites à d'autres joueurs"],
        );
        let r = bruno.command("pending").await;
        fr.check(
            "pending, the challenged",
            &r,
            &["Offres venant d'autres joueurs"],
        );
        let r = alain.command("withdraw").await;
        fr.check(
            "withdraw a challenge",
            &r,
            &["Vous retirez le défi fait à Bruno."],
        );
        let seen = bruno.next_message().await;
        fr.check(
            "a challenge withdrawn, seen",
            &seen,
            &["Alain retire le défi."],
        );
        alain.command("match Bruno 5 0").await;
        bruno.next_message().await;
        let r = bruno.command("decline").await;
        fr.check(
            "decline a challenge",
            &r,
            &["Vous refusez le défi de Alain."],
        );
        let seen = alain.next_message().await;
        fr.check(
            "a challenge declined, seen",
            &seen,
            &["Bruno refuse le défi."],
        );
        let r = bruno.command("accept").await;
        fr.check(
            "accept, nothing pending",
            &r,
            &["Vous n'avez aucune offre à traiter"],
        );
        let r = bruno.command("withdraw").await;
        fr.check(
            "withdraw, nothing made",
            &r,
            &["Vous n'avez fait aucune offre"],
        );
        let r = bruno.command("draw").await;
        fr.check("draw, not playing", &r, &["Vous ne jouez pas de partie."]);
        let r = bruno.command("e4").await;
        fr.check(
            "a move, not playing",
            &r,
            &["Vous ne jouez ni n'examinez de partie."],
        );

        // Who is here.
        let r = alain.command("finger").await;
        fr.check(
            "finger oneself",
            &r,
            &["Fiche de Alain", "n'est PAS un joueur inscrit"],
        );
        let r = alain.command("finger Bruno").await;
        fr.check("finger another", &r, &["Fiche de Bruno"]);
        let r = alain.command("who").await;
        fr.check("who", &r, &["joueurs affichés"]);
        let r = alain.command("observe 7").await;
        fr.check("observe, no such game", &r, &["Cette partie n'existe pas."]);
        let r = alain.command("unobserve").await;
        fr.check(
            "unobserve, nothing observed",
            &r,
            &["Vous n'observez aucune partie."],
        );

        // What a guest may not do.
        let r = alain.command("journal").await;
        fr.check(
            "journal, as a guest",
            &r,
            &["Seuls les joueurs inscrits peuvent tenir un journal."],
        );
        let r = alain.command("messages").await;
        fr.check(
            "messages, as a guest",
            &r,
            &["Les joueurs non inscrits ne peuvent ni envoyer ni recevoir de messages."],
        );
        let r = alain.command("shout Bonjour").await;
        fr.check(
            "shout, as a guest",
            &r,
            &["Seuls les joueurs inscrits peuvent utiliser la commande"],
        );
        let r = alain.command("history").await;
        fr.check(
            "history, none",
            &r,
            &["Aucune partie dans l'historique de Alain."],
        );

        // Leaving.
        alain.send("quit").await;
        let bye = alain.expect_closed().await;
        fr.check("quit", &bye, &["Merci d'avoir utilisé"]);
        fr.done(51);
    });
}

#[test]
fn a_french_member_is_welcomed_in_french() {
    on_big_stack(|| async {
        let server = TestServer::start().await;
        let mut sophie = fr_registered(&server, "Sophie").await;
        let mut marc = fr_registered(&server, "Marc").await;
        let mut fr = French::new(&["Sophie", "Marc"]);
        sophie.send("quit").await;
        sophie.expect_closed().await;
        let r = marc.command("messages Sophie Reviens vite !").await;
        fr.check(
            "a message to someone away",
            &r,
            &["Ce message a été envoyé à Sophie"],
        );

        // Her language was kept with her account: the welcome, the message
        // of the day and the notice of new messages are French.
        let (mut c, start) = fr_login(&server, "Sophie").await;
        fr.check(
            "the welcome of a member",
            &start,
            &[
                "**** Début de la session FICS de Sophie ****",
                "Vous avez 1 nouveau message.",
            ],
        );
        let r = c.command("messages").await;
        fr.check(
            "messages, reading them",
            &r,
            &["Messages :", "Reviens vite !"],
        );
        let r = c.command("clearmessages *").await;
        fr.check("clearmessages", &r, &["1 message effacé."]);
        let r = c.command("journal").await;
        fr.check("journal, empty", &r, &["Le journal de Sophie est vide."]);
        let r = c.command("finger").await;
        fr.check(
            "finger, a member without games",
            &r,
            &["Fiche de Sophie", "n'a joué aucune partie classée"],
        );
        fr.done(6);
    });
}

#[test]
fn a_tournament_in_french() {
    on_big_stack(|| async {
        let server = TestServer::start_with(|c| {
            c.tourney_countdown_seconds = 0.2;
            c.tourney_forfeit_seconds = 30.0;
        })
        .await;
        server.add_user(
            "Chef",
            "pw",
            Titles {
                td: true,
                ..Titles::default()
            },
        );
        let mut chef = server.user("Chef", "pw").await;
        chef.command("set lang fr").await;
        let mut ana = fr_registered(&server, "Ana").await;
        let mut ben = fr_registered(&server, "Ben").await;
        let mut fr = French::new(&["Chef", "Ana", "Ben", "Duo"]);
        let r = chef.command("tourney create Duo rr 1 0").await;
        fr.check("tourney create", &r, &["Tournoi n° 1 créé."]);
        let r = ask(&mut ana, "tourney list").await;
        fr.check("tourney list", &r, &["Nom", "Joueurs"]);
        let r = ask(&mut ana, "tourney join 1").await;
        fr.check("tourney join", &r, &["Vous êtes inscrit au tournoi n° 1."]);
        let r = ask(&mut ana, "tourney join 1").await;
        fr.check(
            "tourney join, twice",
            &r,
            &["Vous êtes déjà inscrit au tournoi n° 1."],
        );
        ask(&mut ben, "tourney join 1").await;
        let r = ask(&mut ana, "tourney info 1").await;
        fr.check(
            "tourney info",
            &r,
            &["Tournoi n° 1 « Duo »", "toutes rondes"],
        );
        chef.command("tourney start 1").await;
        // Each player reads the pairing, then the game's start.
        let paired = ana.expect("Création : ").await;
        let rest = ana.expect("fics% ").await;
        fr.check(
            "a tournament pairing",
            &format!("{paired}{rest}"),
            &["Tournoi n° 1"],
        );
        let r = ask(&mut ana, "tourney pairings 1").await;
        fr.check("tourney pairings", &r, &["Ronde 1", "Blancs", "Noirs"]);
        let r = ask(&mut ana, "tourney standings 1").await;
        fr.check("tourney standings", &r, &["ronde"]);
        fr.done(8);
    });
}
