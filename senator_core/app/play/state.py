"""The game at the table's own state beside the game: the hint asked for."""

from __future__ import annotations

from dataclasses import dataclass

from ...sightings import Facts

HINT_LEVEL = "expert"  # the strongest level that answers within a second (benchmarks/bots.py)


@dataclass(frozen=True)
class Hint:
    """The estimates of the hint level for each legal action of the position shown,
    and what its playouts saw after each (`facts`, in the same order; none for a
    hint read back from a save)."""

    moves: int
    options: tuple[tuple[str, float], ...]
    facts: tuple[Facts | None, ...] = ()
