#!/usr/bin/env python3
"""Makes a big database for measurements (docs/PERFORMANCE.md, backups):
N finished games between 200 registered players, 37 plies each (eight
rounds of knights out and back, then Nf3 a6 Ng5 a5 Nxf7, Black's king
exploding), written straight into SQLite. The schema is made by the
atomicd binary given (`user add`), so the file is today's version and
passes `atomicd check`.

    scripts/big-db.py BINARY OUT.sqlite3 [N]    (N: 100000)
"""

import sqlite3
import subprocess
import sys

SHUFFLE = [("Nc3", "b1c3"), ("Nc6", "b8c6"), ("Nb1", "c3b1"), ("Nb8", "c6b8")] * 8
TRAP = [("Nf3", "g1f3"), ("a6", "a7a6"), ("Ng5", "f3g5"), ("a5", "a6a5"), ("Nxf7#", "g5f7")]
LINE = SHUFFLE + TRAP


def main():
    binary, out = sys.argv[1], sys.argv[2]
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 100_000
    subprocess.run([binary, "--config", "/dev/null", "--db", out, "user", "add", "Loader",
                    "--password-stdin"], input=b"loader pw\n", check=True)
    db = sqlite3.connect(out)
    db.execute("PRAGMA synchronous = OFF")
    hash_ = db.execute("SELECT password_hash FROM accounts").fetchone()[0]
    players = [f"Big{chr(65 + i // 26 % 26)}{chr(97 + i % 26)}" for i in range(200)]
    ids = []
    for p in players:
        cur = db.execute(
            "INSERT INTO accounts (name, name_lower, password_hash, created_at) VALUES (?, ?, ?, 0)",
            (p, p.lower(), hash_))
        ids.append(cur.lastrowid)
    t0 = 1_700_000_000
    for g in range(1, n + 1):
        w, b = g % 200, (g * 7 + 1) % 200
        if w == b:
            b = (b + 1) % 200
        db.execute(
            "INSERT INTO games (id, white, black, white_key, black_key, white_account, black_account,"
            " white_rating, black_rating, minutes, inc, rated, start_fen, started_at, status, ended_at,"
            " result, reason, end_code, white_ms, black_ms) VALUES"
            " (?, ?, ?, ?, ?, ?, ?, '----', '----', 3, 0, 0, NULL, ?, 'finished', ?, '1-0', ?, 'Kex',"
            " 180000, 180000)",
            (g, players[w], players[b], players[w].lower(), players[b].lower(), ids[w], ids[b],
             t0 + g * 60, t0 + g * 60 + 50, f"{players[b]}'s king exploded"))
        db.executemany(
            "INSERT INTO moves (game_id, ply, san, uci, time_ms, white_ms, black_ms)"
            " VALUES (?, ?, ?, ?, 0, 180000, 180000)",
            [(g, i + 1, san, uci) for i, (san, uci) in enumerate(LINE)])
        if g % 10_000 == 0:
            db.commit()
    db.commit()
    db.close()


if __name__ == "__main__":
    main()
