#!/bin/bash
# The instructions one battle costs, as issue 31's rounds measure them (docs/architecture.md 8): callgrind's count of
# a 30-turn game of seed 0 less that of a one-turn game of the same battle, so that loading the packs and setting the
# battle up cancel out. A count does not depend on the machine's load, where a time does.
#
#   bash scripts/count_game_instructions.sh stal    # eastern:stalingrad_relief
#   bash scripts/count_game_instructions.sh big     # the 288-unit battle of tests/benchmarks/bench_battle.py
#
# Run it in each tree to compare (a checkout with its own .venv from `make setup`). Each tree keeps its own cache folder
# (.cgcache) and, for `big`, the written battle (.cgpack): two trees sharing one cache count each other's misses.
# Needs valgrind (Debian: apt-get install valgrind).
set -euo pipefail
which=${1:?usage: count_game_instructions.sh stal|big [TURNS]}
turns=${2:-30}
tree=$(cd "$(dirname "$0")/.." && pwd)
cd "$tree"
export TACFORGE_CACHE_DIR="$tree/.cgcache"
unset PYTHONDONTWRITEBYTECODE  # the byte-code cache is part of a warm start
case "$which" in
  big)
    [ -d .cgpack/bench_big ] || .venv/bin/python tests/benchmarks/bench_battle.py --write .cgpack > /dev/null
    game=(--pack-path .cgpack/bench_big play bench_big:big_meeting) ;;
  stal) game=(play eastern:stalingrad_relief) ;;
  *) echo "usage: count_game_instructions.sh stal|big [TURNS]" >&2; exit 2 ;;
esac
.venv/bin/tacforge "${game[@]}" --seed 0 --turns 2 --quiet > /dev/null  # fill the caches a later game finds warm
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null .venv/bin/tacforge "${game[@]}" --seed 0 --turns "$1" \
    --quiet 2>&1 > /dev/null | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
long=$(count "$turns")
short=$(count 1)
python3 -c "print(f'$which: {($long - $short) / 1e9:.4f} G instructions ($turns turns: $long, 1 turn: $short)')"
