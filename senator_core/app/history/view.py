"""The games kept on this browser: newest first, each to watch, save or delete, with the
figures of all of them."""

from __future__ import annotations

from ...i18n import _, ngettext, pgettext
from ...records import HUMAN
from ...review import kept_accuracies
from ..keeping.saves import Kept, statistics
from ..model import Model
from ..ui.html import Markup, h, raw
from ..ui.pieces import colour_badge, icon


def level_name(level: str) -> str:
    """A computer player's level in words ("Easy"); an unknown level as it is."""
    names = {
        "easy": pgettext("computer level", "Easy"),
        "normal": pgettext("computer level", "Normal"),
        "hard": pgettext("computer level", "Hard"),
        "expert": pgettext("computer level", "Expert"),
        "random": pgettext("computer level", "Random"),
        "heuristic": pgettext("computer level", "Heuristic"),
    }
    return names.get(level, level)


def when(stamp: str) -> str:
    """An ISO time as a short date and time in the language's way ("2026-12-01 09:30"
    in English), or "" if it is not one."""
    if len(stamp) < 16 or not stamp[:4].isdigit():
        return ""
    # Translators: a date and time as this language writes it with numbers, e.g.
    # "{day}.{month}.{year}, {hour}:{minute}".
    return _("{year}-{month}-{day} {hour}:{minute}").format(
        year=stamp[0:4], month=stamp[5:7], day=stamp[8:10], hour=stamp[11:13], minute=stamp[14:16]
    )


def _row(model: Model, index: int, game: Kept, accuracy: dict[int, float]) -> Markup:
    """Game `index` of the history, with each rated seat's `accuracy` in its review."""
    result = game.result
    names = game.names
    occupants = game.occupants
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
            occupants[s] != HUMAN
            and h("span", {"class": "seat-occupant"}, f"({level_name(occupants[s])})"),
            scores is not None and h("span", {"class": "kept-score"}, f" {scores[s][0]}"),
            s in winners and h("span", {"class": "mark"}, " ", pgettext("result", "victor")),
            s in accuracy and h("span", {"class": "kept-accuracy"}, " · ",
                                _("accuracy {accuracy}").format(accuracy=f"{accuracy[s]:.0%}")),
        )
        for s in range(len(names))
    ]  # fmt: skip
    return h(
        "li",
        {"class": "kept-game", "data-kept": index},
        h(
            "p",
            {"class": "kept-head"},
            h("span", {"class": "kept-date"}, when(game.finished) or _("Undated")),
            result is None and h("span", {"class": "mark unfinished"},
                                 # Translators: marks a kept game not played to its end.
                                 pgettext("game", "unfinished")),
            game.undos > 0 and h("span", {"class": "mark undo-used"}, _("undo used")),
        ),
        h("ul", {"class": "kept-seats"}, seats),
        h(
            "div",
            {"class": "kept-actions"},
            h(
                "button",
                {"type": "button", "data-msg": "watch-kept", "data-value": index},
                _("Watch") if result else _("Watch or play on"),
            ),
            result and h(
                "button",
                {"type": "button", "data-msg": "review", "data-value": f"kept-{index}"},
                _("Open the review") if accuracy else _("Review"),
            ),
            h(
                "button",
                {"type": "button", "data-msg": "export", "data-value": f"kept-{index}"},
                _("Save as file"),
            ),
            confirming
            and h(
                "span",
                {"class": "confirm", "role": "group", "aria-label": _("Delete this game?")},
                _("Delete for good?"),
                " ",
                h(
                    "button",
                    {"type": "button", "class": "danger", "data-msg": "forget-yes",
                     "data-value": index},
                    _("Delete"),
                ),
                h("button", {"type": "button", "data-msg": "forget-no"}, _("Keep")),
            ),
            not confirming
            and h(
                "button",
                {"type": "button", "data-msg": "forget", "data-value": index},
                _("Delete"),
            ),
        ),
    )  # fmt: skip


TREND_GAMES = 10  # the reviewed games a player's accuracy is followed over


def accuracy_trend(games: tuple[Kept, ...], accuracies: list[dict[int, float]]) -> Markup | None:
    """For each person by name, their accuracy over their last reviewed games, oldest
    first: the figures and a small line."""
    found: dict[str, list[float]] = {}
    # The history is newest first.
    for game, accuracy in zip(reversed(games), reversed(accuracies), strict=True):
        for seat, name in enumerate(game.names):
            if seat in accuracy and game.occupants[seat] == HUMAN:
                found.setdefault(name, []).append(accuracy[seat])
    if not found:
        return None
    rows = []
    for name, values in sorted(found.items(), key=lambda item: -len(item[1])):
        last = values[-TREND_GAMES:]
        rows.append(
            h(
                "li",
                {"class": "trend"},
                h("span", {"class": "trend-name"}, name),
                " ",
                _sparkline(last),
                " ",
                " → ".join(f"{value:.0%}" for value in last),
            )
        )
    return h(
        "section",
        {"class": "accuracy-trend"},
        h("h2", None, _("Accuracy in reviewed games")),
        h("ul", None, rows),
    )


def _sparkline(values: list[float]) -> Markup:
    low, high = min(values), max(values)
    span = max(high - low, 0.01)
    step = 80 / max(len(values) - 1, 1)
    points = " ".join(
        f"{round(i * step, 1)},{round(18 - 16 * (v - low) / span + 1, 1)}"
        for i, v in enumerate(values)
    )
    return raw(
        '<svg class="sparkline" viewBox="0 0 80 20" aria-hidden="true" focusable="false">'
        f'<polyline fill="none" points="{points}"/></svg>'
    )


def history_screen(model: Model) -> Markup:
    games = model.history
    figures = statistics(games)
    # Each game's accuracies, read once from its review for its row and the trend.
    accuracies = [kept_accuracies(game.data.get("review")) for game in games]
    levels = [
        h(
            "li",
            None,
            # Translators: {level} is a computer level such as "Easy" (context "computer level").
            _("Against {level} computers: {won} won of {played}").format(
                level=level_name(level), won=won, played=played
            ),
        )
        for level, played, won in figures.levels
    ]
    finished = ngettext("{n} game finished", "{n} games finished", figures.played).format(
        n=figures.played
    )
    unfinished = figures.unfinished
    if unfinished > 0:
        # Translators: {finished} is "{n} games finished"; {unfinished} is "{n} unfinished".
        kept = _("{finished}, {unfinished} on this browser.").format(
            finished=finished,
            # Translators: the number of games kept that were not played to their end.
            unfinished=ngettext("{n} unfinished", "{n} unfinished", unfinished).format(
                n=unfinished
            ),
        )
    else:
        # Translators: {finished} is "{n} games finished".
        kept = _("{finished} on this browser.").format(finished=finished)
    return h(
        "main",
        {"class": "screen screen-history", "data-screen": "history"},
        h("div", {"class": "title-art", "aria-hidden": "true"},
          icon("imperium", "", "icon icon-hero")),
        h("h1", None, _("Games played")),
        h(
            "div",
            {"class": "history-figures"},
            h("p", None, kept),
            levels and h("ul", {"class": "level-figures"}, levels),
            accuracy_trend(games, accuracies),
        ),
        h(
            "div",
            {"class": "title-actions"},
            h("button", {"type": "button", "data-msg": "import-file"}, _("Open a game file")),
            games and h("button", {"type": "button", "data-msg": "export", "data-value": "all"},
                        _("Save all as a file")),
            h("button", {"type": "button", "data-msg": "title"}, _("Title screen")),
        ),
        games
        and h(
            "ol",
            {"class": "kept-games"},
            [_row(model, i, g, accuracies[i]) for i, g in enumerate(games)],
        ),
        not games
        and h("p", {"class": "hint"}, _("Finished games appear here, newest first.")),
    )  # fmt: skip
