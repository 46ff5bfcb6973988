"""The replay viewer's controls: step through a game, jump to a round or a debate, play it
at a chosen pace, take it over, save it. The table itself is the game screen's, drawn
from the position at the step shown (see `derived.watched`)."""

from __future__ import annotations

from collections.abc import Callable

from ...game import Game
from ...i18n import _, ngettext, pgettext
from ...records import Timeline
from ..derived import log_of
from ..model import Model
from ..review.view import move_review, timeline_marks
from ..setup.state import SPEEDS
from ..ui.html import Markup, h, slot
from ..ui.pieces import phrase, seat_badge
from ..ui.text import DECISION_TITLES, KIND_NAMES, SPEED_LABELS, and_list
from .state import Watch


def jumps(watch: Watch) -> list[tuple[int, str]]:
    """The places a replay can jump to: its start, each round and debate, its end."""
    line: Timeline = watch.line
    return places(watch.record.game, line.step_of_entry, line.steps, watch.record.finished)


def places(
    game: Game, step_of_entry: Callable[[int], int], steps: int, finished: bool
) -> list[tuple[int, str]]:
    """The start of `game`, each round and debate (by the step after the action that
    wrote its first log line, `step_of_entry`), and its end."""
    names = game.names
    found = [(0, _("Round 1: the deal"))]
    for index, event in enumerate(log_of(game)):
        step = step_of_entry(index)
        if event.id == "round_start" and step:
            found.append((step, _("Round {round}").format(round=event.args["round"])))
        elif event.id == "topic_chosen":
            topic = KIND_NAMES[event.args["topic"]]
            # Translators: a place to jump to in a replay; {name} opened the debate.
            debate = _("Debate on {kind} ({name})").format(
                kind=topic, name=names[event.args["seat"]]
            )
            found.append((step, f"· {debate}"))  # set under its round by the dot
    if steps:
        found.append((steps, _("The end") if finished else _("The last move")))
    return found


def _next_up(model: Model, game: Game) -> Markup:
    seat = game.to_move
    if seat is None:
        victors = [game.names[s] for s in game.winners()]
        return h(
            "p",
            {"class": "prompt"},
            _("The game is over: {name} wins.").format(name=victors[0])
            if len(victors) == 1
            else _("The game is over: {names} share the victory.").format(names=and_list(victors)),
        )
    return h(
        "p",
        {"class": "prompt"},
        phrase(
            # Translators: who acts next in a replay, and the decision they face ("debate").
            _("Next: {seat} · {decision}"),
            seat=seat_badge(model, seat, game.names),
            decision=DECISION_TITLES[game.decision].lower(),
        ),
    )


def _button(msg: str, label: str, text: str, value: str = "", disabled: bool = False) -> Markup:
    return h(
        "button",
        {"type": "button", "data-msg": msg, "data-value": value or None, "aria-label": label,
         "title": label, "disabled": disabled},
        text,
    )  # fmt: skip


def replay_controls(model: Model, shown: Model) -> Markup:
    """Where the decision would be: where the replay stands and its controls."""
    watch = model.watch
    assert watch is not None and shown.game is not None
    game = shown.game
    step, last = watch.step, watch.line.steps
    places = jumps(watch)
    here = max((s for s, _text in places if s <= step), default=0)
    speed = model.setup.speed
    return h(
        "section",
        {
            "class": "decision replay-controls",
            "id": "decision",
            "aria-label": _("Replay"),
            "tabindex": -1,
            "data-step": step,
            "data-steps": last,
            "data-playing": "true" if watch.playing else "false",
        },
        h(
            "header",
            {"class": "decision-head"},
            h(
                "h2",
                None,
                _("Replay"),
                " ",
                h(
                    "span",
                    {"class": "step-count"},
                    _("move {step} of {last}").format(step=step, last=last),
                ),
            ),
            _next_up(shown, game),
        ),
        slot("div", move_review(model, watch)),
        h(
            "div",
            {"class": "replay-buttons"},
            _button("step", _("To the start"), "|◀", "first", disabled=step == 0),
            _button("step", _("One move back"), "◀", "back", disabled=step == 0),
            h(
                "button",
                {
                    "type": "button",
                    "class": "primary replay-play",
                    "data-msg": "replay-play",
                    "aria-pressed": "true" if watch.playing else "false",
                },
                ["❚❚ ", _("Pause")] if watch.playing else ["▶ ", _("Play")],
            ),
            _button("step", _("One move on"), "▶", "next", disabled=step >= last),
            _button("step", _("To the end"), "▶|", "last", disabled=step >= last),
        ),
        h(
            "input",
            {
                "type": "range",
                "name": "replay-step",
                "class": "replay-slider",
                "min": 0,
                "max": last,
                "value": step,
                # Translators: the slider that picks the move a replay shows.
                "aria-label": pgettext("replay", "Move"),
            },
        ),
        slot("div", timeline_marks(model, watch)),
        h(
            "div",
            {"class": "replay-options"},
            h(
                "label",
                None,
                _("Jump to"),
                " ",
                h(
                    "select",
                    {"name": "replay-jump", "class": "replay-jump-select"},
                    [h("option", {"value": s, "selected": s == here}, text) for s, text in places],
                ),
            ),
            h(
                "label",
                None,
                _("Pace"),
                " ",
                h(
                    "select",
                    {"name": "speed"},
                    [
                        h("option", {"value": v, "selected": v == speed}, SPEED_LABELS[v])
                        for v in SPEEDS
                    ],
                ),
            ),
        ),
        h(
            "div",
            {"class": "choices replay-actions"},
            game.decision != "over"
            and h(
                "button",
                {"type": "button", "data-msg": "play-from"},
                _("Play on from here"),
            ),
            h("button", {"type": "button", "data-msg": "export", "data-value": "watch"},
              _("Save as file")),
            h("button", {"type": "button", "data-msg": "leave"}, _("Close the replay")),
        ),
        watch.record.undos > 0
        and h(
            "p",
            {"class": "hint"},
            ngettext(
                "Undo was used {n} time in this game.",
                "Undo was used {n} times in this game.",
                watch.record.undos,
            ).format(n=watch.record.undos),
        ),
    )  # fmt: skip
