//! The schema, as numbered migrations.
//!
//! `PRAGMA user_version` records how many migrations a database has had;
//! opening a database runs the missing ones in one transaction each. A
//! migration is never edited once released: new needs get a new one, and
//! `tests/ops_upgrade.rs` opens a database written by every earlier version
//! (`tests/data/schema/`) and serves its rows.
//!
//! Migrations go forward only. A database written by a newer atomicd (a
//! higher version than [`VERSION`]) is refused before anything touches it
//! ([`refuse_newer`]): an older binary cannot know what the newer schema
//! means, and an operator who went back a version must not lose data.

use std::path::Path;

use rusqlite::{Connection, OpenFlags};

/// Migration `i` brings a database from version `i` to `i + 1`.
const MIGRATIONS: &[&str] = &[
    // 1: accounts and their saved settings.
    "CREATE TABLE accounts (
        id            INTEGER PRIMARY KEY,
        name          TEXT NOT NULL,
        name_lower    TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        is_admin      INTEGER NOT NULL DEFAULT 0,
        is_td         INTEGER NOT NULL DEFAULT 0,
        is_computer   INTEGER NOT NULL DEFAULT 0,
        created_at    INTEGER NOT NULL,
        last_login    INTEGER,
        last_logout   INTEGER
    );
    CREATE TABLE user_vars (
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        name       TEXT NOT NULL,
        value      TEXT NOT NULL,
        PRIMARY KEY (account_id, name)
    );
    CREATE TABLE aliases (
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        name       TEXT NOT NULL,
        value      TEXT NOT NULL,
        PRIMARY KEY (account_id, name)
    );",
    // 2: games, live and finished, with every move as it is played.
    "CREATE TABLE games (
        id            INTEGER PRIMARY KEY,
        white         TEXT NOT NULL,
        black         TEXT NOT NULL,
        white_key     TEXT NOT NULL,
        black_key     TEXT NOT NULL,
        white_account INTEGER REFERENCES accounts(id) ON DELETE SET NULL,
        black_account INTEGER REFERENCES accounts(id) ON DELETE SET NULL,
        white_rating  TEXT NOT NULL,
        black_rating  TEXT NOT NULL,
        minutes       INTEGER NOT NULL,
        inc           INTEGER NOT NULL,
        rated         INTEGER NOT NULL,
        start_fen     TEXT,
        started_at    INTEGER NOT NULL,
        status        TEXT NOT NULL,
        ended_at      INTEGER,
        result        TEXT,
        reason        TEXT,
        end_code      TEXT,
        white_ms      INTEGER NOT NULL,
        black_ms      INTEGER NOT NULL
    );
    CREATE INDEX games_white ON games (white_key, id);
    CREATE INDEX games_black ON games (black_key, id);
    CREATE INDEX games_status ON games (status);
    CREATE TABLE moves (
        game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        ply      INTEGER NOT NULL,
        san      TEXT NOT NULL,
        uci      TEXT NOT NULL,
        time_ms  INTEGER NOT NULL,
        white_ms INTEGER NOT NULL,
        black_ms INTEGER NOT NULL,
        PRIMARY KEY (game_id, ply)
    );",
    // 3: the Atomic rating of each registered account.
    "CREATE TABLE ratings (
        account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
        rating     REAL NOT NULL,
        rd         REAL NOT NULL,
        last_game  INTEGER,
        wins       INTEGER NOT NULL,
        losses     INTEGER NOT NULL,
        draws      INTEGER NOT NULL,
        best       INTEGER,
        best_at    INTEGER
    );
    CREATE INDEX ratings_rating ON ratings (rating);
    CREATE INDEX ratings_best ON ratings (best);",
    // 4: talk — personal lists (channel, notify, censor, noplay) and
    // messages to registered users.
    "CREATE TABLE user_lists (
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        list       TEXT NOT NULL,
        item       TEXT NOT NULL COLLATE NOCASE,
        PRIMARY KEY (account_id, list, item)
    );
    CREATE TABLE messages (
        id           INTEGER PRIMARY KEY,
        recipient_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        sender_name  TEXT NOT NULL,
        sent_at      INTEGER NOT NULL,
        text         TEXT NOT NULL,
        unread       INTEGER NOT NULL DEFAULT 1
    );
    CREATE INDEX messages_by_recipient ON messages (recipient_id, id);",
    // 5: administration: banned and muzzled accounts, comments on users
    // (the audit trail `showcomment` shows) and a log of every admin action.
    "ALTER TABLE accounts ADD COLUMN banned INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE accounts ADD COLUMN muzzled INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE comments (
        id         INTEGER PRIMARY KEY,
        target_key TEXT NOT NULL,
        target     TEXT NOT NULL,
        admin      TEXT NOT NULL,
        at         INTEGER NOT NULL,
        text       TEXT NOT NULL
    );
    CREATE INDEX comments_target ON comments (target_key, id);
    CREATE TABLE admin_log (
        id     INTEGER PRIMARY KEY,
        at     INTEGER NOT NULL,
        admin  TEXT NOT NULL,
        action TEXT NOT NULL,
        target TEXT,
        detail TEXT NOT NULL
    );",
    // 6: journals, 26 slots per registered user, each naming a stored game.
    "CREATE TABLE journal (
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        slot       TEXT NOT NULL,
        game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        saved_at   INTEGER NOT NULL,
        PRIMARY KEY (account_id, slot)
    );",
    // 7: tournaments of the built-in director: the event, its players, its
    // games (linked to the games table once played) and its byes. These
    // rows are the whole state; standings are computed from them.
    "CREATE TABLE tourneys (
        id          INTEGER PRIMARY KEY,
        name        TEXT NOT NULL,
        format      TEXT NOT NULL,
        param       INTEGER NOT NULL,
        arena_secs  INTEGER NOT NULL,
        minutes     INTEGER NOT NULL,
        inc         INTEGER NOT NULL,
        rated       INTEGER NOT NULL,
        max_players INTEGER,
        min_rating  INTEGER,
        seed        INTEGER NOT NULL,
        created_by  TEXT NOT NULL,
        created_at  INTEGER NOT NULL,
        status      TEXT NOT NULL,
        started_at  INTEGER,
        ends_at     INTEGER,
        finished_at INTEGER
    );
    CREATE INDEX tourneys_status ON tourneys (status);
    CREATE TABLE tourney_players (
        tourney_id INTEGER NOT NULL REFERENCES tourneys(id) ON DELETE CASCADE,
        player_no  INTEGER NOT NULL,
        name       TEXT NOT NULL,
        rating     INTEGER NOT NULL,
        joined     INTEGER NOT NULL,
        withdrawn  INTEGER,
        forfeits   INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (tourney_id, player_no)
    );
    CREATE TABLE tourney_games (
        tourney_id     INTEGER NOT NULL REFERENCES tourneys(id) ON DELETE CASCADE,
        seq            INTEGER NOT NULL,
        round          INTEGER NOT NULL,
        white_no       INTEGER NOT NULL,
        black_no       INTEGER NOT NULL,
        result         TEXT,
        plies          INTEGER NOT NULL,
        berserk_white  INTEGER NOT NULL,
        berserk_black  INTEGER NOT NULL,
        finished_order INTEGER,
        game_id        INTEGER REFERENCES games(id) ON DELETE SET NULL,
        PRIMARY KEY (tourney_id, seq)
    );
    CREATE TABLE tourney_byes (
        tourney_id INTEGER NOT NULL REFERENCES tourneys(id) ON DELETE CASCADE,
        round      INTEGER NOT NULL,
        player_no  INTEGER NOT NULL,
        kind       TEXT NOT NULL,
        PRIMARY KEY (tourney_id, round, player_no)
    );",
    // 8: who watched a game that a shutdown adjourned, so that each can be
    // offered the game when it goes on after the restart. And games that
    // version 2 finished, before there were ratings, were written rated
    // though nothing rated them (tests/data/schema/v2.sqlite3): a player
    // of such a game has no rating row, which a rated game always leaves.
    "CREATE TABLE game_watchers (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        name    TEXT NOT NULL COLLATE NOCASE,
        PRIMARY KEY (game_id, name)
    );
    UPDATE games SET rated = 0
     WHERE rated = 1 AND status = 'finished'
       AND ((white_account IS NOT NULL
             AND white_account NOT IN (SELECT account_id FROM ratings))
         OR (black_account IS NOT NULL
             AND black_account NOT IN (SELECT account_id FROM ratings)));",
    // 9: computer analysis of finished games: one request per game (who
    // asked, when, how far it got), and the engine's evaluation of every
    // position of the game, ply 0 being the start, from White's side.
    "CREATE TABLE analyses (
        game_id       INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        requested_by  TEXT NOT NULL,
        requester_key TEXT NOT NULL,
        requested_at  INTEGER NOT NULL,
        status        TEXT NOT NULL,
        engine        TEXT,
        finished_at   INTEGER,
        error         TEXT
    );
    CREATE INDEX analyses_requester ON analyses (requester_key, requested_at);
    CREATE INDEX analyses_status ON analyses (status);
    CREATE TABLE analysis_plies (
        game_id INTEGER NOT NULL REFERENCES analyses(game_id) ON DELETE CASCADE,
        ply     INTEGER NOT NULL,
        cp      INTEGER,
        mate    INTEGER,
        best    TEXT,
        depth   INTEGER NOT NULL,
        PRIMARY KEY (game_id, ply)
    );",
    // 10: the moves in one B-tree, keyed by (game, ply). As a rowid table
    // with that primary key every move went into two B-trees, the table
    // and its automatic index, and every commit of a lone move wrote two
    // pages to the WAL instead of one (docs/PERFORMANCE.md, "Third
    // round": 2,650 instructions of the ~60,000 of a relayed ply). Moves
    // are only ever read by game, in ply order, which is the key.
    "CREATE TABLE moves_by_game (
        game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        ply      INTEGER NOT NULL,
        san      TEXT NOT NULL,
        uci      TEXT NOT NULL,
        time_ms  INTEGER NOT NULL,
        white_ms INTEGER NOT NULL,
        black_ms INTEGER NOT NULL,
        PRIMARY KEY (game_id, ply)
    ) WITHOUT ROWID;
    INSERT INTO moves_by_game (game_id, ply, san, uci, time_ms, white_ms, black_ms)
        SELECT game_id, ply, san, uci, time_ms, white_ms, black_ms FROM moves;
    DROP TABLE moves;
    ALTER TABLE moves_by_game RENAME TO moves;",
    // 11: accounts people make and keep themselves (issue 29). An account
    // may carry an e-mail address (for a forgotten password); one its
    // owner closed keeps its row, games and rating, and its name, but no
    // longer logs in (`closed_at`); with `registration = "approval"` a new
    // account waits for an admin (`approved` 0). Every login and logout
    // (`logons`, `llogons`); the news bulletins admins post (`news`); the
    // password-reset tokens sent by mail, kept as hashes (`password_resets`).
    "ALTER TABLE accounts ADD COLUMN email TEXT;
    ALTER TABLE accounts ADD COLUMN closed_at INTEGER;
    ALTER TABLE accounts ADD COLUMN approved INTEGER NOT NULL DEFAULT 1;
    CREATE TABLE logons (
        id         INTEGER PRIMARY KEY,
        name       TEXT NOT NULL,
        name_lower TEXT NOT NULL,
        registered INTEGER NOT NULL,
        at         INTEGER NOT NULL,
        kind       TEXT NOT NULL,
        addr       TEXT NOT NULL
    );
    CREATE INDEX logons_by_name ON logons (name_lower, id);
    CREATE TABLE news (
        id        INTEGER PRIMARY KEY,
        posted_at INTEGER NOT NULL,
        poster    TEXT NOT NULL,
        text      TEXT NOT NULL
    );
    CREATE TABLE password_resets (
        token_hash TEXT PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        expires_at INTEGER NOT NULL
    );",
    // 12: one rating per account and variant (issue 27): Atomic960 has a
    // Glicko line of its own, apart from atomic's. SQLite cannot change a
    // primary key in place, so the table is made anew, the rows copied as
    // atomic's, the old one dropped (with its indexes) and the new one
    // renamed. A game's variant is not stored: an Atomic960 start is
    // always stored with Shredder castling (`Variant::of_start_fen`).
    "CREATE TABLE ratings_by_variant (
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        variant    TEXT NOT NULL DEFAULT 'atomic',
        rating     REAL NOT NULL,
        rd         REAL NOT NULL,
        last_game  INTEGER,
        wins       INTEGER NOT NULL,
        losses     INTEGER NOT NULL,
        draws      INTEGER NOT NULL,
        best       INTEGER,
        best_at    INTEGER,
        PRIMARY KEY (account_id, variant)
    );
    INSERT INTO ratings_by_variant
        (account_id, variant, rating, rd, last_game, wins, losses, draws, best, best_at)
        SELECT account_id, 'atomic', rating, rd, last_game, wins, losses, draws, best, best_at
        FROM ratings;
    DROP TABLE ratings;
    ALTER TABLE ratings_by_variant RENAME TO ratings;
    CREATE INDEX ratings_rating ON ratings (variant, rating);
    CREATE INDEX ratings_best ON ratings (variant, best);",
    // The start position (0–959) an Atomic960 arena's pairing wave drew
    // for each of its games: a restart plays the announced position even
    // for a game paired but not yet started (NULL elsewhere: a round's
    // start is computed from the event's seed).
    "ALTER TABLE tourney_games ADD COLUMN start_no INTEGER;",
];

/// The version a fully migrated database has.
pub const VERSION: usize = MIGRATIONS.len();

/// An in-memory database with the whole schema and foreign keys on, for
/// the unit tests of the store's modules.
#[cfg(test)]
pub fn memory() -> Connection {
    let mut c = Connection::open_in_memory().expect("an in-memory database");
    c.pragma_update(None, "foreign_keys", "ON")
        .expect("foreign keys on");
    migrate(&mut c).expect("the schema");
    c
}

/// The schema version of an open database (`PRAGMA user_version`).
pub fn version_of(conn: &Connection) -> rusqlite::Result<usize> {
    let v: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    Ok(v.max(0) as usize)
}

/// The one line that refuses a database of a newer atomicd.
pub fn newer_message(path: &Path, version: usize) -> String {
    format!(
        "{} has schema version {version}, newer than this atomicd knows ({VERSION}): it was written by a newer atomicd and is left untouched; run that version, or restore a backup made for this one",
        path.display()
    )
}

/// Refuses, without writing a byte, a database file whose schema is newer
/// than this binary's (see the module doc). A file that does not exist yet
/// is fine: it will be created.
pub fn refuse_newer(path: &Path) -> rusqlite::Result<()> {
    if !path.exists() {
        return Ok(());
    }
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    let version = version_of(&conn)?;
    if version > VERSION {
        return Err(newer(path, version));
    }
    Ok(())
}

fn newer(path: &Path, version: usize) -> rusqlite::Error {
    rusqlite::Error::SqliteFailure(
        rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CANTOPEN),
        Some(newer_message(path, version)),
    )
}

/// Brings the database up to [`VERSION`]; refuses one that is newer.
pub fn migrate(conn: &mut Connection) -> rusqlite::Result<()> {
    let current = version_of(conn)?;
    if current > VERSION {
        return Err(newer(
            Path::new(conn.path().unwrap_or("the database")),
            current,
        ));
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(current) {
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", (i + 1) as i64)?;
        tx.commit()?;
        tracing::info!(version = i + 1, "database migrated");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrating_twice_is_harmless() {
        let mut c = Connection::open_in_memory().unwrap();
        migrate(&mut c).unwrap();
        migrate(&mut c).unwrap();
        let v: i64 = c
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(v as usize, VERSION);
    }
}
