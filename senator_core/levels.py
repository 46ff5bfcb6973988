"""The computer levels a seat can take, by name: known to records and the set-up
without loading the players themselves (`bots`), which only a computer's turn needs."""

from __future__ import annotations

# The levels a player meets, weakest first.
LEVELS = ("random", "heuristic", "easy", "normal", "hard", "expert")
# Fixed players for the benchmarks to measure progress against; they must never
# change. The baseline: Hard as it was before playouts were cut at a debate's end.
BASELINE = "baseline"
# Hard as it was before the exploiters (`bots/exploiters.py`) were met.
PINNED_HARD = "pinned_hard"
PINNED = (BASELINE, PINNED_HARD)
