"""The scoreboard: each seat's tokens, Imperium and passed tokens, who leads, and who
would win a tie if the game ended now (R40's steps)."""

from __future__ import annotations

from ...game import Game
from ...i18n import N_, _
from ..model import Model
from ..ui.html import Markup, classes, h
from ..ui.pieces import phrase, seat_badge
from ..ui.text import and_list

# R40's steps: the score each compares, the sentence saying who it leaves, and why
# the leader leads when that step decides (the scoreboard's verdict).
R40_STEPS = (
    (0, N_("By most tokens ({best}): {who}."), N_("most tokens")),
    (1, N_("By most Imperium ({best}): {who}."), N_("tied on tokens, most Imperium")),
    (2, N_("By most passed tokens ({best}): {who}."), N_("tied on tokens, most passed tokens")),
)


def score_head() -> Markup:
    """The head of a table of scores: senator, tokens, Imperium, passed (R40)."""
    return h(
        "thead",
        None,
        h(
            "tr",
            None,
            h("th", {"scope": "col"}, _("Senator")),
            h("th", {"scope": "col"}, _("Tokens")),
            h("th", {"scope": "col"}, _("Imperium")),
            # Translators: the column of the tokens each senator has passed into law.
            h("th", {"scope": "col"}, _("Passed")),
        ),
    )


def tie_break_steps(game: Game) -> list[str]:
    """How R40 decides between the seats as they stand, step by step: at the end of
    the game, how it was decided."""
    scores = game.scores()
    names = game.names
    field = list(range(game.players))
    steps = []
    for index, step, _reason in R40_STEPS:
        best = max(scores[s][index] for s in field)
        field = [s for s in field if scores[s][index] == best]
        who = and_list([names[s] for s in field])
        steps.append(_(step).format(best=best, who=who))
        if len(field) == 1:
            break
    if len(field) > 1:
        steps.append(_("Still tied: they share the victory."))
    return steps


def leaders(game: Game) -> list[int]:
    """The seats that would share the victory if the game ended now (R40)."""
    scores = game.scores()
    best = max(scores)
    return [s for s in range(game.players) if scores[s] == best]


def _deciding_step(game: Game) -> str:
    """Why the leader leads, in a few words: the R40 step that separates them."""
    scores = game.scores()
    top = max(s[0] for s in scores)
    tied = [s for s in range(game.players) if scores[s][0] == top]
    if len(tied) == 1:
        return _(R40_STEPS[0][2])
    for index, _step, reason in R40_STEPS[1:]:
        best = max(scores[s][index] for s in tied)
        tied = [s for s in tied if scores[s][index] == best]
        if len(tied) == 1:
            return _(reason)
    return _("tied on every count: a shared victory")


def scoreboard(model: Model, game: Game) -> Markup:
    scores = game.scores()
    names = game.names
    ahead = leaders(game) if any(total for total, _, _ in scores) else []
    order = sorted(range(game.players), key=lambda s: (scores[s], -s), reverse=True)
    rows = [
        h(
            "tr",
            {
                "class": classes(
                    "score-row", s in ahead and "leader", s == game.to_move and "acting"
                ),
                "data-seat": s,
            },
            h(
                "th",
                {"scope": "row"},
                seat_badge(model, s, names),
                # Translators: read out for the crown beside the senator who leads.
                s in ahead and h("span", {"class": "crown", "aria-label": _("leads")}, "\u00a0♛"),
            ),
            h("td", {"class": "score-tokens"}, scores[s][0]),
            h("td", {"class": "score-imperium"}, scores[s][1]),
            h("td", {"class": "score-passed"}, scores[s][2]),
        )
        for s in order
    ]
    if not any(total for total, _, _ in scores):
        verdict: Markup | str = _("No tokens yet: every senator is level.")
    else:
        who = and_list([names[s] for s in ahead])
        verdict = h(
            "span",
            None,
            phrase(
                # Translators: {who} is the senator or senators who lead, {reason} why.
                _("If the game ended now: {who} ({reason})."),
                who=h("strong", None, who),
                reason=_deciding_step(game),
            ),
        )
    return h(
        "section",
        {"class": "scoreboard", "aria-label": _("Scoreboard")},
        h("h2", None, _("Scoreboard")),
        h(
            "table",
            {"class": "scores"},
            score_head(),
            h("tbody", None, rows),
        ),
        h("p", {"class": "verdict"}, verdict),
    )
