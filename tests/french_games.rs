//! A French player's games: the start, moves and illegal moves, every
//! offer (draw, abort, adjourn, takeback) made, accepted, declined and
//! withdrawn, every end (the king exploded, resignation, time, agreement,
//! stalemate, no material, repetition, 50 moves, abort, adjournment,
//! disconnection), watching a game, kibitz and whisper, history, the
//! journal and examining. Each situation is checked by `french_common`:
//! French words present, no English left.

mod french_common;
mod support;

use french_common::{French, fr_game, fr_moves, fr_named, fr_registered, on_big_stack};
use support::{Client, TestServer};

/// Reads up to `marker` and the prompt after it.
async fn seen(c: &mut Client, marker: &str) -> String {
    let before = c.expect(marker).await;
    let rest = c.expect("fics% ").await;
    format!("{before}{rest}")
}

/// A game from `fen` between two French guests, Alain White.
async fn fen_game(server: &TestServer, fen: &str, terms: &str) -> (Client, Client) {
    let mut alain = fr_named(server, "Alain").await;
    let mut bruno = fr_named(server, "Bruno").await;
    let issued = alain
        .command(&format!("match Bruno {terms} white fen {fen}"))
        .await;
    assert!(issued.contains("Défi lancé"), "{issued}");
    bruno.next_message().await;
    bruno.command("accept").await;
    bruno.next_message().await;
    alain.expect("Création : ").await;
    alain.expect("fics% ").await;
    (alain, bruno)
}

#[test]
fn moves_offers_and_ends_by_agreement_in_french() {
    on_big_stack(|| async {
        let server = TestServer::start().await;
        let mut a = fr_named(&server, "Alain").await;
        let mut b = fr_named(&server, "Bruno").await;
        let mut c = fr_named(&server, "Carla").await;
        let mut fr = French::new(&["Alain", "Bruno", "Carla"]);

        let [_, _, accepted, started] = fr_game(&mut a, "Alain", &mut b, "Bruno", "0 0").await;
        fr.check(
            "a game starts, for the one who accepts",
            &accepted,
            &["Création : ", "Début d'une partie atomique amicale"],
        );
        fr.check(
            "a game starts, for the challenger",
            &started,
            &["Bruno accepte le défi."],
        );

        // Watching.
        let r = c.command("observe 1").await;
        fr.check("observe", &r, &["Vous observez maintenant la partie 1."]);
        let r = c.command("observe 1").await;
        fr.check("observe, twice", &r, &["Vous observez déjà la partie 1."]);
        let r = c.command("allobservers 1").await;
        fr.check("allobservers", &r, &["Spectateurs de 1"]);

        // Moves and their refusals.
        let r = a.play("e2e5").await;
        fr.check("an illegal move", &r, &["Coup illégal (e2e5)."]);
        let r = b.play("e5").await;
        fr.check("a move out of turn", &r, &["Ce n'est pas à vous de jouer."]);
        let r = a.play("e4").await;
        fr.check("a move, the mover's board", &r, &["Move # : 1 (Black)"]);
        let r = b.next_message().await;
        fr.check("a move, the opponent's board", &r, &["Move # : 1 (Black)"]);
        c.next_message().await;
        let (_, _) = fr_moves(&mut b, &mut a, &["e5"]).await;
        c.next_message().await;

        // Talk in a game.
        let r = a.command("say Bonne partie").await;
        fr.check("say to the opponent", &r, &["(dit à Bruno"]);
        let r = b.next_message().await;
        fr.check("say, heard", &r, &["dit : Bonne partie"]);
        let r = a.command("kibitz Bonne chance").await;
        fr.check("kibitz", &r, &["(commentaire envoyé à 2 joueurs)"]);
        let r = c.next_message().await;
        fr.check("kibitz, heard", &r, &["commente : Bonne chance"]);
        b.next_message().await;
        let r = c.command("whisper Psst").await;
        fr.check(
            "whisper, as a guest",
            &r,
            &["Seuls les joueurs inscrits peuvent chuchoter"],
        );
        let r = c.command("kibitz Psst").await;
        fr.check(
            "kibitz, as a guest",
            &r,
            &["Seuls les joueurs inscrits peuvent commenter"],
        );

        // Draw: offered and declined, offered and withdrawn, then agreed.
        let r = a.command("draw").await;
        fr.check("draw offered", &r, &["Proposition de nulle envoyée."]);
        let r = b.next_message().await;
        fr.check(
            "draw offered, to the opponent",
            &r,
            &["Alain vous propose la nulle."],
        );
        let r = c.next_message().await;
        fr.check(
            "draw offered, seen by an observer",
            &r,
            &["Partie 1 : Alain propose la nulle."],
        );
        let r = a.command("draw").await;
        fr.check("draw offered twice", &r, &["Vous proposez déjà la nulle."]);
        let r = b.command("decline").await;
        fr.check(
            "draw declined",
            &r,
            &["Vous refusez la proposition de nulle de Alain."],
        );
        let r = a.next_message().await;
        fr.check(
            "draw declined, seen",
            &r,
            &["Bruno refuse la proposition de nulle."],
        );
        seen(&mut c, "refuse").await;
        a.command("draw").await;
        b.next_message().await;
        c.next_message().await;
        let r = a.command("withdraw").await;
        fr.check(
            "draw withdrawn",
            &r,
            &["Vous retirez la proposition de nulle faite à Bruno."],
        );
        let r = b.next_message().await;
        fr.check(
            "draw withdrawn, seen",
            &r,
            &["Alain retire la proposition de nulle."],
        );
        c.drain(std::time::Duration::from_millis(200)).await;

        // Takeback: declined, then accepted.
        let r = a.command("takeback 5").await;
        fr.check(
            "takeback, too many",
            &r,
            &["Il n'y a que 2 demi-coups à reprendre."],
        );
        let r = a.command("takeback").await;
        fr.check("takeback asked", &r, &["Demande de reprise envoyée."]);
        let r = b.next_message().await;
        fr.check(
            "takeback asked, to the opponent",
            &r,
            &["Alain voudrait reprendre 1 demi-coup."],
        );
        let r = b.command("decline").await;
        fr.check(
            "takeback declined",
            &r,
            &["Vous refusez la demande de reprise de Alain."],
        );
        a.next_message().await;
        a.command("takeback").await;
        b.next_message().await;
        let r = b.command("accept").await;
        fr.check(
            "takeback accepted",
            &r,
            &["Vous acceptez la demande de reprise de Alain."],
        );
        let r = seen(&mut a, "Bruno accepte").await;
        fr.check(
            "takeback accepted, seen",
            &r,
            &["Bruno accepte la demande de reprise."],
        );
        // The board taken back, for both (the observer reads on later).
        b.next_message().await;
        a.next_message().await;
        // Black's move again: with one half-move played an abort is at once.
        fr_moves(&mut b, &mut a, &["e5"]).await;

        // Abort: asked and declined, asked again and agreed.
        let r = b.command("abort").await;
        fr.check("abort asked", &r, &["Demande d'annulation envoyée."]);
        let r = a.next_message().await;
        fr.check(
            "abort asked, to the opponent",
            &r,
            &["Bruno voudrait annuler la partie"],
        );
        let r = a.command("decline").await;
        fr.check(
            "abort declined",
            &r,
            &["Vous refusez la demande d'annulation de Bruno."],
        );
        b.next_message().await;
        let r = a.command("adjourn").await;
        fr.check(
            "adjourn between guests",
            &r,
            &["Seules les parties entre joueurs inscrits peuvent être ajournées"],
        );
        b.command("abort").await;
        a.next_message().await;
        let r = a.command("abort").await;
        fr.check(
            "abort agreed",
            &r,
            &[
                "Partie annulée d'un commun accord",
                "Pas de changement de cote.",
            ],
        );
        let r = seen(&mut c, "commun accord").await;
        fr.check(
            "a game's end, seen by an observer",
            &r,
            &["{Partie 1 (Alain contre Bruno) Partie annulée d'un commun accord} *"],
        );
        seen(&mut b, "commun accord").await;

        // Aborted at once on the first move; a draw by agreement.
        fr_game(&mut a, "Alain", &mut b, "Bruno", "0 0").await;
        let r = a.command("abort").await;
        fr.check("abort on move 1", &r, &["Partie annulée au premier coup"]);
        b.next_message().await;
        fr_game(&mut a, "Alain", &mut b, "Bruno", "0 0").await;
        fr_moves(&mut a, &mut b, &["e4", "e5"]).await;
        a.command("draw").await;
        b.next_message().await;
        let r = b.command("accept").await;
        fr.check(
            "draw agreed",
            &r,
            &["Partie nulle d'un commun accord} 1/2-1/2"],
        );
        seen(&mut a, "commun accord").await;

        // Resignation and the king exploded.
        fr_game(&mut a, "Alain", &mut b, "Bruno", "0 0").await;
        let r = b.command("resign").await;
        fr.check("resignation", &r, &["Bruno abandonne} 1-0"]);
        let r = seen(&mut a, "abandonne").await;
        fr.check("resignation, seen", &r, &["Pas de changement de cote."]);
        let r = b.command("resign").await;
        fr.check("resign, not playing", &r, &["Vous ne jouez pas de partie."]);
        fr_game(&mut a, "Alain", &mut b, "Bruno", "0 0").await;
        fr_moves(&mut a, &mut b, &["g1f3", "a7a6", "f3g5", "a6a5"]).await;
        let r = a.play("g5f7").await;
        fr.check("the king exploded", &r, &["le roi de Bruno a explosé} 1-0"]);
        let r = seen(&mut b, "a explosé").await;
        fr.check(
            "the king exploded, seen by the loser",
            &r,
            &["Pas de changement de cote."],
        );

        // The flag: too early, untimed.
        let r = a.command("flag").await;
        fr.check("flag, not playing", &r, &["Vous ne jouez pas de partie."]);
        fr_game(&mut a, "Alain", &mut b, "Bruno", "0 0").await;
        fr_moves(&mut a, &mut b, &["e4", "e5"]).await;
        let r = a.command("flag").await;
        fr.check(
            "flag, an untimed game",
            &r,
            &["Une partie sans pendule ne se perd pas au temps."],
        );
        let r = a.command("moretime 30").await;
        fr.check(
            "moretime, an untimed game",
            &r,
            &["Une partie sans pendule ne reçoit pas de temps."],
        );
        a.command("resign").await;
        b.drain(std::time::Duration::from_millis(200)).await;
        fr.done(45);
    });
}

#[test]
fn ends_by_the_rules_and_the_clock_in_french() {
    on_big_stack(|| async {
        let mut fr = French::new(&["Alain", "Bruno"]);
        let server = TestServer::start().await;
        let (mut a, mut b) = fen_game(&server, "k7/8/1R6/8/8/8/P7/5K2 w - - 0 1", "0 0").await;
        let r = a.play("b6b7").await;
        fr.check("stalemate", &r, &["Partie nulle par pat} 1/2-1/2"]);
        seen(&mut b, "pat").await;
        drop((a, b));

        let server = TestServer::start().await;
        let (mut a, _b) =
            fen_game(&server, "k7/3bbn2/3rqn2/3qr3/8/7B/8/1K6 w - - 0 1", "0 0").await;
        let r = a.play("h3e6").await;
        fr.check(
            "no mating material",
            &r,
            &["Aucun des deux joueurs n'a de quoi mater"],
        );
        let mut c = fr_named(&server, "Carla").await;
        let _d = fr_named(&server, "Denis").await;
        let r = c
            .command("match Denis 0 0 fen k7/8/8/8/8/8/8/K7 w - - 0 1")
            .await;
        fr.check(
            "match from a decided position",
            &r,
            &["Cette position est déjà décidée"],
        );
        let r = c.command("match Denis 0 0 fen pas/une/fen").await;
        fr.check(
            "match from a bad FEN",
            &r,
            &["Ce n'est pas une FEN valable"],
        );
        drop((a, c));

        let server = TestServer::start().await;
        let mut a = fr_named(&server, "Alain").await;
        let mut b = fr_named(&server, "Bruno").await;
        fr_game(&mut a, "Alain", &mut b, "Bruno", "0 0").await;
        fr_moves(
            &mut a,
            &mut b,
            &[
                "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
            ],
        )
        .await;
        let r = a.command("draw").await;
        fr.check("repetition", &r, &["Partie nulle par répétition} 1/2-1/2"]);
        drop((a, b));

        let server = TestServer::start().await;
        let (mut a, mut b) = fen_game(&server, "k7/8/8/8/8/8/P6Q/K7 w - - 99 60", "0 0").await;
        a.play("h2h3").await;
        b.next_message().await;
        let r = b.command("draw").await;
        fr.check(
            "the 50 move rule",
            &r,
            &["Partie nulle par la règle des 50 coups} 1/2-1/2"],
        );
        drop((a, b));

        // Time: one second a move, no minutes.
        let server = TestServer::start().await;
        let mut a = fr_named(&server, "Alain").await;
        let mut b = fr_named(&server, "Bruno").await;
        fr_game(&mut a, "Alain", &mut b, "Bruno", "0 1").await;
        let r = a.command("flag").await;
        fr.check(
            "flag too early",
            &r,
            &[
                "Vous ne pouvez pas réclamer la perte au temps",
                "Utilisez plutôt « abort ».",
            ],
        );
        fr_moves(&mut a, &mut b, &["e4", "e5"]).await;
        let r = seen(&mut a, "perd au temps").await;
        fr.check("time forfeit", &r, &["Alain perd au temps} 0-1"]);
        drop((a, b));

        // Time given, a flag too soon.
        let server = TestServer::start().await;
        let mut a = fr_named(&server, "Alain").await;
        let mut b = fr_named(&server, "Bruno").await;
        fr_game(&mut a, "Alain", &mut b, "Bruno", "5 0").await;
        fr_moves(&mut a, &mut b, &["e4", "e5"]).await;
        let r = b.command("flag").await;
        fr.check(
            "flag, the opponent has time",
            &r,
            &["Votre adversaire a encore du temps !"],
        );
        let r = a.command("moretime 30").await;
        fr.check("moretime", &r, &["30 secondes ont été ajoutées"]);
        let r = seen(&mut b, "à votre pendule").await;
        fr.check(
            "moretime, received",
            &r,
            &["Votre adversaire a ajouté 30 secondes à votre pendule."],
        );
        // The board with the new clocks.
        a.next_message().await;
        let r = a.command("time").await;
        fr.check("time", &r, &["Blancs (Alain)"]);
        drop((a, b));

        // A drop with no grace ends the game at once; with a grace, it waits.
        let server = TestServer::start_with(|c| c.disconnect_grace = 0).await;
        let mut a = fr_named(&server, "Alain").await;
        let mut b = fr_named(&server, "Bruno").await;
        fr_game(&mut a, "Alain", &mut b, "Bruno", "2 0").await;
        fr_moves(&mut a, &mut b, &["e4", "e5"]).await;
        drop(b);
        let r = seen(&mut a, "déconnexion").await;
        fr.check(
            "a disconnection ends the game",
            &r,
            &["Bruno perd par déconnexion} 1-0"],
        );
        drop(a);
        let server = TestServer::start_with(|c| c.disconnect_grace = 30).await;
        let mut a = fr_named(&server, "Alain").await;
        let mut b = fr_named(&server, "Bruno").await;
        fr_game(&mut a, "Alain", &mut b, "Bruno", "2 0").await;
        fr_moves(&mut a, &mut b, &["e4", "e5"]).await;
        drop(b);
        let r = seen(&mut a, "a perdu la connexion").await;
        fr.check(
            "a disconnection, the grace",
            &r,
            &["Les pendules sont arrêtées"],
        );
        fr.done(14);
    });
}

#[test]
fn adjourned_games_history_journal_and_examining_in_french() {
    on_big_stack(|| async {
        let server = TestServer::start().await;
        let mut a = fr_registered(&server, "Alain").await;
        let mut b = fr_registered(&server, "Bruno").await;
        let mut fr = French::new(&["Alain", "Bruno"]);

        fr_game(&mut a, "Alain", &mut b, "Bruno", "0 0 unrated").await;
        fr_moves(&mut a, &mut b, &["e4", "e5"]).await;
        let r = a.command("adjourn").await;
        fr.check("adjourn asked", &r, &["Demande d'ajournement envoyée."]);
        let r = b.next_message().await;
        fr.check(
            "adjourn asked, to the opponent",
            &r,
            &["Alain voudrait ajourner la partie"],
        );
        let r = b.command("adjourn").await;
        fr.check(
            "adjourned by agreement",
            &r,
            &["Partie ajournée d'un commun accord"],
        );
        seen(&mut a, "commun accord").await;
        let r = a.command("stored").await;
        fr.check("stored", &r, &["Parties ajournées de Alain"]);
        let r = a.command("resume Bruno").await;
        fr.check("resume asked", &r, &["Défi lancé : "]);
        let r = b.next_message().await;
        fr.check("resume asked, to the opponent", &r, &["Défi : "]);
        let r = b.command("accept").await;
        let r = format!("{r}{}", b.next_message().await);
        fr.check(
            "an adjourned game resumed",
            &r,
            &["Reprise : ", "Reprise d'une partie atomique"],
        );
        seen(&mut a, "Reprise : ").await;
        b.command("resign").await;
        seen(&mut a, "abandonne").await;

        let r = a.command("history").await;
        fr.check("history", &r, &["Historique de Alain"]);
        let r = a.command("jsave a Alain 0").await;
        fr.check("jsave", &r, &["enregistrée à l'entrée A du journal"]);
        let r = a.command("journal").await;
        fr.check("journal", &r, &["Journal de Alain"]);
        let r = a.command("finger").await;
        fr.check("finger, a member with games", &r, &["Fiche de Alain"]);

        // Examining: a new board, moves, back and forth, a stored game.
        let r = a.command("examine").await;
        fr.check(
            "examine",
            &r,
            &["Début d'une partie en mode examen (échiquier neuf)."],
        );
        let r = a.command("examine").await;
        fr.check("examine, twice", &r, &["Vous examinez déjà une partie."]);
        let r = a.play("e4").await;
        fr.check("a move examined", &r, &["Move # : 1 (Black)"]);
        let r = a.command("backward").await;
        fr.check("backward", &r, &["Alain recule de 1 coup."]);
        let r = a.command("forward").await;
        fr.check("forward", &r, &["Alain avance de 1 coup."]);
        let r = a.command("forward").await;
        fr.check("forward, at the end", &r, &["fin de la partie."]);
        let r = a.command("unexamine").await;
        fr.check("unexamine", &r, &["Vous n'examinez plus la partie"]);
        let r = a.command("forward").await;
        fr.check(
            "forward, not examining",
            &r,
            &["Vous n'examinez aucune partie."],
        );
        let r = a.command("examine Alain 0").await;
        fr.check(
            "examine a game of the history",
            &r,
            &["Début d'une partie en mode examen : ", "Elle compte"],
        );
        a.command("unexamine").await;
        fr.done(20);
    });
}
