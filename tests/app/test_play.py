"""The game at the table under CPython: what each decision shows, moves made by the
player, for the player and by computers, the hint, the scoreboard, the log, the
round's story and the end."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import pytest

import senator_core as sc
from senator_core.app import Act, Model, Setup, control, init, persist, update, view
from senator_core.app.derived import (
    computer_to_move,
    forced_to_move,
    just_happened,
    mover,
    sitting_out,
    turn_came,
)
from senator_core.app.effects import After, Focus, Scroll, Think
from senator_core.app.keeping.saves import (
    SAVE_KEY,
    load_session,
)
from senator_core.app.play.hand import HINT_SHOWN
from senator_core.app.play.messages import Forced, GoOn, HintFailed, HintReady, Thought
from senator_core.app.play.scoreboard import scoreboard, tie_break_steps
from senator_core.app.play.state import HINT_LEVEL, Hint
from senator_core.app.play.story import catch_up, changes_in, round_story, view_catch_up
from senator_core.app.ui.text import KIND_NAMES, describe, render_text
from senator_core.app.view import page_title
from senator_core.bots import finish
from senator_core.bots.heuristic import Heuristic
from senator_core.bots.hint import hinting
from senator_core.i18n import use
from senator_core.records import RecordError
from senator_core.refusals import error_text

from ..appkit import Page, playing, started, updated
from ..scenario import play, rigged
from ..test_exploits import awarding
from ..test_rules_powers_events import empty_opponents


def random_finished_game(players: int, seed: int) -> sc.Game:
    """A game played to its end by random choices seeded with `seed`."""
    game = sc.new_game(sc.GameConfig(players=players, seed=seed))
    chooser = random.Random(seed)
    while game.to_move is not None:
        game.apply(chooser.choice(game.legal_actions()))
    return game


def plain(text: str) -> str:
    """A page's text with the seats' symbols and the spaces around names taken out."""
    return re.sub(r"[●▲■◆★] ?", "", text).replace(" :", ":")


def round_nearly_over() -> sc.Game:
    """Round 1 of 3 players one move from its end: Cassius gave War to Brutus, which
    cancelled Brutus's Rebellion; the rule-based player plays the rest."""
    game = rigged(
        3,
        ["war", "trade", "taxes", "imperium", "imperium", "rebellion", "war"],
        events=["hannibal", "ludi_gladiatorum", "spartacus"],
    )
    play(game, "topic rebellion", "play 1", "play 2", "withdraw", "withdraw", "skip", "give 1")
    play(game, "topic war", "play 1", "withdraw", "play 2", "withdraw", "skip", "give 1")
    bot = Heuristic()
    while True:
        after = game.clone()
        after.apply(bot.choose(after, after.legal_actions()))
        if after.round == 2:
            return game
        game = after


def test_board_shows_the_engine_state_and_exactly_the_legal_actions() -> None:
    model = started(players=5)
    game = model.game
    assert game is not None
    page = Page(view(model))
    assert page.values("data-screen") == ["game"]
    assert sorted(page.values("data-action")) == sorted(str(a) for a in game.legal_actions())
    text = page.all_text()
    assert f"Round {game.round}/3" in text
    assert f"Forum {game.forum_size}" in text
    for name in game.names:
        assert name in text
    assert page.values("data-seat").count("4") >= 1
    assert len([t for t, a in page.elements if t == "article"]) == 5


def test_debate_prompt_and_bids_show_totals() -> None:
    game = rigged(3, ["war", "trade", "taxes", "imperium", "imperium", "rebellion", "war"])
    play(game, "topic war", "play 2 2")
    page = Page(view(playing(game)))
    text = page.all_text()
    assert "You need more than 4 to lead; your cards reach 5 to 13." in text
    assert "Debating: War" in text
    # One control per total, played with the fewest cards: 7 is 2 + 5, never 1 + 1 + 5.
    plays = [a for a in page.values("data-action") if a.startswith("play")]
    assert plays == [
        "play 5", "play 1 5", "play 2 5", "play 1 2 5", "play 2 2 5", "play 1 2 2 5",
        "play 2 2 2 5", "play 1 2 2 2 5", "play 1 1 2 2 2 5",
    ]  # fmt: skip
    assert page.texts("chip-total")[:3] == ["5", "6", "7"]
    assert page.texts("chip-cards")[2] == "2+5"
    assert "withdraw" in page.values("data-action")


def test_under_hannibal_a_debate_says_what_a_losing_bid_costs() -> None:
    """R42: with Hannibal in force, a bid's cards are discarded even if it loses; the
    debate says so, with the rule a tap away. Without it, nothing is said."""
    hannibal = rigged(3, ["war", "trade", "taxes", "imperium", "imperium", "rebellion", "war"],
                      events=["hannibal"])  # fmt: skip
    play(hannibal, "topic war", "play 2 2")
    page = Page(view(playing(hannibal)))
    said = "the cards you put in play are discarded even if another senator wins this debate"
    assert said in page.all_text() and "R42" in page.values("data-value")
    plain_round = rigged(3, ["war", "trade", "taxes", "imperium", "imperium", "rebellion", "war"],
                         events=["spartacus"])  # fmt: skip
    play(plain_round, "topic war", "play 2 2")
    assert said not in Page(view(playing(plain_round))).all_text()


def test_ludi_gladiatorum_explains_the_two_card_cap() -> None:
    game = rigged(3, ["war"] * 3 + ["trade"] * 4, events=["ludi_gladiatorum"])
    play(game, "topic war", "play 1 2")
    play(game, "play 5", "withdraw")
    page = Page(view(playing(game)))
    text = page.all_text()
    assert "You already have 2 cards in play, the most Ludi Gladiatorum allows." in text
    assert "R45" not in text, "rule numbers stay out of sentences"
    assert "R45" in page.values("data-value"), "a why? opens the rule"


def test_award_shows_what_the_token_would_do_to_each_player() -> None:
    game = rigged(3, ["war", "war", "trade", "taxes", "rebellion", "imperium", "imperium"])
    play(game, "topic trade", "play 1", "withdraw", "withdraw", "skip", "give 2")
    play(game, "topic taxes", "withdraw", "play 1", "withdraw", "take veto", "give 0")
    play(game, "topic war", "withdraw", "play 1", "withdraw", "skip")
    assert game.decision == "award" and game.to_move == 2
    page = Page(view(playing(game)))
    text = page.all_text()
    assert "would cancel Trade and lose it" in text  # seat 2 holds Trade
    assert "holds the veto: may refuse it" in text  # seat 1 holds the veto
    assert page.values("data-action") == ["give 0", "give 1", "give 2"]
    # The veto's holder with a token the award would cancel: both are said.
    holding = rigged(3, ["war", "war", "trade", "taxes", "rebellion", "imperium", "imperium"])
    play(holding, "topic rebellion", "withdraw", "play 1", "withdraw", "skip", "give 1")
    play(holding, "topic taxes", "play 1", "withdraw", "withdraw", "take veto", "give 1")
    play(holding, "topic war", "withdraw", "play 1", "withdraw", "skip")
    assert holding.decision == "award" and holding.to_move == 2 and holding.veto == 1
    effects = Page(view(playing(holding))).texts("effect")
    assert "holds the veto: may refuse it, or it cancels their Rebellion" in effects


def test_the_veto_decision_says_what_refusing_and_accepting_do() -> None:
    """R26 step 3, R49: refused, the token goes to the forum and the veto to the centre;
    accepted, it joins the holder's proposed tokens."""
    game = rigged(3, ["war", "war", "trade", "taxes", "rebellion", "imperium", "imperium"])
    play(game, "topic trade", "play 1", "withdraw", "withdraw", "skip", "give 2")
    play(game, "topic taxes", "withdraw", "play 1", "withdraw", "take veto", "give 0")
    play(game, "topic war", "withdraw", "play 1", "withdraw", "skip", "give 1")
    assert game.decision == "veto" and game.to_move == 1 and game.proposed(1) == []
    page = Page(view(playing(game)))
    effects = page.texts("effect")
    assert effects == [
        "the token goes back to the forum, the veto to the centre",
        "joins your proposed tokens (1 proposed)",
    ]
    assert page.values("data-action") == ["veto", "accept"]


def test_proposed_tokens_the_topic_would_cancel_are_flagged() -> None:
    game = rigged(3, ["war", "war", "trade", "taxes", "rebellion", "imperium", "imperium"])
    play(game, "topic trade", "play 1", "withdraw", "withdraw", "skip", "give 1")
    play(game, "topic war")
    html = view(playing(game))
    assert re.search(r'class="token token-trade at-risk"', html)


def test_the_last_move_is_told_on_the_table() -> None:
    model = started()
    assert model.game is not None
    topic = str(model.game.legal_actions()[0])
    after = updated(model, Act(topic))
    (line,) = Page(view(after)).texts("last-move")
    assert "opens a debate on" in line


def test_an_illegal_action_leaves_the_game_and_says_why() -> None:
    model = started()
    assert model.game is not None
    after = updated(model, Act("play 5"))
    assert after.game is model.game
    assert after.notice is not None and "R19" in after.notice
    page = Page(view(after))
    assert any(a.get("role") == "alert" for _, a in page.elements)
    assert updated(after, control("dismiss")).notice is None
    garbled = updated(model, Act("<script>"))
    assert garbled.notice is not None and "malformed" in garbled.notice
    assert "<script>" not in view(garbled)


def test_actions_update_a_copy_and_finish_on_the_end_screen() -> None:
    model = started()
    chooser = random.Random(2)
    while model.screen == "game":
        assert model.game is not None
        before = model.game.to_json()
        moved = updated(model, Act(str(chooser.choice(model.game.legal_actions()))))
        assert model.game.to_json() == before, "update never changes the old model's game"
        model = moved
    assert model.screen == "end" and model.game is not None
    page = Page(view(model))
    assert page.values("data-screen") == ["end"]
    assert page.values("data-action") == []
    assert {"play-again", "setup", "title"} <= set(page.values("data-msg"))
    assert persist(model)[SAVE_KEY] is None
    again = updated(model, control("play-again"))
    assert again.screen == "game" and again.game is not None
    assert again.game.names == model.game.names
    assert again.game.config.seed != model.game.config.seed


@pytest.mark.parametrize(
    ("seed", "scores", "steps", "headline"),
    [
        # No tie: most tokens decides.
        (0, [(2, 2, 2), (5, 2, 4), (2, 0, 0)], ["By most tokens (5): Brutus."], "Brutus wins."),
        # Tied on tokens, and on passed tokens too: Imperium decides (R40's second step).
        (
            1,
            [(1, 0, 0), (3, 2, 3), (3, 1, 3)],
            ["By most tokens (3): Brutus and Livia.", "By most Imperium (2): Brutus."],
            "Brutus wins.",
        ),
        # Tied on tokens and Imperium: passed tokens decide (the third step).
        (
            14,
            [(2, 0, 0), (3, 1, 1), (3, 1, 2)],
            [
                "By most tokens (3): Brutus and Livia.",
                "By most Imperium (1): Brutus and Livia.",
                "By most passed tokens (2): Livia.",
            ],
            "Livia wins.",
        ),
        # Tied on all three: a shared victory.
        (
            8,
            [(3, 1, 2), (3, 1, 2), (0, 0, 0)],
            [
                "By most tokens (3): Cassius and Brutus.",
                "By most Imperium (1): Cassius and Brutus.",
                "By most passed tokens (2): Cassius and Brutus.",
                "Still tied: they share the victory.",
            ],
            "Cassius and Brutus share the victory.",
        ),
    ],
)
def test_end_screen_explains_each_tie_break_step(
    seed: int, scores: list[tuple[int, int, int]], steps: list[str], headline: str
) -> None:
    """R40: most tokens, then most Imperium, then most passed tokens, then a shared
    victory; the end screen lists the steps that decided, in that order."""
    game = random_finished_game(3, seed)
    assert game.scores() == scores, "the seeded game ends in the position described"
    assert tie_break_steps(game) == steps
    page = Page(view(Model(screen="end", game=game)))
    assert page.texts("tie-break") == ["".join(steps)]
    assert page.texts("winners") == [headline]


def test_incursio_barbara_with_no_imperium_in_the_docket_says_so() -> None:
    """R44: the event sends back the docket's Imperium tokens, which may be none."""
    none = describe(sc.Event("imperium_returned", {"count": 0}))
    two = describe(sc.Event("imperium_returned", {"count": 2}))
    assert none is not None and two is not None
    assert render_text(none, ()) == "Incursio Barbara finds no Imperium in the docket to send back."
    assert render_text(two, ()) == "Incursio Barbara sends 2 Imperium back to the forum."


def test_a_power_with_nothing_to_act_on_is_said_in_the_log() -> None:
    """R48: the winner of War whose rivals hold no card goes straight to the award,
    and the log says why no card was named; Taxes says whose veto it could not take."""
    game = empty_opponents()
    play(game, "topic war", "withdraw", "withdraw")
    assert game.decision == "award"
    log = [render_text(s, game.names) for e in game.log if (s := describe(e)) is not None]
    assert "War has nothing to act on: no other senator holds a card." in log
    for veto, said in [
        (0, "Cassius holds the veto already: Taxes has nothing to take."),
        (1, "Taxes has nothing to take: the veto is not in the centre."),
    ]:
        sentence = describe(sc.Event("power_unused", {"seat": 0, "topic": "taxes", "veto": veto}))
        assert sentence is not None and render_text(sentence, ("Cassius", "Brutus")) == said


def test_a_computer_to_move_shows_who_is_thinking_and_no_controls() -> None:
    game = sc.new_game(sc.GameConfig(players=3, seed=5, first_opener=1))
    model = playing(game, occupants=("human", "hard", "easy", "human", "human"))
    assert computer_to_move(model) == "hard"
    page = Page(view(model))
    assert page.values("data-action") == []
    assert "is thinking" in page.all_text()
    assert "speed" in page.values("name"), "a game with computers offers the pace"
    human = playing(game.clone(), occupants=("human",) * 5)
    assert computer_to_move(human) is None
    assert "speed" not in Page(view(human)).values("name")


def test_a_hint_shows_the_estimates_for_the_position_it_was_asked_for() -> None:
    model = started()
    game = model.game
    assert game is not None
    assert "hint" in Page(view(model)).values("data-msg")
    options = tuple((str(a), 0.1 * i) for i, a in enumerate(game.legal_actions()))
    hinted = updated(model, HintReady(game.moves, options))
    text = Page(view(hinted)).all_text()
    assert "would play" in text and "chance to win" in text
    best = options[-1][0]
    listed = Page(view(hinted)).values("data-option")
    assert listed == [text for text, _ in reversed(options)][:HINT_SHOWN]
    assert listed[0] == best
    if len(options) > HINT_SHOWN:
        rest = len(options) - HINT_SHOWN
        chance = options[-1 - HINT_SHOWN][1]
        plural = "s" if rest > 1 else ""
        assert f"{rest} other choice{plural}: {chance:.0%} chance to win or less." in text
    stale = updated(model, HintReady(game.moves + 1, options))
    assert stale.hint is None, "a hint for another position is dropped"
    moved = updated(hinted, Act(str(game.legal_actions()[0])))
    assert moved.hint is None


def test_a_hint_in_a_debate_counts_each_total_once_among_the_other_choices() -> None:
    """The hint's other choices are counted as buttons: every way to reach one total is
    one choice, and a total already listed is no other choice."""
    game = rigged(3, ["war", "trade", "taxes", "imperium", "imperium", "rebellion", "war"])
    play(game, "topic war", "play 2 2")
    legal = [str(a) for a in game.legal_actions()]
    # The worst last: the totals from 5 up, then the Assassin and withdrawing.
    by_total = sorted(legal, key=lambda a: sc.parse_action(a).value if a.startswith("play") else 99)
    options = tuple((a, 0.9 - 0.01 * i) for i, a in enumerate(by_total))
    page = Page(view(updated(playing(game), HintReady(game.moves, options))))
    totals = {sc.parse_action(a).value for a in legal if a.startswith("play")}
    listed = {sc.parse_action(a).value for a, _ in options[:HINT_SHOWN]}
    others = len(totals - listed) + sum(not a.startswith("play") for a in legal)
    assert len(legal) - HINT_SHOWN > others  # some totals are reached in several ways
    chance = next(v for a, v in options[HINT_SHOWN:] if sc.parse_action(a).value not in listed)
    assert f"{others} other choices: {chance:.0%} chance to win or less." in page.all_text()


def test_a_bid_built_by_touching_cards_is_confirmed_or_explained() -> None:
    game = rigged(3, ["war", "trade", "taxes", "imperium", "imperium", "rebellion", "war"])
    play(game, "topic war", "play 2 2")  # Brutus (seat 1) to act; the hand 1 1 2 2 2 5 A
    model = playing(game)
    # 1 + 2 = 3: too low
    model = updated(updated(model, control("pick", "0")), control("pick", "2"))
    page = Page(view(model))
    (problem,) = page.texts("build-problem")
    assert problem.startswith("1 + 2 brings you to 3; you need 5 to lead.")
    assert "R21" in page.values("data-value")
    confirm = [a for t, a in page.elements if a.get("data-msg") == "confirm"]
    assert "disabled" in confirm[0]
    refused = updated(model, control("confirm"))
    assert refused.game is model.game and refused.notice is not None
    model = updated(updated(model, control("pick", "2")), control("pick", "5"))  # 1 + 5 = 6
    assert Page(view(model)).texts("build-sum") == ["1 + 5 → your total 6"]
    assert any(a.get("data-action") == "play 1 5" and "matches" in (a.get("class") or "")
               for _, a in Page(view(model)).elements)  # fmt: skip
    bid = updated(model, control("confirm"))
    assert bid.game is not None and bid.game.in_play(1) == ["1", "5"]
    assert bid.picked == () and mover(bid) == 1
    assert updated(model, control("pick", "99")).picked == model.picked
    assert updated(model, control("unpick")).picked == ()


def test_touched_cards_are_refused_for_the_engine_s_reason_in_the_explanation_s_words() -> None:
    """The card picker says the engine's problem with the bid (`Game.bid_problem`) in
    the one sentence the explanations use for it, with that problem's rule."""
    game = rigged(3, ["war", "trade", "taxes", "imperium", "imperium", "rebellion", "war"])
    play(game, "topic war", "play 2 2")  # Brutus (seat 1) to act; the hand 1 1 2 2 2 5 A
    model = updated(updated(playing(game), control("pick", "0")), control("pick", "6"))
    problem = game.bid_problem("assassin 1")
    assert problem is not None and (problem.reason, problem.rule) == ("assassin_alone", "R22")
    page = Page(view(model))
    (said,) = page.texts("build-problem")
    assert said.startswith("The Assassin is played alone here: put the other cards back.")
    assert "R22" in page.values("data-value")
    with pytest.raises(sc.ForbiddenActionError) as refused:
        game.clone().apply("assassin 1")
    refusal = refused.value.refusal
    assert (refusal.reason, refusal.rules) == ("assassin_alone", ("R22", "R46"))
    assert re.search(r"played alone.*\(R22, R46\)", error_text(refused.value))


def test_the_assassin_is_played_from_the_hand_too() -> None:
    game = rigged(3, ["war", "trade", "taxes", "imperium", "imperium", "rebellion", "war"])
    play(game, "topic war", "play 2 2")
    model = updated(playing(game), control("pick", "6"))
    assert Page(view(model)).texts("build-sum")[0].startswith("Assassin: ends the debate")
    after = updated(model, control("confirm"))
    assert after.game is not None and after.game.topic is None
    assert [e.id for e in just_happened(after)][:2] == ["assassin", "assassinated"]


def test_explanations_open_on_tap_inside_the_table() -> None:
    game = rigged(3, ["war", "war", "trade", "taxes", "rebellion", "imperium", "imperium"])
    play(game, "topic trade", "play 1", "withdraw", "withdraw", "skip", "give 1")
    play(game, "topic war")
    model = playing(game)
    assert "risk:1:trade" in Page(view(model)).values("data-value")
    for key, words in [
        ("risk:1:trade", "Trade is at risk"),
        ("kind:rebellion", "Send another docket token back to the forum"),
        ("veto", "its holder may refuse a token"),
        ("event", "No event card"),
    ]:
        opened = updated(model, control("explain", key))
        (text,) = Page(view(opened)).texts("explain")
        assert words in text
        assert updated(opened, control("explain", key)).explain == ""
    for bad in ("risk:9:trade", "kind:nothing", "risk:x:war", "bogus"):
        assert Page(view(updated(model, control("explain", bad)))).texts("explain") == []


def test_a_docket_token_explained_while_choosing_the_topic_offers_its_debate() -> None:
    """Tapping a token of the docket explains it; while the player chooses the topic,
    the explanation also opens that debate. Nobody else's choice is offered so."""
    game = sc.new_game(sc.GameConfig(players=3, seed=5, first_opener=0))
    assert game.decision == "topic"
    kind = game.docket[0]
    key = f"kind:{kind}"
    opened = updated(playing(game), control("explain", key))
    page = Page(view(opened))
    assert f"topic {kind}" in page.values("data-action")
    assert f"Debate {KIND_NAMES[kind]}" in page.all_text()
    debated = updated(opened, Act(f"topic {kind}"))
    assert debated.game is not None and debated.game.topic == kind
    # A computer choosing, or a debate under way: the token is only explained.
    watched = updated(playing(game.clone(), occupants=("hard",) * 5), control("explain", key))
    assert Page(view(watched)).texts("explain") and f"Debate {KIND_NAMES[kind]}" not in (
        Page(view(watched)).all_text()
    )
    assert debated.game.docket, "a token is left to explain"
    later = updated(debated, control("explain", f"kind:{debated.game.docket[0]}"))
    assert not [a for a in Page(view(later)).values("data-action") if a.startswith("topic")]


def test_the_event_lies_on_the_table_as_a_card() -> None:
    """R41: the round's event card is drawn face up beside the debate, not in the top
    bar; a tap explains it in this game's reading of the rules (Spartacus, R46)."""
    game = rigged(3, ["war"] * 3 + ["trade"] * 4, events=["spartacus"])
    model = playing(game)
    page = Page(view(model))
    cards = [i for i, (tag, _) in enumerate(page.elements) if "event-card" in page.classes(i)]
    (card,) = cards
    tag, attrs = page.elements[card]
    assert tag == "button" and attrs["data-msg"] == "explain" and attrs["data-value"] == "event"
    assert attrs["data-place"] == "event"
    assert page.text_of(card).startswith("Event") and "Spartacus" in page.text_of(card)
    inside = [page.elements[i][0] for i in range(card + 1, len(page.elements))]
    assert "svg" in inside, "drawn with a card's frame"
    topbar = next(i for i, (t, _) in enumerate(page.elements) if t == "header")
    assert "Spartacus" not in page.text_of(topbar)
    (text,) = Page(view(updated(model, control("explain", "event")))).texts("explain")
    assert "A first play in a debate is at least 2 cards" in text
    # The small card prints the Latin name; the meaning a language adds is said whole
    # in the icon's label and the explanation.
    russian = replace(model, lang="ru")
    ru = Page(view(russian))
    (name,) = ru.texts("event-name")
    (explained,) = Page(view(updated(russian, control("explain", "event")))).texts("explain")
    assert name == "Spartacus"
    ru_card = next(i for i in range(len(ru.elements)) if "event-card" in ru.classes(i))
    assert "Spartacus (Спартак)" in ru.text_of(ru_card) and "Spartacus (Спартак)" in explained


def test_a_forced_move_is_offered_to_the_page_and_logged_as_made_for_the_player() -> None:
    game = rigged(3, ["war", "trade", "taxes", "imperium", "imperium", "rebellion", "war"])
    play(game, "topic war", "play 1 1 2 2 2 5", "assassin")  # Cassius plays every card
    play(game, "topic trade", "play 1", "withdraw", "assassin")  # and his Assassin
    play(game, "topic taxes")  # Cassius opens with an empty hand: he can only withdraw (R24)
    model = playing(game)
    assert forced_to_move(model) == "withdraw"
    assert "sitting-out" in " ".join(a.get("class") or "" for _, a in Page(view(model)).elements)
    assert forced_to_move(replace(model, setup=replace(model.setup, auto=False))) is None
    after = updated(model, Forced(game.moves, "withdraw"))
    assert after.auto == (len(game.log),)
    assert "(made for the player: nothing else was possible)" in Page(view(after)).all_text()
    loaded = load_session(persist(after)[SAVE_KEY] or "")
    assert tuple(t.log_start for t in loaded.turns if t.auto) == after.auto
    bad = json.loads(persist(after)[SAVE_KEY] or "")
    bad["record"]["auto"] = [10_000]
    with pytest.raises(RecordError, match="moves made for a player"):
        load_session(json.dumps(bad))


def test_a_player_with_no_cards_sits_the_round_out_without_waiting_on_each_withdrawal() -> None:
    game = rigged(3, ["war", "trade", "taxes", "imperium", "imperium", "rebellion", "war"])
    play(game, "topic war", "play 1 1 2 2 2 5", "assassin")  # Cassius plays every card
    play(game, "topic trade", "play 1", "withdraw", "assassin")  # and his Assassin
    occupants = ("human", "easy", "easy", "human", "human")
    model = playing(game, occupants=occupants)  # Cassius opens, with an empty hand
    assert sitting_out(model, 0) and not sitting_out(model, 1)
    assert "sitting-out" not in str(view(model)), "choosing the topic is still a choice"
    opened, effects = update(model, Act("topic taxes"), "2026-12-04T10:00:00Z")
    assert forced_to_move(opened) == "withdraw"
    (wait,) = [e for e in effects if isinstance(e, After)]
    assert opened.game is not None
    assert wait.seconds == 0.0 and wait.msg == Forced(opened.game.moves, "withdraw")
    drawn = Page(view(opened))
    assert "sitting-out" in drawn.values("class") and "forced-note" not in drawn.values("class")
    assert "you sit out the rest of this round" in drawn.all_text()
    withdrawn = updated(opened, Forced(opened.game.moves, "withdraw"))
    assert computer_to_move(withdrawn) == "easy"
    assert "you sit out the rest of this round" in Page(view(withdrawn)).all_text()


def test_the_turn_comes_back_to_a_human_with_a_banner_a_title_and_a_chime() -> None:
    model = updated(Model(), control("quick-play"))
    game = model.game
    assert game is not None
    human = 0
    while game.to_move != human or mover(model) in (None, human):
        action = game.legal_actions()[0]
        before = model
        model = updated(model, Act(str(action)))
        game = model.game
        assert game is not None
    assert turn_came(before, model) == (forced_to_move(model) is None)
    assert page_title(model) == "Your turn · Senator"
    if forced_to_move(model) is None:
        assert Page(view(model)).texts("turn-banner") == ["Your turn"]
    thinking = replace(model, game=game)  # the same position again
    assert not turn_came(model, thinking)
    assert page_title(updated(model, control("title"))) == "Senator"


def test_the_scoreboard_names_the_leader_and_the_tie_break() -> None:
    game = random_finished_game(3, 14)  # tied on tokens and Imperium; passed decides
    page = Page(scoreboard(Model(), game))
    (verdict,) = page.texts("verdict")
    assert verdict == "If the game ended now: Livia (tied on tokens, most passed tokens)."
    leaders = [a["data-seat"] for t, a in page.elements if "leader" in (a.get("class") or "")]
    assert leaders == ["2"]


def test_the_log_opens_at_its_newest_line() -> None:
    model = started()
    _, effects = update(model, control("panel", "log"), "")
    assert Scroll("log") in effects
    _, effects = update(model, control("panel", "rules"), "")
    assert Scroll("log") not in effects


def test_the_log_folds_earlier_rounds_until_asked_and_the_end_shows_all() -> None:
    game = sc.new_game(sc.GameConfig(players=3, seed=4))
    chooser = random.Random(4)
    while game.round < 2:
        game.apply(chooser.choice(game.legal_actions()))
    model = playing(game)
    page = Page(view(model))
    folded = page.texts("folded")  # in the order played: the set-up, then round 1
    assert [t.split("Show its ")[0] for t in folded] == ["Set-up", "Round 1"]
    assert folded[0].endswith("Show its 1 entry") and re.search(r"Show its \d+ entries$", folded[1])
    assert "Round 2" in page.texts("log-round")[-1]
    assert "Preparation" in page.texts("log-round")[-1], "the round opens with its preparation"
    opened = updated(model, control("log-round", "1"))
    assert opened.log_rounds == (1,)
    assert [t.split("Show its ")[0] for t in Page(view(opened)).texts("folded")] == ["Set-up"]
    assert updated(model, control("log-round", "x")) == model
    while game.to_move is not None:
        game.apply(chooser.choice(game.legal_actions()))
    assert Page(view(Model(screen="end", game=game))).texts("folded") == []


def test_the_end_screen_tells_a_lone_human_where_they_finished() -> None:
    game = random_finished_game(3, 14)  # Livia wins; Brutus ties her on tokens
    occupants = ("normal", "human", "normal", "human", "human")
    page = Page(view(Model(screen="end", game=game, occupants=occupants)))
    assert page.texts("own-place") == ["You finish 2nd."]
    hot_seat = Page(view(Model(screen="end", game=game)))
    assert hot_seat.texts("own-place") == []


def test_trade_says_what_taking_a_token_would_cancel() -> None:
    game = rigged(3, ["trade", "war", "taxes", "rebellion", "imperium", "imperium", "war"])
    play(game, "topic war", "play 1", "withdraw", "withdraw", "skip", "give 0")  # War to Cassius
    play(game, "topic trade", "play 1", "withdraw", "withdraw")
    assert game.decision == "power"
    page = Page(view(playing(game)))
    effects = page.texts("effect")
    assert "would cancel your War and lose it" in effects  # Trade may take Rebellion (R37)
    assert any(e.startswith("joins your proposed tokens") for e in effects)
    # Taxes stays, but keeping Trade after it would cancel both (R30): the choice says so.
    taxes = [a.get("data-action") for t, a in page.elements if a.get("data-action") == "take taxes"]
    assert taxes
    assert (
        "joins your proposed tokens (2 proposed); keeping Trade after it would cancel both"
        in effects
    )
    assert not any(e.startswith("would cancel") and "keeping" in e for e in effects)


def test_a_token_marked_at_risk_is_explained_by_the_token_that_threatens_it() -> None:
    """The mark on a proposed token and its "why?" come from one reckoning: every token
    marked at risk is explained by a token that could cancel it, in a debate on a
    consul too (3 players, seed 0: Cassius's Taxes, threatened from the docket)."""
    from senator_core.app.play.table import at_risk

    checked = consul_debates = 0
    for seed in range(6):
        game = sc.new_game(sc.GameConfig(players=3, seed=seed))
        chooser = random.Random(seed)
        while game.decision != "over" and checked < 400:
            model = playing(game)
            for seat in range(game.players):
                for kind in sorted(at_risk(game, seat)):
                    text = Page(view(updated(model, control("explain", f"risk:{seat}:{kind}"))))
                    said = text.all_text()
                    assert "is at risk" in said and "a conflicting token" not in said, said
                    checked += 1
                    consul_debates += game.topic == "consul"
            game.apply(chooser.choice(game.legal_actions()))
    assert checked > 50 and consul_debates > 0


def test_a_round_s_end_holds_its_story_on_the_table_until_the_player_goes_on() -> None:
    game = round_nearly_over()
    occupants = ("human", "normal", "normal", "human", "human")
    model = playing(game, occupants=occupants)
    last = Heuristic().choose(game, game.legal_actions())
    if game.to_move != 0:
        model, effects = update(model, Thought(game.moves, str(last)), "")
    else:
        model, effects = update(model, Act(str(last)), "")
    assert model.game is not None and model.game.round == 2 and model.story == 1
    assert computer_to_move(model) is None and forced_to_move(model) is None
    assert not [e for e in effects if isinstance(e, Think)], "the computers wait for the story"
    page = Page(view(model))
    text = plain(page.all_text())
    assert "Round 1 is over" in text
    assert "Cassius gave War to Brutus: it cancelled their Rebellion" in text
    assert text.count("Livia passed Imperium into law") == 2
    assert "Round 2: Ludi Gladiatorum is in force." in text
    assert "go-on" in page.values("data-msg") and page.values("data-action") == []
    story = round_story(model.game, 1)
    assert story is not None and story.scores == tuple(tuple(s) for s in model.game.scores())
    # Each senator's tokens gained in the round are named: every token that joined a
    # senator's proposed tokens and stayed, read against the engine's log.
    proposed: list[list[str]] = [[] for _ in range(model.game.players)]
    for event in model.game.log:
        if event.id == "token_proposed":  # round 2 has only begun
            proposed[event.args["seat"]].append(event.args["kind"])
    assert [list(kinds) for kinds in story.changes.gained] == proposed and any(proposed)
    for seat, kinds in enumerate(proposed):
        if kinds:
            name = model.game.names[seat]
            assert f"{name} gained {', '.join(KIND_NAMES[k] for k in kinds)}" in text
    restored, _ = init(persist(model))
    assert restored.story == 1 and "Round 1 is over" in Page(view(restored)).all_text()
    forged = json.loads(persist(model)[SAVE_KEY] or "")
    forged["shown"]["story"] = 7
    assert init({SAVE_KEY: json.dumps(forged)})[0].story == 0
    on, effects = update(model, control("go-on"), "")
    assert on.story == 0 and "Round 1 is over" not in Page(view(on)).all_text()
    if computer_to_move(on):
        assert [e for e in effects if isinstance(e, Think)], "play goes on"
    assert on.game is not None
    nxt = str(Heuristic().choose(on.game, on.game.legal_actions()))
    moved = updated(on, Thought(on.game.moves, nxt) if on.game.to_move else Act(nxt))
    assert moved.game is not on.game and moved.story == 0, "the story is told once"
    # A stale wait does not dismiss a later story; nothing to go on from is no change.
    assert updated(model, GoOn(2)).story == 1 and updated(on, control("go-on")) == on


def test_a_watched_table_holds_the_story_a_set_time_and_instant_play_not_at_all() -> None:
    game = round_nearly_over()
    last = str(Heuristic().choose(game, game.legal_actions()))
    computers = ("normal",) * 5
    model, effects = update(playing(game, occupants=computers), Thought(game.moves, last), "")
    assert model.story == 1
    (wait,) = [e for e in effects if isinstance(e, After) and isinstance(e.msg, GoOn)]
    assert wait.msg == GoOn(1) and wait.seconds == model.setup.pace.hold * 5
    gone, effects = update(model, wait.msg, "")
    assert gone.story == 0 and [e for e in effects if isinstance(e, Think)]
    instant = playing(game, occupants=computers, setup=Setup(speed="instant"))
    assert update(instant, Thought(game.moves, last), "")[0].story == 0
    # Coming back to a position (an undo, a reload) tells no story.
    assert updated(playing(model.game, occupants=computers), control("go-on")).story == 0


def test_the_end_screen_tells_how_the_game_went_round_by_round() -> None:
    game = round_nearly_over()
    bot = Heuristic()
    while game.decision != "over":
        game.apply(bot.choose(game, game.legal_actions()))
    page = Page(view(Model(screen="end", game=game)))
    text = plain(page.all_text())
    assert "How the game went" in text
    assert all(f"Round {n}" in text for n in (1, 2, 3))
    assert "Cassius gave War to Brutus: it cancelled their Rebellion" in text


def test_the_hint_asked_for_comes_from_the_cores_stepper_and_a_failed_one_is_said() -> None:
    """The hint's effect names the search, the page runs the core's `hinting` for it
    and sends back what it made (`HintReady`), or the error it stopped on
    (`HintFailed`): said in the player's language, for the position it was asked for
    only."""
    model = started()
    game = model.game
    assert game is not None
    asked, effects = update(model, control("hint"), "")
    thinks = [e for e in effects if isinstance(e, Think)]
    assert [(t.level, t.estimate, t.game) for t in thinks] == [(HINT_LEVEL, True, game)]
    made = finish(hinting(thinks[0].game, thinks[0].level, thinks[0].seed, iterations=20))
    hinted = updated(asked, HintReady(game.moves, made.options, made.facts))
    assert hinted.hint == Hint(game.moves, made.options, made.facts)
    failed, effects = update(asked, HintFailed(game.moves, "MemoryError: out of memory"), "")
    assert failed.hint is None and not [e for e in effects if isinstance(e, Think)]
    assert failed.notice == "The hint could not be worked out: MemoryError: out of memory"
    assert "could not be worked out" in Page(view(failed)).all_text()
    assert updated(asked, HintFailed(game.moves + 1, "ValueError: late")) == asked
    try:
        polish = updated(replace(asked, lang="pl"), HintFailed(game.moves, "MemoryError: x"))
        assert polish.notice is not None and "could not" not in polish.notice
        assert polish.notice.endswith("MemoryError: x")
    finally:
        use("en")


# ---------------------------------------------------------------- the table


def ruled(moves: int) -> sc.Game:
    """A four-player game the rule-based player plays for every seat, to `moves` moves."""
    game = sc.new_game(sc.GameConfig(players=4, seed=0))
    rules = Heuristic()
    while game.moves < moves:
        legal = game.legal_actions()
        game.apply(legal[0] if len(legal) == 1 else rules.choose(game, legal))
    return game


def test_what_changed_while_the_person_waited_is_told_before_their_next_decision() -> None:
    """Cassius, the one person, last decided nine moves ago in this round: before his
    next decision the table tells what those moves did to the tokens (Brutus kept an
    Imperium, which passes at once: R26), until he goes on. A reload tells it again; a
    table of people, or fewer moves, tells nothing."""
    game = ruled(84)
    assert game.to_move == 0 and game.passed(1) == ["imperium"]
    occupants = ("human", "normal", "normal", "normal", "human")
    model = playing(game, occupants=occupants)
    page = Page(view(model))
    told = plain(page.all_text())
    assert "While you waited: 9 moves" in told and "Brutus passed Imperium into law" in told
    assert page.values("data-action") == [] and "go-on" in page.values("data-msg")
    restored, _ = init(persist(model))
    assert "While you waited: 9 moves" in Page(view(restored)).all_text()
    on, effects = update(model, control("go-on"), "")
    assert on.caught == 84 and Focus("decision") in effects
    page = Page(view(on))
    assert "While you waited" not in page.all_text() and page.values("data-action")
    people = playing(game, occupants=("human",) * 5)
    assert "While you waited" not in Page(view(people)).all_text()
    # His decision before, after fewer moves by the others: nothing to tell.
    before = ruled(74)
    assert before.to_move == 0 and catch_up(playing(before, occupants=occupants)) is None


def test_a_computer_s_blow_to_the_person_is_held_until_they_have_seen_it() -> None:
    """Brutus, a computer, plays the Assassin on Cassius's bid: the table holds what the
    move did to the person where the decision stands, and Livia, the next computer,
    waits; going on lets her think. A reload shows the same; the person's own move,
    or another table (people only, or online), holds nothing."""
    game = rigged(3, ["war", "trade", "taxes", "imperium", "imperium", "rebellion", "war"])
    play(game, "topic war", "play 2")
    occupants = ("human", "normal", "normal", "human", "human")
    model, effects = update(playing(game, occupants=occupants), Thought(game.moves, "assassin"), "")
    assert model.game is not None and model.hit == model.game.moves == 3
    assert computer_to_move(model) is None and not [e for e in effects if isinstance(e, Think)]
    page = Page(view(model))
    held = plain(page.all_text())
    assert "What the last move did to you" in held
    assert "Brutus plays the Assassin!" in held and "go-on" in page.values("data-msg")
    assert page.values("data-action") == []
    restored, _ = init(persist(model))
    assert restored.hit == 3 and "What the last move did to you" in Page(view(restored)).all_text()
    on, effects = update(model, control("go-on"), "")
    assert on.hit == 0 and computer_to_move(on) == "normal"
    assert [e for e in effects if isinstance(e, Think)], "play goes on"
    # The person's own Assassin, or a table of people, holds nothing.
    mine = rigged(3, ["war", "trade", "taxes", "imperium", "imperium", "rebellion", "war"])
    play(mine, "topic war", "play 2", "play 2 2", "play 5")  # Cassius, the person, to act
    people = ("human",) * 5
    assert updated(playing(mine, occupants=people), Act("assassin")).hit == 0
    assert updated(playing(mine, occupants=occupants), Act("assassin")).hit == 0


def test_a_blow_that_ends_the_round_is_told_before_the_round_s_story() -> None:
    """A computer's Assassin on the person's bid ends round 1: the blow is held first,
    as it came first, and going on shows the round's story."""
    chooser = random.Random(8)
    game = sc.new_game(sc.GameConfig(players=3, seed=8))
    while not (game.to_move != 0 and game.total(0) > 0 and game.round == 1 and game.moves == 20):
        game.apply(chooser.choice(game.legal_actions()))
    occupants = ("human", "normal", "normal", "human", "human")
    model, _ = update(playing(game, occupants=occupants), Thought(game.moves, "assassin"), "")
    assert model.game is not None and model.game.round == 2
    assert model.hit == model.game.moves and model.story == 1
    assert "What the last move did to you" in Page(view(model)).all_text()
    on = updated(model, control("go-on"))
    assert on.hit == 0 and on.story == 1 and "Round 1 is over" in Page(view(on)).all_text()
    assert updated(on, control("go-on")).story == 0


def test_a_token_refused_with_the_veto_is_told_among_what_changed() -> None:
    """Seat 0 gives War to seat 2, who holds the veto and refuses it (R49): the story of
    the stretch says so, beside the tokens gained and the laws passed."""
    game = awarding()
    game.veto_seat = 2
    events = play(game, "give 2", "veto")
    assert [e.id for e in events if e.id == "vetoed"] == ["vetoed"]
    changes = changes_in(events, game.players)
    assert changes.vetoed == ((2, "war"),) and changes
    model = playing(game, occupants=("human",) * 5)
    told = plain(Page(view_catch_up(model, game, 2, changes)).all_text())
    assert f"{game.names[2]} refused War with the veto" in told
