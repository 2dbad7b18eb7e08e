#!/usr/bin/env bash
# Reproduces one figure of docs/PERFORMANCE.md: starts a release server on
# 127.0.0.1:5600 with a fresh database under a temporary directory, drives
# it with `atomicd load` (or criterion) and prints the result. Usage:
#
#   scripts/perf.sh idle | storm | saturate | relay | relay-ws | ply-instructions | logins | observers | bench
#
# ATOMICD=path/to/atomicd runs that server binary instead (the load
# generator is always this tree's), which is how the "before" columns were
# measured. `atomicd load` drives any FICS-style server on loopback the same
# way (see docs/PERFORMANCE.md, "Other servers"). Timings are never asserted
# anywhere; this only measures.
set -euo pipefail
cd "$(dirname "$0")/.."

scenario=${1:?usage: scripts/perf.sh idle|storm|saturate|relay|relay-ws|ply-instructions|logins|observers|bench}
cargo build --release --quiet
load=./target/release/atomicd
server_bin=${ATOMICD:-$load}
# ATOMICD_PERF_PORT moves the server (telnet there, web one above) when
# 5600 is taken, e.g. by another measurement on a shared machine.
port=${ATOMICD_PERF_PORT:-5600}
addr=127.0.0.1:$port
web=127.0.0.1:$((port + 1))
work=$(mktemp -d)
server=""
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

start_server() {
    "$server_bin" --config docs/perf-config.toml --db "$work/perf.sqlite3" --listen "$addr" \
        --web-listen "$web" >"$work/server.log" 2>&1 &
    server=$!
    for _ in $(seq 50); do
        grep -q "listening" "$work/server.log" 2>/dev/null && return
        sleep 0.1
    done
    echo "perf.sh: the server did not start:" >&2
    cat "$work/server.log" >&2
    exit 1
}

rss_kb() { awk '/VmRSS/ {print $2}' "/proc/$server/status"; }

# One line of the figures that matter, after the full JSON report.
summary() {
    tee "$work/report.json"
    python3 - "$work/report.json" <<'PY'
import json, sys
d = json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])
s = d.get("server", {})
def p(name):
    x = d.get(name, {})
    return "n/a" if not x.get("n") else "p50 %.2f p99 %.2f max %.2f ms (n %d)" % (x["p50"], x["p99"], x["max"], x["n"])
print("errors %d | moves/s %d | cpu/ply %s us" % (d["errors"], d["moves_per_s"], s.get("cpu_us_per_ply")))
for name in ("relay_ms", "observer_ms", "storm_connect_ms", "login_ms", "registered_login_ms"):
    print("%-20s %s" % (name, p(name)))
PY
}

run_load() { "$load" load --server "$addr" --server-pid "$server" "$@" 2>/dev/null | tail -1 | summary; }

case "$scenario" in
idle)
    # Two load processes of 9,990 idle users each: one process may hold only
    # as many sockets as the descriptor limit allows (20,000 here).
    start_server
    before=$(rss_kb)
    own_fds=$(ls "/proc/$server/fd" | wc -l)
    loaders=()
    for prefix in Ia Ib; do
        "$load" load --server "$addr" --pairs 0 --idle 9990 --hold 20 --prefix $prefix \
            >"$work/$prefix.json" 2>/dev/null &
        loaders+=($!)
    done
    peak_fds=0
    peak_rss=0
    for _ in $(seq 25); do
        sleep 1
        fds=$(ls "/proc/$server/fd" | wc -l)
        rss=$(rss_kb)
        [ "$fds" -gt "$peak_fds" ] && peak_fds=$fds && peak_rss=$rss
    done
    wait "${loaders[@]}"
    conns=$((peak_fds - own_fds))
    cat "$work/Ia.json" "$work/Ib.json"
    awk -v n="$conns" -v a="$before" -v b="$peak_rss" 'BEGIN {
        printf "idle connections held: %d; RSS %d KiB -> %d KiB; %.2f KiB per connection\n", n, a, b, (b - a) / n
    }'
    ;;
storm)
    start_server
    run_load --pairs 0 --connect-storm 1000
    ;;
saturate)
    start_server
    run_load --pairs 100 --moves 300
    ;;
relay)
    start_server
    run_load --pairs 100 --moves 200 --think-ms 20
    ;;
relay-ws)
    # The same games, every player a browser on /ws (text frames); then the
    # same again on telnet against the same server, for the comparison.
    start_server
    run_load --pairs 100 --moves 200 --think-ms 20 --websocket "$web" --prefix Ws
    run_load --pairs 100 --moves 200 --think-ms 20 --prefix Tn
    ;;
ply-instructions)
    # The server's instructions per relayed ply (valgrind's callgrind, so
    # the figure does not depend on what else the machine does), telnet and
    # WebSocket: 10 games of 200 plies, less 10 games of 2 plies (start,
    # logins and games set up), over the 1,980 plies between.
    count() { # transport plies
        local extra=""
        [ "$1" = ws ] && extra="--websocket $web"
        rm -f "$work/perf.sqlite3"*
        valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$server_bin" \
            --config docs/perf-config.toml --db "$work/perf.sqlite3" --listen "$addr" \
            --web-listen "$web" >"$work/server.log" 2>&1 &
        server=$!
        for _ in $(seq 300); do
            grep -q "web listening" "$work/server.log" 2>/dev/null && break
            sleep 0.2
        done
        "$load" load --server "$addr" --pairs 10 --moves "$2" $extra >/dev/null 2>&1
        kill -TERM "$server"
        wait "$server" || true
        server=""
        awk '/^summary:/ {print $2}' "$work/cg.out"
    }
    for transport in telnet ws; do
        short=$(count $transport 2)
        long=$(count $transport 200)
        echo "$transport: $(( (long - short) / 1980 )) instructions per ply"
    done
    ;;
logins)
    # 100 registered accounts, then 50 logins a second while 100 games run.
    for i in $(seq 100); do
        echo "pw$i" | "$server_bin" user add "Acct$(echo $i | tr 0-9 a-j)" --password-stdin \
            --db "$work/perf.sqlite3" >/dev/null
        echo "Acct$(echo $i | tr 0-9 a-j) pw$i"
    done >"$work/accounts.txt"
    start_server
    run_load --pairs 100 --moves 300 --think-ms 20 --accounts "$work/accounts.txt" --login-rate 50
    ;;
observers)
    start_server
    run_load --pairs 1 --moves 200 --observers 1000 --think-ms 20
    ;;
bench)
    cargo bench --bench ply
    ;;
*)
    echo "perf.sh: unknown scenario $scenario" >&2
    exit 2
    ;;
esac
