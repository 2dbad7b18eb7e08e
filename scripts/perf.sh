#!/usr/bin/env bash
# Reproduces one figure of docs/PERFORMANCE.md: starts a release server on
# 127.0.0.1:5600 with a fresh database under a temporary directory, drives
# it with `atomicd load` (or criterion) and prints the result. Usage:
#
#   scripts/perf.sh idle | storm | saturate | relay | relay-ws | instructions | ply-instructions | logins
#                   | observers | store | bench | idlebot | flood | bigreply | peer | stall
#
# ATOMICD=path/to/atomicd runs that server binary instead (the load
# generator is always this tree's), which is how the "before" columns were
# measured. `atomicd load` drives any FICS-style server on loopback the same
# way (see docs/PERFORMANCE.md, "Other servers"). Timings are never asserted
# anywhere; this only measures.
set -euo pipefail
cd "$(dirname "$0")/.."

scenario=${1:?usage: scripts/perf.sh idle|storm|saturate|relay|relay-ws|instructions|ply-instructions|logins|observers|store|bench|idlebot|flood|bigreply|peer|stall}
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
bot=""
cleanup() {
    [ -n "$bot" ] && kill "$bot" 2>/dev/null
    [ -n "$server" ] && kill "$server" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

start_server() {
    "$server_bin" --config "${PERF_CONFIG:-docs/perf-config.toml}" --db "$work/perf.sqlite3" --listen "$addr" \
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
    # atomicd::session's debug lines: the sizes of one session's parts.
    export RUST_LOG=${RUST_LOG:-info,atomicd::session=debug}
    # Two load processes of 9,990 idle users each: one process may hold only
    # as many sockets as the descriptor limit allows (20,000 here). IDLE=N
    # makes it N each (IDLE=200: the issue's 400 idle users).
    start_server
    before=$(rss_kb)
    own_fds=$(ls "/proc/$server/fd" | wc -l)
    loaders=()
    for prefix in Ia Ib; do
        "$load" load --server "$addr" --pairs 0 --idle "${IDLE:-9990}" --hold 20 --prefix $prefix \
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
    grep -h "bytes of one session's parts" "$work/server.log" || true
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
instructions)
    # The issue's count of the server's user-space instructions per relayed
    # ply (callgrind: the figure does not depend on what else the machine
    # does): the same logins and games twice, of A and of B plies; the
    # difference of the totals over pairs x (B - A) plies leaves logins,
    # start-up and shutdown out. PAIRS, A and B change the run (default 5,
    # 10, 110); TOP the length of the profile printed; KEEP=dir keeps both
    # callgrind outputs there. OBSERVERS=N adds N observers of the first
    # game: a ply then also costs N observers' boards (the fan-out).
    pairs=${PAIRS:-5}
    short_plies=${A:-10}
    long_plies=${B:-110}
    count() { # plies output-file
        rm -f "$work/perf.sqlite3"*
        valgrind --tool=callgrind --callgrind-out-file="$2" "$server_bin" \
            --config docs/perf-config.toml --db "$work/perf.sqlite3" --listen "$addr" \
            --web-listen "$web" >"$work/server.log" 2>&1 &
        server=$!
        # Valgrind starts slowly, the more so on a busy machine: up to 3 min.
        for _ in $(seq 900); do
            grep -q "web listening" "$work/server.log" 2>/dev/null && break
            sleep 0.2
        done
        if ! grep -q "web listening" "$work/server.log"; then
            echo "perf.sh: the server under valgrind did not start in 3 minutes:" >&2
            tail -n 20 "$work/server.log" >&2
            # (count runs in a subshell: the exit trap does not know it.)
            kill "$server" 2>/dev/null
            exit 1
        fi
        "$load" load --server "$addr" --pairs "$pairs" --moves "$1" ${OBSERVERS:+--observers "$OBSERVERS"} \
            >"$work/load.json" 2>&1
        kill -TERM "$server"
        wait "$server" || true
        server=""
        # The start-up's calibration of the metrics clock (quanta) spins
        # for as long as it takes, a few million instructions more or less
        # from one run to the next: left out of the total.
        local total calibration
        total=$(awk '/^summary:/ {print $2}' "$2")
        calibration=$(callgrind_annotate --inclusive=yes --threshold=100 "$2" 2>/dev/null |
            awk '/quanta::Clock::new / {gsub(",", "", $1); print $1; exit}')
        if [ -z "$total" ]; then
            echo "perf.sh: no count from callgrind; the server said:" >&2
            tail -n 20 "$work/server.log" "$work/load.json" >&2
            exit 1
        fi
        echo $((total - ${calibration:-0}))
    }
    out=${KEEP:-$work}
    mkdir -p "$out"
    plies=$((pairs * (long_plies - short_plies)))
    # Thread scheduling still moves the count by a few per cent from one
    # run to the next (how often a task finds its socket drained, how many
    # moves share a commit): RUNS pairs of runs (default 3), and the median.
    # (The totals below leave the clock calibration out, see count.)
    figures=()
    for _ in $(seq "${RUNS:-3}"); do
        short=$(count "$short_plies" "$out/short.callgrind")
        long=$(count "$long_plies" "$out/long.callgrind")
        figures+=($(( (long - short) / plies )))
        echo "instructions: $short ($short_plies plies a game) and $long ($long_plies), $pairs games: ${figures[-1]} per ply"
    done
    median=$(printf '%s\n' "${figures[@]}" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
    echo "instructions per relayed ply: $median (median of ${figures[*]})"
    # The profile of one ply: each function's own instructions in the long
    # run less those in the short one, over the plies between.
    for run in short long; do
        callgrind_annotate --threshold=100 --inclusive=no "$out/$run.callgrind" >"$out/$run.annotate" 2>/dev/null
    done
    python3 - "$out/short.annotate" "$out/long.annotate" "$plies" "${TOP:-25}" "${figures[-1]}" <<'PY'
import re, sys
def functions(path):
    d = {}
    for line in open(path):
        m = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*?)\s*(\[.*\])?$", line)
        if m and "PROGRAM TOTALS" not in line:
            name = m.group(2).removeprefix("???:")
            d[name] = d.get(name, 0) + int(m.group(1).replace(",", ""))
    return d
short, long_ = functions(sys.argv[1]), functions(sys.argv[2])
plies, top, total = int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
# The clock calibration's loop (its own instructions, and the clock reads
# it makes) varies from run to run by more than a ply's worth: not shown.
calibration = ("once_cell::imp::OnceCell<T>::initialize::{{closure}}", "clock_gettime")
rows = sorted(((long_.get(k, 0) - short.get(k, 0)) / plies, k) for k in set(short) | set(long_)
              if not any(c in k for c in calibration))
print("instructions of one ply in the last run, by function (own instructions, not callees;")
print("the clock calibration's loop and clock_gettime left out):")
for r, k in reversed(rows[-top:]):
    print("%8.0f %5.1f %%  %s" % (r, 100 * r / total, k[:140]))
PY
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
        # Valgrind starts slowly, the more so on a busy machine: up to 3 min.
        for _ in $(seq 900); do
            grep -q "web listening" "$work/server.log" 2>/dev/null && break
            sleep 0.2
        done
        if ! grep -q "web listening" "$work/server.log"; then
            echo "perf.sh: the server under valgrind did not start in 3 minutes:" >&2
            tail -n 20 "$work/server.log" >&2
            exit 1
        fi
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
            --db "$work/perf.sqlite3" >/dev/null 2>&1
        echo "Acct$(echo $i | tr 0-9 a-j) pw$i"
    done >"$work/accounts.txt"
    start_server
    run_load --pairs 100 --moves 300 --think-ms 20 --accounts "$work/accounts.txt" --login-rate 50
    ;;
peer)
    # The issue's side-by-side runs against another FICS server (not part
    # of the project; PEER=host:port, PEER_PID its process, which must be
    # on this machine for its CPU to be read): the same loads, alternating,
    # RUNS times (default 2). CPU per ply with --quickack (a server without
    # TCP_NODELAY otherwise waits for delayed ACKs), then relay latency with
    # 20 ms of thinking. --concurrency 6: the C server listens with a
    # backlog of 5.
    : "${PEER:?PEER=host:port of the other server}" "${PEER_PID:?PEER_PID=its process id}"
    start_server
    line() { # name
        python3 -c 'import json, sys
d = json.loads(sys.stdin.read().strip().splitlines()[-1]); r = d["relay_ms"]
print("%-8s errors %d, cpu/ply %s us, relay p50 %.2f p99 %.2f ms" % (sys.argv[1], d["errors"],
      d["server"].get("cpu_us_per_ply"), r.get("p50", 0), r.get("p99", 0)))' "$1"
    }
    for load_args in "--quickack" "--think-ms 20"; do
        echo "atomicd load --pairs 100 --moves 200 $load_args:"
        for run in $(seq "${RUNS:-2}"); do
            prefix=P$(printf "\\x$(printf %x $((64 + run)))")
            # shellcheck disable=SC2086
            "$load" load --server "$PEER" --server-pid "$PEER_PID" --pairs 100 --moves 200 $load_args \
                --concurrency 6 --prefix "$prefix" 2>/dev/null | line peer
            # shellcheck disable=SC2086
            "$load" load --server "$addr" --server-pid "$server" --pairs 100 --moves 200 $load_args \
                --concurrency 6 --prefix "$prefix" 2>/dev/null | line atomicd
        done
    done
    ;;
store)
    # What the store does per ply at 10, 100 and 1,000 games (GAMES=...):
    # commits per relayed ply, jobs per commit, the time of a transaction
    # and the wait of a board for its move's commit, from /metrics before
    # and after each load (scripts/metrics-delta.py), with the load
    # average before and after each run.
    start_server
    for games in ${GAMES:-10 100 1000}; do
        echo "== $games games of ${MOVES:-200} plies, ${THINK:-20} ms thinking; uptime: $(uptime)"
        curl -s "http://$web/metrics" >"$work/before.txt"
        run_load --pairs "$games" --moves "${MOVES:-200}" --think-ms "${THINK:-20}" --prefix "S$(echo "$games" | tr 0-9 a-j)"
        curl -s "http://$web/metrics" >"$work/after.txt"
        scripts/metrics-delta.py "$work/before.txt" "$work/after.txt"
        echo "   uptime after: $(uptime)"
    done
    ;;
observers)
    start_server
    run_load --pairs 1 --moves 200 --observers 1000 --think-ms 20
    ;;
bench)
    cargo bench --bench ply
    ;;
idlebot)
    # An `atomicd bot` with no seek and no game, idle for 30 seconds after
    # its setup: the CPU it and the server use, from /proc/PID/stat.
    cargo build --release --quiet --example random_uci
    echo pw | "$server_bin" user add IdleBot --password-stdin --computer \
        --db "$work/perf.sqlite3" >/dev/null 2>&1
    start_server
    echo pw | "$load" bot --server "$addr" --login IdleBot --password-stdin \
        --engine ./target/release/examples/random_uci --uci-option UCI_Variant=atomic \
        >"$work/bot.log" 2>&1 &
    bot=$!
    sleep 5
    ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
    s0=$(ticks "$server"); b0=$(ticks "$bot")
    sleep 30
    s1=$(ticks "$server"); b1=$(ticks "$bot")
    awk -v s="$((s1 - s0))" -v b="$((b1 - b0))" -v hz="$(getconf CLK_TCK)" 'BEGIN {
        printf "over 30 idle seconds: bot %.2f s of CPU (%.2f %% of a core), server %.2f s (%.2f %%)\n",
            b / hz, 100 * b / hz / 30, s / hz, 100 * s / hz / 30
    }'
    ;;
flood)
    # Two games at 20 ms a move, alone, then with one client sending 20,000
    # commands as fast as it can under the default command budget; then
    # with the budget off (what a flood did before it existed), 300,000
    # commands so that the flood lasts as long as the games.
    start_server
    echo "quiet:"
    run_load --pairs 2 --moves 200 --think-ms 20 --prefix Qa
    echo "flood, default budget (50 at once, 20 a second):"
    run_load --pairs 2 --moves 200 --think-ms 20 --flood 20000 --prefix Fa
    python3 -c 'import json,sys; print("flood:", json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])["flood"])' "$work/report.json"
    kill "$server"; wait "$server" 2>/dev/null || true
    printf 'max_connections_per_ip = 25000\n[command_budget]\nburst = 0\n' >"$work/nobudget.toml"
    PERF_CONFIG="$work/nobudget.toml" start_server
    echo "flood, no budget:"
    run_load --pairs 2 --moves 200 --think-ms 20 --flood 300000 --prefix Fb
    python3 -c 'import json,sys; print("flood:", json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])["flood"])' "$work/report.json"
    ;;
bigreply)
    # 19,980 users online (two loaders, as in "idle"), then one more client
    # asks for `who` through a 4 KB receive window and reads it all: how
    # big the biggest list is, and that a reading client gets it whole.
    start_server
    loaders=()
    for prefix in Ia Ib; do
        "$load" load --server "$addr" --pairs 0 --idle 9990 --hold 40 --prefix $prefix \
            >/dev/null 2>&1 &
        loaders+=($!)
    done
    for _ in $(seq 60); do
        sleep 1
        [ "$(ls "/proc/$server/fd" | wc -l)" -gt 19900 ] && break
    done
    sleep 3
    python3 - "$addr" <<'PY'
import socket, sys, time
host, port = sys.argv[1].split(":")
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
s.connect((host, int(port)))
buf = b""
def until(pat):
    global buf
    while pat not in buf:
        d = s.recv(4096)
        if not d:
            sys.exit("closed by the server after %d bytes" % len(buf))
        buf += d
    i = buf.index(pat) + len(pat)
    got, buf = buf[:i], buf[i:]
    return got
until(b"login: "); s.sendall(b"guest\n"); until(b"Press return"); s.sendall(b"\n"); until(b"fics% ")
for cmd, end in [(b"who", b" displayed (of ")]:
    t = time.time()
    s.sendall(cmd + b"\n")
    got = until(end)
    print("%-14s %8d bytes in %.2f s, read whole" % (cmd.decode(), len(got), time.time() - t))
PY
    kill "${loaders[@]}" 2>/dev/null || true
    ;;
stall)
    # Hostile HTTP clients (issue 24): 2,000 connections from 127.0.0.2-5
    # that send nothing, send a head a byte every 2 s, or idle after one
    # request (scripts/web-stall.py), held while players on 127.0.0.1 log
    # in and play over telnet and over the web; then when the server closed
    # each. Then the lockout itself: max_connections = 200 and 200 silent
    # connections from four addresses, and how long until telnet from
    # another address logs in again.
    ulimit -n "$(ulimit -Hn)"
    start_server
    echo "logins and play with nothing else going on (telnet, then web):"
    run_load --pairs 5 --moves 20 --prefix Sa
    run_load --pairs 5 --moves 20 --websocket "$web" --prefix Sw
    python3 scripts/web-stall.py --web "$web" --connections 2000 >"$work/stall.json" 2>"$work/stall.err" &
    stall=$!
    until grep -q "connections open" "$work/stall.err" 2>/dev/null; do sleep 0.2; done
    echo "the same while 2,000 stalled HTTP connections are held:"
    run_load --pairs 5 --moves 20 --prefix Sb
    run_load --pairs 5 --moves 20 --websocket "$web" --prefix Sx
    wait "$stall"
    echo "when the server closed them (seconds):"
    cat "$work/stall.json"
    kill "$server"; wait "$server" 2>/dev/null || true
    printf 'max_connections = 200\n' >"$work/small.toml"
    PERF_CONFIG="$work/small.toml" start_server
    python3 scripts/web-stall.py --web "$web" --connections 200 --kinds silent --wait 30 \
        >"$work/lock.json" 2>"$work/lock.err" &
    stall=$!
    until grep -q "connections open" "$work/lock.err" 2>/dev/null; do sleep 0.2; done
    python3 - "$addr" <<'PY'
import socket, sys, time
host, port = sys.argv[1].rsplit(":", 1)
t0 = time.time()
refused = 0
while True:
    s = socket.create_connection((host, int(port)))
    s.settimeout(5)
    got = s.recv(4096)
    s.close()
    if b"login:" in got:
        break
    refused += 1
    time.sleep(0.25)
print("telnet from 127.0.0.1 with 200 silent web connections at max_connections = 200:"
      " refused %d times, logged in after %.1f s" % (refused, time.time() - t0))
PY
    wait "$stall"
    ;;
*)
    echo "perf.sh: unknown scenario $scenario" >&2
    exit 2
    ;;
esac
