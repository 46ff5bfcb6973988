"""What keeps a redraw small: checksummed parts (`keyed`), parts that hold their place
(`slot`), a drawing with what the page already shows left out (`thinned`), and seat
boards drawn once for the same facts. The browser side of it (web/assets/patch.js)
is tested in tests/e2e/test_drawing.py."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

import senator_core as sc
from senator_core.app import Act, init, update, view
from senator_core.app.play.table import _draw_seat
from senator_core.app.ui.html import h, keyed, slot, thinned
from senator_core.records import game_link


def test_keyed_marks_an_element_with_the_checksum_of_its_html() -> None:
    one = keyed(h("div", {"class": "a"}, "text"))
    same = keyed(h("div", {"class": "a"}, "text"))
    other = keyed(h("div", {"class": "a"}, "other text"))
    assert one is not None and other is not None
    assert one == same and one != other
    assert re.fullmatch(r'<div data-v="[0-9a-f]{8}" class="a">text</div>', one)
    assert keyed(None) is None and keyed(False) is None


def test_slot_holds_a_place_for_a_part_that_comes_and_goes() -> None:
    part = h("ol", {"class": "moves"}, h("li", None, "one"))
    assert slot("ol", part) == part
    assert slot("ol", None) == "<ol hidden></ol>"
    assert slot("ol", False) == "<ol hidden></ol>"
    with pytest.raises(AssertionError):
        slot("div", part)  # a part of another tag would not hold the place


def page_of(*parts: object) -> str:
    return str(h("main", None, *parts))


def test_thinned_sends_empty_what_the_page_already_shows() -> None:
    inner = keyed(h("span", {"class": "in"}, "inside"))
    first = keyed(h("div", {"class": "first"}, h("div", None, "x"), inner))
    second = keyed(h("div", {"class": "second"}, "y"))
    page = page_of(first, second, h("p", None, "not keyed"))
    thin, checks = thinned(page, frozenset())
    assert thin == page  # nothing shown yet: all of it is sent
    assert len(checks) == 3
    check = re.compile(r'data-v="([0-9a-f]{8})"')
    first_check, inner_check, second_check = check.findall(page)

    thin, again = thinned(page, checks)
    assert again == checks  # nested checksums are counted, though sent empty
    assert thin == (
        f'<main><div data-v="{first_check}" class="first" data-unchanged></div>'
        f'<div data-v="{second_check}" class="second" data-unchanged></div><p>not keyed</p></main>'
    )
    # Only the inner part was shown: its parent, changed, is sent whole around it.
    thin, _ = thinned(page, {inner_check})
    assert thin == page.replace(
        '<span data-v="' + inner_check + '" class="in">inside</span>',
        '<span data-v="' + inner_check + '" class="in" data-unchanged></span>',
    )


def test_thinned_finds_the_end_of_an_element_among_nested_ones_of_its_tag() -> None:
    nested = keyed(h("div", None, h("div", None, h("div", None, "deep")), "after"))
    page = page_of(nested, h("div", {"class": "next"}, "stays"))
    _, checks = thinned(page, frozenset())
    thin, _ = thinned(page, checks)
    assert thin.endswith('data-unchanged></div><div class="next">stays</div></main>')


def test_names_cannot_forge_a_checksum() -> None:
    """A player's name is text: whatever it holds, it cannot open a keyed element."""
    name = '<div data-v="00000000">x</div>'
    page = page_of(keyed(h("div", None, name)))
    _, checks = thinned(page, frozenset())
    assert checks == frozenset(re.findall(r'<div data-v="([0-9a-f]{8})"', page))
    assert "00000000" not in checks


def boards_of(seed: int, players: int, steps: int) -> list[str]:
    """The pages of one random game, step by step, drawn twice: with the seat boards'
    cache as it stands, then emptied first. Returns the pairs' differences."""
    config = sc.GameConfig(players=players, seed=seed)
    link = game_link(config)
    model, _ = init({"senator.setup": '{"auto": false}'}, link, "https://example.org/")
    chooser = random.Random(seed)
    differences = []
    for _step in range(steps):
        game = model.game
        assert game is not None
        warm = str(view(model))
        _draw_seat.cache_clear()
        cold = str(view(model))
        if warm != cold:
            differences.append(f"step {_step}")
        legal = game.legal_actions() if game.to_move is not None else []
        if not legal:
            break
        model = update(model, Act(str(chooser.choice(legal))))[0]
    return differences


@pytest.mark.parametrize(("seed", "players"), [(3, 3), (7, 4), (11, 5)])
def test_a_seat_board_kept_from_before_is_the_board_drawn_anew(seed: int, players: int) -> None:
    """Boards come from the cache when their facts are equal: along whole games, every
    page drawn with the cache is the page drawn without it."""
    assert boards_of(seed, players, 400) == []


def test_a_kept_seat_board_speaks_the_language_of_the_page() -> None:
    config = sc.GameConfig(players=3, seed=5)
    model, _ = init({}, game_link(config), "https://example.org/")
    english = str(view(replace(model, lang="en")))
    polish = str(view(replace(model, lang="pl")))
    seat = re.compile(r"<article .*?</article>", re.S)
    assert "Hand" in seat.findall(english)[0]
    assert "Ręka" in seat.findall(polish)[0] or "Hand" not in seat.findall(polish)[0]
    assert str(view(replace(model, lang="en"))) == english
