#!/usr/bin/env bash
# Runs every test of atomicd. This is the README's test command, and CI
# (.ci/run) runs exactly this script. It first installs what some tests need
# and the machine may lack, then checks formatting and lints, then tests.
set -euo pipefail
cd "$(dirname "$0")/.."

need_python_chess() {
    python3 -c "import chess, chess.variant" 2>/dev/null
}
if ! need_python_chess; then
    echo "test.sh: installing python-chess (PGN tests read our PGN with it)" >&2
    python3 -m pip install --quiet chess
fi

cargo fmt --check
cargo clippy --all-targets --quiet -- -D warnings
cargo test
