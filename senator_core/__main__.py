"""The command line: `python -m senator_core simulate ...`."""

from __future__ import annotations

import argparse
import json
import sys

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


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m senator_core", description="Senator tools.")
    commands = top.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play random games and print rule statistics")
    sim.add_argument("--players", type=_players, default=4)
    sim.add_argument("--games", type=_count, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    for name, values in VARIANT_VALUES.items():
        sim.add_argument(
            f"--{name.replace('_', '-')}", choices=values, default=values[0], dest=name
        )
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    variants = Variants(**{name: getattr(args, name) for name in VARIANT_VALUES})
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
