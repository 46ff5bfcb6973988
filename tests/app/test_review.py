"""The review in the application (`app/reviewing.py`, `app/review.py`): begun from the
end screen, the replay or the history, its progress and cancelling, what it found kept
with the game (history, file), and what the page then shows: the graph, the summary,
the marks on the timeline and in the log, and at a marked move the better one."""

from __future__ import annotations

import json
from dataclasses import replace

from bs4 import BeautifulSoup

import senator_core as sc
from senator_core.app import Model, control, update, view
from senator_core.app.effects import RunReview, Scroll, StopReview
from senator_core.app.keeping.files import export_file
from senator_core.app.keeping.messages import FileOpened
from senator_core.app.review.messages import Reviewed, ReviewFailed, ReviewProgress
from senator_core.app.review.view import _points
from senator_core.records import HUMAN, Record, read_record
from senator_core.review import REVIEW_LEVEL, Review, rates, review

from ..test_review import finished_game
from .test_keeping import NOW, finished

LEVEL = "easy"  # the review's own search is tested in test_review.py


def page(model: Model) -> BeautifulSoup:
    return BeautifulSoup(str(view(model)), "html.parser")


def reviewed_as_asked(model: Model, effects: tuple[object, ...]) -> tuple[Model, Review]:
    """Carries out the `RunReview` asked for (with a quick search) and sends its answer."""
    runs = [e for e in effects if isinstance(e, RunReview)]
    assert len(runs) == 1
    run = runs[0]
    assert run.level == REVIEW_LEVEL
    made = review(run.game, run.seats, LEVEL, run.seed)
    made = replace(made, level=REVIEW_LEVEL)  # as if the page's search had made it
    return update(model, Reviewed(made), NOW)[0], made


def opened_file(occupants: tuple[str, ...] = (HUMAN, "easy", "easy")) -> Model:
    game = finished_game(11)
    text = Record(game, (0, 1, 2), occupants).to_json()
    model, _ = update(Model(), FileOpened(text), NOW)
    assert model.screen == "replay" and model.watch is not None
    return model


def test_a_review_rates_the_people_shows_its_progress_and_then_what_it_found() -> None:
    model = opened_file()
    shown = page(model)
    assert shown.select_one(".review-panel [data-msg='review']") is not None
    model, effects = update(model, control("review"), NOW)
    runs = [e for e in effects if isinstance(e, RunReview)]
    assert [r.seats for r in runs] == [(0,)]  # the person's seat alone
    model = update(model, ReviewProgress(3, 12), NOW)[0]
    progress = page(model).select_one(".review-progress progress")
    assert progress is not None and progress["value"] == "3" and progress["max"] == "12"
    assert "3 of 12" in page(model).select_one(".review-progress").get_text()
    model, made = reviewed_as_asked(model, effects)
    assert model.reviewing is None and model.watch is not None
    assert model.watch.record.review == made
    shown = page(model)
    assert shown.select_one(".review-panel svg.chance-graph") is not None
    assert len(shown.select(".chance-graph polyline.graph-line")) == 3
    rows = shown.select(".review-summary .review-seat")
    assert [row["data-seat"] for row in rows] == ["0"]
    accuracy = made.accuracy(0)
    assert accuracy is not None and f"{accuracy:.0%}" in rows[0].get_text()
    # Each rated move of the person can be opened from the graph.
    taps = shown.select(".chance-graph .graph-tap")
    # (each opens the table the move left, and the replay counts it: move n shows
    # after n moves)
    assert sorted(int(t["data-value"]) for t in taps) == [r.step + 1 for r in made.of(0)]


def test_a_marked_move_shows_the_better_one_on_the_timeline_the_log_and_the_table() -> None:
    model, effects = update(opened_file(), control("review"), NOW)
    model, made = reviewed_as_asked(model, effects)
    marked = [r for r in made.of(0) if r.mark != "good"]
    assert marked, "the rule-based player's slips give the review something to mark"
    worst = made.costliest(0)[0]
    shown = page(model)
    timeline = shown.select(".timeline-marks .timeline-mark")
    assert sorted(int(b["data-value"]) for b in timeline) == [r.step + 1 for r in marked]
    assert len(shown.select(".log .mark.mark-" + worst.mark)) >= 1
    links = shown.select(".costliest [data-msg='watch']")
    assert int(links[0]["data-value"]) == worst.step + 1
    at, effects = update(model, control(links[0]["data-msg"], links[0]["data-value"]), NOW)
    assert Scroll("decision", nearest=True) in effects  # on a phone, the move comes into view
    assert at.watch is not None and at.watch.step == worst.step + 1
    here = page(at).select_one("#decision .move-review")
    assert here is not None and here["data-mark"] == worst.mark
    better = here.select_one("[data-better]")
    assert better is not None and better["data-better"] == worst.best
    options = [li["data-option"] for li in here.select(".rated-choices li")]
    reasons = [r.get_text() for r in here.select(".rated-choices li .reason")]
    assert reasons, "each choice says what it does"
    others = [r for r in reasons[1:] if r]
    assert all("against the best: " in r for r in others if "the best" in r)
    assert len(set(reasons)) == len(reasons), "no stock sentence for every choice"
    assert options == [text for text, _ in worst.chances]
    assert here.select_one("li.played")["data-option"] == worst.played
    # A move that was no decision of the person's shows no rating.
    assert page(update(model, control("step", "0"), NOW)[0]).select_one(".move-review") is None


def test_the_computers_moves_are_rated_when_asked_and_join_the_review() -> None:
    model, effects = update(opened_file(), control("review"), NOW)
    model, _made = reviewed_as_asked(model, effects)
    model, effects = update(model, control("review-all"), NOW)
    assert model.review_all
    assert [e.seats for e in effects if isinstance(e, RunReview)] == [(1, 2)]
    model, _more = reviewed_as_asked(model, effects)
    assert model.watch is not None and model.watch.record.review is not None
    assert model.watch.record.review.seats == (0, 1, 2)
    rows = page(model).select(".review-summary .review-seat")
    assert [row["data-seat"] for row in rows] == ["0", "1", "2"]
    # Hidden again, and shown again: nothing more to rate.
    model, effects = update(model, control("review-all"), NOW)
    assert not model.review_all and not effects
    model, effects = update(model, control("review-all"), NOW)
    assert not [e for e in effects if isinstance(e, RunReview)]


def test_a_computer_that_searches_deeper_than_the_review_is_not_rated() -> None:
    """The Expert searches 1,500 iterations a decision, the review 300: judged by the
    shallower search its moves read as near perfect, so they are not rated, and the
    summary says why. The Hard's search is the review's own, and is rated."""
    assert rates(HUMAN) and rates("easy") and rates("hard") and not rates("expert")
    model, effects = update(opened_file((HUMAN, "expert", "hard")), control("review"), NOW)
    model, _made = reviewed_as_asked(model, effects)
    model, effects = update(model, control("review-all"), NOW)
    assert [e.seats for e in effects if isinstance(e, RunReview)] == [(2,)]
    model, _more = reviewed_as_asked(model, effects)
    rows = page(model).select(".review-summary .review-seat")
    assert [row.get("data-seat") for row in rows] == ["0", None, "2"]
    assert "not rated: this computer searches deeper than the review" in rows[1].get_text()


def test_a_review_can_be_cancelled_and_its_late_answer_changes_nothing() -> None:
    model, _effects = update(opened_file(), control("review"), NOW)
    cancelled, stop = update(model, control("review-cancel"), NOW)
    assert cancelled.reviewing is None and [type(e) for e in stop] == [StopReview]
    late = update(cancelled, Reviewed(review(finished_game(11), [0], LEVEL)), NOW)[0]
    assert late.watch is not None and late.watch.record.review is None
    failed = update(model, ReviewFailed("MemoryError: out of memory"), NOW)[0]
    assert failed.reviewing is None and failed.notice is not None
    assert "out of memory" in failed.notice


def test_a_finished_game_is_reviewed_once_and_kept_so_in_the_history_and_its_file() -> None:
    model = finished(5, 4)
    assert page(model).select_one(".end-review [data-msg='review']") is not None
    model, effects = update(model, control("review"), NOW)
    assert model.screen == "replay"
    assert [e.seats for e in effects if isinstance(e, RunReview)] == [(0, 1, 2, 3)]
    model, made = reviewed_as_asked(model, effects)
    assert model.history[0].data["review"] == made.to_dict()
    # The end screen shows the graph and the summary; a tap opens the move.
    ended = update(model, control("leave"), NOW)[0]
    assert ended.screen == "end"
    end = page(ended).select_one(".end-review")
    assert end is not None and end.select_one("svg.chance-graph") is not None
    tap = end.select_one(".graph-tap")
    opened = update(ended, control(tap["data-msg"], tap["data-value"]), NOW)[0]
    assert opened.screen == "replay" and opened.watch is not None
    assert opened.watch.step == int(tap["data-value"])
    assert opened.watch.record.review == made  # the replay shows the review it opened from
    assert page(opened).select_one("#decision .move-review") is not None
    # Reviewing again asks for nothing: the review is kept.
    again, effects = update(ended, control("review"), NOW)
    assert not [e for e in effects if isinstance(e, RunReview)]
    assert again.watch is not None and again.watch.record.review == made
    # The file holds the review; opened elsewhere, it is there without a new review.
    _name, text = export_file(ended, "game", NOW) or ("", "")
    assert json.loads(text)["review"] == made.to_dict()
    elsewhere, _ = update(Model(), FileOpened(text), NOW)
    assert elsewhere.watch is not None and elsewhere.watch.record.review == made
    assert page(elsewhere).select_one(".review-panel .review-summary") is not None
    assert read_record(text).review == made


def test_games_played_offer_a_review_and_follow_each_persons_accuracy() -> None:
    model = finished(5, 4)
    model, effects = update(model, control("review"), NOW)
    model, made = reviewed_as_asked(model, effects)
    listed = update(model, control("history"), NOW)[0]
    shown = page(listed)
    row = shown.select_one("[data-kept='0']")
    assert row is not None and "accuracy" in row.get_text()
    button = row.select_one("[data-msg='review']")
    assert button is not None and button["data-value"] == "kept-0"
    trend = shown.select_one(".accuracy-trend")
    assert trend is not None
    names = sc.new_game(sc.GameConfig(players=4, seed=5)).names
    accuracy = made.accuracy(0)
    assert accuracy is not None and names[0] in trend.get_text()
    assert f"{accuracy:.0%}" in trend.get_text()
    opened, effects = update(listed, control("review", "kept-0"), NOW)
    assert opened.screen == "replay" and not [e for e in effects if isinstance(e, RunReview)]
    assert opened.watch is not None and opened.watch.record.review == made


def test_points_given_up_read_no_more_than_the_mark_they_earned() -> None:
    """A cost of 14.6 points marks a mistake at the blunder's 15: it reads 14."""
    assert _points(0.146) == "14" and _points(0.15) == "15" and _points(0.0) == "0"
