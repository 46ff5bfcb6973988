"""The review of a finished game (`senator_core/review.py`) and its command line:
marks by the stated thresholds, every decision with a choice rated, the same review
for the same seed, and a clear message for a file it cannot review."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import senator_core as sc
from senator_core.__main__ import main
from senator_core.bots import make
from senator_core.records import HUMAN, Record
from senator_core.review import MARKS, THRESHOLDS, Rating, Review, mark_of, review

LEVEL = "easy"  # a quick search: the review's workings, not its judgement, are tested


def finished_game(seed: int, players: int = 3) -> sc.Game:
    game = sc.new_game(sc.GameConfig(players=players, seed=seed))
    bots = [make("heuristic", seed=seed + s) for s in range(players)]
    chooser = random.Random(seed)
    while game.to_move is not None:
        seat = game.to_move
        # A sure slip now and then, so the review has costly moves to find.
        if chooser.random() < 0.3:
            game.apply(chooser.choice(game.legal_actions()))
        else:
            game.apply(bots[seat].choose(game))
    assert game.decision == "over"
    return game


def test_marks_follow_the_stated_thresholds() -> None:
    assert THRESHOLDS == (0.05, 0.10, 0.20)
    assert [mark_of(c) for c in (0.0, 0.0499, 0.05, 0.0999, 0.10, 0.1999, 0.20, 0.9)] == [
        "good",
        "good",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


def test_a_rating_costs_what_the_move_gave_up_against_the_best() -> None:
    rating = Rating(
        7, 1, "debate", "play 2", (("withdraw", 0.6), ("play 2", 0.45), ("play 5", 0.1))
    )
    assert rating.best == "withdraw"
    assert rating.chance == 0.45
    assert rating.cost == pytest.approx(0.15)
    assert rating.mark == "mistake"
    best = Rating(8, 1, "debate", "withdraw", rating.chances)
    assert best.cost == 0.0 and best.mark == "good"
    summary = Review("hard", 0, (rating, best))
    assert summary.accuracy(1) == pytest.approx(1 - 0.075)
    assert summary.accuracy(0) is None
    assert summary.costliest(1) == (rating,)  # a good move is never among the costliest
    assert summary.counts(1) == {"good": 1, "inaccuracy": 0, "mistake": 1, "blunder": 0}


def test_every_decision_with_a_choice_is_rated_and_the_same_seed_gives_the_same_review() -> None:
    game = finished_game(5)
    rated = review(game, [0, 2], LEVEL, seed=3)
    replayed = sc.new_game(game.config)
    expected = []
    for step, action in enumerate(game.actions):
        if replayed.to_move in (0, 2) and len(replayed.legal_actions()) > 1:
            expected.append((step, replayed.to_move, str(action)))
        replayed.apply(action)
    assert [(r.step, r.seat, r.played) for r in rated.ratings] == expected
    for r in rated.ratings:
        values = [v for _, v in r.chances]
        assert values == sorted(values, reverse=True)
        assert {t for t, _ in r.chances} >= {r.played}
        assert 0.0 <= r.cost <= 1.0 and r.mark in MARKS
    assert review(game, [0, 2], LEVEL, seed=3) == rated
    with pytest.raises(ValueError, match="no search level"):
        review(game, [0], "heuristic")


def record_file(tmp_path: Path, game: sc.Game, occupants: tuple[str, ...]) -> Path:
    record = Record(game, tuple(range(game.players)), occupants)
    path = tmp_path / "game.senator.json"
    path.write_text(record.to_json())
    return path


def test_the_command_line_rates_the_people_and_sums_them_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = finished_game(11)
    path = record_file(tmp_path, game, (HUMAN, "easy", HUMAN))
    assert main(["review", str(path), "--level", LEVEL]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"Review by the {LEVEL} search (seed 0)")
    summary = text.split("\nSummary\n", 1)[1]
    assert game.names[0] in summary and game.names[2] in summary
    assert game.names[1] not in summary  # a computer's moves only with --all

    assert main(["review", str(path), "--level", LEVEL, "--json", "--all"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["level"] == LEVEL and data["thresholds"]["blunder"] == 0.2
    assert set(data["seats"]) == {"0", "1", "2"}
    steps = {r["step"] for r in data["ratings"]}
    for seat in data["seats"].values():
        assert 0.0 <= seat["accuracy"] <= 1.0
        assert set(seat["costliest"]) <= steps and len(seat["costliest"]) <= 3


def test_a_game_the_review_cannot_take_gets_a_clear_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    unfinished = sc.new_game(sc.GameConfig(players=3, seed=2))
    unfinished.apply(unfinished.legal_actions()[0])
    path = record_file(tmp_path, unfinished, (HUMAN, "easy", "easy"))
    assert main(["review", str(path)]) == 2
    assert "not finished" in capsys.readouterr().err
    computers = record_file(tmp_path, finished_game(4), ("easy", "easy", "easy"))
    assert main(["review", str(computers)]) == 2
    assert "--all" in capsys.readouterr().err
    (tmp_path / "bad.json").write_text("{not json")
    assert main(["review", str(tmp_path / "bad.json")]) == 2
    assert "error" in capsys.readouterr().err
