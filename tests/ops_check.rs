//! `atomicd check`: a database filled by real play passes, beside the
//! running server and after it; each kind of damage is named on a line of
//! its own and the exit status is non-zero; the file is never changed.

mod ops_common;
mod support;

use std::path::{Path, PathBuf};

use ops_common::{atomicd, out, populate, server};

/// Runs `atomicd check --db DB`: (success, stdout, stderr).
fn check(db: &Path) -> (bool, String, String) {
    let dir = db.parent().unwrap();
    let o = atomicd(&["check", "--db", db.to_str().unwrap()], dir);
    (
        o.status.success(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// A copy of `db` with `sql` run on it (foreign keys off, as a careless
/// hand would), for one kind of damage.
fn damaged(db: &Path, name: &str, sql: &str) -> PathBuf {
    let copy = db.with_file_name(format!("{name}.sqlite3"));
    std::fs::copy(db, &copy).unwrap();
    let c = rusqlite::Connection::open(&copy).unwrap();
    c.execute_batch(&format!("PRAGMA foreign_keys = OFF; {sql}"))
        .unwrap();
    drop(c);
    copy
}

/// A line about game 3 as it reads when Bob had White: the names and the
/// results change sides.
fn mirrored(text: &str) -> String {
    text.replace("Alice vs. Bob", "\0")
        .replace("1-0", "\u{1}")
        .replace("0-1", "1-0")
        .replace('\u{1}', "0-1")
        .replace('\0', "Bob vs. Alice")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sound_databases_pass_and_each_damage_is_named() {
    let server = server().await;
    populate(&server).await;
    let db = server.config.database.clone();

    // Beside the running server (which holds a live WAL).
    let (ok, said, err) = check(&db);
    assert!(ok, "{said}{err}");
    assert!(
        said.ends_with(
            "no problem found in 5 accounts, 3 games (8 moves), 2 rating rows, 1 tourneys.\n"
        ),
        "{said}"
    );

    // A quiet copy (a backup: one file, rollback journal) is checked
    // without a byte of it changing, and so is the same file in WAL mode
    // with no server beside it (as an operator finds it after a stop).
    let base = db.with_file_name("base.sqlite3");
    let o = atomicd(
        &[
            "backup",
            "--db",
            db.to_str().unwrap(),
            base.to_str().unwrap(),
        ],
        db.parent().unwrap(),
    );
    assert!(o.status.success(), "{}", out(&o));
    let bytes = std::fs::read(&base).unwrap();
    let (ok, said, err) = check(&base);
    assert!(ok, "{said}{err}");
    assert!(
        std::fs::read(&base).unwrap() == bytes,
        "the check changed the file"
    );
    let wal = damaged(&base, "wal", "PRAGMA journal_mode = WAL;");
    let bytes = std::fs::read(&wal).unwrap();
    let (ok, said, err) = check(&wal);
    assert!(ok, "{said}{err}");
    assert!(
        std::fs::read(&wal).unwrap() == bytes,
        "the check changed the WAL file"
    );

    // Game 1 is Alice's king-explosion win; game 2 the adjourned
    // Carol-Dave game; game 3 the tourney game Alice won on resignation.
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "flipped",
            "UPDATE games SET result = '0-1' WHERE id = 1;",
            &[
                "games: game 1 (Alice vs. Bob): the board shows Bob's king exploded (Kex 1-0) but it is stored as Kex 0-1",
                "ratings: Alice: the rating row says 2 won, 0 lost, 0 drawn; the rated games say 1 won, 1 lost, 0 drawn",
                "ratings: Bob: the rating row says 0 won, 2 lost, 0 drawn; the rated games say 1 won, 1 lost, 0 drawn",
            ],
        ),
        (
            "illegal",
            "UPDATE moves SET uci = 'e7e4' WHERE game_id = 2 AND ply = 2;",
            &[
                "games: game 2 (Carol vs. Dave): half-move 2 does not replay: illegal stored move e7e4",
            ],
        ),
        (
            "gap",
            "DELETE FROM moves WHERE game_id = 2 AND ply = 2;",
            &[
                "games: game 2 (Carol vs. Dave): its moves skip from half-move 1 to 3; the game cannot be replayed",
            ],
        ),
        (
            "resigned",
            "UPDATE games SET result = '0-1' WHERE id = 3;",
            &[
                "games: game 3 (Alice vs. Bob): \"Bob resigns\" is stored as 0-1",
                "ratings: Alice: the rating row says 2 won, 0 lost, 0 drawn; the rated games say 1 won, 1 lost, 0 drawn",
                "ratings: Bob: the rating row says 0 won, 2 lost, 0 drawn; the rated games say 1 won, 1 lost, 0 drawn",
                "tourneys: tourney #1 \"Cup\" game 0 (Alice vs. Bob, game 3): the event says 1-0 but the game ended 0-1",
            ],
        ),
        (
            "record",
            "UPDATE ratings SET draws = 1 WHERE account_id = (SELECT id FROM accounts WHERE name = 'Bob');",
            &[
                "ratings: Bob: the rating row says 0 won, 2 lost, 1 drawn; the rated games say 0 won, 2 lost, 0 drawn",
            ],
        ),
        (
            "tourney",
            "UPDATE tourney_games SET result = '0-1' WHERE tourney_id = 1;",
            &[
                "tourneys: tourney #1 \"Cup\" game 0 (Alice vs. Bob, game 3): the event says 0-1 but the game ended 1-0",
            ],
        ),
        (
            "bye",
            "INSERT INTO tourney_byes VALUES (1, 1, 9, 'full');",
            &["tourneys: tourney #1 \"Cup\": Player 9 is not in this tournament."],
        ),
        (
            "orphan",
            "INSERT INTO messages (id, recipient_id, sender_name, sent_at, text) VALUES (77, 999, 'Eve', 0, 'hi');",
            &["sqlite: foreign_key_check: row 77 of messages points at a missing accounts row"],
        ),
    ];
    // The cases above are written for Alice as White in game 3; the lot
    // of the tournament may give her Black (she wins either way).
    let alice_white: bool = rusqlite::Connection::open(&base)
        .unwrap()
        .query_row("SELECT white = 'Alice' FROM games WHERE id = 3", [], |r| {
            r.get(0)
        })
        .unwrap();
    for &(name, sql, expected) in cases {
        let game_3 = matches!(name, "resigned" | "tourney") && !alice_white;
        let drawn = |text: &str| {
            if game_3 {
                mirrored(text)
            } else {
                text.to_string()
            }
        };
        let sql = drawn(sql);
        let expected: Vec<String> = expected.iter().map(|l| drawn(l)).collect();
        let copy = damaged(&base, name, &sql);
        let before = std::fs::read(&copy).unwrap();
        let (ok, said, err) = check(&copy);
        assert!(!ok, "{name}: the check passed\n{said}");
        let lines: Vec<&str> = said.lines().collect();
        assert_eq!(lines, expected, "{name}");
        let n = expected.len();
        let last = err.lines().last().unwrap_or_default();
        assert!(
            last.contains(&format!(
                "{n} problem{} found in 5 accounts, 3 games (",
                if n == 1 { "" } else { "s" }
            )),
            "{name}: {err}"
        );
        assert!(std::fs::read(&copy).unwrap() == before, "{name}: changed");
    }

    // A database of an older schema is not checked but named as such;
    // one of a newer atomicd is refused, untouched.
    let old = damaged(&base, "older", "PRAGMA user_version = 6;");
    let (ok, _, err) = check(&old);
    assert!(
        !ok && err.contains("has schema version 6; this atomicd checks version"),
        "{err}"
    );
    let newer = damaged(&base, "newer", "PRAGMA user_version = 1000;");
    let before = std::fs::read(&newer).unwrap();
    let o = atomicd(
        &["check", "--db", newer.to_str().unwrap()],
        newer.parent().unwrap(),
    );
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{}", out(&o));
    assert!(
        err.contains("has schema version 1000, newer than this atomicd knows"),
        "{err}"
    );
    assert!(std::fs::read(&newer).unwrap() == before);
}
