"""The game's random generator: SplitMix64, one int of state, so copying it costs nothing.

Pure integer arithmetic gives the same numbers on every Python, CPython and
Pyodide alike, which keeps a seed's game the same everywhere.
"""

from __future__ import annotations

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """The generator state for a seed (any int of at least 0)."""
    return (seed * GOLDEN) & MASK


def draw(state: int, n: int) -> tuple[int, int]:
    """A number in range(n) and the next state.

    The multiply-shift map has a bias of at most n / 2**64, far below anything
    a game of Senator could show.
    """
    state = (state + GOLDEN) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    z ^= z >> 31
    return (z * n) >> 64, state
