#!/usr/bin/env bash
# The relay latency of 100 running games with and without an online backup
# of a database of 100,000 stored games (docs/PERFORMANCE.md, "Backups").
#
#   scripts/backup-latency.sh [RUNS]        (RUNS: 3)
#
# Makes the big database with scripts/big-db.py, starts a release server on
# it (127.0.0.1:${ATOMICD_PERF_PORT:-6550}), then for each run drives 100
# games of 300 plies with `atomicd load` alone, and again while
# `atomicd backup` copies the database (started 2 s into the games).
# Prints the relay percentiles of each and how long each backup took. It
# only measures; nothing is asserted.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
cargo build --release --quiet --bin atomicd
bin=./target/release/atomicd
addr=127.0.0.1:${ATOMICD_PERF_PORT:-6550}
work=$(mktemp -d)
server=""
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

python3 scripts/big-db.py "$bin" "$work/big.sqlite3" 100000 >/dev/null 2>&1
echo "database: $(du -m "$work/big.sqlite3" | cut -f1) MB, 100,000 games"
"$bin" --config docs/perf-config.toml --db "$work/big.sqlite3" --listen "$addr" --web-listen "" \
    >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 100); do
    grep -q "listening" "$work/server.log" 2>/dev/null && break
    sleep 0.1
done

relay() {
    python3 -c '
import json, sys
d = json.loads(sys.stdin.read().strip().splitlines()[-1])
r = d["relay_ms"]
print("errors %d relay p50 %.2f p99 %.2f max %.2f ms (n %d)" % (d["errors"], r["p50"], r["p99"], r["max"], r["n"]))'
}

# A run with errors (a slow machine) still prints its report.
load() { "$bin" load --server "$addr" --server-pid "$server" --pairs 100 --moves 300 --think-ms 20 "$@" 2>/dev/null || true; }

for run in $(seq "$runs"); do
    echo "run $run, no backup:   $(load --prefix Qa | relay)"
    load --prefix Qb >"$work/with.json" &
    games=$!
    sleep 2
    "$bin" --config docs/perf-config.toml --db "$work/big.sqlite3" backup "$work/copy.sqlite3" >"$work/backup.txt"
    wait "$games" || true
    echo "run $run, with backup: $(relay <"$work/with.json") | $(cat "$work/backup.txt")"
    rm -f "$work/copy.sqlite3"
done
