"""The application: one model, `update(model, msg)` and `view(model)`, all pure Python.

The browser adapter (web/main.py) renders what `view` returns, turns clicks on
`data-action` / `data-msg` controls into `Act` / `Cmd` messages, and stores
what `persist` returns; nothing here touches the browser.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..actions import IllegalActionError
from ..config import GameConfig
from ..game import Game, new_game
from .html import Markup, classes, h
from .text import (
    CARD_NAMES,
    EVENT_EFFECTS,
    EVENT_NAMES,
    KIND_NAMES,
    action_label,
    cards_text,
    describe,
    kinds_text,
)

__all__ = ["Act", "Cmd", "Model", "load_saved", "persist", "update", "view"]

SCREENS = ("title", "game", "end")
LOG_LINES = 14


@dataclass(frozen=True)
class Act:
    """Perform a game action, given by its notation (a `data-action` control)."""

    text: str


@dataclass(frozen=True)
class Cmd:
    """Anything else a control asks for (a `data-msg` control): new-game, continue, title."""

    name: str


Msg = Act | Cmd


@dataclass(frozen=True)
class Model:
    """Everything the page shows. The game is never changed in place: `update` works
    on a copy, so an old model stays as it was."""

    screen: str = "title"
    game: Game | None = None
    notice: str | None = None


def load_saved(text: str | None) -> tuple[Model, bool]:
    """The model to start from, given the saved game text (or None).

    Returns the model and whether the save was unreadable (the adapter keeps
    such a save aside rather than losing it).
    """
    if not text:
        return Model(), False
    try:
        game = Game.from_json(text)
    except ValueError:
        return Model(notice="The saved game could not be read; it has been set aside."), True
    if game.decision == "over":
        return Model(), False
    return Model(game=game), False


def persist(model: Model) -> str | None:
    """What to save: the game in progress as JSON, or None to clear the save."""
    game = model.game
    if game is None or game.decision == "over":
        return None
    return game.to_json()


def update(model: Model, msg: Msg) -> Model:
    """The model after a message; bad messages leave the game as it was, with a notice."""
    if isinstance(msg, Act):
        game = model.game
        if game is None or model.screen != "game":
            return replace(model, notice="There is no game in progress.")
        moved = game.clone()
        try:
            moved.apply(msg.text)
        except IllegalActionError as err:
            return replace(model, notice=str(err))
        screen = "end" if moved.decision == "over" else "game"
        return Model(screen=screen, game=moved)
    if msg.name == "new-game":
        return Model(screen="game", game=new_game(GameConfig(players=4)))
    if msg.name == "continue":
        if model.game is None:
            return replace(model, notice="There is no game to continue.")
        screen = "end" if model.game.decision == "over" else "game"
        return Model(screen=screen, game=model.game)
    if msg.name == "title":
        return Model(screen="title", game=model.game)
    if msg.name == "dismiss":
        return replace(model, notice=None)
    return replace(model, notice=f"Unknown command {msg.name!r}.")


# --------------------------------------------------------------------------- view


def view(model: Model) -> Markup:
    """The whole page for a model: one root element carrying `data-screen`."""
    if model.screen == "game" and model.game is not None:
        body = _game_screen(model.game)
    elif model.screen == "end" and model.game is not None:
        body = _end_screen(model.game)
    else:
        body = _title_screen(model)
        return h("div", {"id": "app"}, body)
    return h("div", {"id": "app"}, body, _notice(model.notice))


def _notice(text: str | None) -> Markup | None:
    if not text:
        return None
    return h(
        "div",
        {"class": "notice", "role": "alert"},
        h("p", None, text),
        h("button", {"type": "button", "data-msg": "dismiss"}, "Dismiss"),
    )


def _title_screen(model: Model) -> Markup:
    game = model.game
    resume = game is not None and game.decision != "over"
    return h(
        "main",
        {"class": "screen screen-title", "data-screen": "title"},
        h("h1", {"class": "title"}, "Senator"),
        h("p", {"class": "tagline"}, "The card game of Roman politics"),
        _notice(model.notice),
        h(
            "div",
            {"class": "title-actions"},
            resume
            and h(
                "button",
                {"type": "button", "class": "primary", "data-msg": "continue"},
                "Continue the game",
            ),
            h(
                "button",
                {"type": "button", "class": None if resume else "primary", "data-msg": "new-game"},
                "New game",
            ),
        ),
    )


def _seat_name(game: Game, seat: int) -> Markup:
    return h("span", {"class": f"seat seat-{seat}"}, game.names[seat])


def _status(game: Game) -> Markup:
    event = game.event
    veto = "in the centre" if game.veto is None else game.names[game.veto]
    return h(
        "header",
        {"class": "status"},
        h("span", {"class": "round"}, f"Round {game.round} of 3"),
        h(
            "span",
            {"class": "event", "title": EVENT_EFFECTS[event] if event else None},
            f"Event: {EVENT_NAMES[event]}" if event else "No event",
        ),
        h("span", {"class": "forum"}, f"Forum: {game.forum_size} tokens"),
        h("span", {"class": "veto"}, f"Veto: {veto}"),
        h("span", {"class": "consuls"}, f"Consuls up: {game.consuls_up}"),
    )


def _docket(game: Game) -> Markup:
    tokens = [h("li", {"class": f"token token-{k}"}, KIND_NAMES[k]) for k in game.docket]
    tokens += [h("li", {"class": "token token-consul"}, "Consul") for _ in range(game.consuls_up)]
    return h(
        "section",
        {"class": "docket", "aria-label": "Docket"},
        h("h2", None, "Docket"),
        h("ul", {"class": "tokens"}, tokens or h("li", {"class": "empty"}, "empty")),
    )


def _players(game: Game) -> Markup:
    rows = []
    scores = game.scores()
    for seat in range(game.players):
        hand = game.hand(seat)
        held = " ".join(CARD_NAMES[c] for c in hand for _ in range(hand[c])) or "none"
        discards = game.discards(seat)
        dropped = " ".join(CARD_NAMES[c] for c in discards for _ in range(discards[c]))
        in_play = game.in_play(seat)
        if game.topic is not None and game.decision == "debate" and game.withdrawn(seat):
            floor = "withdrew"
        elif in_play:
            floor = f"{cards_text(in_play)} = {game.total(seat)}"
        else:
            floor = ""
        total, imperium, passed = scores[seat]
        rows.append(
            h(
                "tr",
                {
                    "class": classes("player", game.to_move == seat and "to-move"),
                    "data-seat": seat,
                },
                h("th", {"scope": "row"}, _seat_name(game, seat),
                  game.opener == seat and h("span", {"class": "mark"}, " opener"),
                  game.veto == seat and h("span", {"class": "mark"}, " veto")),
                h("td", {"class": "hand"}, held),
                h("td", {"class": "in-play"}, floor),
                h("td", {"class": "discards"}, dropped),
                h("td", {"class": "proposed"}, kinds_text(game.proposed(seat))),
                h("td", {"class": "passed"}, kinds_text(game.passed(seat))),
                h("td", {"class": "score"}, f"{total} ({imperium} imp, {passed} passed)"),
            )
        )  # fmt: skip
    head = h(
        "tr",
        None,
        [
            h("th", {"scope": "col"}, label)
            for label in ("Senator", "Hand", "In play", "Discards", "Proposed", "Passed", "Score")
        ],
    )
    return h(
        "section",
        {"class": "players", "aria-label": "Players"},
        h("table", None, h("thead", None, head), h("tbody", None, rows)),
    )


def _prompt(game: Game) -> str:
    seat = game.to_move
    assert seat is not None
    name = game.names[seat]
    topic = game.topic
    decision = game.decision
    if decision == "topic":
        return f"{name}: choose the topic of the next debate."
    if decision == "debate":
        assert topic is not None
        high = max(game.total(s) for s in range(game.players))
        return f"{name}: raise above {high}, play the Assassin or withdraw ({KIND_NAMES[topic]})."
    assert topic is not None
    if decision == "power":
        return f"{name} won {KIND_NAMES[topic]}: use its power or skip it."
    if decision == "award":
        return f"{name}: give the {KIND_NAMES[topic]} token to a senator."
    return f"{name}: veto the {KIND_NAMES[topic]} token, or accept it."


def _decision(game: Game) -> Markup:
    seat = game.to_move
    assert seat is not None
    mine = game.total(seat)
    buttons = [
        h(
            "button",
            {"type": "button", "class": f"choice choice-{a.verb}", "data-action": str(a)},
            action_label(str(a), mine, game.names),
        )
        for a in game.legal_actions()
    ]
    return h(
        "section",
        {"class": "decision", "aria-label": "Decision"},
        h("p", {"class": "prompt"}, _prompt(game)),
        h("div", {"class": "choices"}, buttons),
    )


def _log(game: Game) -> Markup:
    lines = [text for e in game.log if (text := describe(e, game.names)) is not None]
    return h(
        "section",
        {"class": "log", "aria-label": "What happened"},
        h("h2", None, "What happened"),
        h(
            "ol",
            {"class": "log-lines", "aria-live": "polite"},
            [h("li", None, line) for line in lines[-LOG_LINES:]],
        ),
    )


def _game_screen(game: Game) -> Markup:
    topic = game.topic
    return h(
        "main",
        {"class": "screen screen-game", "data-screen": "game"},
        _status(game),
        _docket(game),
        h(
            "section",
            {"class": "floor", "aria-label": "The senate floor"},
            h("h2", None, f"Debating: {KIND_NAMES[topic]}" if topic else "Between debates"),
        ),
        _decision(game),
        _players(game),
        _log(game),
        h(
            "nav",
            {"class": "game-menu"},
            h("button", {"type": "button", "data-msg": "title"}, "Menu"),
        ),
    )


def _end_screen(game: Game) -> Markup:
    scores = game.scores()
    winners = game.winners()
    order = sorted(range(game.players), key=lambda s: scores[s], reverse=True)
    rows = [
        h(
            "tr",
            {"class": classes("result", s in winners and "winner"), "data-seat": s},
            h("th", {"scope": "row"}, _seat_name(game, s)),
            h("td", None, scores[s][0]),
            h("td", None, scores[s][1]),
            h("td", None, scores[s][2]),
        )
        for s in order
    ]
    names = " and ".join(game.names[s] for s in winners)
    headline = f"{names} share the victory" if len(winners) > 1 else f"{names} wins"
    return h(
        "main",
        {"class": "screen screen-end", "data-screen": "end"},
        h("h1", None, "The game is over"),
        h("p", {"class": "winners"}, headline),
        h(
            "table",
            {"class": "results"},
            h(
                "thead",
                None,
                h(
                    "tr",
                    None,
                    [
                        h("th", {"scope": "col"}, t)
                        for t in ("Senator", "Tokens", "Imperium", "Passed")
                    ],
                ),
            ),
            h("tbody", None, rows),
        ),
        h(
            "div",
            {"class": "title-actions"},
            h(
                "button",
                {"type": "button", "class": "primary", "data-msg": "new-game"},
                "Play again",
            ),
            h("button", {"type": "button", "data-msg": "title"}, "Title screen"),
        ),
        _log(game),
    )
