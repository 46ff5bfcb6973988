"""The application under CPython: set-up, update, what each screen shows, saves and links."""

from __future__ import annotations

import base64
import json
import random
import re
from dataclasses import replace

import pytest

import senator_core as sc
from senator_core.app import Act, Field, Model, Setup, control, init, persist, update, view
from senator_core.app.derived import (
    computer_to_move,
    forced_to_move,
    just_happened,
    mover,
    record_of,
    sitting_out,
    turn_came,
)
from senator_core.app.effects import After, ForgetAddress, Scroll, Think
from senator_core.app.keeping.saves import (
    SAVE_KEY,
    SETUP_KEY,
    UNREADABLE_KEY,
    Session,
    kept,
    load_session,
    session_json,
)
from senator_core.app.play.messages import Forced, GoOn, HintFailed, HintReady, Thought
from senator_core.app.play.scoreboard import scoreboard
from senator_core.app.play.state import HINT_LEVEL, Hint
from senator_core.app.play.story import round_story
from senator_core.app.ui.html import Markup, classes, h, raw
from senator_core.app.ui.motion import CLASH, Move, moves
from senator_core.app.ui.text import action_label, describe, render_text
from senator_core.app.view import HINT_SHOWN, page_title, tie_break_steps
from senator_core.bots import finish
from senator_core.bots.heuristic import Heuristic
from senator_core.bots.hint import hinting
from senator_core.i18n import use
from senator_core.records import Record, RecordError, game_link, read_link

from .appkit import updated, written
from .markup import Elements
from .scenario import play, rigged

HOSTILE = "<img src=x onerror=alert(1)>"


class Page(Elements):
    """The elements of a rendered view: (tag, attributes) in document order, and the text."""

    def __init__(self, html: str) -> None:
        self.text: list[str] = []
        super().__init__(html)

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        super().handle_data(data)

    def texts(self, class_name: str) -> list[str]:
        """The text of each element with the class `class_name`, spaces collapsed."""
        return [self.text_of(i) for i in range(len(self.elements)) if class_name in self.classes(i)]

    def values(self, attribute: str) -> list[str | None]:
        return [a[attribute] for _, a in self.elements if attribute in a]

    def tags(self) -> list[str]:
        return [t for t, _ in self.elements]

    def all_text(self) -> str:
        return " ".join(" ".join(self.text).split())


def playing(game: sc.Game, **fields: object) -> Model:
    return Model(screen="game", game=game, **fields)  # type: ignore[arg-type]


def started(seed: int = 4, players: int = 4, names: tuple[str, ...] | None = None) -> Model:
    return playing(sc.new_game(sc.GameConfig(players=players, seed=seed, names=names)))


# ---------------------------------------------------------------- title and set-up


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


# ---------------------------------------------------------------- the board


def test_board_shows_the_engine_state_and_exactly_the_legal_actions() -> None:
    model = started(players=5)
    game = model.game
    assert game is not None
    page = Page(view(model))
    assert page.values("data-screen") == ["game"]
    assert sorted(page.values("data-action")) == sorted(str(a) for a in game.legal_actions())
    text = page.all_text()
    assert f"Round {game.round}/3" in text
    assert f"Forum {game.forum_size}" in text
    for name in game.names:
        assert name in text
    assert page.values("data-seat").count("4") >= 1
    assert len([t for t, a in page.elements if t == "article"]) == 5


def test_debate_prompt_and_bids_show_totals() -> None:
    game = rigged(3, ["war", "trade", "taxes", "imperium", "imperium", "rebellion", "war"])
    play(game, "topic war", "play 2 2")
    page = Page(view(playing(game)))
    text = page.all_text()
    assert "Raise to 5 or more, play the Assassin, or withdraw." in text
    assert "Debating: War" in text
    assert page.values("data-action").count("play 2 5") == 1, "one control per action"
    assert "2 + 5 → 7" in page.texts("chip-label")
    assert "withdraw" in page.values("data-action")


def test_ludi_gladiatorum_explains_the_two_card_cap() -> None:
    game = rigged(3, ["war"] * 3 + ["trade"] * 4, events=["ludi_gladiatorum"])
    play(game, "topic war", "play 1 2")
    play(game, "play 5", "withdraw")
    page = Page(view(playing(game)))
    text = page.all_text()
    assert "You already have 2 cards in play, the most Ludi Gladiatorum allows." in text
    assert "R45" not in text, "rule numbers stay out of sentences"
    assert "R45" in page.values("data-value"), "a why? opens the rule"


def test_award_shows_what_the_token_would_do_to_each_player() -> None:
    game = rigged(3, ["war", "war", "trade", "taxes", "rebellion", "imperium", "imperium"])
    play(game, "topic trade", "play 1", "withdraw", "withdraw", "skip", "give 2")
    play(game, "topic taxes", "withdraw", "play 1", "withdraw", "take veto", "give 0")
    play(game, "topic war", "withdraw", "play 1", "withdraw", "skip")
    assert game.decision == "award" and game.to_move == 2
    page = Page(view(playing(game)))
    text = page.all_text()
    assert "would cancel Trade and lose it" in text  # seat 2 holds Trade
    assert "holds the veto: may refuse it" in text  # seat 1 holds the veto
    assert page.values("data-action") == ["give 0", "give 1", "give 2"]
    # The veto's holder with a token the award would cancel: both are said.
    holding = rigged(3, ["war", "war", "trade", "taxes", "rebellion", "imperium", "imperium"])
    play(holding, "topic rebellion", "withdraw", "play 1", "withdraw", "skip", "give 1")
    play(holding, "topic taxes", "play 1", "withdraw", "withdraw", "take veto", "give 1")
    play(holding, "topic war", "withdraw", "play 1", "withdraw", "skip")
    assert holding.decision == "award" and holding.to_move == 2 and holding.veto == 1
    effects = Page(view(playing(holding))).texts("effect")
    assert "holds the veto: may refuse it, or it cancels their Rebellion" in effects


def test_the_veto_decision_says_what_refusing_and_accepting_do() -> None:
    """R26 step 3, R49: refused, the token goes to the forum and the veto to the centre;
    accepted, it joins the holder's proposed tokens."""
    game = rigged(3, ["war", "war", "trade", "taxes", "rebellion", "imperium", "imperium"])
    play(game, "topic trade", "play 1", "withdraw", "withdraw", "skip", "give 2")
    play(game, "topic taxes", "withdraw", "play 1", "withdraw", "take veto", "give 0")
    play(game, "topic war", "withdraw", "play 1", "withdraw", "skip", "give 1")
    assert game.decision == "veto" and game.to_move == 1 and game.proposed(1) == []
    page = Page(view(playing(game)))
    effects = page.texts("effect")
    assert effects == [
        "the token goes back to the forum, the veto to the centre",
        "joins your proposed tokens (1 proposed)",
    ]
    assert page.values("data-action") == ["veto", "accept"]


def test_proposed_tokens_the_topic_would_cancel_are_flagged() -> None:
    game = rigged(3, ["war", "war", "trade", "taxes", "rebellion", "imperium", "imperium"])
    play(game, "topic trade", "play 1", "withdraw", "withdraw", "skip", "give 1")
    play(game, "topic war")
    html = view(playing(game))
    assert re.search(r'class="token token-trade at-risk"', html)


def test_the_last_move_is_told_on_the_table() -> None:
    model = started()
    assert model.game is not None
    topic = str(model.game.legal_actions()[0])
    after = updated(model, Act(topic))
    (line,) = Page(view(after)).texts("last-move")
    assert "opens a debate on" in line


def test_an_illegal_action_leaves_the_game_and_says_why() -> None:
    model = started()
    assert model.game is not None
    after = updated(model, Act("play 5"))
    assert after.game is model.game
    assert after.notice is not None and "R19" in after.notice
    page = Page(view(after))
    assert any(a.get("role") == "alert" for _, a in page.elements)
    assert updated(after, control("dismiss")).notice is None
    garbled = updated(model, Act("<script>"))
    assert garbled.notice is not None and "malformed" in garbled.notice
    assert "<script>" not in view(garbled)


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


def test_panels_open_and_close() -> None:
    model = started()
    forum = updated(model, control("panel", "forum"))
    assert "The forum holds" in Page(view(forum)).all_text()
    rules = updated(forum, control("panel", "rules"))
    assert rules.panel == "rules" and "Powers of the tokens" in Page(view(rules)).all_text()
    assert updated(rules, control("panel", "rules")).panel == ""
    assert updated(rules, control("panel", "nonsense")) == rules


def test_actions_update_a_copy_and_finish_on_the_end_screen() -> None:
    model = started()
    chooser = random.Random(2)
    while model.screen == "game":
        assert model.game is not None
        before = model.game.to_json()
        moved = updated(model, Act(str(chooser.choice(model.game.legal_actions()))))
        assert model.game.to_json() == before, "update never changes the old model's game"
        model = moved
    assert model.screen == "end" and model.game is not None
    page = Page(view(model))
    assert page.values("data-screen") == ["end"]
    assert page.values("data-action") == []
    assert {"play-again", "setup", "title"} <= set(page.values("data-msg"))
    assert persist(model)[SAVE_KEY] is None
    again = updated(model, control("play-again"))
    assert again.screen == "game" and again.game is not None
    assert again.game.names == model.game.names
    assert again.game.config.seed != model.game.config.seed


def random_finished_game(players: int, seed: int) -> sc.Game:
    """A game played to its end by random choices seeded with `seed`."""
    game = sc.new_game(sc.GameConfig(players=players, seed=seed))
    chooser = random.Random(seed)
    while game.to_move is not None:
        game.apply(chooser.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize(
    ("seed", "scores", "steps", "headline"),
    [
        # No tie: most tokens decides.
        (0, [(2, 2, 2), (5, 2, 4), (2, 0, 0)], ["By most tokens (5): Brutus."], "Brutus wins."),
        # Tied on tokens, and on passed tokens too: Imperium decides (R40's second step).
        (
            1,
            [(1, 0, 0), (3, 2, 3), (3, 1, 3)],
            ["By most tokens (3): Brutus and Livia.", "By most Imperium (2): Brutus."],
            "Brutus wins.",
        ),
        # Tied on tokens and Imperium: passed tokens decide (the third step).
        (
            14,
            [(2, 0, 0), (3, 1, 1), (3, 1, 2)],
            [
                "By most tokens (3): Brutus and Livia.",
                "By most Imperium (1): Brutus and Livia.",
                "By most passed tokens (2): Livia.",
            ],
            "Livia wins.",
        ),
        # Tied on all three: a shared victory.
        (
            8,
            [(3, 1, 2), (3, 1, 2), (0, 0, 0)],
            [
                "By most tokens (3): Cassius and Brutus.",
                "By most Imperium (1): Cassius and Brutus.",
                "By most passed tokens (2): Cassius and Brutus.",
                "Still tied: they share the victory.",
            ],
            "Cassius and Brutus share the victory.",
        ),
    ],
)
def test_end_screen_explains_each_tie_break_step(
    seed: int, scores: list[tuple[int, int, int]], steps: list[str], headline: str
) -> None:
    """R40: most tokens, then most Imperium, then most passed tokens, then a shared
    victory; the end screen lists the steps that decided, in that order."""
    game = random_finished_game(3, seed)
    assert game.scores() == scores, "the seeded game ends in the position described"
    assert tie_break_steps(game) == steps
    page = Page(view(Model(screen="end", game=game)))
    assert page.texts("tie-break") == ["".join(steps)]
    assert page.texts("winners") == [headline]


# ---------------------------------------------------------------- saves and links


def test_saves_round_trip_and_bad_saves_are_set_aside() -> None:
    model = updated(started(), control("title"))
    game = model.game
    assert game is not None
    stored = persist(model)
    text = stored[SAVE_KEY]
    assert text is not None
    loaded, writes = init(stored)
    assert not writes and loaded.game is not None
    assert loaded.game.to_json() == game.to_json() and loaded.screen == "title"
    assert "continue" in Page(view(loaded)).values("data-msg")
    for bad in (
        "{",
        "[]",
        '{"format": "senator-session"}',
        text.replace('"round":1', '"round":2'),
    ):
        fresh, writes = init({SAVE_KEY: bad})
        assert fresh.game is None and written(writes) == {UNREADABLE_KEY: bad, SAVE_KEY: None}
        assert fresh.notice is not None and "could not be read" in fresh.notice
        assert "set aside" in fresh.notice
    assert init({})[0] == Model()


def test_a_link_opens_the_same_deal() -> None:
    config = sc.GameConfig(
        players=3, seed=99, first_opener=1, names=("Ann", "Bo", "Cy"),
        variants=sc.Variants(spartacus="two_points"), draws=("war", "war"),
        event_order=("spartacus",),
    )  # fmt: skip
    link = game_link(config)
    assert link.startswith("?game=") and "=" not in link[len("?game=") :]
    assert read_link(link[len("?game=") :]) == config
    model, _ = init({}, link, "https://example.org/senator/")
    assert model.screen == "game" and model.game is not None
    assert model.game.to_json() == sc.new_game(config).to_json()
    assert "https://example.org/senator/?game=" in view(model)
    nine = base64.urlsafe_b64encode(b'{"players": 9}').decode()
    for bad in ("!!!", nine, game_link(sc.GameConfig())[6:-4]):
        broken, _ = init({}, f"?game={bad}")
        assert broken.screen == "title" and broken.notice is not None
        assert "could not be opened" in broken.notice


def test_the_links_parameters_are_read_by_init_and_taken_out_of_the_address() -> None:
    """The page hands `init` its query as it is: `init` reads `game` and `lang` (the
    first of each, as a browser does) and asks the page to take them out of the address,
    so a reload continues the game the link began, in the language chosen since; the
    other parameters stay."""
    link = game_link(sc.GameConfig(players=3, seed=7))
    model, effects = init({}, f"{link}&lang=pl&nosw&lang=ru")
    assert model.game is not None and model.game.players == 3 and model.lang == "pl"
    assert [e for e in effects if isinstance(e, ForgetAddress)] == [ForgetAddress(("game", "lang"))]
    _model, effects = init({}, "?lang=ru")
    assert [e for e in effects if isinstance(e, ForgetAddress)] == [ForgetAddress(("lang",))]
    empty, effects = init({}, "?game=")
    assert empty.game is None and ForgetAddress(("game",)) in effects
    for query in ("", "?", "?nosw", "?games=1"):
        plain, effects = init({}, query)
        assert plain == Model() and not effects, query


def test_session_saves_keep_the_seat_colours() -> None:
    game = sc.new_game(sc.GameConfig(seed=2))
    text = session_json(Session(Record(game, (4, 3, 2, 1), ("human",) * 4), ()))
    model, _ = init({SAVE_KEY: text})
    assert model.colours == (4, 3, 2, 1, 0)
    bad = json.loads(text)
    bad["record"]["seats"][1]["colour"] = 4
    assert init({SAVE_KEY: json.dumps(bad)})[0].game is None


# ---------------------------------------------------------------- words


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


def test_incursio_barbara_with_no_imperium_in_the_docket_says_so() -> None:
    """R44: the event sends back the docket's Imperium tokens, which may be none."""
    none = describe(sc.Event("imperium_returned", {"count": 0}))
    two = describe(sc.Event("imperium_returned", {"count": 2}))
    assert none is not None and two is not None
    assert render_text(none, ()) == "Incursio Barbara finds no Imperium in the docket to send back."
    assert render_text(two, ()) == "Incursio Barbara sends 2 Imperium back to the forum."


def test_bid_labels_show_the_total_reached() -> None:
    assert action_label("play 2 5", 3, ("A", "B", "C")) == "3 + 2 + 5 → 10"
    assert action_label("play 2 5", 0, ("A", "B", "C")) == "2 + 5 → 7"
    assert action_label("give 2", 0, ("A", "B", "C")) == "Give to C"
    assert action_label("assassin 1 2", 0, ("A", "B", "C")) == "Assassin + 1 + 2"


# ---------------------------------------------------------------- the HTML builder


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


# ---------------------------------------------------------------- computer seats


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


def test_a_computer_to_move_shows_who_is_thinking_and_no_controls() -> None:
    game = sc.new_game(sc.GameConfig(players=3, seed=5, first_opener=1))
    model = playing(game, occupants=("human", "hard", "easy", "human", "human"))
    assert computer_to_move(model) == "hard"
    page = Page(view(model))
    assert page.values("data-action") == []
    assert "is thinking" in page.all_text()
    assert "speed" in page.values("name"), "a game with computers offers the pace"
    human = playing(game.clone(), occupants=("human",) * 5)
    assert computer_to_move(human) is None
    assert "speed" not in Page(view(human)).values("name")


def test_a_hint_shows_the_estimates_for_the_position_it_was_asked_for() -> None:
    model = started()
    game = model.game
    assert game is not None
    assert "hint" in Page(view(model)).values("data-msg")
    options = tuple((str(a), 0.1 * i) for i, a in enumerate(game.legal_actions()))
    hinted = updated(model, HintReady(game.moves, options))
    text = Page(view(hinted)).all_text()
    assert "would play" in text and "chance to win" in text
    best = options[-1][0]
    listed = Page(view(hinted)).values("data-option")
    assert listed == [text for text, _ in reversed(options)][:HINT_SHOWN]
    assert listed[0] == best
    if len(options) > HINT_SHOWN:
        rest = len(options) - HINT_SHOWN
        chance = options[-1 - HINT_SHOWN][1]
        plural = "s" if rest > 1 else ""
        assert f"{rest} other choice{plural}: {chance:.0%} chance to win or less." in text
    stale = updated(model, HintReady(game.moves + 1, options))
    assert stale.hint is None, "a hint for another position is dropped"
    moved = updated(hinted, Act(str(game.legal_actions()[0])))
    assert moved.hint is None


def test_the_hint_asked_for_comes_from_the_cores_stepper_and_a_failed_one_is_said() -> None:
    """The hint's effect names the search, the page runs the core's `hinting` for it
    and sends back what it made (`HintReady`), or the error it stopped on
    (`HintFailed`): said in the player's language, for the position it was asked for
    only."""
    model = started()
    game = model.game
    assert game is not None
    asked, effects = update(model, control("hint"), "")
    thinks = [e for e in effects if isinstance(e, Think)]
    assert [(t.level, t.estimate, t.game) for t in thinks] == [(HINT_LEVEL, True, game)]
    made = finish(hinting(thinks[0].game, thinks[0].level, thinks[0].seed, iterations=20))
    hinted = updated(asked, HintReady(game.moves, made.options, made.facts))
    assert hinted.hint == Hint(game.moves, made.options, made.facts)
    failed, effects = update(asked, HintFailed(game.moves, "MemoryError: out of memory"), "")
    assert failed.hint is None and not [e for e in effects if isinstance(e, Think)]
    assert failed.notice == "The hint could not be worked out: MemoryError: out of memory"
    assert "could not be worked out" in Page(view(failed)).all_text()
    assert updated(asked, HintFailed(game.moves + 1, "ValueError: late")) == asked
    try:
        polish = updated(replace(asked, lang="pl"), HintFailed(game.moves, "MemoryError: x"))
        assert polish.notice is not None and "could not" not in polish.notice
        assert polish.notice.endswith("MemoryError: x")
    finally:
        use("en")


# ---------------------------------------------------------------- the table


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


def test_a_bid_built_by_touching_cards_is_confirmed_or_explained() -> None:
    game = rigged(3, ["war", "trade", "taxes", "imperium", "imperium", "rebellion", "war"])
    play(game, "topic war", "play 2 2")  # Brutus (seat 1) to act; the hand 1 1 2 2 2 5 A
    model = playing(game)
    # 1 + 2 = 3: too low
    model = updated(updated(model, control("pick", "0")), control("pick", "2"))
    page = Page(view(model))
    (problem,) = page.texts("build-problem")
    assert problem.startswith("1 + 2 brings you to 3; you need 5 to lead.")
    assert "R21" in page.values("data-value")
    confirm = [a for t, a in page.elements if a.get("data-msg") == "confirm"]
    assert "disabled" in confirm[0]
    refused = updated(model, control("confirm"))
    assert refused.game is model.game and refused.notice is not None
    model = updated(updated(model, control("pick", "2")), control("pick", "5"))  # 1 + 5 = 6
    assert Page(view(model)).texts("build-sum") == ["1 + 5 → your total 6"]
    assert any(a.get("data-action") == "play 1 5" and "matches" in (a.get("class") or "")
               for _, a in Page(view(model)).elements)  # fmt: skip
    bid = updated(model, control("confirm"))
    assert bid.game is not None and bid.game.in_play(1) == ["1", "5"]
    assert bid.picked == () and mover(bid) == 1
    assert updated(model, control("pick", "99")).picked == model.picked
    assert updated(model, control("unpick")).picked == ()


def test_touched_cards_are_refused_for_the_engine_s_reason_in_the_explanation_s_words() -> None:
    """The card picker says the engine's problem with the bid (`Game.bid_problem`) in
    the one sentence the explanations use for it, with that problem's rule."""
    game = rigged(3, ["war", "trade", "taxes", "imperium", "imperium", "rebellion", "war"])
    play(game, "topic war", "play 2 2")  # Brutus (seat 1) to act; the hand 1 1 2 2 2 5 A
    model = updated(updated(playing(game), control("pick", "0")), control("pick", "6"))
    problem = game.bid_problem("assassin 1")
    assert problem is not None and (problem.reason, problem.rule) == ("assassin_alone", "R22")
    page = Page(view(model))
    (said,) = page.texts("build-problem")
    assert said.startswith("The Assassin is played alone here: put the other cards back.")
    assert "R22" in page.values("data-value")
    with pytest.raises(sc.IllegalActionError, match=r"played alone.*\(R22, R46\)"):
        game.clone().apply("assassin 1")


def test_the_assassin_is_played_from_the_hand_too() -> None:
    game = rigged(3, ["war", "trade", "taxes", "imperium", "imperium", "rebellion", "war"])
    play(game, "topic war", "play 2 2")
    model = updated(playing(game), control("pick", "6"))
    assert Page(view(model)).texts("build-sum")[0].startswith("Assassin: ends the debate")
    after = updated(model, control("confirm"))
    assert after.game is not None and after.game.topic is None
    assert [e.id for e in just_happened(after)][:2] == ["assassin", "assassinated"]


def test_explanations_open_on_tap_inside_the_table() -> None:
    game = rigged(3, ["war", "war", "trade", "taxes", "rebellion", "imperium", "imperium"])
    play(game, "topic trade", "play 1", "withdraw", "withdraw", "skip", "give 1")
    play(game, "topic war")
    model = playing(game)
    assert "risk:1:trade" in Page(view(model)).values("data-value")
    for key, words in [
        ("risk:1:trade", "Trade is at risk"),
        ("kind:rebellion", "Send another docket token back to the forum"),
        ("veto", "its holder may refuse a token"),
        ("event", "No event card"),
    ]:
        opened = updated(model, control("explain", key))
        (text,) = Page(view(opened)).texts("explain")
        assert words in text
        assert updated(opened, control("explain", key)).explain == ""
    for bad in ("risk:9:trade", "kind:nothing", "risk:x:war", "bogus"):
        assert Page(view(updated(model, control("explain", bad)))).texts("explain") == []


def test_the_event_lies_on_the_table_as_a_card() -> None:
    """R41: the round's event card is drawn face up beside the debate, not in the top
    bar; a tap explains it in this game's reading of the rules (Spartacus, R46)."""
    game = rigged(3, ["war"] * 3 + ["trade"] * 4, events=["spartacus"])
    model = playing(game)
    page = Page(view(model))
    cards = [i for i, (tag, _) in enumerate(page.elements) if "event-card" in page.classes(i)]
    (card,) = cards
    tag, attrs = page.elements[card]
    assert tag == "button" and attrs["data-msg"] == "explain" and attrs["data-value"] == "event"
    assert attrs["data-place"] == "event"
    assert page.text_of(card).startswith("Event") and "Spartacus" in page.text_of(card)
    inside = [page.elements[i][0] for i in range(card + 1, len(page.elements))]
    assert "svg" in inside, "drawn with a card's frame"
    topbar = next(i for i, (t, _) in enumerate(page.elements) if t == "header")
    assert "Spartacus" not in page.text_of(topbar)
    (text,) = Page(view(updated(model, control("explain", "event")))).texts("explain")
    assert "A first play in a debate is at least 2 cards" in text


def test_settings_toggle_and_are_remembered() -> None:
    model = started()
    quiet = updated(updated(model, control("toggle", "sound")), control("toggle", "auto"))
    assert not quiet.setup.sound and not quiet.setup.auto
    restored, _ = init({SETUP_KEY: persist(quiet)[SETUP_KEY]})
    assert not restored.setup.sound and not restored.setup.auto
    assert updated(model, control("toggle", "nonsense")) == model


def test_a_why_opens_the_rules_at_the_rule() -> None:
    model = updated(started(), control("rule", "R21"))
    assert model.panel == "rules" and model.rule == "R21"
    assert "rules-debate" in Page(view(model)).values("id")
    assert updated(started(), control("rule", "<script>")).panel == ""


def test_a_forced_move_is_offered_to_the_page_and_logged_as_made_for_the_player() -> None:
    game = rigged(3, ["war", "trade", "taxes", "imperium", "imperium", "rebellion", "war"])
    play(game, "topic war", "play 1 1 2 2 2 5", "assassin")  # Cassius plays every card
    play(game, "topic trade", "play 1", "withdraw", "assassin")  # and his Assassin
    play(game, "topic taxes")  # Cassius opens with an empty hand: he can only withdraw (R24)
    model = playing(game)
    assert forced_to_move(model) == "withdraw"
    assert "sitting-out" in " ".join(a.get("class") or "" for _, a in Page(view(model)).elements)
    assert forced_to_move(replace(model, setup=replace(model.setup, auto=False))) is None
    after = updated(model, Forced(game.moves, "withdraw"))
    assert after.auto == (len(game.log),)
    assert "(made for the player: nothing else was possible)" in Page(view(after)).all_text()
    loaded = load_session(persist(after)[SAVE_KEY] or "")
    assert tuple(t.log_start for t in loaded.turns if t.auto) == after.auto
    bad = json.loads(persist(after)[SAVE_KEY] or "")
    bad["record"]["auto"] = [10_000]
    with pytest.raises(RecordError, match="moves made for a player"):
        load_session(json.dumps(bad))


def test_a_player_with_no_cards_sits_the_round_out_without_waiting_on_each_withdrawal() -> None:
    game = rigged(3, ["war", "trade", "taxes", "imperium", "imperium", "rebellion", "war"])
    play(game, "topic war", "play 1 1 2 2 2 5", "assassin")  # Cassius plays every card
    play(game, "topic trade", "play 1", "withdraw", "assassin")  # and his Assassin
    occupants = ("human", "easy", "easy", "human", "human")
    model = playing(game, occupants=occupants)  # Cassius opens, with an empty hand
    assert sitting_out(model, 0) and not sitting_out(model, 1)
    assert "sitting-out" not in str(view(model)), "choosing the topic is still a choice"
    opened, effects = update(model, Act("topic taxes"), "2026-12-04T10:00:00Z")
    assert forced_to_move(opened) == "withdraw"
    (wait,) = [e for e in effects if isinstance(e, After)]
    assert opened.game is not None
    assert wait.seconds == 0.0 and wait.msg == Forced(opened.game.moves, "withdraw")
    drawn = Page(view(opened))
    assert "sitting-out" in drawn.values("class") and "forced-note" not in drawn.values("class")
    assert "you sit out the rest of this round" in drawn.all_text()
    withdrawn = updated(opened, Forced(opened.game.moves, "withdraw"))
    assert computer_to_move(withdrawn) == "easy"
    assert "you sit out the rest of this round" in Page(view(withdrawn)).all_text()


def test_the_turn_comes_back_to_a_human_with_a_banner_a_title_and_a_chime() -> None:
    model = updated(Model(), control("quick-play"))
    game = model.game
    assert game is not None
    human = 0
    while game.to_move != human or mover(model) in (None, human):
        action = game.legal_actions()[0]
        before = model
        model = updated(model, Act(str(action)))
        game = model.game
        assert game is not None
    assert turn_came(before, model) == (forced_to_move(model) is None)
    assert page_title(model) == "Your turn · Senator"
    if forced_to_move(model) is None:
        assert Page(view(model)).texts("turn-banner") == ["Your turn"]
    thinking = replace(model, game=game)  # the same position again
    assert not turn_came(model, thinking)
    assert page_title(updated(model, control("title"))) == "Senator"


def test_the_scoreboard_names_the_leader_and_the_tie_break() -> None:
    game = random_finished_game(3, 14)  # tied on tokens and Imperium; passed decides
    page = Page(scoreboard(Model(), game))
    (verdict,) = page.texts("verdict")
    assert verdict == "If the game ended now: Livia (tied on tokens, most passed tokens)."
    leaders = [a["data-seat"] for t, a in page.elements if "leader" in (a.get("class") or "")]
    assert leaders == ["2"]


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


def test_the_log_opens_at_its_newest_line() -> None:
    model = started()
    _, effects = update(model, control("panel", "log"), "")
    assert Scroll("log") in effects
    _, effects = update(model, control("panel", "rules"), "")
    assert Scroll("log") not in effects


def test_the_log_folds_earlier_rounds_until_asked_and_the_end_shows_all() -> None:
    game = sc.new_game(sc.GameConfig(players=3, seed=4))
    chooser = random.Random(4)
    while game.round < 2:
        game.apply(chooser.choice(game.legal_actions()))
    model = playing(game)
    page = Page(view(model))
    folded = page.texts("folded")  # in the order played: the set-up, then round 1
    assert [t.split("Show its ")[0] for t in folded] == ["Set-up", "Round 1"]
    assert folded[0].endswith("Show its 1 entry") and re.search(r"Show its \d+ entries$", folded[1])
    assert "Round 2" in page.texts("log-round")[-1]
    assert "Preparation" in page.texts("log-round")[-1], "the round opens with its preparation"
    opened = updated(model, control("log-round", "1"))
    assert opened.log_rounds == (1,)
    assert [t.split("Show its ")[0] for t in Page(view(opened)).texts("folded")] == ["Set-up"]
    assert updated(model, control("log-round", "x")) == model
    while game.to_move is not None:
        game.apply(chooser.choice(game.legal_actions()))
    assert Page(view(Model(screen="end", game=game))).texts("folded") == []


def test_the_end_screen_tells_a_lone_human_where_they_finished() -> None:
    game = random_finished_game(3, 14)  # Livia wins; Brutus ties her on tokens
    occupants = ("normal", "human", "normal", "human", "human")
    page = Page(view(Model(screen="end", game=game, occupants=occupants)))
    assert page.texts("own-place") == ["You finish 2nd."]
    hot_seat = Page(view(Model(screen="end", game=game)))
    assert hot_seat.texts("own-place") == []


def test_trade_says_what_taking_a_token_would_cancel() -> None:
    game = rigged(3, ["trade", "war", "taxes", "rebellion", "imperium", "imperium", "war"])
    play(game, "topic war", "play 1", "withdraw", "withdraw", "skip", "give 0")  # War to Cassius
    play(game, "topic trade", "play 1", "withdraw", "withdraw")
    assert game.decision == "power"
    page = Page(view(playing(game)))
    effects = page.texts("effect")
    assert "would cancel your War and lose it" in effects  # Trade may take Rebellion (R37)
    assert any(e.startswith("joins your proposed tokens") for e in effects)
    # Taxes stays, but keeping Trade after it would cancel both (R30): the choice says so.
    taxes = [a.get("data-action") for t, a in page.elements if a.get("data-action") == "take taxes"]
    assert taxes
    assert (
        "joins your proposed tokens (2 proposed); keeping Trade after it would cancel both"
        in effects
    )
    assert not any(e.startswith("would cancel") and "keeping" in e for e in effects)


def test_a_token_marked_at_risk_is_explained_by_the_token_that_threatens_it() -> None:
    """The mark on a proposed token and its "why?" come from one reckoning: every token
    marked at risk is explained by a token that could cancel it, in a debate on a
    consul too (3 players, seed 0: Cassius's Taxes, threatened from the docket)."""
    from senator_core.app.play.table import at_risk

    checked = consul_debates = 0
    for seed in range(6):
        game = sc.new_game(sc.GameConfig(players=3, seed=seed))
        chooser = random.Random(seed)
        while game.decision != "over" and checked < 400:
            model = playing(game)
            for seat in range(game.players):
                for kind in sorted(at_risk(game, seat)):
                    text = Page(view(updated(model, control("explain", f"risk:{seat}:{kind}"))))
                    said = text.all_text()
                    assert "is at risk" in said and "a conflicting token" not in said, said
                    checked += 1
                    consul_debates += game.topic == "consul"
            game.apply(chooser.choice(game.legal_actions()))
    assert checked > 50 and consul_debates > 0


def test_a_screen_left_a_position_passed_and_a_game_replaced_take_their_own_state_along() -> None:
    """What belongs to a screen, a position or a game goes with it (app/changes.py),
    whichever message made the change."""
    model = updated(Model(), control("quick-play"))
    game = model.game
    assert game is not None
    # The history's question waiting for a second tap goes when the screen is left.
    record = record_of(model)
    assert record is not None
    model = updated(replace(model, history=(kept(record, ""),)), control("history"))
    asking = updated(model, control("forget", "0"))
    assert asking.confirm == "forget-0"
    assert updated(asking, control("title")).confirm == ""
    # The replay's game goes when the replay is left for another screen.
    watching = updated(updated(asking, control("continue")), control("watch", "0"))
    assert watching.screen == "replay" and watching.watch is not None
    assert updated(watching, control("title")).watch is None
    # A move takes the hint, the picked cards and the piece explained along.
    playing_now = updated(watching, control("leave"))
    assert playing_now.screen == "game" and playing_now.game is game
    asked = replace(playing_now, hint=Hint(game.moves, ()), picked=(0,), explain="docket")
    while computer_to_move(asked):
        asked = updated(asked, Act(str(asked.game.legal_actions()[0])))  # type: ignore[union-attr]
    moved = updated(asked, Act(str(asked.game.legal_actions()[0])))  # type: ignore[union-attr]
    assert (moved.hint, moved.picked, moved.explain) == (None, (), "")
    # A new game takes the log's unfolded rounds and the link asked for along.
    unfolded = replace(moved, log_rounds=(1,), linked=3)
    again = updated(unfolded, control("new-game"))
    fresh = updated(again, control("start"))
    assert fresh.game is not moved.game and (fresh.log_rounds, fresh.linked) == ((), None)


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
    assert action_label("play 1 2 5", 3, ()) == "3 + 1 + 2 + 5 → 11"
    package = Path(senator_core.__file__).parent
    sources = {p.relative_to(package).as_posix(): p.read_text() for p in package.rglob("*.py")}
    assert [name for name, text in sources.items() if re.search(r'"5": 5\b', text)] == []
    note = "(made for the player: nothing else was possible)"
    assert [name for name, text in sources.items() if note in text] == ["app/play/log.py"]


# ---------------------------------------------------------------- the round's story


def plain(text: str) -> str:
    """A page's text with the seats' symbols and the spaces around names taken out."""
    return re.sub(r"[●▲■◆★] ?", "", text).replace(" :", ":")


def round_nearly_over() -> sc.Game:
    """Round 1 of 3 players one move from its end: Cassius gave War to Brutus, which
    cancelled Brutus's Rebellion; the rule-based player plays the rest."""
    game = rigged(
        3,
        ["war", "trade", "taxes", "imperium", "imperium", "rebellion", "war"],
        events=["hannibal", "ludi_gladiatorum", "spartacus"],
    )
    play(game, "topic rebellion", "play 1", "play 2", "withdraw", "withdraw", "skip", "give 1")
    play(game, "topic war", "play 1", "withdraw", "play 2", "withdraw", "skip", "give 1")
    bot = Heuristic()
    while True:
        after = game.clone()
        after.apply(bot.choose(after, after.legal_actions()))
        if after.round == 2:
            return game
        game = after


def test_a_round_s_end_holds_its_story_on_the_table_until_the_player_goes_on() -> None:
    game = round_nearly_over()
    occupants = ("human", "normal", "normal", "human", "human")
    model = playing(game, occupants=occupants)
    last = Heuristic().choose(game, game.legal_actions())
    if game.to_move != 0:
        model, effects = update(model, Thought(game.moves, str(last)), "")
    else:
        model, effects = update(model, Act(str(last)), "")
    assert model.game is not None and model.game.round == 2 and model.story == 1
    assert computer_to_move(model) is None and forced_to_move(model) is None
    assert not [e for e in effects if isinstance(e, Think)], "the computers wait for the story"
    page = Page(view(model))
    text = plain(page.all_text())
    assert "Round 1 is over" in text
    assert "Cassius gave War to Brutus: it cancelled their Rebellion" in text
    assert text.count("Livia passed Imperium into law") == 2
    assert "Round 2: Ludi Gladiatorum is in force." in text
    assert "go-on" in page.values("data-msg") and page.values("data-action") == []
    story = round_story(model.game, 1)
    assert story is not None and story.scores == tuple(tuple(s) for s in model.game.scores())
    restored, _ = init(persist(model))
    assert restored.story == 1 and "Round 1 is over" in Page(view(restored)).all_text()
    forged = json.loads(persist(model)[SAVE_KEY] or "")
    forged["shown"]["story"] = 7
    assert init({SAVE_KEY: json.dumps(forged)})[0].story == 0
    on, effects = update(model, control("go-on"), "")
    assert on.story == 0 and "Round 1 is over" not in Page(view(on)).all_text()
    if computer_to_move(on):
        assert [e for e in effects if isinstance(e, Think)], "play goes on"
    assert on.game is not None
    nxt = str(Heuristic().choose(on.game, on.game.legal_actions()))
    moved = updated(on, Thought(on.game.moves, nxt) if on.game.to_move else Act(nxt))
    assert moved.game is not on.game and moved.story == 0, "the story is told once"
    # A stale wait does not dismiss a later story; nothing to go on from is no change.
    assert updated(model, GoOn(2)).story == 1 and updated(on, control("go-on")) == on


def test_a_watched_table_holds_the_story_a_set_time_and_instant_play_not_at_all() -> None:
    game = round_nearly_over()
    last = str(Heuristic().choose(game, game.legal_actions()))
    computers = ("normal",) * 5
    model, effects = update(playing(game, occupants=computers), Thought(game.moves, last), "")
    assert model.story == 1
    (wait,) = [e for e in effects if isinstance(e, After) and isinstance(e.msg, GoOn)]
    assert wait.msg == GoOn(1) and wait.seconds == model.setup.pace.hold * 5
    gone, effects = update(model, wait.msg, "")
    assert gone.story == 0 and [e for e in effects if isinstance(e, Think)]
    instant = playing(game, occupants=computers, setup=Setup(speed="instant"))
    assert update(instant, Thought(game.moves, last), "")[0].story == 0
    # Coming back to a position (an undo, a reload) tells no story.
    assert updated(playing(model.game, occupants=computers), control("go-on")).story == 0


def test_the_end_screen_tells_how_the_game_went_round_by_round() -> None:
    game = round_nearly_over()
    bot = Heuristic()
    while game.decision != "over":
        game.apply(bot.choose(game, game.legal_actions()))
    page = Page(view(Model(screen="end", game=game)))
    text = plain(page.all_text())
    assert "How the game went" in text
    assert all(f"Round {n}" in text for n in (1, 2, 3))
    assert "Cassius gave War to Brutus: it cancelled their Rebellion" in text


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
