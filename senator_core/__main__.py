"""The command line: `python -m senator_core simulate ...` and `... tournament ...`."""

from __future__ import annotations

import argparse
import json
import sys

from .bots import LEVELS
from .bots.tournament import run
from .config import VARIANT_VALUES, Variants
from .rules import MAX_PLAYERS, MIN_PLAYERS
from .simulate import report, simulate


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


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m senator_core", description="Senator tools.")
    commands = top.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play random games and print rule statistics")
    sim.add_argument("--players", type=_players, default=4)
    sim.add_argument("--games", type=_count, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--json", action="store_true", help="print one JSON object")
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
        help="one bot level per seat, comma-separated: random, heuristic, easy, normal, hard",
    )
    match.add_argument(
        "--jobs", type=_count, default=None, help="parallel processes (default: CPU count)"
    )
    match.add_argument("--seed", type=int, default=0)
    match.add_argument("--json", action="store_true", help="print one JSON object")
    _add_variants(match)
    return top


def _tournament(args: argparse.Namespace, variants: Variants) -> int:
    try:
        result = run(
            args.players,
            args.games,
            args.bots,
            jobs=args.jobs,
            seed=args.seed,
            variants=variants,
        )
    except ValueError as err:
        print(f"python -m senator_core tournament: error: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(result.report())
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    variants = Variants(**{name: getattr(args, name) for name in VARIANT_VALUES})
    if args.command == "tournament":
        return _tournament(args, variants)
    stats = simulate(args.players, args.games, args.seed, variants)
    if args.json:
        out = stats.to_dict()
        out["variants"] = variants.to_dict()
        out["events_seen"] = dict(sorted(stats.events_seen.items()))
        print(json.dumps(out))
    else:
        print(report(stats))
    return 0


if __name__ == "__main__":
    sys.exit(main())
