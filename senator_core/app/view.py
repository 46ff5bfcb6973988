"""What the page shows for a model: the screen it is on, as escaped HTML with stable hooks.

Each screen is drawn by its feature's view: the title (`setup.title`), the set-up
(`setup.view`), the table (`play.view`, its parts in `play.table`, `play.hand`,
`play.scoreboard`, `play.log`, `play.story`), the end (`play.end`), the replay
(`replay.view`, with `review.view` beside it), the games played (`history.view`)
and the online lobby (`online.view`); `ui.pieces` holds what they share. Here they
are put together with what stands over every screen: the language picker, the
warnings that stay (`keeping.view`) and the notice.
"""

from __future__ import annotations

from ..i18n import _, use
from .days.view import lobby_screen as days_lobby
from .derived import computer_to_move, watched
from .history.view import history_screen
from .keeping.view import alert
from .model import Model
from .online.view import lobby_screen
from .play.end import end_screen
from .play.view import game_screen
from .replay.view import jumps, replay_controls
from .review.view import review_panel
from .setup.title import title_screen
from .setup.view import setup_screen
from .ui.html import Markup, h
from .ui.pieces import language_picker


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
    elif model.screen == "lobby" and model.days is not None:
        body = days_lobby(model)
    else:
        body = title_screen(model)
    return h(
        "div",
        {"id": "app"},
        not table_shown and h("div", {"class": "corner"}, language_picker(model)),
        body,
        alert(model),
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
