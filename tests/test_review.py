"""The review of a finished game (`senator_core/review.py`) and its command line:
marks by the stated thresholds, sound marks in positions where a move plainly wins or
plainly loses, every decision with a choice rated, the same review for the same seed,
the review kept with its record (and a damaged or forged one left out), and a clear
message for a file it cannot review."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import senator_core as sc
from senator_core.__main__ import main
from senator_core.bots import make
from senator_core.records import HUMAN, Record, read_record, record_link
from senator_core.review import (
    MARKS,
    THRESHOLDS,
    Rating,
    Review,
    ReviewError,
    accuracy_of,
    kept_accuracies,
    mark_of,
    move_accuracy,
    review,
    thresholds,
)

FIXTURES = Path(__file__).parent / "fixtures"

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


def test_marks_follow_the_stated_thresholds_as_shares_of_a_fair_chance() -> None:
    assert THRESHOLDS == (0.15, 0.30, 0.60)
    assert thresholds(3) == (5.0, 10.0, 20.0)
    assert thresholds(4) == (3.75, 7.5, 15.0)
    assert thresholds(5) == (3.0, 6.0, 12.0)
    costs = (0.0, 0.0374, 0.0375, 0.0749, 0.075, 0.1499, 0.15, 0.9)
    assert [mark_of(c, 4) for c in costs] == [
        "good",
        "good",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]
    assert mark_of(0.0375, 3) == "good" and mark_of(0.0375, 5) == "inaccuracy"


def test_a_moves_accuracy_follows_lichess_curve_in_shares_of_a_fair_chance() -> None:
    assert move_accuracy(0.0, 4) == 1.0
    # The thresholds of the marks, alike at every table size: 72%, 52% and 26%.
    for players in (3, 4, 5):
        found = [round(move_accuracy(t / players, players), 3) for t in THRESHOLDS]
        assert found == [0.723, 0.515, 0.258]
    assert move_accuracy(1.0, 5) == 0.0
    assert accuracy_of([], 4) is None


def test_one_blunder_among_many_good_moves_no_longer_reads_99_percent() -> None:
    """The game of the issue: a player who came last with one blunder read 99%, as 1
    minus the mean cost did. Sixty moves a little short of the best (1% of a fair
    chance each) and one blunder (60%) now read 96.0%, the same moves without the
    blunder 98.8%: the blunder costs 2.8 points, where 1 minus the mean cost gave it
    0.25."""
    players = 4
    small = [0.01 / players] * 60
    blunder = 0.6 / players
    with_blunder = accuracy_of([*small, blunder], players)
    without = accuracy_of(small, players)
    assert with_blunder is not None and without is not None
    assert with_blunder == pytest.approx(0.960, abs=5e-4)
    assert without == pytest.approx(0.988, abs=5e-4)
    assert 1 - sum([*small, blunder]) / 61 > 0.99  # the old reading


def test_a_rating_costs_what_the_move_gave_up_against_the_best() -> None:
    after = (0.45, 0.2, 0.2, 0.15)
    chances = (("withdraw", 0.6), ("play 2", 0.45), ("play 5", 0.1))
    rating = Rating(7, 0, "debate", "play 2", chances, after)
    assert rating.best == "withdraw"
    assert rating.chance == 0.45
    assert rating.cost == pytest.approx(0.15)
    assert rating.mark == "blunder"  # 15 points at four players
    best = Rating(8, 0, "debate", "withdraw", chances, after)
    assert best.cost == 0.0 and best.mark == "good"
    summary = Review("hard", 0, 4, (0,), (rating, best))
    # The blunder's move accuracy is 25.8% (15 points at four players is d = 30), the
    # best move's 100%: the arithmetic mean 62.9%, the harmonic 41.0%.
    assert summary.accuracy(0) == pytest.approx((0.6289 + 0.4098) / 2, abs=1e-3)
    assert summary.accuracy(1) is None
    assert summary.costliest(0) == (rating,)  # a good move is never among the costliest
    assert summary.counts(0) == {"good": 1, "inaccuracy": 0, "mistake": 0, "blunder": 1}
    assert summary.at(7) == rating and summary.at(9) is None


def plain_positions() -> list[dict[str, object]]:
    data = json.loads((FIXTURES / "plain_positions.json").read_text())
    positions: list[dict[str, object]] = data["positions"]
    return positions


def position_of(case: dict[str, object]) -> sc.Game:
    game = sc.new_game(
        sc.GameConfig(players=int(str(case["players"])), seed=int(str(case["seed"])))
    )
    for action in case["actions"]:  # type: ignore[attr-defined]
        game.apply(action)
    return game


def forces_a_win(game: sc.Game, seat: int) -> bool:
    """Whether `seat` can make sure it wins alone, whatever the others play."""
    if game.decision == "over":
        return game.winners() == [seat]
    mine = game.to_move == seat
    for action in game.legal_actions():
        then = game.clone()
        then.apply(action)
        if forces_a_win(then, seat) == mine:
            return mine
    return not mine


def loses_for_sure(game: sc.Game, seat: int) -> bool:
    """Whether `seat` is not among the winners however anyone plays on."""
    if game.decision == "over":
        return seat not in game.winners()
    for action in game.legal_actions():
        then = game.clone()
        then.apply(action)
        if not loses_for_sure(then, seat):
            return False
    return True


def finished_after(position: sc.Game, move: str) -> sc.Game:
    game = position.clone()
    game.apply(move)
    bots = [make("heuristic", seed=s) for s in range(game.players)]
    while game.to_move is not None:
        game.apply(bots[game.to_move].choose(game))
    return game


@pytest.mark.parametrize("index", range(5))
def test_a_move_that_plainly_wins_is_good_and_one_that_plainly_loses_a_blunder(
    index: int,
) -> None:
    case = plain_positions()[index]
    position = position_of(case)
    seat = position.to_move
    assert seat is not None
    step = position.moves
    wins, loses = case["wins"], case["loses"]
    assert isinstance(wins, list) and isinstance(loses, list) and wins and loses
    # What the positions claim holds: every continuation was tried.
    for move in [str(a) for a in position.legal_actions()]:
        then = position.clone()
        then.apply(move)
        assert forces_a_win(then, seat) == (move in wins), move
        assert loses_for_sure(then, seat) == (move in loses), move
    for move in [*wins, *loses]:
        rated = review(finished_after(position, move), [seat], "hard", only=[step])
        rating = rated.at(step)
        assert rating is not None and rating.played == move
        if move in wins:
            assert rating.mark == "good", (move, rating.chances)
            assert rating.chance > 0.75
        else:
            assert rating.mark == "blunder", (move, rating.chances)
            assert rating.best in wins and rating.chance < 0.15


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
    assert data["level"] == LEVEL and data["thresholds"]["blunder"] == 20.0  # three players
    assert data["seats"] == [0, 1, 2] and set(data["summary"]) == {"0", "1", "2"}
    steps = {rating[0] for rating in data["ratings"]}
    for seat in data["summary"].values():
        assert 0.0 <= seat["accuracy"] <= 1.0
        assert set(seat["costliest"]) <= steps and len(seat["costliest"]) <= 3
    # What --json prints is the review as a record keeps it.
    assert Review.from_dict(
        {k: data[k] for k in ("version", "level", "seed", "players", "seats", "ratings")}, game
    ).seats == (0, 1, 2)


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


def test_a_review_is_kept_with_its_record_and_read_back_whole() -> None:
    game = finished_game(8)
    rated = review(game, [0, 1], LEVEL, seed=2)
    assert Review.from_dict(json.loads(json.dumps(rated.to_dict())), game) == rated
    record = Record(game, (0, 1, 2), (HUMAN, HUMAN, "easy"), review=rated)
    data = record.to_dict()
    assert data["version"] == 2 and data["review"]["version"] == 1
    assert read_record(record.to_json()) == record
    plain = Record(game, (0, 1, 2), (HUMAN, HUMAN, "easy"))
    assert plain.to_dict()["version"] == 1 and "review" not in plain.to_dict()
    # A link carries the game, not its review.
    assert record_link(record) == record_link(plain)
    assert kept_accuracies(data["review"]) == pytest.approx(
        {0: rated.accuracy(0), 1: rated.accuracy(1)}
    )
    # The computers' seat rated later joins the review.
    more = review(game, [2], LEVEL, seed=2)
    joined = rated.joined(more)
    assert joined.seats == (0, 1, 2) and joined.ratings == review(game, [0, 1, 2], LEVEL, 2).ratings


def forged(data: dict[str, object], change: object) -> dict[str, object]:
    copy = json.loads(json.dumps(data))
    change(copy)  # type: ignore[operator]
    return copy  # type: ignore[no-any-return]


def test_a_damaged_or_forged_review_is_left_out_and_the_game_kept() -> None:
    game = finished_game(9)
    rated = review(game, [0], LEVEL)
    record = Record(game, (0, 1, 2), (HUMAN, "easy", "easy"), review=rated)
    data = record.to_dict()
    first = data["review"]["ratings"][0]
    changes = {
        "a newer format": lambda d: d["review"].update(version=99),
        "not an object": lambda d: d.update(review=[1, 2]),
        "an unknown search": lambda d: d["review"].update(level="oracle"),
        "another table's": lambda d: d["review"].update(players=5),
        "a seat not at the table": lambda d: d["review"].update(seats=[0, 7]),
        "a move never made": lambda d: first.__setitem__(3, "topic war") or
        d["review"]["ratings"].__setitem__(0, first),
        "a step out of order": lambda d: d["review"]["ratings"].reverse(),
        "a chance above 1": lambda d: d["review"]["ratings"][0][4][0].__setitem__(1, 7),
        "a chance that is text": lambda d: d["review"]["ratings"][0][4][0].__setitem__(1, "x"),
        "a rating cut short": lambda d: d["review"]["ratings"][0].pop(),
        "a seat that is true": lambda d: d["review"]["ratings"][0].__setitem__(1, True),
        "the chances of another table": lambda d: d["review"]["ratings"][0][5].append(0.1),
    }  # fmt: skip
    for what, change in changes.items():
        bad = forged(data, change)
        with pytest.raises(ReviewError):
            Review.from_dict(bad["review"], game)
        opened = read_record(json.dumps(bad))
        assert opened.review is None and "could not be read" in opened.unread, what
        assert opened.game.record() == game.record()
        assert kept_accuracies(bad["review"]) == {} or what in (
            "another table's", "a seat not at the table", "a step out of order",
            "a move never made", "an unknown search", "the chances of another table",
        )  # fmt: skip
    # A review of a game that is not over is left out too.
    unfinished = dict(data, actions=data["actions"][:-3], result=None, auto=[])
    assert read_record(json.dumps(unfinished)).review is None


def test_the_command_line_uses_the_review_a_file_holds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = finished_game(11)
    rated = review(game, [0], LEVEL)
    data = Record(game, (0, 1, 2), (HUMAN, "easy", HUMAN), review=rated).to_dict()
    # A kept chance the search would not give: the command line shows it, not a new one.
    data["review"]["ratings"][0][4] = [[text, 0.0] for text, _ in data["review"]["ratings"][0][4]]
    path = tmp_path / "kept.senator.json"
    path.write_text(json.dumps(data))
    assert main(["review", str(path), "--level", LEVEL, "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    first = data["review"]["ratings"][0]
    assert [r for r in shown["ratings"] if r[0] == first[0]] == [first]
    assert shown["seats"] == [0, 2]  # seat 2, a person's, rated now and joined
    assert {r[1] for r in shown["ratings"]} == {0, 2}
    # Another search's review is not this one: it is made anew.
    assert main(["review", str(path), "--level", "normal", "--json"]) == 0
    anew = json.loads(capsys.readouterr().out)["ratings"]
    assert [r for r in anew if r[0] == first[0]] != [first]
