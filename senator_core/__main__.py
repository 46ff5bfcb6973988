"""The command line: `python -m senator_core simulate ...`, `... tournament ...` and
`... replay FILE`."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from .bots import LEVELS, SEARCHES
from .bots.tournament import Task, run
from .config import VARIANT_VALUES, Variants
from .game import Game
from .records import HUMAN, RECORD_SUFFIX, Record, RecordError, read_record
from .refusals import error_text
from .review import MARKS, REVIEW_LEVEL, review, thresholds
from .review import report as review_report
from .rules import MAX_PLAYERS, MIN_PLAYERS
from .simulate import report, simulate
from .transcript import transcript

PROG = "python -m senator_core"


def _players(text: str) -> int:
    value = int(text)
    if not MIN_PLAYERS <= value <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}")
    return value


def _count(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _bots(text: str) -> list[str]:
    levels = [word.strip() for word in text.split(",")]
    for level in levels:
        if level not in LEVELS:
            raise argparse.ArgumentTypeError(
                f"unknown bot {level!r}; the bots are {', '.join(LEVELS)}"
            )
    return levels


def _add_variants(command: argparse.ArgumentParser) -> None:
    for name, values in VARIANT_VALUES.items():
        command.add_argument(
            f"--{name.replace('_', '-')}", choices=values, default=values[0], dest=name
        )


def _add_save(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--save",
        metavar="DIR",
        type=Path,
        default=None,
        help=f"also write each game as a record, DIR/game-0001{RECORD_SUFFIX} and on "
        "(DIR is created if missing)",
    )


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog=PROG, description="Senator tools.")
    commands = top.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play random games and print rule statistics")
    sim.add_argument("--players", type=_players, default=4)
    sim.add_argument("--games", type=_count, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    _add_save(sim)
    _add_variants(sim)
    match = commands.add_parser(
        "tournament",
        help="play bots against each other, seats rotated, and print their win rates",
    )
    match.add_argument("--players", type=_players, default=4)
    match.add_argument(
        "--games", type=_count, default=100, help="games in all, a multiple of --players"
    )
    match.add_argument(
        "--bots",
        type=_bots,
        required=True,
        help=f"one bot level per seat, comma-separated: {', '.join(LEVELS)}",
    )
    match.add_argument(
        "--jobs", type=_count, default=None, help="parallel processes (default: CPU count)"
    )
    match.add_argument("--seed", type=int, default=0)
    match.add_argument("--json", action="store_true", help="print one JSON object")
    _add_save(match)
    _add_variants(match)
    watch = commands.add_parser(
        "replay",
        help="print a game record move by move, with the log and the result",
    )
    watch.add_argument("file", metavar="FILE", help=f"a {RECORD_SUFFIX} file, or - for stdin")
    watch.add_argument(
        "--json", action="store_true", help="print the record back, checked and normalised"
    )
    rate = commands.add_parser(
        "review",
        help="rate every decision of a finished game by the search, and sum up each player"
        " (a review the file holds, made by the same search and seed, is used as it is)",
    )
    rate.add_argument("file", metavar="FILE", help=f"a {RECORD_SUFFIX} file, or - for stdin")
    rate.add_argument("--json", action="store_true", help="print one JSON object")
    rate.add_argument(
        "--all", action="store_true", help="rate the computers' moves too, not only the people's"
    )
    rate.add_argument("--level", choices=list(SEARCHES), default=REVIEW_LEVEL)
    rate.add_argument("--seed", type=int, default=0)
    return top


def _error(command: str, message: str) -> int:
    print(f"{PROG} {command}: error: {message}", file=sys.stderr)
    return 2


def _save(directory: Path, games: int, index: int, game: Game, occupants: Sequence[str]) -> None:
    """Writes game `index` (from 0) of `games` as DIR/game-0001.senator.json and on:
    its seats played by the given occupants, their colours in seat order."""
    record = Record(game, tuple(range(game.players)), tuple(occupants))
    number = f"{index + 1:0{max(4, len(str(games)))}d}"
    (directory / f"game-{number}{RECORD_SUFFIX}").write_text(record.to_json(), encoding="utf-8")


def _make_folder(directory: Path | None) -> str | None:
    """Makes the folder games are saved in; what went wrong if it cannot be made."""
    if directory is None:
        return None
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        return f"cannot make the folder {str(directory)!r}: {err.strerror or err}"
    return None


def _tournament(args: argparse.Namespace, variants: Variants) -> int:
    problem = _make_folder(args.save)
    if problem:
        return _error("tournament", problem)
    played: Callable[[Task, Game], None] | None = None
    if args.save is not None:
        folder: Path = args.save

        def played(task: Task, game: Game) -> None:
            _save(folder, args.games, task.index, game, task.seats)  # seats rotate

    try:
        result = run(
            args.players,
            args.games,
            args.bots,
            jobs=args.jobs,
            seed=args.seed,
            variants=variants,
            played=played,
        )
    except OSError as err:
        return _error("tournament", f"cannot save a game: {err}")
    except ValueError as err:
        return _error("tournament", error_text(err))
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(result.report())
    return 0


def _simulate(args: argparse.Namespace, variants: Variants) -> int:
    problem = _make_folder(args.save)
    if problem:
        return _error("simulate", problem)
    played: Callable[[int, Game], None] | None = None
    if args.save is not None:
        folder: Path = args.save

        def played(index: int, game: Game) -> None:
            _save(folder, args.games, index, game, ("random",) * game.players)

    try:
        stats = simulate(args.players, args.games, args.seed, variants, played)
    except OSError as err:
        return _error("simulate", f"cannot save a game: {err}")
    if args.json:
        out = stats.to_dict()
        out["variants"] = variants.to_dict()
        out["events_seen"] = dict(sorted(stats.events_seen.items()))
        print(json.dumps(out))
    else:
        print(report(stats))
    return 0


def _read(command: str, file: str) -> Record | int:
    """The record in `file` (- for stdin), or the exit status of a clear message."""
    try:
        text = sys.stdin.buffer.read() if file == "-" else Path(file).read_bytes()
    except OSError as err:
        return _error(command, f"cannot read {file!r}: {err.strerror or err}")
    try:
        return read_record(text)
    except RecordError as err:
        return _error(command, str(err))


def _write(out: str) -> int:
    try:
        sys.stdout.write(out)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader stopped early (`| head`): nothing is wrong
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no error at exit
    return 0


def _replay(args: argparse.Namespace) -> int:
    record = _read("replay", args.file)
    if isinstance(record, int):
        return record
    return _write(record.to_json() if args.json else transcript(record))


def _review(args: argparse.Namespace) -> int:
    record = _read("review", args.file)
    if isinstance(record, int):
        return record
    if not record.finished:
        return _error("review", "the game is not finished: only a finished game is reviewed")
    game = record.game
    seats = [s for s in range(game.players) if args.all or record.occupants[s] == HUMAN]
    if not seats:
        return _error("review", "no person played this game: --all rates the computers")
    kept = record.review
    if kept is not None and (kept.level, kept.seed) == (args.level, args.seed):
        # The file's own review, made once: only the seats it lacks are rated now.
        missing = [s for s in seats if s not in kept.seats]
        rated = kept.joined(review(game, missing, args.level, args.seed)) if missing else kept
        rated = replace(
            rated,
            seats=tuple(seats),
            ratings=tuple(r for r in rated.ratings if r.seat in seats),
        )
    else:
        rated = review(game, seats, args.level, args.seed)
    if args.json:
        summary = {"thresholds": dict(zip(MARKS[1:], thresholds(game.players), strict=True))}
        out = json.dumps(
            {**rated.to_dict(), **summary, "summary": rated.summary(game.names)}, indent=2
        )
        out += "\n"
    else:
        out = review_report(rated, game.names)
    return _write(out)


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command == "replay":
        return _replay(args)
    if args.command == "review":
        return _review(args)
    variants = Variants(**{name: getattr(args, name) for name in VARIANT_VALUES})
    if args.command == "tournament":
        return _tournament(args, variants)
    return _simulate(args, variants)


if __name__ == "__main__":
    sys.exit(main())
