"""The review of a finished game as the page shows it: each player's chance to win over
the game (a graph), a summary per player, the marks on the replay's timeline and in
its log, and, at a rated move, how each choice was rated and what the search would
have played. The state behind it is in `state.py`, `kept.py` and `update.py`; the
ratings are `senator_core.review`'s."""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache
from html import escape

from ...i18n import N_, Translated, _, ngettext, wording
from ...records import HUMAN, Record
from ...review import MARKS, Rating, Review, rates, thresholds
from ...sightings import Facts
from ..derived import record_of
from ..model import Model
from ..play.reasons import versus, why
from ..replay.state import Watch
from ..ui.html import Markup, h
from ..ui.pieces import colour_badge, phrase
from ..ui.text import action_label
from .kept import people, review_of

MARK_NAMES = Translated(
    {
        # Translators: the mark of a move in a game's review: it gave up little or nothing.
        "good": N_("good"),
        # Translators: the mark of a move that gave up a little of the chance to win.
        "inaccuracy": N_("inaccuracy"),
        "mistake": N_("mistake"),
        # Translators: the mark of a move that gave up much of the chance to win.
        "blunder": N_("blunder"),
    }
)
MARK_SYMBOLS = {"good": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}

# The graph's drawing, in its own units (it scales to the width it is given).
WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 320, 132, 26, 6, 6, 16


def shown_seats(model: Model, record: Record) -> tuple[int, ...]:
    """The seats whose moves the review shows: the people's, and the computers' too
    when the player asked (a table of computers alone shows them all)."""
    if model.review_all:
        return tuple(range(record.game.players))
    return people(record)


def _pct(chance: float) -> str:
    return f"{chance:.0%}"


def _points(cost: float) -> str:
    """Points given up, rounded down: a mistake of 14.6 reads 14, never the 15 that the
    scale calls a blunder."""
    return str(math.floor(cost * 100 + 1e-9))


def mark_badge(mark: str) -> Markup:
    return h(
        "span",
        {"class": f"mark mark-{mark}"},
        h("span", {"aria-hidden": "true"}, MARK_SYMBOLS[mark]) if MARK_SYMBOLS[mark] else None,
        " " if MARK_SYMBOLS[mark] else None,
        MARK_NAMES[mark],
    )


# ------------------------------------------------------------------ the graph


def final_chances(record: Record) -> tuple[float, ...]:
    """Each player's share of the win at the end: 1/k to each of k winners."""
    winners = record.game.winners()
    return tuple(1.0 / len(winners) if s in winners else 0.0 for s in range(record.game.players))


def chance_graph(
    model: Model,
    record: Record,
    review: Review,
    places: Sequence[tuple[int, str]],
    step: int | None,
    msg: str,
) -> Markup:
    """Each player's chance to win over the game, in their colour: at the start, after
    each rated move, and at the end. Rounds are marked on the axis; a tap on a rated
    move sends `msg` with its step (to open the move in the replay)."""
    return _graph(
        tuple(record.colours),
        record.game.names,
        record.game.moves,
        final_chances(record),
        review,
        tuple(places),
        step,
        msg,
        shown_seats(model, record),
        wording(),
    )


@lru_cache(maxsize=8)
def _graph(
    colours: tuple[int, ...],
    names: tuple[str, ...],
    steps: int,
    final: tuple[float, ...],
    review: Review,
    places: tuple[tuple[int, str], ...],
    step: int | None,
    msg: str,
    shown: tuple[int, ...],
    words: tuple[str, int],  # the wording drawn in: a key of the cache alone
) -> Markup:
    players = len(names)
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(at: int) -> float:
        return round(LEFT + inner_w * at / max(steps, 1), 1)

    def y(chance: float) -> float:
        return round(TOP + inner_h * (1.0 - chance), 1)

    parts: list[str] = []
    # The chance axis: 0, 50% and 100%, and the fair share.
    for level in (0.0, 0.5, 1.0):
        parts.append(
            f'<line class="graph-grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(level)}" '
            f'y2="{y(level)}"/><text class="graph-label" x="{LEFT - 4}" y="{y(level) + 4}" '
            f'text-anchor="end">{_pct(level)}</text>'
        )
    # The rounds (and the debates, lightly) along the moves.
    for at, label in places:
        if label.startswith("·"):
            parts.append(
                f'<line class="graph-debate" x1="{x(at)}" x2="{x(at)}" y1="{TOP}" '
                f'y2="{HEIGHT - BOTTOM}"/>'
            )
        elif 0 < at < steps:
            parts.append(
                f'<line class="graph-round" x1="{x(at)}" x2="{x(at)}" y1="{TOP}" '
                f'y2="{HEIGHT - BOTTOM + 4}"/>'
            )
    rounds = [at for at, label in places if not label.startswith("·") and at < steps]
    for n, at in enumerate(rounds):
        end = rounds[n + 1] if n + 1 < len(rounds) else steps
        # Translators: the graph's axis: round 1, 2, 3 of the game, in a few letters.
        label = _("Round {n}").format(n=n + 1)
        parts.append(
            f'<text class="graph-label" x="{round((x(at) + x(end)) / 2, 1)}" '
            f'y="{HEIGHT - 4}" text-anchor="middle">{h("tspan", None, label)}</text>'
        )
    # One line per player.
    for seat in range(players):
        points = [(0, 1.0 / players)]
        points += [(r.step + 1, r.after[seat]) for r in review.ratings]
        points.append((steps, final[seat]))
        path = " ".join(f"{x(at)},{y(c)}" for at, c in points)
        parts.append(
            f'<polyline class="graph-line colour-{colours[seat]}" fill="none" points="{path}"/>'
        )
    # The moves marked worse than good, on their player's line.
    for r in review.ratings:
        if r.seat in shown and r.mark != MARKS[0]:
            parts.append(
                f'<circle class="graph-mark mark-{r.mark} colour-{colours[r.seat]}" '
                f'cx="{x(r.step + 1)}" cy="{y(r.after[r.seat])}" r="3.5"/>'
            )
    if step is not None:
        parts.append(
            f'<line class="graph-now" x1="{x(step)}" x2="{x(step)}" y1="{TOP}" '
            f'y2="{HEIGHT - BOTTOM}"/>'
        )
    # Where a tap opens each rated move: a band across the whole height, from halfway
    # to the rated move before it to halfway to the one after.
    tapped = [r for r in review.ratings if r.seat in shown]
    centres = [x(r.step + 1) for r in tapped]
    for n, r in enumerate(tapped):
        left = (centres[n - 1] + centres[n]) / 2 if n else LEFT
        right = (centres[n] + centres[n + 1]) / 2 if n + 1 < len(tapped) else WIDTH - RIGHT
        title = h("title", None, _rating_line(r, names))
        parts.append(
            f'<rect class="graph-tap" data-msg="{msg}" data-value="{r.step + 1}" '
            f'x="{round(left, 2)}" y="{TOP}" width="{round(max(right - left, 0.1), 2)}" '
            f'height="{inner_h}">{title}</rect>'
        )
    description = _("Each player's chance to win over the game, after each rated move.")
    legend = h(
        "ul",
        {"class": "graph-legend"},
        [
            h("li", None, colour_badge(colours[s], s, names[s]), " ", _pct(final[s]))
            for s in range(players)
        ],
    )
    svg = Markup(
        f'<svg class="chance-graph" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(description, quote=True)}" focusable="false">'
        + "".join(parts)
        + "</svg>"
    )
    return h("figure", {"class": "chance-figure"}, svg, legend)


def _rating_line(r: Rating, names: tuple[str, ...]) -> str:
    # Translators: a rated move: its number, who made it, and its mark.
    return _("Move {n}: {name} ({mark})").format(
        n=r.step + 1, name=names[r.seat], mark=MARK_NAMES[r.mark]
    )


# ------------------------------------------------------------------ the summary


def review_summary(model: Model, record: Record, review: Review, msg: str) -> Markup:
    """Per player shown: decisions rated, accuracy, the marks, and the costliest moves,
    each a link (`msg` with its step) into the replay."""
    game = record.game
    names = game.names
    rows = []
    for seat in shown_seats(model, record):
        accuracy = review.accuracy(seat)
        who = colour_badge(record.colours[seat], seat, names[seat])
        if not rates(record.occupants[seat]):
            rows.append(
                h(
                    "li",
                    {"class": "review-seat"},
                    who,
                    " ",
                    _("not rated: this computer searches deeper than the review"),
                )
            )
            continue
        if seat not in review.seats:
            continue
        if accuracy is None:
            rows.append(h("li", {"class": "review-seat"}, who, " ", _("no decision to rate")))
            continue
        counts = review.counts(seat)
        rated = len(review.of(seat))
        rows.append(
            h(
                "li",
                {"class": "review-seat", "data-seat": seat},
                h(
                    "p",
                    None,
                    who,
                    record.occupants[seat] != HUMAN and h("span", {"class": "hint"}, " ⚙"),
                    " · ",
                    ngettext(
                        "{n} decision rated", "{n} decisions rated", rated
                    ).format(n=rated),
                    " · ",
                    h(
                        "strong",
                        {"class": "accuracy"},
                        # Translators: a player's accuracy in a game's review, e.g. "96%".
                        _("accuracy {accuracy}").format(accuracy=_pct(accuracy)),
                    ),
                ),
                h(
                    "p",
                    {"class": "review-counts"},
                    [
                        h("span", {"class": f"count mark-{m}"}, MARK_NAMES[m], " ", counts[m])
                        for m in MARKS
                    ],
                ),
                review.costliest(seat)
                and h(
                    "ol",
                    {"class": "costliest"},
                    [
                        h(
                            "li",
                            None,
                            h(
                                "button",
                                {"type": "button", "class": "link", "data-msg": msg,
                                 "data-value": r.step + 1},
                                _("Move {n}").format(n=r.step + 1),
                            ),
                            " ",
                            mark_badge(r.mark),
                            " ",
                            # Translators: what a move gave up: points of chance to win.
                            _("−{points} points").format(points=_points(r.cost)),
                        )
                        for r in review.costliest(seat)
                    ],
                ),
            )
        )  # fmt: skip
    return h("ul", {"class": "review-summary"}, rows)


def thresholds_note(players: int) -> Markup:
    low, mid, high = (f"{p:g}" for p in thresholds(players))
    return h(
        "p",
        {"class": "hint review-scale"},
        _(
            "Each decision is rated by the chance to win it left, against the best the"
            " search found. An inaccuracy gives up {low} points or more, a mistake {mid},"
            " a blunder {high}."
        ).format(low=low, mid=mid, high=high),
    )


def review_panel(model: Model, places: Sequence[tuple[int, str]]) -> Markup:
    """The replay's review: begun, under way, or made (graph, summary, the switch for
    the computers' moves)."""
    watch = model.watch
    assert watch is not None
    record = watch.record
    run = model.reviewing
    running = run is not None and run.record.game.actions == record.game.actions
    review = record.review
    body: list[Markup | None] = []
    if running and run is not None:
        body.append(
            h(
                "div",
                {"class": "review-progress", "role": "status"},
                h(
                    "progress",
                    {
                        "max": max(run.total, 1),
                        "value": run.done,
                        "aria-label": _("Review under way"),
                    },
                ),
                " ",
                _("Rating decision {done} of {total}…").format(done=run.done, total=run.total)
                if run.total
                else _("Getting ready…"),
                " ",
                h("button", {"type": "button", "data-msg": "review-cancel"}, _("Cancel")),
            )
        )
    if review is None:
        if not running:
            body.append(
                h(
                    "p",
                    None,
                    record.finished
                    and h(
                        "button",
                        {"type": "button", "class": "primary", "data-msg": "review"},
                        _("Review the game"),
                    ),
                    " ",
                    _(
                        "The search rates each decision with a choice, marks the costly"
                        " ones and shows what it would have played. The page goes on"
                        " answering while it works."
                    )
                    if record.finished
                    else _("A game is reviewed once it is finished."),
                )
            )
    else:
        body += [
            chance_graph(model, record, review, places, watch.step, "watch"),
            review_summary(model, record, review, "watch"),
            h(
                "p",
                None,
                h(
                    "button",
                    {
                        "type": "button",
                        "data-msg": "review-all",
                        "aria-pressed": "true" if model.review_all else "false",
                    },
                    _("Show the computers' moves too"),
                ),
            )
            if any(who != HUMAN for who in record.occupants)
            else None,
            thresholds_note(record.game.players),
        ]
    return h(
        "section",
        {"class": "review-panel", "id": "review", "aria-label": _("Review")},
        h("h2", None, _("Review")),
        body,
    )


# ------------------------------------------------------------------ at a move of the replay


def marked_steps(model: Model, watch: Watch) -> tuple[tuple[int, str], ...]:
    """The rated moves shown and marked worse than good: (step, mark)."""
    review = watch.record.review
    if review is None:
        return ()
    shown = shown_seats(model, watch.record)
    return tuple((r.step, r.mark) for r in review.ratings if r.seat in shown and r.mark != "good")


def timeline_marks(model: Model, watch: Watch) -> Markup | None:
    """The marked moves along the replay's slider, each a button to its move."""
    marked = marked_steps(model, watch)
    if not marked:
        return None
    last = max(watch.line.steps, 1)
    names = watch.record.game.names
    movers = watch.line.movers
    return h(
        "div",
        {"class": "timeline-marks", "aria-label": _("Marked moves")},
        [
            h(
                "button",
                {
                    "type": "button",
                    "class": f"timeline-mark mark-{mark}",
                    "data-msg": "step",
                    "data-value": step + 1,
                    "style": f"left: {100 * (step + 1) / last:.2f}%",
                    "title": _("Move {n}: {name} ({mark})").format(
                        n=step + 1, name=names[movers[step]], mark=MARK_NAMES[mark]
                    ),
                    "aria-current": "step" if step + 1 == watch.step else None,
                },
                MARK_SYMBOLS[mark],
            )
            for step, mark in marked
        ],
    )


def log_marks(model: Model, watch: Watch) -> tuple[tuple[int, str], ...]:
    """The log entries where a marked move's lines begin, with its mark."""
    ends = watch.line.log_ends
    return tuple((ends[step], mark) for step, mark in marked_steps(model, watch))


def move_review(model: Model, watch: Watch) -> Markup | None:
    """After a rated move (the replay shows the table it left, and counts it, as a
    review's links do): what was played and its mark, what the search would have
    played, and how it rated each choice."""
    review = watch.record.review
    if review is None or not watch.step:
        return None
    rating = review.at(watch.step - 1)
    if rating is None or rating.seat not in shown_seats(model, watch.record):
        return None
    game = watch.line.games[watch.step - 1]  # where the choice was made
    names = game.names
    total = game.total(rating.seat)

    def label(text: str) -> str:
        return action_label(text, total, names)

    best, best_chance = rating.chances[0]
    good = rating.mark == "good"
    every = rating.facts or (None,) * len(rating.chances)

    def said_of(text: str, facts: Facts | None) -> str | None:
        """What the best move does; what each other choice does differently."""
        if text != best:
            differs = versus(text, facts, every[0], game, rating.seat)
            if differs:
                return _("against the best: {what}").format(what=differs)
        return why(text, facts, game, rating.seat)

    return h(
        "div",
        {"class": f"move-review mark-{rating.mark}", "data-mark": rating.mark},
        h(
            "p",
            None,
            phrase(
                # Translators: at a move of a reviewed game: who, what they did, its mark.
                _("{seat} played {action}: {mark}"),
                seat=colour_badge(
                    watch.record.colours[rating.seat], rating.seat, names[rating.seat]
                ),
                action=h("strong", None, label(rating.played)),
                mark=mark_badge(rating.mark),
            ),
            " ",
            _("({chance} chance to win after it)").format(chance=_pct(rating.chance)),
        ),
        not good
        and h(
            "p",
            {"class": "better-move"},
            phrase(
                # Translators: {action} is the move the search would have made instead.
                _("Better: {action}, {chance} chance to win (−{points} points given up)."),
                action=h("strong", {"data-better": best}, label(best)),
                chance=_pct(best_chance),
                points=_points(rating.cost),
            ),
        ),
        h(
            "ol",
            {"class": "rated-choices", "aria-label": _("How each choice was rated")},
            [
                h(
                    "li",
                    {
                        "class": "played" if text == rating.played else None,
                        "data-option": text,
                    },
                    h(
                        "span",
                        {"class": "choice-bar", "style": f"width: {max(value, 0.01) * 100:.0f}%"},
                    ),
                    h("span", {"class": "choice-name"}, label(text)),
                    " ",
                    h("span", {"class": "choice-chance"}, _pct(value)),
                    text == rating.played
                    and h("span", {"class": "played-note"}, " · ", _("played")),
                    (said := said_of(text, facts)) and h("span", {"class": "reason"}, " — ", said),
                )
                for (text, value), facts in zip(rating.chances, every, strict=True)
            ],
        ),
    )


# ------------------------------------------------------------------ on the end screen


def end_review(model: Model, places: Callable[..., list[tuple[int, str]]]) -> Markup | None:
    """The end screen's review: the graph and the summary once made (a tap opens the
    move in the replay), the progress while it is made, else the offer to make it.
    `places`: `replay.places`, the rounds and debates for the graph's axis."""
    record = record_of(model)
    if record is None or not record.finished:
        return None
    review = review_of(model, record)
    run = model.reviewing
    running = run is not None and run.record.game.actions == record.game.actions
    body: list[Markup | bool | None] = []
    if review is not None:
        record = replace(record, review=review)
        starts = [turn.log_start for turn in model.turns]
        steps = record.game.moves
        found = places(record.game, lambda index: bisect_right(starts, index), steps, True)
        body += [
            chance_graph(model, record, review, found, None, "watch"),
            review_summary(model, record, review, "watch"),
            h(
                "p",
                None,
                h("button", {"type": "button", "data-msg": "review"}, _("Open the review")),
            ),
        ]
    elif running and run is not None:
        body.append(
            h(
                "p",
                {"role": "status"},
                h(
                    "progress",
                    {
                        "max": max(run.total, 1),
                        "value": run.done,
                        "aria-label": _("Review under way"),
                    },
                ),
                " ",
                h("button", {"type": "button", "data-msg": "review"}, _("Open the review")),
            )
        )
    else:
        body.append(
            h(
                "p",
                None,
                h(
                    "button",
                    {"type": "button", "class": "primary", "data-msg": "review"},
                    _("Review the game"),
                ),
                " ",
                _("See where the game was won and lost, and what the search would have played."),
            )
        )
    return h(
        "section",
        {"class": "end-review", "aria-label": _("Review")},
        h("h2", None, _("Review")),
        body,
    )
