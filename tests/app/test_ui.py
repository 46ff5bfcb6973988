"""The shared pieces under CPython: the HTML builder, the sentences of events and labels
of actions, motion, and hostile names shown as text."""

from __future__ import annotations

import random
import re

import pytest

import senator_core as sc
from senator_core.app import Act, view
from senator_core.app.ui.html import Markup, classes, h, raw
from senator_core.app.ui.motion import CLASH, Move, moves
from senator_core.app.ui.text import action_label, describe, render_text

from ..appkit import HOSTILE, Page, playing, started, updated
from ..scenario import play, rigged


def test_hostile_names_are_shown_as_text_everywhere() -> None:
    model = started(names=(HOSTILE, "B", "C", "D"))
    chooser = random.Random(1)
    while model.screen == "game":
        html = view(model)
        assert HOSTILE not in html
        assert "img" not in Page(html).tags()
        assert model.game is not None
        model = updated(model, Act(str(chooser.choice(model.game.legal_actions()))))
    assert HOSTILE not in view(model)


def test_every_event_has_a_sentence_and_every_action_a_label() -> None:
    for seed in range(40):
        game = sc.new_game(sc.GameConfig(players=3 + seed % 3, seed=seed))
        chooser = random.Random(seed)
        while game.to_move is not None:
            for action in game.legal_actions():
                assert action_label(str(action), game.total(game.to_move), game.names)
            game.apply(chooser.choice(game.legal_actions()))
        for event in game.log:
            words = describe(event)
            if words is not None:
                assert render_text(words, game.names).endswith((".", "!"))
    with pytest.raises(ValueError):
        describe(sc.Event("nonsense", {}))


def test_bid_labels_show_the_total_reached() -> None:
    assert action_label("play 2 5", 3, ("A", "B", "C")) == "2 + 5 → 10"  # over 3 in play
    assert action_label("play 2 5", 0, ("A", "B", "C")) == "2 + 5 → 7"
    assert action_label("give 2", 0, ("A", "B", "C")) == "Give to C"
    assert action_label("assassin 1 2", 0, ("A", "B", "C")) == "Assassin + 1 + 2"


def test_builder_escapes_text_and_attributes() -> None:
    html = h("p", {"title": '"><script>', "data-x": 3}, "a < b & c", h("b", None, "ok"))
    assert html == '<p title="&quot;&gt;&lt;script&gt;" data-x="3">a &lt; b &amp; c<b>ok</b></p>'
    assert isinstance(html, Markup)


def test_builder_attributes_children_and_void_elements() -> None:
    assert h("input", {"disabled": True, "hidden": False, "value": None}) == "<input disabled>"
    assert (
        h("ul", None, [h("li", None, n) for n in (1, 2)], None) == "<ul><li>1</li><li>2</li></ul>"
    )
    assert h("div", None, raw("<svg></svg>")) == "<div><svg></svg></div>"
    assert classes("a", None, False, "b", "") == "a b"
    for bad in (lambda: h("br", None, "x"), lambda: h("b c"), lambda: h("p", {"on click": 1})):
        with pytest.raises(ValueError):
            bad()
    with pytest.raises(TypeError):
        h("p", None, 1.5)
    with pytest.raises(TypeError):
        h("p", None, True)


def test_motion_follows_the_events() -> None:
    game = rigged(3, ["war", "war", "trade", "taxes", "rebellion", "imperium", "imperium"])
    seen = len(game.log)
    play(game, "topic war")
    assert moves(game.log[seen:]) == [Move("token-war", "docket-war", "topic")]
    play(game, "play 2 2")
    seen = len(game.log)
    play(game, "play 5")
    assert moves(game.log[seen:]) == [Move("card-5", "seat-1-hand", "seat-1-play")]
    seen = len(game.log)
    play(game, "withdraw", "withdraw", "name 1")
    found = moves(game.log[seen:])
    assert Move("card-1", "seat-0-hand", "seat-0-discards") in found
    seen = len(game.log)
    play(game, "give 1")
    found = moves(game.log[seen:])
    assert Move("token-war", "topic", "seat-1-proposed") in found
    # The winner's cards go to their discards, the others' back to hand (R29).
    assert Move("card-5", "seat-1-play", "seat-1-discards") in found
    assert Move("card-2", "seat-0-play", "seat-0-hand") in found
    html = view(playing(game))  # the last action, give 1, is what just happened
    assert html.count("fresh") >= 3


def test_the_card_values_and_the_made_for_you_note_are_written_once() -> None:
    """The cards' influence lives in rules.CARD_VALUES (pieces and action labels read
    it), and the note on a move made for a player in app/play/log.py (the transcript
    prints it too)."""
    from pathlib import Path

    import senator_core
    from senator_core.app.ui.pieces import CARD_VALUES
    from senator_core.rules import CARD_VALUES as VALUES
    from senator_core.rules import CARDS

    assert dict(zip(CARDS, VALUES, strict=True)) == CARD_VALUES
    assert action_label("play 1 2 5", 3, ()) == "1 + 2 + 5 → 11"
    package = Path(senator_core.__file__).parent
    sources = {p.relative_to(package).as_posix(): p.read_text() for p in package.rglob("*.py")}
    assert [name for name, text in sources.items() if re.search(r'"5": 5\b', text)] == []
    note = "(made for the player: nothing else was possible)"
    assert [name for name, text in sources.items() if note in text] == ["app/play/log.py"]


def test_a_conflict_s_tokens_fly_marked_together() -> None:
    game = rigged(3, ["war", "trade", "taxes", "imperium", "imperium", "rebellion", "war"])
    play(game, "topic rebellion", "play 1", "play 2", "withdraw", "withdraw", "skip", "give 1")
    play(game, "topic war", "play 1", "withdraw", "play 2", "withdraw", "skip")
    seen = len(game.log)
    play(game, "give 1")
    found = moves(game.log[seen:])
    assert Move("token-war", "topic", "forum", CLASH) in found
    assert Move("token-rebellion", "seat-1-proposed", "forum", CLASH) in found
    assert all(m.mark == "" for m in found if m.what.startswith("card"))
