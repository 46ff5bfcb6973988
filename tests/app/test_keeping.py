"""Every game kept: saves restored to the same screen, their versions, records and links,
undo, the replay viewer, the history, two tabs and a browser that keeps nothing."""

from __future__ import annotations

import base64
import json
import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import senator_core as sc
from senator_core.app import Act, Model, Setup, control, init, persist, update, view
from senator_core.app.derived import (
    computer_to_move,
    just_happened,
    mover,
    record_of,
    undo_to,
    watched,
)
from senator_core.app.effects import ForgetAddress, Store
from senator_core.app.keeping.files import export_file
from senator_core.app.keeping.messages import FileOpened, StorageFailed, Stored
from senator_core.app.keeping.saves import (
    HISTORY_KEY,
    HISTORY_LIMIT,
    SAVE_KEY,
    SETUP_KEY,
    UNREADABLE_KEY,
    Kept,
    Session,
    add_kept,
    history_json,
    kept,
    load_history,
    load_session,
    session_json,
    statistics,
)
from senator_core.app.model import ALL_HUMAN
from senator_core.app.play.bidding import forced_action
from senator_core.app.play.messages import Forced
from senator_core.app.play.state import Hint
from senator_core.records import (
    HUMAN,
    LINK_LIMIT,
    RECORD_VERSION,
    Record,
    RecordError,
    game_link,
    read_link,
    read_record,
    record_link,
    timeline,
)
from senator_core.sightings import Facts

from ..appkit import Page, started, store, updated, written

FIXTURES = Path(__file__).parents[1] / "fixtures"
NOW = "2026-12-01T09:30:00Z"
LEVELS = ("easy", "normal", "hard")

HOT_SEAT = Setup(occupants=ALL_HUMAN)  # every seat a person, on one device


def random_table(chooser: random.Random) -> Model:
    """A new game at a random table: 3 to 5 seats, a random palette, and either one
    human among computers or a hot-seat table."""
    players = chooser.randint(3, 5)
    colours = list(range(5))
    chooser.shuffle(colours)
    if chooser.random() < 0.5:
        occupants = [chooser.choice(LEVELS) for _ in range(5)]
        occupants[chooser.randrange(players)] = HUMAN
    else:
        occupants = [HUMAN] * 5
    seed = chooser.randrange(10**9)
    model = updated(
        Model(setup=replace(HOT_SEAT, players=players, seed=str(seed))), control("start"), NOW
    )
    return replace(model, colours=tuple(colours), occupants=tuple(occupants))


def play_randomly(model: Model, chooser: random.Random, moves: int) -> Model:
    """`moves` random actions through `update`; a move that is no choice is made as the
    page makes it for a human, marked as made for the player, and a round's summary
    is gone on from as a player goes on from it."""
    for _ in range(moves):
        if model.story:
            model = updated(model, control("go-on"), NOW)
        game = model.game
        assert game is not None
        if game.decision == "over":
            break
        forced = forced_action(game)
        human = model.occupants[game.to_move or 0] == HUMAN
        if forced is not None and human:
            model = updated(model, Forced(model.game.moves, str(forced)), NOW)
        else:
            model = updated(model, Act(str(chooser.choice(game.legal_actions()))), NOW)
    return model


def dress(model: Model, chooser: random.Random) -> Model:
    """What a player may leave on the screen: a hint, cards picked, a piece explained,
    a panel open, earlier rounds of the log unfolded, the title screen."""
    game = model.game
    assert game is not None
    legal = [str(a) for a in game.legal_actions()]
    return replace(
        model,
        hint=Hint(
            game.moves,
            tuple((a, round(chooser.random(), 3)) for a in legal),
            # What the playouts saw after each, when the hint was worked out here.
            tuple(
                Facts(9, 1.0, chooser.random(), 0.0, 1.5, (("war", 0.25),), None)
                if chooser.random() < 0.8
                else None
                for _ in legal
            )
            if chooser.random() < 0.5
            else (),
        )
        if chooser.random() < 0.4
        else None,
        picked=tuple(sorted(chooser.sample(range(3), chooser.randint(0, 2))))
        if game.decision == "debate"
        else (),
        explain=chooser.choice(["", "veto", "event"]),
        panel=chooser.choice(["", "log", "forum", "rules"]),
        log_rounds=(0,) if chooser.random() < 0.3 else (),
        screen="game" if chooser.random() < 0.8 else "title",
    )


def changed(text: str, change: Callable[[Any], object]) -> str:
    """The JSON `text` with `change` made to its value."""
    copy = json.loads(text)
    change(copy)
    return json.dumps(copy)


def reload(model: Model) -> Model:
    """The page opened again on what this model left in storage."""
    loaded, writes = init(persist(model))
    assert not writes
    return loaded


# ---------------------------------------------------------------- saves


def test_random_positions_come_back_the_same_game_and_the_same_screen() -> None:
    """Random positions, each left dressed as a player may leave it, come back whole;
    every kind of decision, screen, panel and piece explained is met on the way."""
    chooser = random.Random(11)
    positions = 0
    met: set[tuple[str, object]] = set()
    while positions < 1000:
        model = random_table(chooser)
        for _ in range(6):
            model = play_randomly(model, chooser, chooser.randint(1, 40))
            game = model.game
            assert game is not None
            if game.decision == "over":
                break
            shown = dress(model, chooser)
            again = reload(shown)
            assert again.game is not None
            assert again.game.state() == game.state()
            assert again.game.record() == game.record()
            assert record_of(again) == record_of(shown)
            assert again.turns == shown.turns
            assert str(view(again)) == str(view(shown))
            met.update(
                [
                    ("decision", game.decision),
                    ("screen", shown.screen),
                    ("panel", shown.panel),
                    ("explain", shown.explain),
                    ("hint", shown.hint is not None and bool(shown.hint.facts)),
                    ("picked", len(shown.picked)),
                    ("players", game.players),
                ]
            )
            positions += 1

    def values(key: str) -> set[object]:
        return {v for k, v in met if k == key}

    assert values("decision") >= {"topic", "debate", "power", "award", "veto"}, met
    assert values("panel") == {"", "log", "forum", "rules"}
    assert values("explain") == {"", "veto", "event"}
    assert values("screen") == {"game", "title"}
    assert values("hint") == {True, False}
    assert values("picked") == {0, 1, 2}
    assert values("players") == {3, 4, 5}


def test_a_reload_after_a_move_keeps_the_last_move_highlighted() -> None:
    model = updated(Model(), control("quick-play"), NOW)
    chooser = random.Random(4)
    model = play_randomly(model, chooser, 9)
    assert just_happened(model)
    again = reload(model)
    assert (just_happened(again), mover(again), again.screen) == (
        just_happened(model),
        mover(model),
        "game",
    )
    assert "last-move" in str(view(again)) or "just-now" in str(view(again))


def test_every_kind_of_bad_save_is_set_aside_with_its_reason_and_no_game() -> None:
    model = play_randomly(updated(Model(), control("quick-play"), NOW), random.Random(2), 12)
    text = persist(model)[SAVE_KEY]
    assert text is not None
    data = json.loads(text)

    bad = {
        "not JSON": "{",
        "not one of Senator's": '{"format": "chess"}',
        "no readable version": changed(text, lambda d: d.update(version="two")),
        "position does not match": changed(text, lambda d: d["state"].update(round=3)),
        "not legal": changed(text, lambda d: d["record"]["actions"].__setitem__(3, "take veto")),
        "seat 2's name": changed(text, lambda d: d["record"]["seats"][1].update(name="Nero")),
        "colour of seat 1": changed(text, lambda d: d["record"]["seats"][0].update(colour=9)),
        "inconsistent": changed(
            text, lambda d: d["record"].update(result={"scores": [], "winners": []})
        ),
    }  # fmt: skip
    for reason, saved in bad.items():
        fresh, writes = init({SAVE_KEY: saved})
        assert fresh.game is None, reason
        assert written(writes) == {UNREADABLE_KEY: saved, SAVE_KEY: None}, reason
        assert fresh.notice is not None and reason in fresh.notice, (reason, fresh.notice)
        assert "set aside" in fresh.notice
    assert data["version"] == 2


def test_an_unreadable_save_is_set_aside_by_inits_writes_and_kept_if_that_is_refused() -> None:
    """`init`'s writes are `Store` effects, carried out as every other: the unreadable
    save is copied aside, and cleared only where the copy is there. A browser that
    refuses the copy is told of as any refused write, and the save stays unwritten over
    (`held`) while the page is open."""
    bad = '{"format": "senator-session", broken'
    model, writes = init({SAVE_KEY: bad})
    assert all(isinstance(e, Store) for e in writes)
    storage: dict[str, str | None] = {SAVE_KEY: bad}
    assert store(storage, writes) == []
    assert storage == {UNREADABLE_KEY: bad}

    storage = {SAVE_KEY: bad}
    said = store(storage, writes, refused={UNREADABLE_KEY})
    assert storage == {SAVE_KEY: bad}, "the save is not cleared without its copy"
    assert said == [StorageFailed(UNREADABLE_KEY, None), Stored(UNREADABLE_KEY, None)]
    for msg in said:
        model, effects = update(model, msg, NOW)
        assert SAVE_KEY not in written(effects)
    assert model.alert == "storage" and SAVE_KEY in model.held
    playing, effects = update(model, control("quick-play"), NOW)
    assert playing.game is not None and SAVE_KEY not in written(effects)
    assert store(storage, effects) == [] and storage[SAVE_KEY] == bad


def test_the_lang_parameter_is_remembered_by_a_write_of_inits() -> None:
    model, writes = init({}, "?lang=pl")
    storage: dict[str, str | None] = {}
    assert store(storage, writes) == []
    assert json.loads(storage[SETUP_KEY] or "")["lang"] == "pl" and model.lang == "pl"
    assert not written(update(model, control("rules"), NOW)[1]), "known to be stored"


def test_a_save_from_a_newer_version_is_refused_and_left_untouched() -> None:
    model = play_randomly(updated(Model(), control("quick-play"), NOW), random.Random(3), 5)
    newer = json.loads(persist(model)[SAVE_KEY] or "")
    newer["version"] = 3
    text = json.dumps(newer)
    fresh, writes = init({SAVE_KEY: text})
    assert fresh.game is None and not writes
    assert fresh.notice is not None and "newer version" in fresh.notice
    playing = updated(fresh, control("quick-play"), NOW)
    assert SAVE_KEY not in persist(playing)  # a game started here does not write over it


def test_every_earlier_save_version_is_brought_up_to_date() -> None:
    text = (FIXTURES / "session-v1.json").read_text()
    data = json.loads(text)
    engine = sc.Game.from_json(data["game"])
    session = load_session(text)
    assert session.record.game.state() == engine.state()
    assert session.record.colours == (2, 0, 4, 1)
    assert session.record.occupants == ("human", "normal", "easy", "hard")
    autos = [t.log_start for t in session.turns if t.auto]
    assert autos == data["auto"] == [33, 40, 50]
    assert [i for i, t in enumerate(session.turns) if t.auto] == list(session.record.auto)
    model, writes = init({SAVE_KEY: text})
    assert not writes and model.screen == "title"
    assert model.auto == (33, 40, 50) and model.occupants[:4] == session.record.occupants
    assert "continue" in Page(view(model)).values("data-msg")
    # Saved again, it is the current version, and reads back the same.
    again = reload(updated(model, control("continue"), NOW))
    assert again.game is not None and again.game.state() == engine.state()
    assert json.loads(persist(again)[SAVE_KEY] or "")["version"] == 2


def test_the_current_version_reads_its_own_kept_output() -> None:
    text = (FIXTURES / "session-v2.json").read_text()
    session = load_session(text)
    assert session.shown.screen == "game" and session.shown.hint is not None
    model, writes = init({SAVE_KEY: text})
    assert not writes and model.screen == "game" and model.hint is not None
    assert persist(model)[SAVE_KEY] == text.strip()
    # A save of this version made when "shown" also held what had been seen and who
    # moved last (both now follow from the record) reads to the same screen.
    shown = '"shown":{"screen":"game",'
    older = text.replace(shown, shown + '"seen":39,"mover":0,')
    assert older != text
    earlier, writes = init({SAVE_KEY: older})
    assert not writes and str(view(earlier)) == str(view(model))


# ---------------------------------------------------------------- records and links


def finished(seed: int = 5, players: int = 4) -> Model:
    model = updated(
        Model(setup=replace(HOT_SEAT, players=players, seed=str(seed))), control("start"), NOW
    )
    model = play_randomly(model, random.Random(seed), 10_000)
    assert model.screen == "end"
    return model


def test_a_record_file_holds_the_whole_game_and_reads_back_to_it() -> None:
    model = finished()
    name, text = export_file(model, "game", NOW) or ("", "")
    assert name.startswith("senator-2026-12-01-") and name.endswith(".senator.json")
    record = read_record(text)
    assert record == record_of(model)
    data = json.loads(text)
    assert data["result"]["winners"] == model.game.winners() if model.game else False
    assert [s["kind"] for s in data["seats"]] == ["human"] * 4
    opened = updated(Model(), FileOpened(text), NOW)
    assert opened.screen == "replay" and opened.watch is not None
    assert opened.watch.game.state() == record.game.state()


def test_every_kind_of_bad_record_says_what_is_wrong_and_changes_nothing() -> None:
    model = finished(6, 3)
    text = (export_file(model, "game", NOW) or ("", ""))[1]

    bad = {
        "not JSON": "PK\x03\x04 a zip file",
        "not a Senator game record": '{"format": "senator-game"}',
        "newer version of Senator": changed(text, lambda d: d.update(version=RECORD_VERSION + 1)),
        "is not legal": changed(text, lambda d: d["actions"].__setitem__(-1, "topic war")),
        "inconsistent: its result": changed(text, lambda d: d["result"]["winners"].reverse() or
                                             d["result"].update(winners=[9])),
        "says the game is in progress": changed(text, lambda d: d.update(result=None)),
        "gives a result": changed(text, lambda d: d.update(actions=d["actions"][:-5], auto=[])),
        "seats are not readable": changed(text, lambda d: d["seats"].pop()),
        "player of seat 1": changed(text, lambda d: d["seats"][0].update(kind="god")),
        "field Senator does not know": changed(text, lambda d: d.update(cheat=True)),
    }  # fmt: skip
    before = finished(7, 5)
    for reason, file in bad.items():
        with pytest.raises(RecordError, match=reason):
            read_record(file)
        after = updated(before, FileOpened(file), NOW)
        assert after.notice is not None and reason in after.notice
        assert replace(after, notice=None) == replace(before, notice=None)


def test_a_link_carries_a_whole_game_when_it_is_short_enough() -> None:
    for seed in range(8):
        model = finished(seed, 3 + seed % 3)
        record = record_of(model)
        assert record is not None
        link = record_link(record)
        assert link is not None and len(link) <= LINK_LIMIT + len("?game=")
        opened = read_link(link[len("?game=") :])
        assert isinstance(opened, Record) and opened.game.state() == record.game.state()
        shown, _ = init({}, link)
        assert shown.screen == "replay" and shown.watch is not None
        assert shown.watch.step == record.game.moves
        assert "share-game" in str(view(replace(model, screen="end")))
    # In a game in progress, the link is made when asked for (it packs the whole game).
    started = updated(Model(setup=HOT_SEAT), control("start"), NOW)
    playing = play_randomly(started, random.Random(1), 20)
    assert "share-game" not in str(view(playing))
    asked = updated(playing, control("link-game"), NOW)
    link_shown = Page(view(asked)).values("value")
    assert any("?game=" in (v or "") and len(v or "") > 200 for v in link_shown)
    with pytest.raises(RecordError, match="damaged"):
        read_link("eJzLSM3JyQcABiwCFQ")  # "hello", compressed: not a game


# ---------------------------------------------------------------- undo


def test_undo_against_the_computers_returns_exactly_to_the_last_decision() -> None:
    chooser = random.Random(21)
    undone = 0
    for _ in range(40):
        model = random_table(chooser)
        occupants = [chooser.choice(LEVELS) for _ in range(5)]
        human = chooser.randrange(model.setup.players)
        occupants[human] = HUMAN
        model = replace(model, occupants=tuple(occupants))
        before_decision: list[Model] = []
        while model.game is not None and model.game.decision != "over":
            game = model.game
            if game.to_move == human and len(game.legal_actions()) > 1:
                before_decision.append(model)
            model = play_randomly(model, chooser, 1)
            if before_decision and chooser.random() < 0.05 and model.screen == "game":
                back = updated(model, control("undo"), NOW)
                earlier = before_decision[-1]
                assert back.game is not None and earlier.game is not None
                assert back.game.state() == earlier.game.state()
                assert back.game.record() == earlier.game.record()
                assert back.game.log == earlier.game.log
                assert back.turns == earlier.turns
                assert back.undos == model.undos + 1
                model = back
                before_decision.pop()
                undone += 1
        assert model.screen == "end"
        if model.undos:
            assert model.history[0].undos == model.undos
            assert "Undo was used" in str(view(model))
    assert undone > 30


def test_undo_in_a_hot_seat_game_takes_back_only_the_last_action() -> None:
    model = updated(Model(setup=HOT_SEAT), control("start"), NOW)  # four humans
    assert undo_to(model) is None
    chooser = random.Random(8)
    for _ in range(60):
        game = model.game
        assert game is not None
        before = model
        model = play_randomly(model, chooser, 1)
        if len(game.legal_actions()) > 1 and model.screen == "game":
            back = updated(model, control("undo"), NOW)
            assert back.game is not None
            assert back.game.state() == game.state() and back.undos == 1
            assert back.turns == before.turns
    # A computer's move in a hot-seat game is not taken back.
    mixed = replace(model, occupants=tuple("normal" if s == 0 else HUMAN for s in range(5)))
    last = mixed.turns[-1] if mixed.turns else None
    if last is not None and last.seat == 0 and not last.forced:
        assert undo_to(mixed) is None
    nothing = updated(updated(Model(setup=HOT_SEAT), control("start"), NOW), control("undo"), NOW)
    assert nothing.notice == "There is no move to take back."


# ---------------------------------------------------------------- the replay viewer


def test_the_replay_steps_back_and_forth_through_every_position() -> None:
    model = finished(9, 4)
    game = model.game
    assert game is not None
    line = timeline(game)
    watching = updated(model, control("watch"), NOW)
    assert watching.screen == "replay" and watching.watch is not None
    assert watching.watch.step == 0 and watching.watch.playing
    actions = game.record()["actions"]
    for step in (0, 1, 2, 50, line.steps):
        at = updated(watching, control("step", str(step)), NOW)
        assert at.watch is not None and at.watch.step == step
        shown = watched(at)
        expected = sc.new_game(game.config)
        for action in actions[:step]:
            expected.apply(action)
        assert shown.game is not None and shown.game.state() == expected.state()
        page = Page(view(at))
        assert page.values("data-screen") == ["replay"]
        assert page.values("data-step") == [str(step)]
    at = updated(watching, control("step", "last"), NOW)
    assert at.watch is not None and at.watch.step == line.steps and not at.watch.playing
    back = updated(at, control("step", "back"), NOW)
    assert back.watch is not None and back.watch.step == line.steps - 1
    first = updated(updated(back, control("step", "first"), NOW), control("step", "back"), NOW)
    assert first.watch is not None and first.watch.step == 0
    # Each line of the log opens the step that wrote it.
    for index, event in enumerate(game.log):
        step = line.step_of_entry(index)
        assert len(line.games[step].log) > index and (
            step == 0 or len(line.games[step - 1].log) <= index
        )
        assert line.games[step].log[index] == event
    from_log = updated(model, control("watch-entry", "40"), NOW)
    assert from_log.watch is not None and from_log.watch.step == line.step_of_entry(40)
    assert 'data-msg="watch-entry"' in str(view(model))
    left = updated(from_log, control("leave"), NOW)
    assert left.screen == "end" and left.watch is None


def test_a_watched_game_can_be_played_on_from_any_step() -> None:
    model = finished(10, 3)
    game = model.game
    assert game is not None
    watching = updated(updated(model, control("watch"), NOW), control("step", "30"), NOW)
    taken = updated(watching, control("play-from"), NOW)
    assert taken.screen == "game" and taken.game is not None and taken.game.moves == 30
    assert len(taken.turns) == 30 and taken.watch is None
    assert reload(taken).game is not None
    on = play_randomly(taken, random.Random(1), 10_000)
    assert on.screen == "end" and len(on.history) == 2


# ---------------------------------------------------------------- the history


def test_a_game_against_several_levels_counts_once_against_the_strongest() -> None:
    setup = replace(HOT_SEAT, players=4, occupants=("human", "hard", "expert", "normal", "human"))
    model = play_randomly(
        updated(Model(setup=setup), control("start"), NOW), random.Random(3), 10_000
    )
    assert model.screen == "end"
    ((level, played, won),) = statistics(model.history).levels
    assert (level, played) == ("expert", 1) and won in (0, 1)


def test_finished_and_set_aside_games_are_kept_newest_first_with_figures() -> None:
    model = updated(Model(), control("quick-play"), "2026-12-01T08:00:00Z")
    model = play_randomly(model, random.Random(1), 10)
    model = updated(model, control("quick-play"), "2026-12-01T09:00:00Z")  # the first set aside
    assert len(model.history) == 1 and model.history[0].result is None
    model = play_randomly(model, random.Random(2), 10_000)
    model = replace(model, occupants=model.occupants)
    assert model.screen == "end" and len(model.history) == 2
    newest = model.history[0]
    assert newest.result is not None and newest.finished == NOW
    figures = statistics(model.history)
    assert figures.played == 1 and figures.unfinished == 1
    assert [level for level, _, _ in figures.levels] == ["normal"]
    page = Page(view(updated(model, control("history"), NOW)))
    assert page.values("data-screen") == ["history"]
    assert page.values("data-kept") == ["0", "1"]
    assert "1 game finished, 1 unfinished" in page.all_text()
    # Deleting asks first.
    asked = updated(model, control("forget", "1"), NOW)
    assert len(asked.history) == 2 and "Delete for good?" in str(
        view(replace(asked, screen="history"))
    )
    gone = updated(asked, control("forget-yes", "1"), NOW)
    assert len(gone.history) == 1 and gone.history[0] is newest
    # Kept across a reload; exported all, imported elsewhere, the same games.
    again = reload(model)
    assert [k.data for k in again.history] == [k.data for k in model.history]
    name, text = export_file(model, "all", NOW) or ("", "")
    assert name == "senator-history-2026-12-01.json"
    elsewhere = updated(Model(), FileOpened(text), NOW)
    assert [k.data for k in elsewhere.history] == [k.data for k in model.history]
    twice = updated(elsewhere, FileOpened(text), NOW)
    assert len(twice.history) == 2 and twice.notice == "0 games added to the history."
    opened = updated(model, control("watch-kept", "1"), NOW)
    assert opened.screen == "replay" and opened.watch is not None


def test_unreadable_kept_games_are_set_aside_and_the_history_is_bounded() -> None:
    model = finished(12, 3)
    text = history_json(model.history)
    broken = json.loads(text)
    broken["games"].append({"format": "senator-record", "seats": "none"})
    loaded, writes = init({HISTORY_KEY: json.dumps(broken)})
    assert len(loaded.history) == 1 and loaded.notice is not None
    assert "1 of the games kept" in loaded.notice
    assert written(writes)[HISTORY_KEY] == text
    games, lost = load_history(text)
    assert lost == 0 and len(games) == 1
    many = tuple(
        Kept({**games[0].data, "finished": f"2026-01-01T00:00:{i:02d}Z", "started": str(i)})
        for i in range(HISTORY_LIMIT + 5)
    )
    assert len(add_kept((), many)) == HISTORY_LIMIT
    record = record_of(model)
    assert record is not None
    assert add_kept((kept(record, NOW),), (kept(record, NOW),)) == (kept(record, NOW),)


# ---------------------------------------------------------------- two tabs, no storage


def test_a_tab_never_writes_over_a_newer_game_from_another_tab() -> None:
    model = play_randomly(updated(Model(), control("quick-play"), NOW), random.Random(5), 6)
    other = play_randomly(model, random.Random(6), 4)
    newer = persist(other)[SAVE_KEY]
    stale = updated(model, Stored(SAVE_KEY, newer), NOW)
    assert stale.alert == "stale" and SAVE_KEY not in persist(stale)
    shown = str(view(stale))
    assert 'data-alert="stale"' in shown and "This game goes on in another tab" in shown
    assert "data-action" not in shown and computer_to_move(stale) is None
    assert "turn-banner" not in shown
    moved = play_randomly(stale, random.Random(7), 1)  # a tap the page let through
    assert moved.game is stale.game and SAVE_KEY not in persist(moved)  # takes no move
    loaded = updated(moved, control("load-newer"), NOW)
    assert loaded.alert == "" and loaded.game is not None and other.game is not None
    assert loaded.game.state() == other.game.state()
    assert persist(loaded)[SAVE_KEY] == newer
    # Its own save coming back is no news; on the title screen a newer one is taken up.
    assert updated(model, Stored(SAVE_KEY, persist(model)[SAVE_KEY]), NOW) == model
    title = updated(model, control("title"), NOW)
    taken = updated(title, Stored(SAVE_KEY, newer), NOW)
    assert taken.screen == "title" and taken.alert == ""
    assert taken.game is not None and taken.game.state() == other.game.state()
    cleared = updated(title, Stored(SAVE_KEY, None), NOW)
    assert cleared.game is None


def test_a_set_up_chosen_in_another_tab_is_this_tabs_too() -> None:
    """Another tab's set-up is taken up (in this tab's language), so this tab's next
    write keeps it rather than writing its own over it; nothing stored is the
    default set-up, and an unreadable one changes nothing."""
    model = replace(Model(setup=Setup(lang="pl")), lang="pl")
    chosen = Setup(players=5, speed="instant", auto=False, occupants=ALL_HUMAN, lang="ru")
    taken = updated(model, Stored(SETUP_KEY, json.dumps(chosen.to_dict())), NOW)
    assert taken.setup == replace(chosen, lang="pl") and taken.lang == "pl"
    assert json.loads(persist(taken)[SETUP_KEY] or "")["speed"] == "instant"
    cleared = updated(taken, Stored(SETUP_KEY, None), NOW)
    assert cleared.setup == Setup(lang="pl")
    assert updated(taken, Stored(SETUP_KEY, "{broken"), NOW).setup == taken.setup


def test_a_browser_that_keeps_nothing_is_told_once_and_play_goes_on() -> None:
    model = updated(Model(), control("quick-play"), NOW)
    warned = updated(model, StorageFailed(SAVE_KEY), NOW)
    assert warned.alert == "storage" and 'data-alert="storage"' in str(view(warned))
    dismissed = updated(warned, control("dismiss-alert"), NOW)
    assert dismissed.alert == "" and dismissed.storage_warned
    assert updated(dismissed, StorageFailed(SAVE_KEY), NOW).alert == ""
    assert play_randomly(dismissed, random.Random(1), 5).game is not None


def test_an_unfinished_kept_game_played_on_leaves_the_history_until_set_aside_again() -> None:
    model = play_randomly(updated(Model(), control("quick-play"), NOW), random.Random(8), 12)
    game = model.game
    assert game is not None
    hot_seat = replace(model, setup=HOT_SEAT)
    aside = play_randomly(updated(hot_seat, control("start"), NOW), random.Random(9), 2)
    assert len(aside.history) == 1 and aside.history[0].result is None
    watching = updated(aside, control("watch-kept", "0"), NOW)
    assert watching.watch is not None and watching.watch.step == 0
    earlier = updated(updated(watching, control("step", "5"), NOW), control("play-from"), NOW)
    assert len(earlier.history) == 2  # the hot-seat game set aside, and the one watched
    latest = updated(updated(watching, control("step", "last"), NOW), control("play-from"), NOW)
    assert latest.game is not None and latest.game.state() == game.state()
    assert len(latest.history) == 1  # only the hot-seat game: the one watched is in play
    assert latest.history[0].occupants == ["human"] * 4
    assert latest.occupants == model.occupants and latest.turns == model.turns


def test_saves_round_trip_and_bad_saves_are_set_aside() -> None:
    model = updated(started(), control("title"))
    game = model.game
    assert game is not None
    stored = persist(model)
    text = stored[SAVE_KEY]
    assert text is not None
    loaded, writes = init(stored)
    assert not writes and loaded.game is not None
    assert loaded.game.to_json() == game.to_json() and loaded.screen == "title"
    assert "continue" in Page(view(loaded)).values("data-msg")
    for bad in (
        "{",
        "[]",
        '{"format": "senator-session"}',
        text.replace('"round":1', '"round":2'),
    ):
        fresh, writes = init({SAVE_KEY: bad})
        assert fresh.game is None and written(writes) == {UNREADABLE_KEY: bad, SAVE_KEY: None}
        assert fresh.notice is not None and "could not be read" in fresh.notice
        assert "set aside" in fresh.notice
    assert init({})[0] == Model()


def test_a_link_opens_the_same_deal() -> None:
    config = sc.GameConfig(
        players=3, seed=99, first_opener=1, names=("Ann", "Bo", "Cy"),
        variants=sc.Variants(spartacus="two_points"), draws=("war", "war"),
        event_order=("spartacus",),
    )  # fmt: skip
    link = game_link(config)
    assert link.startswith("?game=") and "=" not in link[len("?game=") :]
    assert read_link(link[len("?game=") :]) == config
    model, _ = init({}, link, "https://example.org/senator/")
    assert model.screen == "game" and model.game is not None
    assert model.game.to_json() == sc.new_game(config).to_json()
    assert "https://example.org/senator/?game=" in view(model)
    nine = base64.urlsafe_b64encode(b'{"players": 9}').decode()
    for bad in ("!!!", nine, game_link(sc.GameConfig())[6:-4]):
        broken, _ = init({}, f"?game={bad}")
        assert broken.screen == "title" and broken.notice is not None
        assert "could not be opened" in broken.notice


def test_session_saves_keep_the_seat_colours() -> None:
    game = sc.new_game(sc.GameConfig(seed=2))
    text = session_json(Session(Record(game, (4, 3, 2, 1), ("human",) * 4), ()))
    model, _ = init({SAVE_KEY: text})
    assert model.colours == (4, 3, 2, 1, 0)
    bad = json.loads(text)
    bad["record"]["seats"][1]["colour"] = 4
    assert init({SAVE_KEY: json.dumps(bad)})[0].game is None


def test_the_links_parameters_are_read_by_init_and_taken_out_of_the_address() -> None:
    """The page hands `init` its query as it is: `init` reads `game` and `lang` (the
    first of each, as a browser does) and asks the page to take them out of the address,
    so a reload continues the game the link began, in the language chosen since; the
    other parameters stay."""
    link = game_link(sc.GameConfig(players=3, seed=7))
    model, effects = init({}, f"{link}&lang=pl&nosw&lang=ru")
    assert model.game is not None and model.game.players == 3 and model.lang == "pl"
    assert [e for e in effects if isinstance(e, ForgetAddress)] == [ForgetAddress(("game", "lang"))]
    _model, effects = init({}, "?lang=ru")
    assert [e for e in effects if isinstance(e, ForgetAddress)] == [ForgetAddress(("lang",))]
    empty, effects = init({}, "?game=")
    assert empty.game is None and ForgetAddress(("game",)) in effects
    for query in ("", "?", "?nosw", "?games=1"):
        plain, effects = init({}, query)
        assert plain == Model() and not effects, query
