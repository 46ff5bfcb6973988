"""The application under CPython: update, view's HTML, saves, and the escaping builder."""

from __future__ import annotations

import random
from html.parser import HTMLParser

import pytest

import senator_core as sc
from senator_core.app import Act, Cmd, Model, load_saved, persist, update, view
from senator_core.app.html import Markup, classes, h, raw
from senator_core.app.text import action_label, describe

HOSTILE = "<img src=x onerror=alert(1)>"


class Page(HTMLParser):
    """The elements of a rendered view: (tag, attributes) in document order, and the text."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def values(self, attribute: str) -> list[str | None]:
        return [a[attribute] for _, a in self.elements if attribute in a]

    def tags(self) -> list[str]:
        return [t for t, _ in self.elements]


def started(seed: int = 4, players: int = 4, names: tuple[str, ...] | None = None) -> Model:
    game = sc.new_game(sc.GameConfig(players=players, seed=seed, names=names))
    return Model(screen="game", game=game)


def test_title_screen_offers_a_new_game() -> None:
    page = Page(view(Model()))
    assert page.values("data-screen") == ["title"]
    assert page.values("data-msg") == ["new-game"]
    assert page.values("data-action") == []


def test_new_game_shows_the_engine_state_and_every_legal_action() -> None:
    model = update(Model(), Cmd("new-game"))
    game = model.game
    assert model.screen == "game" and game is not None and game.players == 4
    page = Page(view(model))
    assert page.values("data-screen") == ["game"]
    assert page.values("data-action") == [str(a) for a in game.legal_actions()]
    text = " ".join(page.text)
    assert f"Round {game.round} of 3" in text
    assert f"Forum: {game.forum_size} tokens" in text
    for name in game.names:
        assert name in text


def test_actions_update_a_copy_and_finish_on_the_end_screen() -> None:
    model = started()
    chooser = random.Random(2)
    while model.screen == "game":
        assert model.game is not None
        before = model.game.to_json()
        action = chooser.choice(model.game.legal_actions())
        moved = update(model, Act(str(action)))
        assert model.game.to_json() == before, "update never changes the old model's game"
        assert moved.game is not None and moved.game.moves == model.game.moves + 1
        page = Page(view(moved))
        if moved.screen == "game":
            legal = [str(a) for a in moved.game.legal_actions()]
            assert page.values("data-action") == legal
        model = moved
    assert model.screen == "end" and model.game is not None
    page = Page(view(model))
    assert page.values("data-screen") == ["end"]
    assert page.values("data-action") == []
    assert set(page.values("data-msg")) == {"new-game", "title"}
    winners = [model.game.names[s] for s in model.game.winners()]
    assert all(name in " ".join(page.text) for name in winners)
    assert persist(model) is None


def test_an_illegal_action_leaves_the_game_and_says_why() -> None:
    model = started()
    assert model.game is not None
    after = update(model, Act("play 5"))
    assert after.game is model.game
    assert after.notice is not None and "R19" in after.notice
    page = Page(view(after))
    assert any(a.get("role") == "alert" for _, a in page.elements)
    assert update(after, Cmd("dismiss")).notice is None
    garbled = update(model, Act("<script>"))
    assert garbled.notice is not None and "malformed" in garbled.notice
    assert "<script>" not in view(garbled)


def test_actions_outside_a_game_and_unknown_commands_are_refused() -> None:
    assert update(Model(), Act("withdraw")).notice == "There is no game in progress."
    assert update(Model(), Cmd("continue")).notice == "There is no game to continue."
    assert "Unknown command" in (update(Model(), Cmd("fly")).notice or "")


def test_menu_and_continue_keep_the_game() -> None:
    model = started()
    menu = update(model, Cmd("title"))
    assert menu.screen == "title" and menu.game is model.game
    assert Page(view(menu)).values("data-msg") == ["continue", "new-game"]
    back = update(menu, Cmd("continue"))
    assert back.screen == "game" and back.game is model.game


def test_hostile_names_are_shown_as_text() -> None:
    model = started(names=(HOSTILE, "B", "C", "D"))
    html = view(model)
    assert HOSTILE not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html
    assert "img" not in Page(html).tags()
    assert HOSTILE in " ".join(Page(html).text)


def test_saves_round_trip_and_bad_saves_are_reported() -> None:
    model = update(started(), Act("withdraw"))
    assert model.notice is not None  # not a debate yet
    game = model.game
    assert game is not None
    text = persist(model)
    assert text is not None
    loaded, unreadable = load_saved(text)
    assert not unreadable and loaded.game is not None
    assert loaded.game.to_json() == game.to_json()
    assert loaded.screen == "title"
    for bad in ("{", "[]", '{"format": "senator-game"}', text.replace('"round":1', '"round":2')):
        fresh, unreadable = load_saved(bad)
        assert unreadable and fresh.game is None
        assert fresh.notice is not None and "could not be read" in fresh.notice
    assert load_saved(None) == (Model(), False)
    assert load_saved("") == (Model(), False)


def test_every_event_has_a_sentence_and_every_action_a_label() -> None:
    for seed in range(40):
        game = sc.new_game(sc.GameConfig(players=3 + seed % 3, seed=seed))
        chooser = random.Random(seed)
        while game.to_move is not None:
            for action in game.legal_actions():
                assert action_label(str(action), game.total(game.to_move), game.names)
            game.apply(chooser.choice(game.legal_actions()))
        for event in game.log:
            sentence = describe(event, game.names)
            assert sentence is None or sentence.endswith((".", "!"))
    with pytest.raises(ValueError):
        describe(sc.Event("nonsense", {}), game.names)


def test_bid_labels_show_the_total_reached() -> None:
    assert action_label("play 2 5", 3, ("A", "B", "C")) == "2 + 5 → 10"
    assert action_label("give 2", 0, ("A", "B", "C")) == "Give to C"
    assert action_label("assassin 1 2", 0, ("A", "B", "C")) == "Assassin + 1 + 2"


# ---------------------------------------------------------------- the HTML builder


def test_builder_escapes_text_and_attributes() -> None:
    html = h("p", {"title": '"><script>', "data-x": 3}, "a < b & c", h("b", None, "ok"))
    assert html == ('<p title="&quot;&gt;&lt;script&gt;" data-x="3">a &lt; b &amp; c<b>ok</b></p>')
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
