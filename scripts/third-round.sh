#!/usr/bin/env bash
# The whole table of docs/PERFORMANCE.md's "Third round" in one go, for a
# quiet machine: every run is framed by `uptime`, so the load average of
# each figure is printed beside it. Nothing else should run meanwhile (no
# build, no test, no fuzzer): check that the load average is under 0.5
# before starting.
#
#   PEER=127.0.0.1:6890 PEER_PID=$(pidof fics) scripts/third-round.sh 2>&1 | tee third-round.log
#
# PEER and PEER_PID name the other FICS server (FICS 1.6.2, `uhlin/fics`,
# built and started outside the repository as docs/PERFORMANCE.md says);
# without them the runs against it are left out. RUNS (default 3) is how
# many times each latency figure is measured; ATOMICD=path measures another
# server binary (main's, for the "before" column). The figures are read
# from the output by hand: this only measures.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${RUNS:-3}
cargo build --release --quiet

frame() { # title, then the command
    local title=$1
    shift
    # The run before may still be letting its server go: give its port
    # back before the next one binds it (observers after the 19,980 idle
    # users once found 127.0.0.1:5600 still taken).
    sleep 5
    echo
    echo "=== $title"
    echo "uptime before: $(uptime)"
    "$@"
    echo "uptime after:  $(uptime)"
}

# 1. The store: commits per ply, jobs per commit, the wait of a board, at
#    10, 100 and 1,000 games (20 ms of thinking).
frame "store at 10, 100 and 1,000 games" scripts/perf.sh store

# 2. Relay latency with 20 ms of thinking, 100 games, and the same with
#    boards that do not wait for their commit (board_wait_ms = 0): what the
#    commit wait costs the tail.
nowait=$(mktemp)
trap 'rm -f "$nowait"' EXIT
cat docs/perf-config.toml >"$nowait"
printf '\n[store]\nboard_wait_ms = 0\n' >>"$nowait"
for run in $(seq "$runs"); do
    frame "relay, 100 games, 20 ms thinking (run $run)" scripts/perf.sh relay
    frame "relay, board_wait_ms = 0 (run $run)" env PERF_CONFIG="$nowait" scripts/perf.sh relay
done

# 3. The peer and atomicd side by side: CPU per relayed ply with quick
#    ACKs, then relay latency with 20 ms of thinking, alternating.
if [ -n "${PEER:-}" ] && [ -n "${PEER_PID:-}" ]; then
    frame "peer and atomicd, alternating" env RUNS="$runs" scripts/perf.sh peer
else
    echo
    echo "=== peer: skipped (PEER=host:port and PEER_PID=pid name the other server)"
fi

# 4. CPU per relayed ply at saturation (100 games, no thinking).
for run in $(seq "$runs"); do
    frame "saturate (run $run)" scripts/perf.sh saturate
done

# 5. Idle users: RSS per connection at 400, 4,000 and 19,980 (the VM's
#    descriptor limit; two load processes of IDLE each).
for idle in 200 2000 9990; do
    frame "idle, $((2 * idle)) users" env IDLE=$idle scripts/perf.sh idle
done

# 6. One game, 1,000 observers.
for run in $(seq "$runs"); do
    frame "observers (run $run)" scripts/perf.sh observers
done

# 7. Instructions per relayed ply and per observer board (callgrind: the
#    load does not change them; here for completeness).
frame "instructions per relayed ply" scripts/perf.sh instructions
frame "instructions with 200 observers" env PAIRS=1 OBSERVERS=200 A=10 B=40 RUNS=1 scripts/perf.sh instructions
