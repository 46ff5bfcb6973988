"""The guided first game ("Learn to play"): its line of moves, the coach at each of
the player's moves and at the moments it holds the table, a move off the line taken
back or played on alone, and the lesson kept across a reload."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

import senator_core as sc
from senator_core.app import Model, init, update
from senator_core.app.effects import After, Effect, Think
from senator_core.app.keeping.saves import SAVE_KEY
from senator_core.app.keeping.storage import persist
from senator_core.app.lesson.line import LINE, MOVES, NOTES, coaching, is_lesson, lesson_config
from senator_core.app.lesson.messages import Coach, Learn
from senator_core.app.messages import Msg, control
from senator_core.app.play.messages import Act, GoOn, Thought
from senator_core.bots import make
from senator_core.i18n import LANGUAGES, use

from ..viewkit import Screen


def first_visit(lang: str = "en") -> Model:
    model, _ = init({}, f"?lang={lang}")
    return model


class Page:
    """The application as the page runs it, in CPython: every wait is over at once,
    every computer thinks at once (the lesson's own computers play the line, the
    others their level's move)."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self.thought: list[str] = []  # the levels asked to think

    def send(self, msg: Msg) -> None:
        pending: list[Msg] = [msg]
        while pending:
            self.model, effects = update(self.model, pending.pop(0), "2026-01-01T00:00:00")
            pending.extend(self._answers(effects))

    def _answers(self, effects: tuple[Effect, ...]) -> list[Msg]:
        out: list[Msg] = []
        for effect in effects:
            if isinstance(effect, After) and not isinstance(effect.msg, GoOn):
                out.append(effect.msg)
            elif isinstance(effect, Think) and not effect.estimate:
                self.thought.append(effect.level)
                bot = make(effect.level, effect.seed)
                out.append(Thought(effect.game.moves, str(bot.choose(effect.game))))
        return out

    @property
    def screen(self) -> Screen:
        return Screen(self.model)

    def coach(self) -> str:
        said = coaching(self.model)
        return "" if said is None else said.kind

    def press(self, selector: str) -> None:
        target = self.screen.one(selector)
        value = target.get("data-value")
        action = target.get("data-action")
        if action is not None:
            self.send(Act(str(action)))
        else:
            self.send(control(str(target.get("data-msg")), "" if value is None else str(value)))


def test_the_line_is_a_whole_round_of_legal_moves_on_the_lesson_deal() -> None:
    game = sc.new_game(lesson_config("Ann"))
    for text in LINE:
        game.apply(text)
    assert game.round == 2 and game.to_move == 0 and game.decision == "topic"
    assert is_lesson(game.config) and tuple(game.names) == ("Ann", "Brutus", "Livia")
    # Every note is said where the player is to move, or where a computer is.
    assert set(NOTES) <= set(range(len(LINE) + 1))


def test_the_lesson_covers_what_the_issue_asks_on_its_line() -> None:
    verbs = {text.split()[0] for text in LINE}
    assert {"topic", "play", "withdraw", "take", "give", "veto", "assassin", "reclaim"} <= verbs
    assert {"discard"} <= verbs and sum(t == "topic consul" for t in LINE) == 2
    game = sc.new_game(lesson_config(""))
    ids = [e.id for text in LINE for e in game.apply(text)]
    for happened in ("conflict", "vetoed", "assassinated", "consul_passed", "imperium_passed"):
        assert happened in ids, happened


def test_a_name_the_rivals_hold_or_an_unsound_one_gives_the_default() -> None:
    assert lesson_config("Brutus").names is not None
    assert lesson_config("Brutus").names[0] != "Brutus"
    assert lesson_config("x" * 500).names == lesson_config("").names


def test_the_title_offers_the_lesson_first_on_a_first_visit_and_later_beside_the_rules() -> None:
    first = Screen(first_visit())
    assert first.one(".title-actions button").get("data-msg") == "learn"
    assert "primary" in first.one("[data-msg='learn']").get("class", [])
    page = Page(first_visit())
    page.send(Learn())
    page.send(control("title"))
    assert page.screen.text("[data-msg='continue']") == "Continue the lesson"
    assert not page.screen.soup.select("[data-msg='learn']")


def test_a_guided_game_played_through_on_the_line_then_alone_to_its_end() -> None:
    page = Page(first_visit())
    page.send(Learn())
    model = page.model
    assert model.screen == "game" and model.lesson is not None
    assert model.game is not None and is_lesson(model.game.config)
    notes = 0
    while page.model.game is not None and page.model.game.moves < len(LINE):
        game = page.model.game
        said = coaching(page.model)
        assert said is not None, f"no coach at move {game.moves}"
        if said.kind == "note":
            notes += 1
            assert "data-coach" in str(page.screen.one("#decision").attrs)
            page.press("#decision [data-msg='coach'][data-value='on']")
            continue
        assert said.kind == "move" and said.suggest == LINE[game.moves]
        coach = page.screen.one(".coach[data-coach='move']")
        assert said.label in coach.get_text()
        if game.moves in MOVES:
            assert MOVES[game.moves].place in str(page.screen.one(".coach-pointer").string)
        page.press(f"#decision [data-action='{LINE[game.moves]}']")
        if page.screen.soup.select_one("[data-msg='go-on']") is not None:
            page.press("[data-msg='go-on']")
    assert notes == len(NOTES) - 1  # the last is held after the round's summary
    assert [str(a) for a in page.model.game.actions][: len(LINE)] == list(LINE)
    assert not page.thought, "on the line, the computers play the line's moves"
    # The round's end: its summary first, then the coach's word on the rest of the game.
    assert page.coach() == "note"
    page.press("[data-msg='coach'][data-value='on']")
    assert page.coach() == ""
    while page.model.game is not None and page.model.game.decision != "over":
        assert page.model.game.to_move == 0
        page.press("#decision [data-action]")
        if page.screen.soup.select_one("[data-msg='go-on']") is not None:
            page.press("[data-msg='go-on']")
    assert set(page.thought) == {"easy"}, "after the line, the computers play as beginners"
    assert page.model.screen == "end" and page.coach() == "closing"
    closing = page.screen.one(".coach-closing")
    assert closing.select_one("[data-msg='quick-play']") is not None
    page.press(".coach-closing [data-msg='coach'][data-value='again']")
    assert page.model.game is not None and page.model.game.moves == 0
    assert page.model.lesson is not None and page.coach() == "move"


def test_a_move_off_the_line_is_shown_then_taken_back() -> None:
    page = Page(first_visit())
    page.send(Learn())
    page.press("#decision [data-action='topic taxes']")
    assert LINE[1] == "play 2"
    page.send(Act("withdraw"))  # opening and withdrawing at once, off the line
    assert page.coach() == "strayed"
    game = page.model.game
    assert game is not None and game.moves == 2
    shown = page.screen
    assert "withdraw" not in [b.get("data-action") for b in shown.soup.select("#decision button")]
    assert "2" in shown.text("[data-value='back']")
    assert not page.thought and game.moves == 2, "the computers wait for the player"
    page.press("[data-msg='coach'][data-value='back']")
    game = page.model.game
    assert game is not None and [str(a) for a in game.actions] == list(LINE[:1])
    assert page.coach() == "move"


def test_a_move_off_the_line_played_on_alone_against_beginners() -> None:
    page = Page(first_visit())
    page.send(Learn())
    page.send(Act("topic rebellion"))
    assert page.coach() == "strayed"
    page.press("[data-msg='coach'][data-value='alone']")
    assert page.model.lesson is not None and page.model.lesson.alone
    assert page.coach() == "" and not page.screen.soup.select(".coach")
    page.send(Act("play 2"))
    assert page.thought and set(page.thought) == {"easy"}


def test_the_lesson_is_kept_across_a_reload_and_taken_up_again() -> None:
    page = Page(first_visit())
    page.send(Learn())
    while page.model.game is not None and page.model.game.moves < 15:
        assert page.coach() == "move"
        page.send(Act(LINE[page.model.game.moves]))
    assert page.coach() == "note"  # Brutus's Rebellion, at move 15
    page.send(Coach("on"))
    page.send(control("title"))
    stored = {k: v for k, v in persist(page.model).items() if v is not None}
    assert json.loads(stored[SAVE_KEY])["shown"]["lesson"]["heard"] == 15
    reloaded, _ = init(stored, "")
    assert reloaded.lesson is not None and reloaded.lesson.heard == 15
    assert reloaded.screen == "title"
    again = Page(reloaded)
    again.send(Learn())  # "Learn to play" takes the lesson up where it was
    assert again.model.game is not None and again.model.game.moves >= 15
    assert again.model.screen == "game" and again.coach() in ("move", "")


@pytest.mark.parametrize("value", [{"heard": "x", "alone": False}, {"heard": -5, "alone": 1}, 7])
def test_a_damaged_lesson_in_a_save_is_read_past(value: object) -> None:
    page = Page(first_visit())
    page.send(Learn())
    stored = {k: v for k, v in persist(page.model).items() if v is not None}
    save = json.loads(stored[SAVE_KEY])
    save["shown"]["lesson"] = value
    reloaded, _ = init({**stored, SAVE_KEY: json.dumps(save)}, "")
    assert reloaded.game is not None and reloaded.game.moves == page.model.game.moves
    assert reloaded.lesson is None


def test_another_game_sets_the_lesson_aside_and_learning_takes_it_up_again() -> None:
    page = Page(first_visit())
    page.send(Learn())
    page.send(Act(LINE[0]))
    page.send(Act(LINE[1]))  # and the computers answer on the line
    lesson_moves = page.model.game.moves if page.model.game else 0
    assert lesson_moves == 4
    page.send(control("quick-play"))
    assert page.model.lesson is None and page.coach() == ""
    saved = persist(page.model)[SAVE_KEY]
    assert saved is not None and "lesson" not in json.loads(saved)["shown"]
    quick = page.model.game
    assert quick is not None
    page.send(Act(str(quick.legal_actions()[0])))
    quick_moves = page.model.game.moves if page.model.game else 0
    page.send(control("title"))
    assert "where you left it" in page.screen.text("[data-msg='learn']")
    page.send(Learn())
    game = page.model.game
    assert game is not None and is_lesson(game.config) and game.moves == lesson_moves
    assert page.model.lesson is not None and page.coach() == "move"
    # The quick game went to the games kept, and the lesson left them.
    assert [len(k.data["actions"]) for k in page.model.history] == [quick_moves]


def test_a_move_off_the_line_that_ends_the_round_is_shown_before_its_summary() -> None:
    page = Page(first_visit())
    page.send(Learn())
    while page.model.game is not None and page.model.game.moves < len(LINE) - 1:
        if page.coach() == "note":
            page.send(Coach("on"))
        else:
            page.send(Act(LINE[page.model.game.moves]))
    assert LINE[-1] == "give 1"
    page.send(Act("give 0"))  # keeps Public Works: the round ends
    assert page.model.story == 1 and page.coach() == "strayed"
    assert page.screen.soup.select_one(".round-story") is None
    assert page.screen.soup.select_one(".coach-hold[data-coach='strayed']") is not None
    page.press("[data-msg='coach'][data-value='alone']")
    assert page.screen.soup.select_one(".round-story") is not None


def test_no_hint_beside_the_coach_while_it_suggests_the_move() -> None:
    page = Page(first_visit())
    page.send(Learn())
    assert page.coach() == "move"
    assert page.screen.soup.select_one("[data-msg='hint']") is None
    page.send(Act("topic rebellion"))
    page.send(Coach("alone"))
    assert page.screen.soup.select_one("[data-msg='hint']") is not None


def test_a_lesson_in_a_save_of_another_game_is_read_past() -> None:
    page = Page(first_visit())
    page.send(control("quick-play"))
    stored = {k: v for k, v in persist(page.model).items() if v is not None}
    save = json.loads(stored[SAVE_KEY])
    save["shown"]["lesson"] = {"heard": -1, "alone": False}
    reloaded, _ = init({**stored, SAVE_KEY: json.dumps(save)}, "")
    assert reloaded.game is not None and reloaded.lesson is None


def test_the_coach_answers_only_what_it_asks() -> None:
    page = Page(first_visit())
    page.send(Learn())
    before = page.model
    for choice in ("on", "back", "alone", "<script>", ""):
        page.send(Coach(choice))
        assert page.model.game is before.game and page.model.lesson == before.lesson


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_coach_speaks_every_language(lang: str) -> None:
    use(lang)
    page = Page(replace(first_visit(lang), lang=lang))
    page.send(Learn())
    said = coaching(page.model)
    assert said is not None
    english = "Welcome to the Senate."
    assert (english in said.says) == (lang == "en")
    assert "{" not in said.says
    for at, step in [*MOVES.items(), *NOTES.items()]:
        assert step.says
        assert "{" not in step.says.format(brutus="B", livia="L"), at
    use("en")
