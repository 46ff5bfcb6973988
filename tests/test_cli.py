"""The command line: `python -m senator_core simulate`."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import senator_core as sc
from senator_core.__main__ import main

ROOT = Path(__file__).resolve().parent.parent


def replayed_statistics(
    players: int, games: int, seed: int, variants: sc.Variants | None = None
) -> dict[str, float]:
    """The statistics of `simulate`, counted here from the games' own logs: game i is
    dealt with seed `seed + i` and played by choices drawn from `random.Random(seed)`."""
    pick = random.Random(seed).random
    counts = Counter[str]()
    tokens = winning = ties = 0
    for i in range(games):
        config = sc.GameConfig(players=players, seed=seed + i, variants=variants or sc.Variants())
        game = sc.new_game(config)
        while game.to_move is not None:
            legal = game.legal_actions()
            game.apply(legal[int(pick() * len(legal))])
            counts["actions"] += 1
        counts.update(e.id for e in game.log)
        scores = [s[0] for s in game.scores()]
        tokens += sum(scores)
        winning += max(scores)
        ties += len(game.winners()) > 1
    return {
        "games": games,
        "actions": counts["actions"],
        "debates_per_round": round(counts["topic_chosen"] / counts["round_end"], 3),
        "assassin_rate": round(counts["assassinated"] / counts["topic_chosen"], 4),
        "vetoes_per_game": round(counts["vetoed"] / games, 3),
        "conflicts_per_game": round(counts["conflict"] / games, 3),
        "ties": ties,
        "tie_rate": round(ties / games, 4),
        "average_score": round(tokens / (games * players), 3),
        "average_winning_score": round(winning / games, 3),
    }


def test_simulate_prints_the_statistics_of_the_games_it_played(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--players", "3", "--games", "30", "--seed", "4"]) == 0
    lines = dict(
        re.match(r"(\S+(?: \S+)*)\s{2,}(.*)", line).groups()  # type: ignore[union-attr]
        for line in capsys.readouterr().out.splitlines()
    )
    d = replayed_statistics(3, 30, 4)
    assert lines["games"] == "30 (3 players)"
    assert lines["actions"].startswith(f"{d['actions']} in ")
    assert int(lines["actions per second"]) > 0
    assert lines["debates per round"] == str(d["debates_per_round"])
    assert lines["assassin rate"] == f"{d['assassin_rate']} (assassinations per debate)"
    assert lines["vetoes per game"] == str(d["vetoes_per_game"])
    assert lines["conflicts per game"] == str(d["conflicts_per_game"])
    assert lines["ties"] == f"{d['ties']} ({d['tie_rate']} of games)"
    assert lines["average score"] == (
        f"{d['average_score']} tokens (winners {d['average_winning_score']})"
    )


def test_simulate_json_is_one_object_and_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "simulate",
        "--players",
        "5",
        "--games",
        "20",
        "--seed",
        "9",
        "--json",
        "--war",
        "all_copies",
        "--events",
        "off",
    ]
    main(args)
    first = json.loads(capsys.readouterr().out)
    main(args)
    second = json.loads(capsys.readouterr().out)
    assert first["games"] == 20 and first["players"] == 5
    assert {k: first[k] for k in ("vetoes_per_game", "ties", "average_score")} == {
        k: v
        for k, v in replayed_statistics(
            5, 20, 9, sc.Variants(war="all_copies", events="off")
        ).items()
        if k in ("vetoes_per_game", "ties", "average_score")
    }
    assert first["variants"]["war"] == "all_copies"
    assert first["events_seen"] == {}
    for key in ("actions", "debates_per_round", "assassin_rate", "ties", "average_score"):
        assert first[key] == second[key], key
    assert 0 < first["assassin_rate"] < 1
    assert first["debates_per_round"] > 1


def test_simulate_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "senator_core", "simulate", "--games", "5", "--json"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert json.loads(done.stdout)["games"] == 5


@pytest.mark.parametrize(
    "bad",
    [
        ["simulate", "--players", "7"],
        ["simulate", "--games", "0"],
        ["simulate", "--war", "some"],
        ["juggle"],
    ],
)
def test_bad_arguments_exit_with_a_message(
    bad: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        main(bad)
    assert done.value.code == 2
    assert "error" in capsys.readouterr().err
