"""The title screen: the game's name, a quick game against the computers, and the way in."""

from __future__ import annotations

from ...i18n import _
from ..days.view import table_list
from ..help.view import rules_help
from ..history.view import level_name
from ..lesson.line import set_aside_lesson
from ..model import Model
from ..ui.html import Markup, h
from ..ui.pieces import icon
from ..ui.text import and_list
from .update import quick_levels
from .view import settings


def quick_note(model: Model) -> str:
    """Who "Play against the computer" seats you against: the computer levels of the
    last set-up ("You and three computers: Hard")."""
    levels = quick_levels(model.setup)
    names = [level_name(k) for k in levels]
    shown = names[0] if len(set(levels)) == 1 else and_list(names)
    return _("You and three computers: {levels}").format(levels=shown)


def _learn_button(model: Model, primary: bool) -> Markup:
    """The guided first game: offered first on a first visit, else beside the rules."""
    return h(
        "button",
        {"type": "button", "class": "primary" if primary else None, "data-msg": "learn"},
        _("Learn to play"),
        h(
            "span",
            {"class": "button-note"},
            _("Taken up where you left it")
            if set_aside_lesson(model.history)
            else _("A guided game against two computers"),
        ),
    )


def title_screen(model: Model) -> Markup:
    """Continue (when a game is saved), a one-tap game against three computers, the
    full set-up, and the rules."""
    game = model.game
    resume = game is not None and game.decision != "over"
    # A first visit (nothing played, nothing kept) offers the guided game first.
    first = not resume and not model.history and game is None
    learning = resume and model.lesson is not None
    return h(
        "main",
        {"class": "screen screen-title", "data-screen": "title"},
        h(
            "div",
            {"class": "title-art", "aria-hidden": "true"},
            icon("imperium", "", "icon icon-hero"),
        ),
        # Translators: the game's name.
        h("h1", {"class": "title"}, _("Senator")),
        h("p", {"class": "tagline"}, _("The card game of Roman politics, for 3 to 5 senators")),
        h(
            "div",
            {"class": "title-actions"},
            first and _learn_button(model, primary=True),
            resume
            and h(
                "button",
                {"type": "button", "class": "primary", "data-msg": "continue"},
                _("Continue the lesson") if learning else _("Continue the game"),
            ),
            h(
                "button",
                {
                    "type": "button",
                    "class": None if resume or first else "primary",
                    "data-msg": "quick-play",
                },
                _("Play against the computer"),
                h("span", {"class": "button-note"}, quick_note(model)),
            ),
            h("button", {"type": "button", "data-msg": "new-game"}, _("New game")),
            h(
                "button",
                {"type": "button", "data-msg": "online-game"},
                _("Play with friends online"),
                h("span", {"class": "button-note"}, _("Each on their own device")),
            ),
            model.history
            and h("button", {"type": "button", "data-msg": "history"}, _("Games played")),
            h("button", {"type": "button", "data-msg": "import-file"}, _("Open a game file")),
            not first and not learning and _learn_button(model, primary=False),
            h(
                "button",
                {"type": "button", "data-msg": "panel", "data-value": "rules"},
                _("Rules"),
            ),
        ),
        table_list(model),
        h("div", {"class": "title-settings"}, settings(model)),
        model.panel == "rules"
        and rules_help(model.game.variants if model.game else model.setup.variants),
    )
