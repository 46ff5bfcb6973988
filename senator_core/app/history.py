"""The games kept on this browser: newest first, each to watch, save or delete, with the
figures of all of them."""

from __future__ import annotations

from .html import Markup, h
from .model import HUMAN, Model
from .pieces import colour_badge, icon
from .saves import Kept, statistics

LEVEL_NAMES = {"easy": "Easy", "normal": "Normal", "hard": "Hard", "random": "Random",
               "heuristic": "Heuristic"}  # fmt: skip


def when(stamp: str) -> str:
    """An ISO time as a short date and time ("2026-12-01 09:30"), or "" if unknown."""
    return stamp[:16].replace("T", " ") if len(stamp) >= 16 else stamp[:10]


def _row(model: Model, index: int, game: Kept) -> Markup:
    result = game.result
    names = game.names
    kinds = game.kinds
    colours = game.colours
    winners = set(result["winners"]) if result else set()
    scores = result["scores"] if result else None
    confirming = model.confirm == f"forget-{index}"
    seats = [
        h(
            "li",
            {"class": "kept-seat" + (" winner" if s in winners else "")},
            colour_badge(colours[s], s, names[s]),
            " ",
            kinds[s] != HUMAN
            and h("span", {"class": "seat-kind"}, f"({LEVEL_NAMES.get(kinds[s], kinds[s])})"),
            scores is not None and h("span", {"class": "kept-score"}, f" {scores[s][0]}"),
            s in winners and h("span", {"class": "mark"}, " victor"),
        )
        for s in range(len(names))
    ]  # fmt: skip
    return h(
        "li",
        {"class": "kept-game", "data-kept": index},
        h(
            "p",
            {"class": "kept-head"},
            h("span", {"class": "kept-date"}, when(game.finished) or "Undated"),
            result is None and h("span", {"class": "mark unfinished"}, "unfinished"),
            game.undos > 0 and h("span", {"class": "mark undo-used"}, "undo used"),
        ),
        h("ul", {"class": "kept-seats"}, seats),
        h(
            "div",
            {"class": "kept-actions"},
            h(
                "button",
                {"type": "button", "data-msg": "watch-kept", "data-value": index},
                "Watch" if result else "Watch or play on",
            ),
            h(
                "button",
                {"type": "button", "data-msg": "export", "data-value": f"kept-{index}"},
                "Save as file",
            ),
            confirming
            and h(
                "span",
                {"class": "confirm", "role": "group", "aria-label": "Delete this game?"},
                "Delete for good? ",
                h(
                    "button",
                    {"type": "button", "class": "danger", "data-msg": "forget-yes",
                     "data-value": index},
                    "Delete",
                ),
                h("button", {"type": "button", "data-msg": "forget-no"}, "Keep"),
            ),
            not confirming
            and h(
                "button",
                {"type": "button", "data-msg": "forget", "data-value": index},
                "Delete",
            ),
        ),
    )  # fmt: skip


def history_screen(model: Model) -> Markup:
    games = model.history
    figures = statistics(games)
    levels = [
        h(
            "li",
            None,
            f"Against {LEVEL_NAMES.get(level, level)} computers: {won} won of {played}",
        )
        for level, played, won in figures.levels
    ]
    return h(
        "main",
        {"class": "screen screen-history", "data-screen": "history"},
        h("div", {"class": "title-art", "aria-hidden": "true"},
          icon("imperium", "", "icon icon-hero")),
        h("h1", None, "Games played"),
        h(
            "div",
            {"class": "history-figures"},
            h(
                "p",
                None,
                f"{figures.played} game{'' if figures.played == 1 else 's'} finished",
                figures.unfinished > 0 and f", {figures.unfinished} unfinished",
                " on this browser.",
            ),
            levels and h("ul", {"class": "level-figures"}, levels),
        ),
        h(
            "div",
            {"class": "title-actions"},
            h("button", {"type": "button", "data-msg": "import-file"}, "Open a game file"),
            games and h("button", {"type": "button", "data-msg": "export", "data-value": "all"},
                        "Save all as a file"),
            h("button", {"type": "button", "data-msg": "title"}, "Title screen"),
        ),
        games
        and h("ol", {"class": "kept-games"}, [_row(model, i, g) for i, g in enumerate(games)]),
        not games
        and h("p", {"class": "hint"}, "Finished games appear here, newest first."),
    )  # fmt: skip
