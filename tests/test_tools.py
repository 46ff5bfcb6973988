"""The developer tools (`tools/`): the self-play fit of the search's evaluation, and
the rating fit the strength benchmark reads its ladder with."""

from __future__ import annotations

import ast
import json
import math
import random
from pathlib import Path

import pytest

from senator_core.bots import evaluation
from tools import train
from tools.rating import bradley_terry, comparisons, ladder_fit

ROOT = Path(__file__).resolve().parent.parent


def test_nothing_the_page_or_the_command_line_runs_imports_the_tools() -> None:
    """The wheel leaves `tools/` out, so the game and the page must never need it."""
    shipped = [*(ROOT / "senator_core").rglob("*.py"), *(ROOT / "web").rglob("*.py")]
    assert len(shipped) > 20
    for path in shipped:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            else:
                continue
            assert not [n for n in names if n.split(".")[0] == "tools"], (path, names)


def test_the_evaluation_is_fitted_by_its_script_and_the_run_is_reproducible(
    tmp_path: Path,
) -> None:
    """The training script on a tiny sample: a file the search can read, the same
    file for the same arguments, and a fit that explains the last round's winners
    better than an even chance (ln of the players) on its own games."""
    first, second = tmp_path / "one.json", tmp_path / "two.json"
    assert train.main(["--games", "30", "--seed", "2", "--out", str(first)]) == 0
    assert train.main(["--games", "30", "--seed", "2", "--out", str(second)]) == 0
    assert first.read_bytes() == second.read_bytes()
    model = json.loads(first.read_text())
    assert model["features"] == list(evaluation.FEATURES)
    assert len(model["weights"]) == 3 and all(
        len(r) == len(evaluation.FEATURES) for r in model["weights"]
    )
    by_round = train.self_play(30, 2)
    last = by_round[2]
    even = sum(math.log(len(rows)) for rows, _ in last) / len(last)
    assert train.log_loss(last, model["weights"][2]) < even - 0.1


def test_training_writes_the_file_the_search_reads_and_refuses_no_games() -> None:
    """Without `--out`, the fit replaces the weights the package ships; `--games 0`
    is refused before any game."""
    shipped = Path(evaluation.__file__).with_name(evaluation.WEIGHTS_FILE)
    assert train.WEIGHTS.samefile(shipped)
    with pytest.raises(SystemExit):
        train.main(["--games", "0"])


def test_ratings_find_the_strengths_that_made_the_games() -> None:
    """Games drawn from known Bradley-Terry strengths (Elo 0, 200, 400 at four-player
    tables of three levels and a filler that never wins) give back those ratings
    within their intervals, and the order of the levels."""
    truth = {"a": 0.0, "b": 200.0, "c": 400.0}
    rng = random.Random(5)
    games = []
    for _ in range(600):
        strengths = {k: 10 ** (v / 400) for k, v in truth.items()}
        total = sum(strengths.values())
        pick = rng.random() * total
        winner = (
            "a" if pick < strengths["a"] else "b" if pick < strengths["a"] + strengths["b"] else "c"
        )
        games.append([(k, 1.0 if k == winner else 0.0) for k in truth] + [("filler", 0.0)])
    fit = ladder_fit(games, ["a", "b", "c"], "a", seed=1, resamples=60)
    assert fit["a"][0] == 0.0
    for level, (value, low, high) in fit.items():
        assert low <= value <= high
        assert low - 60 <= truth[level] <= high + 60, (level, value, low, high)
    assert fit["a"][0] < fit["b"][0] < fit["c"][0]
    # A shared victory splits the pair's comparison; two losers tell nothing.
    wins = comparisons([[("a", 0.5), ("b", 0.5), ("c", 0.0), ("c", 0.0)]])
    assert wins == {
        ("a", "b"): 0.5,
        ("b", "a"): 0.5,
        ("a", "c"): 2.0,
        ("b", "c"): 2.0,
        ("c", "a"): 0.0,
        ("c", "b"): 0.0,
    }
    even = bradley_terry(wins, ["a", "b", "c"], "a")
    assert even["b"] == pytest.approx(0.0, abs=1e-6) and even["c"] < 0
