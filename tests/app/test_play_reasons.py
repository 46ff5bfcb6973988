"""The hint's sentence of what a move does (`app/why.py`), made from what the search's
playouts saw after it (`sightings.py`): in positions where a move plainly wins or
plainly loses, the sentences say so, and they follow what the playouts tallied."""

from __future__ import annotations

import senator_core as sc
from senator_core.app.play.reasons import versus, why
from senator_core.bots import finish
from senator_core.bots.hint import hinting
from senator_core.i18n import use
from senator_core.sightings import Facts

from ..test_exploits import awarding, debate
from ..test_review import plain_positions, position_of


def sentences(index: int) -> tuple[sc.Game, int, dict[str, str | None]]:
    position = position_of(plain_positions()[index])
    seat = position.to_move
    assert seat is not None
    made = finish(hinting(position, "hard"))  # the hint's search, as the page runs it
    said = {
        text: why(text, facts, position, seat)
        for (text, _value), facts in zip(made.options, made.facts, strict=True)
    }
    return position, seat, said


def test_a_bid_that_wins_and_a_withdrawal_that_loses_say_so() -> None:
    position, _seat, said = sentences(0)  # a debate on Imperium the player wins by bidding
    assert position.topic == "imperium"
    assert said["play 2 2"] == "wins Imperium"
    assert said["withdraw"] == "leaves Imperium to the others"


def test_the_assassin_counts_the_cards_it_costs_each_side() -> None:
    position, seat, said = sentences(2)  # the Assassin wins the game, a withdrawal loses it
    mine = len(position.in_play(seat)) + 1
    others = sum(len(position.in_play(s)) for s in range(position.players) if s != seat)
    assert said["assassin"] == (
        f"no one wins: cards discarded, yours {mine}, the others' {others}; your War stays safe"
    )


def test_an_award_says_who_gets_the_token_and_in_polish_too() -> None:
    position, seat, said = sentences(1)  # keeping Public Works wins, giving it away loses
    assert position.topic == "public_works"
    assert said[f"give {seat}"] == "keeps Public Works"
    other = next(s for s in range(position.players) if s != seat)
    assert said[f"give {other}"] == f"gives Public Works to {position.names[other]}"
    use("pl")
    try:
        facts = Facts(9, 0.0, 0.0, 0.0, 1.0, (), None)
        assert why(f"give {seat}", facts, position, seat) == "zatrzymujesz: Prace Publiczne"
    finally:
        use("en")


def test_the_sentence_follows_the_tallies() -> None:
    position = position_of(plain_positions()[0])
    seat = position.to_move
    assert seat is not None
    half = Facts(10, 1.0, 0.5, 0.0, 0.5, (("trade", 0.6),), 1.0)
    assert why("play 2", half, position, seat) == (
        "wins Imperium about 5 times in 10; your Trade is likely cancelled"
    )
    safe = Facts(10, 1.0, 0.1, 0.0, 0.0, (("trade", 0.0),), 0.9)
    assert why("play 2", safe, position, seat) == (
        "Imperium most likely goes to someone else; your Trade stays safe"
    )
    assert why("play 2 5", Facts(10, 0.2, 0.2, 0.0, 0.0, (), 0.0), position, seat) == (
        "spends your 5"
    )
    kept = Facts(10, 0.2, 0.0, 0.0, 0.0, (), 0.9)
    assert why("withdraw", kept, position, seat) == "keeps your 5 for later"
    # Choosing a topic spends no card: its sentence leaves the 5 out.
    assert "your 5" not in (why("topic war", kept, position, seat) or "")
    assert why("play 2", Facts(2, 1.0, 1.0, 0.0, 1.0, (), None), position, seat) is None
    assert why("play 2", None, position, seat) is None


def test_a_review_says_what_each_choice_does_differently_from_the_best() -> None:
    position = position_of(plain_positions()[0])  # a debate on Imperium
    seat = position.to_move
    assert seat is not None
    best = Facts(10, 1.0, 0.9, 0.0, 1.0, (("trade", 0.1),), 1.0)
    weaker = Facts(10, 1.0, 0.2, 0.0, 0.8, (("trade", 0.7),), 1.0)
    assert versus("withdraw", weaker, best, position, seat) == (
        "wins Imperium 2 times in 10, the best 9; your Trade cancelled 7 times in 10, the best 1"
    )
    spent = Facts(10, 1.0, 0.9, 0.0, 1.0, (("trade", 0.1),), 0.0)
    assert versus("play 2 5", spent, best, position, seat) == "spends your 5, which the best keeps"
    poorer = Facts(10, 0.2, 0.9, 0.0, 0.4, (("trade", 0.1),), 1.0)  # the debate seldom ends
    assert versus("play 2", poorer, best, position, seat) == (
        "0.6 tokens fewer than the best, on average"
    )
    # Nothing much differs, or too little was seen: nothing to say.
    alike = Facts(10, 1.0, 0.8, 0.0, 0.9, (("trade", 0.2),), 0.9)
    assert versus("play 2", alike, best, position, seat) is None
    assert versus("play 2", Facts(2, 1.0, 0.0, 0.0, 0.0, (), None), best, position, seat) is None
    assert versus("play 2", None, best, position, seat) is None


def test_an_award_names_the_tokens_it_cancels_as_its_button_does() -> None:
    game = awarding(s0_trade=1, s2_rebellion=1)  # seat 0 gives War, which cancels both (R4)
    seen = Facts(9, 0.0, 0.0, 0.0, 0.0, (), None)
    third = game.names[2]
    assert why("give 0", seen, game, 0) == "keeps War: it cancels your Trade"
    assert why("give 2", seen, game, 0) == f"gives War to {third}: it cancels their Rebellion"
    assert why("give 1", seen, game, 0) == f"gives War to {game.names[1]}"
    game.veto_seat = 2
    assert why("give 2", seen, game, 0) == (
        f"gives War to {third}: it cancels their Rebellion unless they refuse it"
    )


def test_a_consul_is_won_by_someone_else_not_given_to_them() -> None:
    game = debate("consul")
    lost = Facts(10, 1.0, 0.1, 0.0, 0.0, (), None)
    assert why("play 1", lost, game, 0) == "someone else most likely wins the consul"
