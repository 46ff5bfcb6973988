"""Bots against bots: seat-rotated matches, in parallel, with win rates and intervals.

K games on K/N seeds: each seed is played N times, the list of entries
rotated one seat each time, so every entry sits in every seat equally often
on the same deals. A shared victory of k players counts 1/k to each (R40).
"""

from __future__ import annotations

import math
import multiprocessing
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..config import GameConfig, Variants
from ..game import Game, from_record, new_game
from . import make
from .sense import SILLY, silly

SHARE_UNIT = 60  # divisible by 1..5: a shared win is a whole number of units


@dataclass(frozen=True)
class Task:
    """One game: which level sits in which seat."""

    index: int
    seed: int
    players: int
    seats: tuple[str, ...]  # level by seat
    entries: tuple[int, ...]  # entry index by seat
    variants: Variants


@dataclass(frozen=True)
class Outcome:
    """What one game gave each entry: shares of victory in SHARE_UNITs, the time
    and count of decisions with more than one legal action, and the silly moves
    made (`sense.SILLY`)."""

    index: int
    shares: tuple[int, ...]  # by entry
    seconds: tuple[float, ...]  # by entry
    decisions: tuple[int, ...]  # by entry
    silly: tuple[tuple[int, ...], ...] = ()  # by entry, then by SILLY
    record: dict[str, Any] | None = None  # the game's moves (`Game.record`), when kept


@dataclass
class EntryResult:
    bot: str
    entry: int
    games: int = 0
    units: int = 0
    seconds: float = 0.0
    decisions: int = 0
    silly: list[int] = field(default_factory=lambda: [0] * len(SILLY))  # by SILLY

    def silly_per_game(self) -> dict[str, float]:
        """Each kind of silly move, per game."""
        games = self.games or 1
        return {name: n / games for name, n in zip(SILLY, self.silly, strict=True)}

    @property
    def wins(self) -> float:
        return self.units / SHARE_UNIT

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def seconds_per_decision(self) -> float:
        return self.seconds / self.decisions if self.decisions else 0.0


@dataclass
class Tournament:
    players: int
    games: int
    results: list[EntryResult] = field(default_factory=list)
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "results": [
                {
                    "bot": r.bot,
                    "entry": r.entry,
                    "win_rate": round(r.win_rate, 4),
                    "ci95": [round(x, 4) for x in r.ci95],
                }
                for r in self.results
            ],
        }

    def report(self) -> str:
        lines = [
            f"{self.games} games, {self.players} players, {self.seconds:.1f} s",
            f"{'entry':>5}  {'bot':<10} {'win rate':>8}  {'95% interval':<16}"
            f"{'CPU s/decision':>15}",
        ]
        for r in self.results:
            lo, hi = r.ci95
            lines.append(
                f"{r.entry:>5}  {r.bot:<10} {r.win_rate:>8.3f}  [{lo:.3f}, {hi:.3f}]  "
                f"{r.seconds_per_decision:>15.4f}"
            )
        return "\n".join(lines)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (shared wins count as fractions)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(p * (1.0 - p), 0.0) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def bot_seed(seed: int, index: int, entry: int) -> int:
    """Each bot's own seed: fixed by the tournament seed, the game and the entry."""
    return (seed * 1_000_003 + index) * 8 + entry


def play(task: Task, base_seed: int, keep: bool = False) -> Outcome:
    """Plays one game of the task and scores it; with `keep`, the outcome carries the
    game's moves too, so another process can replay it."""
    n = task.players
    bots = [
        make(level, bot_seed(base_seed, task.index, task.entries[s]))
        for s, level in enumerate(task.seats)
    ]
    game = new_game(GameConfig(players=n, seed=task.seed, variants=task.variants))
    seconds = [0.0] * n
    decisions = [0] * n
    sillies = [[0] * len(SILLY) for _ in range(n)]
    clock = time.process_time  # CPU time: fair when processes share cores
    while True:
        seat = game.to_move
        if seat is None:
            break
        forced = len(game.legal_actions()) == 1
        start = clock()
        action = bots[seat].choose(game)
        if not forced:
            seconds[seat] += clock() - start
            decisions[seat] += 1
            kind = silly(game, action)
            if kind is not None:
                sillies[seat][SILLY.index(kind)] += 1
        game.apply(action)
    winners = game.winners()
    shares = [0] * n
    by_entry_seconds = [0.0] * n
    by_entry_decisions = [0] * n
    by_entry_silly: list[tuple[int, ...]] = [()] * n
    for s in range(n):
        e = task.entries[s]
        if s in winners:
            shares[e] = SHARE_UNIT // len(winners)
        by_entry_seconds[e] = seconds[s]
        by_entry_decisions[e] = decisions[s]
        by_entry_silly[e] = tuple(sillies[s])
    return Outcome(
        task.index,
        tuple(shares),
        tuple(by_entry_seconds),
        tuple(by_entry_decisions),
        tuple(by_entry_silly),
        game.record() if keep else None,
    )


def tasks(
    players: int, games: int, levels: Sequence[str], seed: int, variants: Variants
) -> list[Task]:
    """The games: seed after seed, each with every rotation of the entries."""
    out = []
    for index in range(games):
        deal, rotation = divmod(index, players)
        entries = tuple((s + rotation) % players for s in range(players))
        out.append(
            Task(
                index=index,
                seed=seed + deal,
                players=players,
                seats=tuple(levels[e] for e in entries),
                entries=entries,
                variants=variants,
            )
        )
    return out


def _play_packed(packed: tuple[Task, int, bool]) -> Outcome:
    return play(*packed)


def run(
    players: int,
    games: int,
    levels: Sequence[str],
    *,
    jobs: int | None = None,
    seed: int = 0,
    variants: Variants | None = None,
    progress: Callable[[int, int], None] | None = None,
    played: Callable[[Task, Game], None] | None = None,
    cluster: str | None = None,
) -> Tournament:
    """Plays the tournament. `levels` lists one bot level per entry (one per seat).
    `played(task, game)` is told of each game once it is over, in the order the
    games finish; without it, the games' moves never leave the processes that
    play them. With `cluster`, a Ray cluster's address (or "local" for a Ray
    started here), the games are played by Ray's pool of workers instead of this
    machine's processes; `jobs` then caps the workers (None: the whole cluster)."""
    if len(levels) != players:
        raise ValueError(f"--bots must list {players} bots, one per seat, not {len(levels)}")
    if games < players or games % players:
        raise ValueError(
            f"--games must be a multiple of --players ({players}) so that every bot "
            f"sits in every seat equally often; {games} is not"
        )
    for level in levels:
        make(level)  # an unknown level fails here, before any game
    variants = variants if variants is not None else Variants()
    todo = [(t, seed, played is not None) for t in tasks(players, games, levels, seed, variants)]
    if cluster is None:
        jobs = jobs if jobs is not None else (os.cpu_count() or 1)
    result = Tournament(
        players=players,
        games=games,
        results=[EntryResult(bot=level, entry=i) for i, level in enumerate(levels)],
    )
    start = time.perf_counter()
    outcomes: Iterator[Outcome]
    if cluster is not None:
        with _ray_pool(cluster, jobs) as pool:
            _collect(result, pool.imap_unordered(_play_packed, todo), progress, played, todo)
    elif jobs is None or jobs <= 1:
        outcomes = (_play_packed(t) for t in todo)
        _collect(result, outcomes, progress, played, todo)
    else:
        with multiprocessing.Pool(min(jobs, len(todo))) as pool:
            _collect(result, pool.imap_unordered(_play_packed, todo), progress, played, todo)
    result.seconds = time.perf_counter() - start
    return result


def _ray_pool(cluster: str, jobs: int | None) -> Any:
    """Ray's drop-in for `multiprocessing.Pool`, on the cluster at `cluster` ("local":
    a Ray started in this process). Ray is an optional extra (`pip install
    senator[cluster]`), never needed to play."""
    try:
        from ray.util.multiprocessing import Pool  # noqa: PLC0415
    except ImportError as missing:
        raise RuntimeError(
            "playing on a cluster needs Ray: pip install -e '.[cluster]'"
        ) from missing
    if cluster != "local":
        return Pool(processes=jobs, ray_address=cluster)
    import ray  # noqa: PLC0415

    if not ray.is_initialized():
        # A Ray of this machine's own, reached on the loopback only.
        ray.init(
            _node_ip_address="127.0.0.1",
            include_dashboard=False,
            num_cpus=jobs or os.cpu_count() or 1,
            log_to_driver=False,
        )
    return Pool(processes=jobs)


def _collect(
    result: Tournament,
    outcomes: Iterator[Outcome],
    progress: Callable[[int, int], None] | None,
    played: Callable[[Task, Game], None] | None,
    todo: Sequence[tuple[Task, int, bool]],
) -> None:
    for done, outcome in enumerate(outcomes, 1):
        if played is not None and outcome.record is not None:
            played(todo[outcome.index][0], from_record(outcome.record))
        for e, entry in enumerate(result.results):
            entry.games += 1
            entry.units += outcome.shares[e]
            entry.seconds += outcome.seconds[e]
            entry.decisions += outcome.decisions[e]
            for i, count in enumerate(outcome.silly[e]):
                entry.silly[i] += count
        if progress is not None:
            progress(done, result.games)
