"""The command line: `python -m senator_core simulate`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from senator_core.__main__ import main

ROOT = Path(__file__).resolve().parent.parent


def test_simulate_prints_statistics(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "3", "--games", "30", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    for label in (
        "games",
        "actions per second",
        "debates per round",
        "assassin rate",
        "ties",
        "average score",
    ):
        assert label in out
    assert "30 (3 players)" in out


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
