"""A game's review in the browser: made in the page by the real wheel in Pyodide, while
the page answers; a blunder followed into the replay, with the better move shown; the
review kept in the exported file and found intact where the file is opened; the same
ratings as the review made in CPython; in Polish and Russian; and nothing serious for
axe on the review. One game's review serves it all: a review is the page's longest
work."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import senator_core as sc
from senator_core.bots import make
from senator_core.records import read_record
from senator_core.review import review

from ..test_review import plain_positions, position_of
from .axe import assert_accessible
from .conftest import Watch, before_last_choice, next_move, open_file, use_setup, wait_for
from .test_languages import english_left

REVIEW_TIMEOUT = 240_000  # a whole game's review on a slow machine, with room to spare


def blundered_game() -> tuple[sc.Game, int, int]:
    """A game where the person (the seat to move at a built position) withdrew from a
    debate it could not lose by bidding, and lost: the game, the seat, the step."""
    case = plain_positions()[0]
    position = position_of(case)
    seat, step = position.to_move, position.moves
    assert seat is not None and "withdraw" in case["loses"]  # type: ignore[operator]
    game = position.clone()
    game.apply("withdraw")
    bots = [make("heuristic", seed=s) for s in range(game.players)]
    while game.to_move is not None:
        game.apply(bots[game.to_move].choose(game))
    return game, seat, step


def reviewed(page: Any) -> None:
    page.locator(".review-panel .review-summary").wait_for(timeout=REVIEW_TIMEOUT)


@pytest.mark.long
def test_a_game_is_reviewed_in_the_page_a_blunder_followed_and_the_review_travels(
    booted: tuple[Any, Watch], booted_phone: tuple[Any, Watch], tmp_path: Path
) -> None:
    """A game against the computers with a blunder in it (made in CPython up to the
    person's last choice), played to its end in the page and reviewed from the end
    screen; the blunder followed to the better move; the review saved in the file and
    opened on a phone in Polish and Russian."""
    game, seat, step = blundered_game()
    record, last = before_last_choice(game, seat)
    page, _ = booted
    use_setup(page, speed="instant")
    open_file(page, record.file_name(), record.to_json())
    page.click("[data-msg='play-from']")
    page.click(f"#decision [data-action='{last}']")  # as in CPython: the same moves rated
    chooser = random.Random(4)
    while next_move(page, chooser) is not None:
        pass
    end = page.locator("[data-screen='end']")
    end.locator("[data-msg='review']").click()
    page.locator("[data-screen='replay'] .review-panel").wait_for()
    # The page answers while the review works: a step of the replay is drawn at once.
    page.locator(".review-progress").wait_for()
    page.click("[data-msg='step'][data-value='next']")
    wait_for(page, "document.querySelector('.replay-controls').dataset.step === '1'")
    assert page.locator(".review-progress").count() == 1, "the review went on meanwhile"
    reviewed(page)
    assert page.locator(".review-panel svg.chance-graph polyline").count() == game.players
    summary = page.locator(".review-summary .review-seat")
    assert summary.count() == 1 and "accuracy" in summary.inner_text()
    assert_accessible(page, "the replay with its review")

    # The costliest move is the blunder; followed, it shows the better move.
    worst = page.locator(".costliest [data-msg='watch']").first
    assert worst.get_attribute("data-value") == str(step + 1)  # the table the move left
    assert "blunder" in page.locator(".costliest li").first.inner_text()
    worst.click()
    here = page.locator("#decision .move-review")
    here.wait_for()
    assert here.get_attribute("data-mark") == "blunder"
    better = here.locator("[data-better]").get_attribute("data-better")
    assert better in plain_positions()[0]["wins"]  # type: ignore[operator]
    assert here.locator("li.played").get_attribute("data-option") == "withdraw"
    # Beside each choice, what it does, from the playouts after it.
    assert "leaves Imperium to the others" in here.locator("li.played .reason").inner_text()
    assert "wins Imperium" in here.locator(f"li[data-option='{better}'] .reason").inner_text()
    assert page.locator(f".timeline-mark[data-value='{step + 1}'][aria-current]").count() == 1
    assert page.locator(".log .mark.mark-blunder").count() >= 1  # beside the move's lines
    assert_accessible(page, "the replay at a blunder")

    # Saved, then opened in another browser: the review is there, made once.
    with page.expect_download() as download:
        page.click(".replay-actions [data-msg='export']")
    saved = tmp_path / "reviewed.senator.json"
    download.value.save_as(saved)
    kept = read_record(saved.read_text())
    assert kept.review is not None and kept.review.seats == (seat,)
    # The page's ratings, made by the wheel in Pyodide, are the ones CPython makes (each
    # decision is rated on its own: here the first, the blunder and the last).
    rated = kept.review.ratings
    assert step in {r.step for r in rated}
    some = {rated[0].step, step, rated[-1].step}
    assert [r for r in rated if r.step in some] == list(
        review(game, [seat], "hard", 0, only=some).ratings
    )

    # The end screen shows the review too; a tap on the graph opens that move.
    page.click("[data-msg='leave']")
    graph = end.locator(".end-review svg.chance-graph")
    graph.wait_for()
    assert_accessible(page, "the end screen with its review")
    tap = end.locator(".graph-tap").nth(3)
    shown = tap.get_attribute("data-value")
    tap.scroll_into_view_if_needed()
    box = tap.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    wait_for(page, f"document.querySelector('.replay-controls')?.dataset.step === '{shown}'")
    assert page.locator("#decision .move-review").count() == 1

    other, _ = booted_phone  # another page, at a phone's size, in Polish
    other.locator("[name='lang']:visible").first.select_option("pl")
    wait_for(other, "document.documentElement.lang === 'pl'")
    other.click("[data-msg='import-file']")
    other.set_input_files("#import-file", str(saved))
    other.locator(".review-panel .review-summary").wait_for()
    assert other.locator(".review-progress").count() == 0
    panel = other.locator(".review-panel")
    said = (panel.text_content() or "").lower()
    assert "analiza" in said and "poważny błąd" in said
    assert not english_left(other, "pl"), english_left(other, "pl")
    other.click(f".costliest [data-msg='watch'][data-value='{step + 1}']")
    other.locator("#decision .move-review[data-mark='blunder']").wait_for()
    assert "Lepiej" in other.locator("#decision .move-review").inner_text()
    other.locator("[name='lang']:visible").first.select_option("ru")
    wait_for(other, "document.documentElement.lang === 'ru'")
    assert "грубая ошибка" in other.locator("#decision .move-review").inner_text()
    assert "разбор" in (other.locator(".review-panel").text_content() or "").lower()
    assert not english_left(other, "ru"), english_left(other, "ru")
    assert_accessible(other, "the review on a phone, in Russian")
    data = json.loads(saved.read_text())
    assert data["version"] == 2 and data["review"]["version"] == 1
