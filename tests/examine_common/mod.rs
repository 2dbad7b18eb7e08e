//! What the examine tests share: a game played to its end between two
//! clients, registered users, and board rows read from style-12 lines.

#![allow(dead_code)]

use atomicd::account::Titles;

use crate::support::{Client, TestServer, style12_fields};

/// The opening of `help atomic`: 5.Nxd5 explodes d5, c3, c6 and e5.
pub const KNIGHTS: &[&str] = &["d4", "d5", "Nc3", "Nc6", "Nf3", "Nf6", "Ne5", "g6", "Nxd5"];

/// Plays `moves` in turn, White first, each side reading the other's board.
pub async fn play_line(white: &mut Client, black: &mut Client, moves: &[&str]) {
    for (i, mv) in moves.iter().enumerate() {
        let (mover, other) = if i % 2 == 0 {
            (&mut *white, &mut *black)
        } else {
            (&mut *black, &mut *white)
        };
        let reply = mover.play(mv).await;
        assert!(reply.contains("<12> "), "{mv}: {reply}");
        other.next_message().await;
    }
}

/// A game of `moves` between two clients in style 12, then `ender`
/// (`resign`) typed by Black; both have read the end.
pub async fn finish_with(white: &mut Client, black: &mut Client, moves: &[&str], ender: &str) {
    play_line(white, black, moves).await;
    let end = black.command(ender).await;
    assert!(end.contains("{Game "), "{end}");
    white.next_message().await;
}

/// Registers `name` (password `pw`) and logs in, style 12, bell off.
pub async fn registered(server: &TestServer, name: &str) -> Client {
    server.add_user(name, "pw", Titles::default());
    let mut c = server.user(name, "pw").await;
    c.command("set style 12").await;
    c.command("set bell 0").await;
    c
}

/// An unregistered user in style 12.
pub async fn named12(server: &TestServer, name: &str) -> Client {
    let mut c = server.named(name).await;
    c.command("set style 12").await;
    c.command("set bell 0").await;
    c
}

/// Ranks 8 to 1 of the last board in `text`, as style 12 writes them.
pub fn ranks(text: &str) -> Vec<String> {
    style12_fields(text)[1..9].to_vec()
}

/// The relation field of the last board in `text`.
pub fn relation(text: &str) -> String {
    style12_fields(text)[19].clone()
}
