"""What stays over every screen about what the browser keeps: the warning that it
keeps nothing, or that another tab played on."""

from __future__ import annotations

from ...i18n import _
from ..model import Model
from ..ui.html import Markup, h


def alert(model: Model) -> Markup | None:
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
