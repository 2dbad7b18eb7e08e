//! A French player talks: tells and their refusals, shouts, channels
//! (`+channel`, `-channel`, `tell 1`, `tell 50`, `inchannel`), lists
//! (censor, notify), arrivals, and messages. Each situation is checked by
//! `french_common`: French words present, no English left.

mod french_common;
mod support;

use french_common::{French, fr_login, fr_named, fr_registered, on_big_stack};
use support::TestServer;

#[test]
fn tells_shouts_and_lists_in_french() {
    on_big_stack(|| async {
        let server = TestServer::start().await;
        let mut a = fr_registered(&server, "Alain").await;
        let mut b = fr_registered(&server, "Bruno").await;
        let mut g = fr_named(&server, "Gilles").await;
        let mut fr = French::new(&["Alain", "Bruno", "Gilles"]);

        let r = a.command("tell Bruno Salut").await;
        fr.check("tell", &r, &["(dit à Bruno)"]);
        let r = b.next_message().await;
        fr.check("tell, heard", &r, &["Alain vous dit : Salut"]);
        let r = a.command(". Ca va ?").await;
        fr.check("tell the last one told", &r, &["(dit à Bruno)"]);
        b.next_message().await;
        let r = g.command(". Bonjour").await;
        fr.check(
            "tell, nobody told yet",
            &r,
            &["Pas de destinataire précédent."],
        );
        let r = a.command("tell Personne Salut").await;
        fr.check(
            "tell, nobody of that name",
            &r,
            &["Aucun joueur ne porte le nom"],
        );
        let r = a.command("tell").await;
        fr.check("tell, its usage", &r, &["Usage : "]);
        let r = a.command("say Bonjour").await;
        fr.check(
            "say, nobody to say it to",
            &r,
            &["Je ne sais pas à qui le dire."],
        );

        // Shouts.
        let r = a.command("shout Bonjour a tous").await;
        fr.check("shout", &r, &["(crié à "]);
        let r = b.next_message().await;
        fr.check("shout, heard", &r, &["Alain crie : Bonjour a tous"]);
        let r = g.next_message().await;
        fr.check(
            "shout, heard by a guest",
            &r,
            &["Alain crie : Bonjour a tous"],
        );
        let r = a.command("shout Encore").await;
        let r = if r.contains("crié") {
            b.next_message().await;
            g.next_message().await;
            a.command("set shout 0").await;
            a.command("shout Encore une fois").await
        } else {
            r
        };
        fr.check("shout, not sent", &r, &["Cri non envoyé"]);
        let r = a.command("set shout 1").await;
        fr.check("set shout 1", &r, &["Vous entendrez les cris."]);

        // Lists: censor, notify.
        let r = a.command("showlist").await;
        fr.check(
            "showlist, the lists",
            &r,
            &["Listes :", "publique", "personnelle"],
        );
        let r = b.command("+censor Gilles").await;
        fr.check("+censor", &r, &["[Gilles] ajouté à votre liste censor."]);
        let r = g.command("tell Bruno Salut").await;
        fr.check("tell, censored", &r, &["Bruno vous censure."]);
        let r = g.command("match Bruno").await;
        fr.check("match, censored", &r, &["Bruno vous censure."]);
        let r = b.command("=censor").await;
        fr.check("=censor", &r, &["-- liste censor : 1 nom --"]);
        let r = b.command("-censor Gilles").await;
        fr.check("-censor", &r, &["[Gilles] retiré de votre liste censor."]);
        let r = b.command("-censor Gilles").await;
        fr.check(
            "-censor, not there",
            &r,
            &["n'est pas dans votre liste censor."],
        );
        let r = b.command("+notify Gilles").await;
        fr.check(
            "+notify an unregistered player",
            &r,
            &["Vous ne pouvez pas mettre un joueur non inscrit"],
        );
        let r = b.command("+notify Alain").await;
        fr.check("+notify", &r, &["[Alain] ajouté à votre liste notify."]);
        let r = b.command("+noplay Gilles").await;
        fr.check("+noplay", &r, &["[Gilles] ajouté à votre liste noplay."]);
        let r = g.command("match Bruno").await;
        fr.check(
            "match, on a noplay list",
            &r,
            &["Vous êtes sur la liste noplay de Bruno."],
        );
        a.send("quit").await;
        a.expect_closed().await;
        let r = b.next_message().await;
        fr.check("a friend leaves", &r, &["Notification : Alain est parti."]);
        let (mut a, _) = fr_login(&server, "Alain").await;
        let r = b.next_message().await;
        fr.check(
            "a friend arrives",
            &r,
            &["Notification : Alain est arrivé."],
        );
        a.command("set bell 0").await;

        // Messages.
        let r = a.command("messages Bruno A demain").await;
        fr.check(
            "messages, sent",
            &r,
            &["Ce message a été envoyé à Bruno :", "A demain"],
        );
        let r = b.next_message().await;
        fr.check(
            "messages, received online",
            &r,
            &["Vous avez reçu ce message :"],
        );
        let r = b.command("messages Gilles Bonjour").await;
        fr.check(
            "messages, to a guest",
            &r,
            &["n'est pas inscrit et ne peut pas recevoir de messages"],
        );
        let r = b.command("messages").await;
        fr.check("messages, the list", &r, &["Messages :"]);
        let r = b.command("messages Alain").await;
        fr.check("messages, from one sender", &r, &["Messages de Alain :"]);
        fr.done(30);
    });
}

#[test]
fn channels_in_french() {
    on_big_stack(|| async {
        let server = TestServer::start().await;
        let mut a = fr_registered(&server, "Alain").await;
        let mut b = fr_registered(&server, "Bruno").await;
        let mut g = fr_named(&server, "Gilles").await;
        let mut fr = French::new(&["Alain", "Bruno", "Gilles"]);

        let r = a.command("+channel 50").await;
        fr.check("+channel", &r, &["[50] ajouté à votre liste de canaux."]);
        let r = a.command("+channel 50").await;
        fr.check(
            "+channel, twice",
            &r,
            &["[50] est déjà dans votre liste de canaux."],
        );
        b.command("+channel 50").await;
        let r = a.command("tell 50 Salut le canal").await;
        fr.check("tell a channel", &r, &["(dit à 1 joueur du canal 50"]);
        let r = b.next_message().await;
        fr.check("a channel, heard", &r, &["Alain(50) : Salut le canal"]);
        let r = a.command(", Encore").await;
        fr.check(
            "tell the last channel",
            &r,
            &["(dit à 1 joueur du canal 50"],
        );
        b.next_message().await;
        let r = g.command(", Salut").await;
        fr.check(
            "tell the last channel, none",
            &r,
            &["Pas de canal précédent."],
        );
        let r = g.command("tell 50 Salut").await;
        fr.check(
            "a guest in a members' channel",
            &r,
            &["Les invités ne peuvent parler que dans les canaux"],
        );
        let r = g.command("tell 1 Au secours").await;
        fr.check(
            "tell 1, not in it",
            &r,
            &["(Non envoyé : vous n'êtes pas dans le canal 1.)"],
        );
        let r = g.command("+channel 1").await;
        fr.check(
            "+channel 1, as a guest",
            &r,
            &["[1] ajouté à votre liste de canaux."],
        );
        let r = g.command("tell 1 Au secours").await;
        fr.check("tell 1", &r, &["(dit à "]);
        let r = a.command("inchannel 50").await;
        fr.check("inchannel, a channel", &r, &["Canal 50"]);
        let r = a.command("inchannel Bruno").await;
        fr.check("inchannel, a player", &r, &["Bruno est dans ces canaux :"]);
        let r = a.command("inchannel Gilles").await;
        fr.check(
            "inchannel, a player in one channel",
            &r,
            &["Gilles est dans ces canaux :"],
        );
        let r = a.command("=channel").await;
        fr.check("=channel", &r, &["-- liste channel : 1 canal --"]);
        let r = a.command("-channel 50").await;
        fr.check("-channel", &r, &["[50] retiré de votre liste channel."]);
        let r = a.command("-channel 50").await;
        fr.check(
            "-channel, not there",
            &r,
            &["[50] n'est pas dans votre liste channel."],
        );
        let r = a.command("tell 50 Encore la ?").await;
        fr.check(
            "tell a channel one left",
            &r,
            &["(Non envoyé : vous n'êtes pas dans le canal 50.)"],
        );
        let r = a.command("+channel 0").await;
        fr.check(
            "+channel 0, the admins'",
            &r,
            &["Seuls les administrateurs peuvent entrer dans le canal 0."],
        );
        let r = a.command("+channel 300").await;
        fr.check(
            "+channel, out of range",
            &r,
            &["Le canal à ajouter doit être un nombre de 0 à 255."],
        );
        fr.done(19);
    });
}
