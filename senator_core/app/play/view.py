"""The game screen: the table (the bar, the seats and the middle), the decision or what
stands in its place (a computer thinking, a round's story, the coach, a replay's
controls), and beside it the scoreboard, the log and the panels."""

from __future__ import annotations

from ...game import Game
from ...i18n import _, ngettext
from ...records import HUMAN
from ...rules import KINDS
from ..days.view import side as days_side
from ..days.view import since_story
from ..days.view import waiting as days_waiting
from ..derived import computer_to_move, humans, just_happened
from ..help.view import rules_help
from ..lesson.line import coaching
from ..lesson.view import coach_hold, coach_note
from ..model import Model
from ..online.update import mine
from ..online.view import table_side
from ..review.view import log_marks
from ..ui.html import Markup, classes, h, keyed
from ..ui.motion import moves
from ..ui.pieces import kind_icon, language_picker
from ..ui.text import EVENT_NAMES, KIND_NAMES, plain_list
from .end import share_section
from .hand import decision_section, stale_section, thinking_section, waiting_section
from .log import log_section
from .scoreboard import scoreboard
from .story import catch_up, round_story, view_catch_up, view_hit, view_story
from .table import Fresh, centre, said_lines, seat_board, seating, top_bar, turn_banner


def forum_panel(game: Game) -> Markup:
    forum = game.forum
    rows = [
        h("li", None, kind_icon(k, "icon icon-token"), f" {KIND_NAMES[k]}: {forum[k]}")
        for k in KINDS
    ]
    deck = game.event_deck
    return h(
        "section",
        {"class": "panel forum-panel", "aria-label": _("The forum")},
        h(
            "h2",
            None,
            ngettext(
                "The forum holds {n} token", "The forum holds {n} tokens", game.forum_size
            ).format(n=game.forum_size),
        ),
        h("p", {"class": "hint"}, _("Known by elimination; the order is unknown (R9).")),
        h("ul", {"class": "forum-list"}, rows),
        deck
        and h(
            "p",
            {"class": "hint"},
            _("Events still to come: {events}").format(
                events=plain_list([EVENT_NAMES[e] for e in deck])
            ),
        ),
    )


def game_screen(
    model: Model, game: Game, controls: Markup | None = None, review: Markup | None = None
) -> Markup:
    """The table; with `controls`, a replay's: they stand where the decision would,
    and its `review` beside the table."""
    found = moves(just_happened(model))
    fresh = Fresh(found)
    around, own = seating(model, game)
    level = computer_to_move(model) if controls is None else None
    solo = len(humans(model.occupants, game.players)) == 1
    elsewhere = (
        model.online is not None and game.to_move is not None and not mine(model, game.to_move)
    )
    away = model.days is not None and (
        game.to_move is None or model.occupants[game.to_move] != HUMAN
    )
    since = since_story(model, game) if controls is None else None
    deciding = False  # the person's decision is on screen, its controls live
    coached = coaching(model) if controls is None else None
    watch = model.watch
    marks = log_marks(model, watch) if review is not None and watch is not None else ()
    story = round_story(game, model.story) if controls is None and model.story else None
    if coached is not None and coached.kind == "strayed":
        controls = coach_hold(coached)  # what the move did is shown before the round's end
    elif controls is None and model.hit == game.moves > 0 and model.alert != "stale":
        # A blow that also ended the round is told first, as it came first.
        controls = view_hit(said_lines(model, game))
    elif story is not None:
        controls = view_story(model, game, story)
    elif controls is None and model.alert == "stale" and model.online is None:
        controls = stale_section(game)
    elif controls is None and (caught := catch_up(model)) is not None:
        controls = view_catch_up(model, game, *caught)
    elif coached is not None and coached.kind == "note":
        controls = coach_hold(coached)
    elif controls is None and since is not None:
        controls = since
    elif controls is None and away:
        controls = days_waiting(model, game)
    elif controls is None and elsewhere:
        controls = waiting_section(model, game)
    elif controls is None:
        controls = thinking_section(model, game, level) if level else decision_section(model, game)
        deciding = not level
    return h(
        "main",
        {
            "class": classes(
                "screen screen-game",
                f"players-{game.players}",
                solo and "solo",
                model.panel and f"open-{model.panel}",
                model.screen == "replay" and "replaying",
            ),
            "data-screen": "replay" if model.screen == "replay" else "game",
        },
        keyed(top_bar(model, game)),
        h(
            "div",
            {"class": "game-layout"},
            h(
                "section",
                {"class": "table", "aria-label": _("The table")},
                h(
                    "div",
                    {"class": "seats-around"},
                    [keyed(seat_board(model, game, s, fresh)) for s in around],
                ),
                keyed(centre(model, game, fresh, deciding)),
                own is not None and keyed(seat_board(model, game, own, fresh, own=True)),
                coached is not None and coached.kind == "move" and coach_note(coached, False),
                keyed(controls),
                # Last: it comes and goes, and the page keeps what stands before it as it is.
                # (It is drawn over the top bar, wherever it stands here.)
                model.screen != "replay" and turn_banner(model, game),
            ),
            h(
                "aside",
                {"class": "side"},
                coached is not None and coached.kind == "move" and coach_note(coached, True),
                keyed(scoreboard(model, game)),
                model.screen != "replay" and table_side(model, game),
                model.screen != "replay" and days_side(model, game),
                keyed(review),
                keyed(log_section(model, game, jump=model.screen == "replay", marks=marks)),
                model.screen != "replay" and keyed(share_section(model, game)),
                language_picker(model, "narrow-only"),
            ),
        ),
        model.panel == "forum" and keyed(forum_panel(game)),
        model.panel == "rules" and keyed(rules_help(game.variants)),
    )
