"""The set-up and the title under CPython: the fields, their checks, what is remembered,
quick play."""

from __future__ import annotations

import json

import pytest

from senator_core.app import Field, Model, Setup, control, init, persist, view
from senator_core.app.keeping.saves import (
    SAVE_KEY,
    SETUP_KEY,
)
from senator_core.app.setup.update import setup_from_dict

from ..appkit import HOSTILE, Page, started, updated


def test_title_screen_offers_a_new_game_and_the_rules() -> None:
    page = Page(view(Model()))
    assert page.values("data-screen") == ["title"]
    assert page.values("data-msg") == [
        "learn", "quick-play", "new-game", "online-game", "import-file", "panel", "toggle",
        "toggle",
    ]  # fmt: skip
    assert page.values("data-action") == []
    opened = updated(Model(), control("panel", "rules"))
    assert "How to play" in Page(view(opened)).all_text()
    assert updated(opened, control("panel", "rules")).panel == ""


def test_setup_screen_has_the_stable_fields() -> None:
    model = updated(Model(), control("new-game"))
    page = Page(view(model))
    assert page.values("data-screen") == ["setup"]
    names = page.values("name")
    assert "players" in names and "seed" in names and "first-opener" in names
    assert [n for n in names if n and n.endswith("-name")] == [f"seat-{i}-name" for i in range(4)]
    for switch in ("taxes", "spartacus", "war", "public_works", "events"):
        assert f"variant-{switch}" in names
    assert "start" in page.values("data-msg")


def test_setup_fields_change_the_game_that_starts() -> None:
    model = updated(Model(), control("new-game"))
    for name, value in [
        ("players", "5"),
        ("seat-0-name", "Ann"),
        ("seat-4-name", HOSTILE),
        ("seat-2-colour", "0"),
        ("first-opener", "3"),
        ("variant-war", "all_copies"),
        ("variant-events", "off"),
        ("seed", "1234"),
    ]:
        model = updated(model, Field(name, value))
    setup = model.setup
    assert setup.players == 5 and setup.names[0] == "Ann"
    assert setup.colours[2] == 0 and setup.colours[0] == 2, "colours swap to stay distinct"
    page = Page(view(model))
    assert "img" not in page.tags()
    started_model = updated(model, control("start"))
    game = started_model.game
    assert started_model.screen == "game" and game is not None
    assert game.players == 5 and game.names[0] == "Ann" and game.names[4] == HOSTILE
    assert game.opener == 3 and game.config.seed == 1234
    assert game.variants.war == "all_copies" and game.event is None
    assert started_model.colours == setup.colours
    again = updated(updated(model, control("start")), control("title"))
    assert again.game is not None and again.game.to_json() == game.to_json(), "a seed replays"


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [("seed", "12x", "seed must be a whole number"), ("seat-1-name", "   ", "is empty")],
)
def test_a_bad_setup_says_why_and_stays(field: str, value: str, message: str) -> None:
    model = updated(updated(Model(), control("new-game")), Field(field, value))
    after = updated(model, control("start"))
    assert after.screen == "setup" and after.game is None
    assert after.notice is not None and message in after.notice


def test_setup_ignores_values_it_cannot_hold() -> None:
    model = updated(Model(), control("new-game"))
    for name, value in [("players", "9"), ("seat-7-name", "x"), ("variant-war", "some"),
                        ("seat-1-colour", "8"), ("bogus", "1"), ("first-opener", "x")]:  # fmt: skip
        assert updated(model, Field(name, value)).setup == model.setup


def test_the_last_setup_is_remembered() -> None:
    model = updated(updated(Model(), control("new-game")), Field("seat-1-name", "Quintus"))
    stored = persist(model)
    assert stored[SAVE_KEY] is None
    restored, _ = init({SETUP_KEY: stored[SETUP_KEY]})
    assert restored.setup.names[1] == "Quintus"
    broken, writes = init({SETUP_KEY: "{nonsense"})
    assert broken.setup == Setup() and not writes


def test_setup_seats_can_be_computers_and_the_pace_is_remembered() -> None:
    model = updated(Model(), control("new-game"))
    for seat in (1, 2, 3):
        model = updated(model, Field(f"seat-{seat}-occupant", "human"))
    names = Page(view(model)).values("name")
    assert [n for n in names if n and n.endswith("-occupant")] == [
        f"seat-{i}-occupant" for i in range(4)
    ]
    assert "speed" not in names, "the pace is asked for only when a computer plays"
    for seat, kind in ((1, "easy"), (2, "normal"), (3, "hard")):
        model = updated(model, Field(f"seat-{seat}-occupant", kind))
    assert "speed" in Page(view(model)).values("name")
    assert updated(model, Field("seat-0-occupant", "genius")).setup == model.setup
    model = updated(model, Field("speed", "fast"))
    started_model = updated(model, control("start"))
    assert started_model.occupants[:4] == ("human", "easy", "normal", "hard")
    assert started_model.setup.speed == "fast"
    restored, _ = init(persist(started_model))
    assert restored.setup.occupants[:4] == ("human", "easy", "normal", "hard")
    assert restored.occupants[:4] == ("human", "easy", "normal", "hard")


def test_a_set_up_stored_before_occupants_had_their_name_still_loads() -> None:
    """The set-up kept under `senator.setup` said who plays each seat under "kinds";
    it is read as the occupants, and written back under "occupants"."""
    old = {"players": 3, "kinds": ["human", "expert", "easy", "human", "human"]}
    model, _ = init({SETUP_KEY: json.dumps(old)})
    assert model.setup.players == 3
    assert model.setup.occupants == ("human", "expert", "easy", "human", "human")
    written = json.loads(persist(model)[SETUP_KEY] or "")
    assert written["occupants"] == list(model.setup.occupants) and "kinds" not in written


def test_quick_play_seats_one_human_against_three_normal_computers() -> None:
    model = updated(Model(), control("quick-play"))
    assert model.screen == "game" and model.game is not None
    assert model.game.players == 4
    assert model.occupants[:4] == ("human", "normal", "normal", "normal")
    page = Page(view(model))
    # The human sits at the bottom: their board comes after the others'.
    seats = [a["data-seat"] for t, a in page.elements if t == "article"]
    assert seats == ["1", "2", "3", "0"]
    again = updated(updated(model, control("title")), control("play-again"))
    assert again.occupants == model.occupants, "play again keeps who plays"


def test_a_first_visit_s_set_up_is_you_and_three_computers() -> None:
    setup = updated(Model(), control("new-game")).setup
    assert setup.players == 4 and setup.occupants[:4] == ("human", "normal", "normal", "normal")


def test_the_online_set_up_gives_the_seats_after_yours_to_friends() -> None:
    online = updated(Model(), control("online-game"))
    assert online.screen == "setup" and online.setup.occupants == ("human",) * 5
    mixed = updated(updated(Model(), control("new-game")), Field("seat-2-occupant", "human"))
    again = updated(mixed, control("online-game"))
    assert again.setup == mixed.setup, "a set-up with a friend's seat is kept as it is"


def test_quick_play_takes_the_computer_levels_of_the_last_set_up() -> None:
    model = updated(Model(), control("new-game"))
    for seat, kind in ((1, "hard"), (2, "human"), (3, "expert")):
        model = updated(model, Field(f"seat-{seat}-occupant", kind))
    title = updated(model, control("title"))
    note = Page(view(title)).texts("button-note")[1]  # after the first visit's lesson
    assert note == "You and three computers: Hard, Expert and Expert"
    quick = updated(title, control("quick-play"))
    assert quick.occupants[:4] == ("human", "hard", "expert", "expert")
    assert quick.setup == model.setup, "a quick game leaves the set-up as it was"
    # Every seat a person: the first visit's levels.
    people = updated(Model(), control("new-game"))
    for seat in (1, 2, 3):
        people = updated(people, Field(f"seat-{seat}-occupant", "human"))
    assert updated(people, control("quick-play")).occupants[:4] == (
        "human",
        "normal",
        "normal",
        "normal",
    )
    same = updated(updated(people, Field("seat-2-occupant", "easy")), control("title"))
    assert Page(view(same)).texts("button-note")[1] == "You and three computers: Easy"


def test_an_online_table_leaves_the_quick_game_s_computers_as_they_were() -> None:
    model = updated(Model(), control("new-game"))
    for seat, kind in ((1, "hard"), (2, "expert"), (3, "easy")):
        model = updated(model, Field(f"seat-{seat}-occupant", kind))
    online = updated(updated(model, control("title")), control("online-game"))
    assert online.setup.occupants[:4] == ("human",) * 4
    title = updated(online, control("title"))
    note = Page(view(title)).texts("button-note")[1]
    assert note == "You and three computers: Hard, Expert and Easy"
    quick = updated(title, control("quick-play"))
    assert quick.occupants[:4] == ("human", "hard", "expert", "easy")
    # Stored with the set-up, so after a reload too; a stored list it cannot hold is not.
    kept = json.loads(json.dumps(online.setup.to_dict()))
    assert setup_from_dict(kept).computers == ("hard", "expert", "easy")
    assert setup_from_dict({**kept, "computers": ["human", "hard"]}).computers == ()
    assert setup_from_dict({**kept, "computers": "hard"}).computers == ()


def test_each_server_line_that_cannot_serve_is_said_under_its_field() -> None:
    online = updated(Model(), control("online-game"))
    shown = str(view(online))
    assert "field-problems" not in shown and '<details class="connection" open' not in shown
    typed = updated(online, Field("relays", "w\nwss://relay.example.org\n\nrelay.example.org"))
    typed = updated(typed, Field("ice", "stun:stun.example.org:3478\nturn:turn.example.org:3478"))
    problems = Page(view(typed)).texts("field-problems")
    assert problems == [
        "Line 1, “w”, is not a relay: a relay begins with wss://."
        "Line 4, “relay.example.org”, is not a relay: a relay begins with wss://.",
        "Line 2, “turn:turn.example.org:3478”: a TURN server needs its user name and"
        " password after the address, each after a space.",
    ]
    assert '<details class="connection" open' in str(view(typed))  # what cannot serve is shown
    none = updated(online, Field("relays", "nos.lol"))
    said = Page(view(none)).texts("field-problems")[0]
    assert said.endswith("With no relay, friends can join only by codes.")
    many = updated(online, Field("relays", "\n".join(f"wss://r{i}.example.org" for i in range(9))))
    assert Page(view(many)).texts("field-problems") == ["Only the first eight are used."]
    for hostile in (HOSTILE, "ws://" + HOSTILE):
        page = str(view(updated(online, Field("relays", hostile))))
        assert "<img" not in page


def test_settings_toggle_and_are_remembered() -> None:
    model = started()
    quiet = updated(updated(model, control("toggle", "sound")), control("toggle", "auto"))
    assert not quiet.setup.sound and not quiet.setup.auto
    restored, _ = init({SETUP_KEY: persist(quiet)[SETUP_KEY]})
    assert not restored.setup.sound and not restored.setup.auto
    assert updated(model, control("toggle", "nonsense")) == model
