"""The end screen: who won, the final table and how R40's tie-break decided."""

from __future__ import annotations

from ...game import Game
from ...i18n import N_, Translated, _, ngettext, pgettext
from ...records import game_link, record_link
from ..days.view import next_game, stood_note
from ..derived import humans, record_of
from ..lesson.line import coaching
from ..lesson.view import coach_closing
from ..model import Model
from ..replay.view import places
from ..review.view import end_review
from ..ui.html import Markup, classes, h, keyed
from ..ui.pieces import copyable, icon, seat_badge, token_list
from ..ui.text import and_list
from .log import log_section
from .scoreboard import tie_break_steps
from .story import game_story

# Where the one human finished, by place (1 is second), alone or tied with others:
# whole sentences, so that each language can say the place its own way.
FINISHED = Translated(
    {
        1: N_("You finish 2nd."),
        2: N_("You finish 3rd."),
        3: N_("You finish 4th."),
        4: N_("You finish 5th."),
    }
)
FINISHED_TIED = Translated(
    {
        1: N_("You finish 2nd (tied)."),
        2: N_("You finish 3rd (tied)."),
        3: N_("You finish 4th (tied)."),
        4: N_("You finish 5th (tied)."),
    }
)


def victory(names: list[str]) -> str:
    """Who won, as a sentence: "Brutus wins.", "Brutus and Livia share the victory."."""
    if len(names) == 1:
        return _("{name} wins.").format(name=names[0])
    return _("{names} share the victory.").format(names=and_list(names))


def _own_place(model: Model, game: Game) -> Markup | None:
    """With one human at the table: where they finished (seats tied share a place)."""
    people = humans(model.occupants, game.players)
    if len(people) != 1:
        return None
    seat = people[0]
    scores = game.scores()
    place = sum(1 for s in range(game.players) if scores[s] > scores[seat])
    tied = sum(1 for s in range(game.players) if scores[s] == scores[seat]) > 1
    if place == 0:
        text = _("You share the victory!") if tied else _("You win!")
    else:
        text = (FINISHED_TIED if tied else FINISHED)[place]
    return h("p", {"class": "own-place"}, text)


def _closing(model: Model) -> Markup | None:
    """The guided game's last word, when the game ended was the lesson."""
    coached = coaching(model)
    return None if coached is None or coached.kind != "closing" else coach_closing(coached)


def end_screen(model: Model, game: Game) -> Markup:
    # At an online table, the host begins the next game; a guest's page follows it.
    guest = model.online is not None and not model.online.device.hosting
    scores = game.scores()
    winners = game.winners()
    names = game.names
    order = sorted(range(game.players), key=lambda s: scores[s], reverse=True)
    rows = [
        h(
            "tr",
            {"class": classes("result", s in winners and "winner"), "data-seat": s},
            h(
                "th",
                {"scope": "row"},
                seat_badge(model, s, names),
                # Translators: marks a winner in the table of results.
                s in winners and h("span", {"class": "mark"}, " ", pgettext("result", "victor")),
            ),
            h("td", None, scores[s][0]),
            h("td", None, scores[s][1]),
            h("td", None, scores[s][2]),
            h("td", {"class": "held-passed"}, token_list(game.passed(s))),
            h("td", {"class": "held-proposed"}, token_list(game.proposed(s))),
        )
        for s in order
    ]
    headline = victory([names[s] for s in winners])
    again, next_note = next_game(model)  # at a table over days, its next game
    return h(
        "main",
        {"class": "screen screen-end", "data-screen": "end"},
        h(
            "div",
            {"class": "title-art", "aria-hidden": "true"},
            icon("imperium", "", "icon icon-hero"),
        ),
        h("h1", None, _("The game is over")),
        h("p", {"class": "winners"}, headline),
        _own_place(model, game),
        stood_note(model),
        _closing(model),
        h(
            "div",
            {"class": "results-wrap", "tabindex": 0},
            h(
                "table",
                {"class": "results"},
                h(
                    "thead",
                    None,
                    h(
                        "tr",
                        None,
                        [
                            h("th", {"scope": "col"}, t)
                            for t in (
                                # Translators: headings of the table of results.
                                pgettext("results", "Senator"),
                                _("Tokens"),
                                _("Imperium"),
                                _("Passed"),
                                _("Passed into law"),
                                _("Still proposed"),
                            )
                        ],
                    ),
                ),
                h("tbody", None, rows),
            ),
        ),
        h("ul", {"class": "tie-break"}, [h("li", None, step) for step in tie_break_steps(game)]),
        model.undos > 0
        and h(
            "p",
            {"class": "undo-note"},
            ngettext(
                "Undo was used {n} time in this game.",
                "Undo was used {n} times in this game.",
                model.undos,
            ).format(n=model.undos),
        ),
        guest and h(
            "p",
            {"class": "hint", "role": "status"},
            _("The host can begin another game at this table: stay, and you sit where you sat."),
        ),
        next_note,
        h(
            "div",
            {"class": "title-actions"},
            not guest and h(
                "button",
                {"type": "button", "class": "primary", "data-msg": "play-again"},
                again,
            ),
            model.online and h("button", {"type": "button", "data-msg": "leave-table"},
                               _("Leave the table")),
            h("button", {"type": "button", "data-msg": "watch"}, _("Watch again")),
            h("button", {"type": "button", "data-msg": "export", "data-value": "game"},
              _("Save as file")),
            h("button", {"type": "button", "data-msg": "setup"}, _("New set-up")),
            h("button", {"type": "button", "data-msg": "history"}, _("Games played")),
            h("button", {"type": "button", "data-msg": "title"}, _("Title screen")),
        ),
        keyed(end_review(model, places)),
        game_story(model, game),
        share_section(model, game),
        keyed(log_section(model, game, whole=True, jump=True)),
    )  # fmt: skip


_LINKED: list[tuple[object, tuple[object, ...], str | None]] = []  # the last link made


def _whole_link(model: Model, game: Game) -> str | None:
    """The link to the whole game so far, made once per position: the share panel is
    drawn at every move, and the link packs the whole record."""
    last = game.last_log_entry()
    depends = (model.colours, model.occupants, model.auto, model.undos, game.moves)
    if _LINKED and _LINKED[0][0] is last and _LINKED[0][1] == depends:
        return _LINKED[0][2]
    record = record_of(model)
    link = record_link(record) if record is not None and game.moves else None
    _LINKED[:] = [(last, depends, link)]
    return link


def share_section(model: Model, game: Game) -> Markup:
    """Links to the deal and to the whole game, and the game as a file."""
    link = model.page_url + game_link(game.config)
    # Packing the whole game into a link is work: it is done when asked for, or at the end.
    asked = game.decision == "over" or model.linked == game.moves
    whole = _whole_link(model, game) if asked else None
    return h(
        "details",
        {"class": "share"},
        h("summary", None, _("Share or keep this game")),
        h("p", {"class": "hint"}, _("This link opens a new game with the same deal and rules.")),
        copyable(
            model,
            "share-deal",
            h(
                "input",
                {
                    "id": "share-deal",
                    "class": "share-link",
                    "readonly": True,
                    "value": link,
                    "aria-label": _("Link to this deal"),
                },
            ),
        ),
        whole is not None
        and h(
            "p",
            {"class": "hint"},
            _("This link opens the whole game so far, to watch or play on."),
        ),
        whole is not None
        and copyable(
            model,
            "share-game",
            h(
                "input",
                {
                    "id": "share-game",
                    "class": "share-link share-game",
                    "readonly": True,
                    "value": model.page_url + whole,
                    "aria-label": _("Link to the whole game"),
                },
            ),
        ),
        not asked
        and game.moves > 0
        and h(
            "button",
            {"type": "button", "data-msg": "link-game"},
            _("Link to the whole game so far"),
        ),
        asked
        and whole is None
        and game.moves > 0
        and h("p", {"class": "hint"}, _("The game is too long for a link: save it as a file.")),
        h(
            "button",
            {"type": "button", "data-msg": "export", "data-value": "game"},
            _("Save as file"),
        ),
    )
