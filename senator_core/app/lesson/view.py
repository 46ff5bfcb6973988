"""The guided first game's coach as the table shows it: what it says beside the
decision, the part of the table it points at, and its choices when it holds the
table (go on, take the move back, play on alone). What it says is `lesson.coaching`."""

from __future__ import annotations

from ...i18n import _
from ..ui.html import Markup, classes, h
from .line import Coaching


def _pointer(coached: Coaching) -> Markup | None:
    """A rule that rings the part of the table the coach points at, and the control
    of the move it suggests (inside its edge: a row of bids scrolls, and would cut a
    ring drawn outside). Both names come from the lesson's own table (a place of the
    table, an action's notation), never from a player."""
    rules = []
    if coached.place:
        rules.append(f'[data-place="{coached.place}"]{{{_RING};outline-offset:3px}}')
    if coached.kind == "move" and coached.suggest:
        rules.append(f'.decision [data-action="{coached.suggest}"]{{{_RING};outline-offset:-4px}}')
    if not rules:
        return None
    return h("style", {"class": "coach-pointer"}, "".join(rules))


_RING = "outline:3px solid var(--coach);border-radius:8px"


def _head() -> Markup:
    return h(
        "header",
        {"class": "coach-head"},
        # Translators: the guided first game's coach, who explains the game as it goes.
        h("h2", None, _("Learn to play")),
    )


def coach_note(coached: Coaching, wide: bool) -> Markup:
    """At a move of the lesson's line: what to look at, and the move suggested (its
    control ringed). Drawn twice, and shown once: at the top of the side column on
    a wide screen (`wide`), where the table and the decision keep their room, and
    above the decision on a narrow one."""
    return h(
        "section",
        {
            "class": classes("coach", "coach-wide" if wide else "coach-narrow"),
            "aria-label": _("Learn to play"),
            "data-coach": coached.kind,
            "data-suggest": coached.suggest,
        },
        _head(),
        h("p", {"class": "coach-says", "role": "status"}, coached.says),
        coached.suggest
        and h(
            "p",
            {"class": "coach-move"},
            _("Suggested: {move}").format(move=coached.label),
        ),
        wide and _pointer(coached),
    )


def coach_hold(coached: Coaching) -> Markup:
    """In the decision's place while the coach holds the table: a moment to read, or a
    move that left the line, with what the player may do next."""
    if coached.kind == "note":
        choices = [
            h(
                "button",
                {"type": "button", "class": "primary", "data-msg": "coach", "data-value": "on"},
                _("Go on"),
            )
        ]
    else:
        choices = [
            h(
                "button",
                {"type": "button", "class": "primary", "data-msg": "coach", "data-value": "back"},
                _("Take it back"),
                h(
                    "span",
                    {"class": "button-note"},
                    _("Suggested: {move}").format(move=coached.label),
                ),
            ),
            h(
                "button",
                {"type": "button", "data-msg": "coach", "data-value": "alone"},
                _("Play on alone"),
                h("span", {"class": "button-note"}, _("The coach stays quiet until the end")),
            ),
        ]
    return h(
        "section",
        {
            "class": "decision coach coach-hold",
            "id": "decision",
            "aria-label": _("Learn to play"),
            "data-coach": coached.kind,
            "tabindex": -1,
        },
        _head(),
        h("p", {"class": "coach-says", "role": "status"}, coached.says),
        h("div", {"class": "choices"}, choices),
        _pointer(coached),
    )


def coach_closing(coached: Coaching) -> Markup:
    """On the end screen: the game's last lesson, and the next games to play."""
    return h(
        "section",
        {"class": "coach coach-closing", "aria-label": _("Learn to play"), "data-coach": "closing"},
        _head(),
        h("p", {"class": "coach-says"}, coached.says),
        h(
            "div",
            {"class": "choices"},
            h("button", {"type": "button", "data-msg": "quick-play"},
              _("Play against the computer")),
            h("button", {"type": "button", "data-msg": "coach", "data-value": "again"},
              _("Learn to play again")),
        ),
    )  # fmt: skip
