"""The game log: every event as a sentence, grouped by round and by debate, newest first."""

from __future__ import annotations

from ...game import Game
from ...i18n import N_, _, ngettext, wording
from ..derived import log_of
from ..model import Model
from ..review.view import mark_badge
from ..ui.html import Markup, h, keyed
from ..ui.pieces import sentence
from ..ui.text import KIND_NAMES, describe

# After a line that a move made for a player begins: it was the only legal choice.
AUTO_NOTE = N_("(made for the player: nothing else was possible)")


# The last logs drawn: the log only grows, and most renders draw the same one again.
# Keyed by the game's last log entry (shared by every copy of the game, and kept
# here so its id stays its own) and what else the drawing depends on.
_DRAWN: dict[int, tuple[object, tuple[object, ...], Markup]] = {}
_DRAWN_KEPT = 4


def log_section(
    model: Model,
    game: Game,
    whole: bool = False,
    jump: bool = False,
    marks: tuple[tuple[int, str], ...] = (),
) -> Markup:
    """The game so far, grouped by round and by debate, drawn once per log: the
    current round in full, earlier ones one tap away (`model.log_rounds`), or every
    round when `whole`. With `jump`, each line opens the replay at its move; `marks`
    puts a review's mark on the entry where a marked move's lines begin."""
    last = game.last_log_entry()
    shown = None if whole else model.log_rounds
    depends = (game.names, model.colours, model.auto, shown, jump, marks, wording())
    drawn = _DRAWN.get(id(last))
    if drawn is not None and drawn[0] is last and drawn[1] == depends:
        return drawn[2]
    html = _draw_log(model, game, shown, jump, dict(marks))
    if len(_DRAWN) >= _DRAWN_KEPT:
        _DRAWN.pop(next(iter(_DRAWN)))
    _DRAWN[id(last)] = (last, depends, html)
    return html


def _draw_log(
    model: Model,
    game: Game,
    shown: tuple[int, ...] | None,
    jump: bool = False,
    marks: dict[int, str] | None = None,
) -> Markup:
    """The log's rounds in the order they were played, each cut into its preparation,
    its debates and its clean-up; with `shown`, rounds before the current one that are
    not in it are folded to a button that opens them."""
    names = game.names
    rounds: list[tuple[str, list[tuple[str, list[Markup]]]]] = []
    auto = set(model.auto)
    auto_note = Markup(" " + h("span", {"class": "auto-note"}, _(AUTO_NOTE)))
    set_up, clean_up = _("Set-up"), _("Clean-up")
    for index, event in enumerate(log_of(game)):
        eid = event.id
        if eid == "round_start":
            round_title = _("Round {n}").format(n=event.args["round"])
            rounds.append((round_title, [(_("Preparation"), [])]))
        if not rounds:
            rounds.append((set_up, [(set_up, [])]))
        if eid == "topic_chosen":
            topic = KIND_NAMES[event.args["topic"]]
            rounds[-1][1].append((_("Debate on {topic}").format(topic=topic), []))
        elif eid in ("round_end", "game_end") and rounds[-1][1][-1][0] != clean_up:
            # Translators: the heading of the log's lines after the last round.
            rounds[-1][1].append((clean_up if eid == "round_end" else _("The end"), []))
        words = describe(event)
        if words is not None:
            # The log is the longest part of the page: its lines skip the builder.
            note = auto_note if index in auto else ""
            if marks and index in marks:
                note += " " + mark_badge(marks[index])
            line = f"{sentence(model, words, names)}{note}"
            if jump:
                line = (
                    '<button type="button" class="log-jump" data-msg="watch-entry" '
                    f'data-value="{index}">{line}</button>'
                )
            rounds[-1][1][-1][1].append(Markup(f"<li>{line}</li>"))
    # Blocks keep an id fixed by their place in the game, so the page's morph matches
    # them up and only appends what is new.
    blocks = []
    for r, (title, parts) in enumerate(rounds):
        if shown is not None and r < len(rounds) - 1 and r not in shown:
            count = sum(len(lines) for _title, lines in parts)
            blocks.append(
                h(
                    "section",
                    {"class": "log-round folded", "id": f"log-{r}"},
                    h("h3", None, title),
                    h(
                        "button",
                        {"type": "button", "data-msg": "log-round", "data-value": r},
                        ngettext(
                            "Show its {count} entry", "Show its {count} entries", count
                        ).format(count=count),
                    ),
                )
            )
            continue
        items = [
            keyed(
                h(
                    "li",
                    {"class": "log-part", "id": f"log-{r}-{d}"},
                    h("h4", None, part),
                    Markup(f'<ul class="log-lines">{"".join(lines)}</ul>'),
                )
            )
            for d, (part, lines) in enumerate(parts)
            if lines
        ]
        blocks.append(
            h(
                "section",
                {"class": "log-round", "id": f"log-{r}"},
                h("h3", None, title),
                h("ol", {"class": "log-debates"}, items),
            )
        )
    return h(
        "section",
        {"class": "log", "id": "log", "aria-label": _("Game log")},
        h(
            "header",
            {"class": "panel-head"},
            h("h2", None, _("Game log")),
            h(
                "button",
                {
                    "type": "button",
                    "class": "drawer-close",
                    "data-msg": "panel",
                    "data-value": "log",
                },
                _("Close"),
            ),
        ),
        h(
            "div",
            {"class": "log-body", "role": "log", "aria-live": "polite", "tabindex": 0},
            blocks,
        ),
    )
