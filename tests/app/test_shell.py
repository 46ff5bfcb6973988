"""The application's shell under CPython: the panels, and what goes with a screen, a
position and a game when each changes."""

from __future__ import annotations

from dataclasses import replace

from senator_core.app import Act, Model, control, view
from senator_core.app.derived import (
    computer_to_move,
    record_of,
)
from senator_core.app.keeping.saves import (
    kept,
)
from senator_core.app.play.state import Hint

from ..appkit import Page, started, updated


def test_panels_open_and_close() -> None:
    model = started()
    forum = updated(model, control("panel", "forum"))
    assert "The forum holds" in Page(view(forum)).all_text()
    rules = updated(forum, control("panel", "rules"))
    assert rules.panel == "rules" and "Powers of the tokens" in Page(view(rules)).all_text()
    assert updated(rules, control("panel", "rules")).panel == ""
    assert updated(rules, control("panel", "nonsense")) == rules


def test_a_screen_left_a_position_passed_and_a_game_replaced_take_their_own_state_along() -> None:
    """What belongs to a screen, a position or a game goes with it (app/changes.py),
    whichever message made the change."""
    model = updated(Model(), control("quick-play"))
    game = model.game
    assert game is not None
    # The history's question waiting for a second tap goes when the screen is left.
    record = record_of(model)
    assert record is not None
    model = updated(replace(model, history=(kept(record, ""),)), control("history"))
    asking = updated(model, control("forget", "0"))
    assert asking.confirm == "forget-0"
    assert updated(asking, control("title")).confirm == ""
    # The replay's game goes when the replay is left for another screen.
    watching = updated(updated(asking, control("continue")), control("watch", "0"))
    assert watching.screen == "replay" and watching.watch is not None
    assert updated(watching, control("title")).watch is None
    # A move takes the hint, the picked cards and the piece explained along.
    playing_now = updated(watching, control("leave"))
    assert playing_now.screen == "game" and playing_now.game is game
    asked = replace(playing_now, hint=Hint(game.moves, ()), picked=(0,), explain="docket")
    while computer_to_move(asked):
        asked = updated(asked, Act(str(asked.game.legal_actions()[0])))  # type: ignore[union-attr]
    moved = updated(asked, Act(str(asked.game.legal_actions()[0])))  # type: ignore[union-attr]
    assert (moved.hint, moved.picked, moved.explain) == (None, (), "")
    # A new game takes the log's unfolded rounds and the link asked for along.
    unfolded = replace(moved, log_rounds=(1,), linked=3)
    again = updated(unfolded, control("new-game"))
    fresh = updated(again, control("start"))
    assert fresh.game is not moved.game and (fresh.log_rounds, fresh.linked) == ((), None)


def test_each_control_name_belongs_to_one_feature_and_makes_that_feature_s_message() -> None:
    """The page's controls name their messages by `data-msg`; each feature lists its
    own, so two features must never claim one name (the later would win silently),
    and each name must make a message of the feature that lists it."""
    from typing import get_args

    from senator_core.app import messages
    from senator_core.app.days import messages as days
    from senator_core.app.help import messages as help_messages
    from senator_core.app.history import messages as history
    from senator_core.app.keeping import messages as keeping
    from senator_core.app.lesson import messages as lesson
    from senator_core.app.online import messages as online
    from senator_core.app.play import messages as play
    from senator_core.app.replay import messages as replay
    from senator_core.app.review import messages as review
    from senator_core.app.setup import messages as setup

    features = {
        messages.PageMsg: messages.PAGE_CONTROLS,
        play.PlayMsg: play.CONTROLS,
        setup.SetupMsg: setup.CONTROLS,
        lesson.LessonMsg: lesson.CONTROLS,
        replay.ReplayMsg: replay.CONTROLS,
        review.ReviewMsg: review.CONTROLS,
        online.OnlineMsg: online.CONTROLS,
        history.HistoryMsg: history.CONTROLS,
        keeping.KeepingMsg: keeping.CONTROLS,
        help_messages.HelpMsg: help_messages.CONTROLS,
        days.DaysMsg: days.CONTROLS,
    }
    names = [name for controls in features.values() for name in controls]
    assert len(names) == len(set(names)) == len(messages.CONTROLS)
    for base, controls in features.items():
        for name in controls:
            assert isinstance(control(name, "1"), base), name
    # Every message is of exactly one feature (or the page's own), so `update` routes it once.
    flat = [kind for member in get_args(messages.Msg) for kind in (get_args(member) or (member,))]
    for kind in flat:
        assert sum(issubclass(kind, base) for base in features) == 1, kind
    assert control("no-such-control") == messages.UnknownControl("no-such-control")
