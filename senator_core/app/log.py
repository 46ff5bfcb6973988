"""The game log: every event as a sentence, grouped by round and by debate, newest first."""

from __future__ import annotations

from ..game import Game
from .html import Markup, h
from .model import Model
from .pieces import sentence
from .text import KIND_NAMES, describe

# After a line that a move made for a player begins: it was the only legal choice.
AUTO_NOTE = Markup(
    ' <span class="auto-note">(made for the player: nothing else was possible)</span>'
)


def log_section(model: Model, game: Game) -> Markup:
    """The whole game so far, grouped by round and by debate."""
    names = game.names
    rounds: list[tuple[str, list[tuple[str | None, list[Markup]]]]] = []
    auto = set(model.auto)
    for index, event in enumerate(game.log):
        if event.id == "round_start":
            rounds.append((f"Round {event.args['round']}", [(None, [])]))
        if not rounds:
            rounds.append(("Set-up", [(None, [])]))
        if event.id == "topic_chosen":
            rounds[-1][1].append((f"Debate on {KIND_NAMES[event.args['topic']]}", []))
        words = describe(event)
        if words is not None:
            # The log is the longest part of the page: its lines skip the builder.
            note = AUTO_NOTE if index in auto else ""
            rounds[-1][1][-1][1].append(Markup(f"<li>{sentence(model, words, names)}{note}</li>"))
    # Blocks are newest first; each has an id fixed by its place in the game, so the
    # page's morph matches them up instead of rewriting every block a new one pushes down.
    blocks = []
    for r in range(len(rounds) - 1, -1, -1):
        title, debates = rounds[r]
        parts = []
        for d in range(len(debates) - 1, -1, -1):
            debate, lines = debates[d]
            if not lines:
                continue
            if debate is None:
                parts.append(
                    Markup(
                        f'<li class="log-opening" id="log-{r}-{d}">'
                        f'<ul class="log-lines">{"".join(lines)}</ul></li>'
                    )
                )
            else:
                parts.append(
                    h(
                        "li",
                        {"class": "log-debate", "id": f"log-{r}-{d}"},
                        h("h4", None, debate),
                        Markup(f'<ul class="log-lines">{"".join(lines)}</ul>'),
                    )
                )
        blocks.append(
            h(
                "section",
                {"class": "log-round", "id": f"log-{r}"},
                h("h3", None, title),
                h("ol", {"class": "log-debates"}, parts),
            )
        )
    return h(
        "section",
        {"class": "log", "id": "log", "aria-label": "Game log"},
        h(
            "header",
            {"class": "panel-head"},
            h("h2", None, "Game log"),
            h(
                "button",
                {
                    "type": "button",
                    "class": "drawer-close",
                    "data-msg": "panel",
                    "data-value": "log",
                },
                "Close",
            ),
        ),
        h(
            "div",
            {"class": "log-body", "role": "log", "aria-live": "polite", "tabindex": 0},
            blocks,
        ),
    )
