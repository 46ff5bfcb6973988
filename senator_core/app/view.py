"""What the page shows for a model: the screen it is on, as escaped HTML with stable hooks.

Each part of the screen is drawn by a module of its own: `title`, `setup_form`,
`table` (the bar, the seats and the middle of the table), `hand` (the decision
and the hand of the senator to act), `scoreboard`, `log`, `end` and `help`;
`pieces` holds what they share.
"""

from __future__ import annotations

from ..game import Game
from ..i18n import _, ngettext, use
from ..rules import KINDS
from .derived import computer_to_move, humans, just_happened, watched
from .help.view import rules_help
from .history.view import history_screen
from .lesson.line import coaching
from .lesson.view import coach_hold, coach_note
from .model import Model
from .online.update import mine
from .online.view import lobby_screen, table_side
from .play.end import end_screen, share_section
from .play.hand import HINT_SHOWN, decision_section, thinking_section, waiting_section
from .play.log import log_section
from .play.scoreboard import scoreboard, tie_break_steps
from .play.story import round_story, view_story
from .play.table import Fresh, centre, seat_board, seating, top_bar, turn_banner
from .replay.view import jumps, replay_controls
from .review.view import log_marks, review_panel
from .setup.title import title_screen
from .setup.view import setup_screen
from .ui.html import Markup, classes, h, keyed
from .ui.motion import moves
from .ui.pieces import SEAT_COLOURS, kind_icon, language_picker
from .ui.text import (
    DECISION_TITLES,
    EVENT_NAMES,
    KIND_NAMES,
    OCCUPANT_LABELS,
    SPEED_LABELS,
    VARIANT_LABELS,
    VARIANT_TEXT,
    plain_list,
)

__all__ = [
    "DECISION_TITLES",
    "HINT_SHOWN",
    "OCCUPANT_LABELS",
    "SEAT_COLOURS",
    "SPEED_LABELS",
    "VARIANT_LABELS",
    "VARIANT_TEXT",
    "page_title",
    "tie_break_steps",
    "view",
]


def forum_panel(game: Game) -> Markup:
    forum = game.forum
    rows = [
        h("li", None, kind_icon(k, "icon icon-token"), f" {KIND_NAMES[k]}: {forum[k]}")
        for k in KINDS
    ]
    deck = game.event_deck
    return h(
        "section",
        {"class": "panel forum-panel", "aria-label": _("The forum")},
        h(
            "h2",
            None,
            ngettext(
                "The forum holds {n} token", "The forum holds {n} tokens", game.forum_size
            ).format(n=game.forum_size),
        ),
        h("p", {"class": "hint"}, _("Known by elimination; the order is unknown (R9).")),
        h("ul", {"class": "forum-list"}, rows),
        deck
        and h(
            "p",
            {"class": "hint"},
            _("Events still to come: {events}").format(
                events=plain_list([EVENT_NAMES[e] for e in deck])
            ),
        ),
    )


def game_screen(
    model: Model, game: Game, controls: Markup | None = None, review: Markup | None = None
) -> Markup:
    """The table; with `controls`, a replay's: they stand where the decision would,
    and its `review` beside the table."""
    found = moves(just_happened(model))
    fresh = Fresh(found)
    around, own = seating(model, game)
    level = computer_to_move(model) if controls is None else None
    solo = len(humans(model.occupants, game.players)) == 1
    elsewhere = (
        model.online is not None and game.to_move is not None and not mine(model, game.to_move)
    )
    coached = coaching(model) if controls is None else None
    watch = model.watch
    marks = log_marks(model, watch) if review is not None and watch is not None else ()
    story = round_story(game, model.story) if controls is None and model.story else None
    if coached is not None and coached.kind == "strayed":
        controls = coach_hold(coached)  # what the move did is shown before the round's end
    elif story is not None:
        controls = view_story(model, game, story)
    elif coached is not None and coached.kind == "note":
        controls = coach_hold(coached)
    elif controls is None and elsewhere:
        controls = waiting_section(model, game)
    elif controls is None:
        controls = thinking_section(model, game, level) if level else decision_section(model, game)
    return h(
        "main",
        {
            "class": classes(
                "screen screen-game",
                f"players-{game.players}",
                solo and "solo",
                model.panel and f"open-{model.panel}",
                model.screen == "replay" and "replaying",
            ),
            "data-screen": "replay" if model.screen == "replay" else "game",
        },
        keyed(top_bar(model, game)),
        h(
            "div",
            {"class": "game-layout"},
            h(
                "section",
                {"class": "table", "aria-label": _("The table")},
                h(
                    "div",
                    {"class": "seats-around"},
                    [keyed(seat_board(model, game, s, fresh)) for s in around],
                ),
                keyed(centre(model, game, fresh)),
                own is not None and keyed(seat_board(model, game, own, fresh, own=True)),
                coached is not None and coached.kind == "move" and coach_note(coached, False),
                keyed(controls),
                # Last: it comes and goes, and the page keeps what stands before it as it is.
                # (It is drawn over the top bar, wherever it stands here.)
                model.screen != "replay" and turn_banner(model, game),
            ),
            h(
                "aside",
                {"class": "side"},
                coached is not None and coached.kind == "move" and coach_note(coached, True),
                keyed(scoreboard(model, game)),
                model.screen != "replay" and table_side(model, game),
                keyed(review),
                keyed(log_section(model, game, jump=model.screen == "replay", marks=marks)),
                model.screen != "replay" and keyed(share_section(model, game)),
                language_picker(model, "narrow-only"),
            ),
        ),
        model.panel == "forum" and keyed(forum_panel(game)),
        model.panel == "rules" and keyed(rules_help(game.variants)),
    )


def page_title(model: Model) -> str:
    """The browser tab's title: it says so while a human is to act."""
    game = model.game
    human_to_act = (
        model.screen == "game"
        and game is not None
        and game.to_move is not None
        and not computer_to_move(model)
    )
    # Translators: the browser tab's title; "Senator" is the game's name.
    return _("Your turn · Senator") if human_to_act else _("Senator")


def _alert(model: Model) -> Markup | None:
    """A warning that stays until it is dealt with: the browser keeps nothing, or
    another tab has played on."""
    if model.alert == "storage":
        return h(
            "div",
            {"class": "notice alert", "role": "alert", "data-alert": "storage"},
            h(
                "p",
                None,
                _(
                    "This browser is not keeping your games: its storage is full or switched "
                    "off. Play goes on, but the game will be lost when this page closes; save "
                    "it as a file to keep it."
                ),
            ),
            model.game is not None
            and h("button", {"type": "button", "data-msg": "export", "data-value": "game"},
                  _("Save as file")),
            h("button", {"type": "button", "data-msg": "dismiss-alert"}, _("Dismiss")),
        )  # fmt: skip
    if model.alert == "stale":
        return h(
            "div",
            {"class": "notice alert", "role": "alert", "data-alert": "stale"},
            h(
                "p",
                None,
                _(
                    "This game was played on in another tab of Senator. This tab no longer "
                    "saves it, so that the newer game is not lost."
                ),
            ),
            h(
                "button",
                {"type": "button", "class": "primary", "data-msg": "load-newer"},
                _("Load the newer game") if model.newer else _("Go to the title screen"),
            ),
        )
    return None


def _notice(text: str | None) -> Markup | None:
    if not text:
        return None
    return h(
        "div",
        {"class": "notice", "role": "alert"},
        h("p", None, text),
        h("button", {"type": "button", "data-msg": "dismiss"}, _("Dismiss")),
    )


def view(model: Model) -> Markup:
    """The whole page for a model, in its language: one root element carrying
    `data-screen`."""
    use(model.lang)
    game = model.game
    table_shown = False  # the table has the language picker in its bar; other screens, a corner
    if model.screen == "game" and game is not None and game.decision != "over":
        body = game_screen(model, game)
        table_shown = True
    elif model.screen in ("game", "end") and game is not None and game.decision == "over":
        body = end_screen(model, game)
    elif model.screen == "replay" and model.watch is not None:
        shown = watched(model)
        assert shown.game is not None
        panel = review_panel(model, jumps(model.watch))
        body = game_screen(shown, shown.game, replay_controls(model, shown), panel)
        table_shown = True
    elif model.screen == "history":
        body = history_screen(model)
    elif model.screen == "setup":
        body = setup_screen(model)
    elif model.screen == "lobby" and model.online is not None:
        body = lobby_screen(model)
    else:
        body = title_screen(model)
    return h(
        "div",
        {"id": "app"},
        not table_shown and h("div", {"class": "corner"}, language_picker(model)),
        body,
        _alert(model),
        _notice(model.notice),
        h(
            "input",
            {
                "type": "file",
                "id": "import-file",
                "class": "sr",
                "accept": ".json,application/json",
                "tabindex": -1,
                "aria-hidden": "true",
            },
        ),
    )
