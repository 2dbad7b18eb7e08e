#!/usr/bin/env bash
# The long chaos run of docs/RELIABILITY.md: 100 rated games between
# registered players on a release server that is killed with SIGKILL 10
# times in 5 minutes and started again each time; the players log in
# again, resume and finish; then every move a board acknowledged must be
# in the database in order, each pair must have one game, and each
# finished game's ratings must have been applied exactly once.
#
#   scripts/chaos.sh                 the long run (about 6 minutes)
#   scripts/chaos.sh --games 20 --kills 3 --seconds 60 --plies 30
#                                    any other run (options of `atomicd chaos`)
#
# Prints the run's JSON report and exits non-zero if a property fails.
# CHAOS_KEEP=1 keeps the work folder (database, server.log, the players'
# records under acked/) and says where it is.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release --quiet
work=$(mktemp -d)
cleanup() {
    if [ "${CHAOS_KEEP:-0}" = 1 ]; then
        echo "work folder kept: $work" >&2
    else
        rm -rf "$work"
    fi
}
trap cleanup EXIT

if [ $# -eq 0 ]; then
    set -- --games 100 --kills 10 --seconds 300 --plies 60
fi
./target/release/atomicd chaos --dir "$work/run" --data-dir data "$@"
