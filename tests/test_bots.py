"""Computer players: legal play under every variant, determinism, no hidden
information, a tournament result that cannot be luck, and the tournament command."""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import random

import pytest

import senator_core as sc
from senator_core.__main__ import main
from senator_core.bots import (
    BASELINE,
    BUDGETS,
    LEVELS,
    SEARCHES,
    MCTSBot,
    Thinking,
    evaluation,
    finish,
    make,
    portable,
)
from senator_core.bots.base import Bot
from senator_core.bots.heuristic import Heuristic
from senator_core.bots.hint import Estimates, hinting
from senator_core.bots.mcts import Node
from senator_core.bots.tournament import run, wilson
from senator_core.config import VARIANT_VALUES
from senator_core.sightings import Sightings

from .scenario import play, rigged, texts

ALL_VARIANTS = [
    sc.Variants(**dict(zip(VARIANT_VALUES, values, strict=True)))
    for values in itertools.product(*VARIANT_VALUES.values())
]
SEARCH_LEVELS = tuple(BUDGETS)  # the baseline included
# The search levels that differ at a tiny budget: a level whose search is another's but
# for its iterations (expert is hard with more of them) plays the same games there.
_KINDS: dict[object, str] = {}
for _level in BUDGETS:
    _KINDS.setdefault(dataclasses.replace(SEARCHES[_level], iterations=0), _level)
SEARCH_KINDS = tuple(_KINDS.values())
EVERY_LEVEL = (*LEVELS, BASELINE)
TINY = 2  # search iterations in the tests that play many decisions


def bot(level: str, seed: int = 0, iterations: int = TINY) -> Bot:
    return make(level, seed, iterations=iterations)


def play_checked(bots: list[Bot], config: sc.GameConfig) -> sc.Game:
    """A complete game in which every choice is checked to be one of the legal actions."""
    game = sc.new_game(config)
    while game.to_move is not None:
        legal = game.legal_actions()
        action = bots[game.to_move].choose(game)
        assert any(action is a for a in legal), (str(action), [str(a) for a in legal])
        game.apply(action)
    assert game.winners()
    return game


def positions(count: int, seed: int = 0) -> list[sc.Game]:
    """Positions with a real choice to make, from seeded games of mixed players."""
    rng = random.Random(seed)
    found: list[sc.Game] = []
    game_seed = 0
    while len(found) < count:
        players = 3 + game_seed % 3
        variants = ALL_VARIANTS[game_seed * 7 % len(ALL_VARIANTS)]
        game = sc.new_game(sc.GameConfig(players=players, seed=1000 + game_seed, variants=variants))
        players_bots = [make("heuristic") if s % 2 else make("random", s) for s in range(players)]
        while game.to_move is not None and len(found) < count:
            if len(game.legal_actions()) > 1 and rng.random() < 0.05:
                found.append(game.clone())
            game.apply(players_bots[game.to_move].choose(game))
        game_seed += 1
    return found


# ---------------------------------------------------------------- legal play


def test_levels_and_make() -> None:
    assert LEVELS == ("random", "heuristic", "easy", "normal", "hard", "expert")
    for level in EVERY_LEVEL:
        made = make(level, 3)
        assert made.name == level
        assert isinstance(made, Bot)
    assert BUDGETS["easy"] < BUDGETS["normal"] < BUDGETS["hard"] < BUDGETS["expert"]
    searched = make("expert", 1)
    assert isinstance(searched, MCTSBot) and searched.debates == SEARCHES["expert"].debates == 1
    with pytest.raises(ValueError, match="unknown bot level"):
        make("grandmaster")


def test_the_baseline_does_not_move() -> None:
    """The baseline is Hard as it was when playouts ran to the round's end: the same
    settings, and the very choices that player made on these positions."""
    baseline = make(BASELINE, 7)
    assert isinstance(baseline, MCTSBot)
    assert (baseline.iterations, baseline.debates, baseline.horizon) == (150, 0, 1)
    assert (baseline.exploration, baseline.noise, baseline.margin) == (0.7, 0.15, 0.1)
    assert (baseline.temperature, baseline.actions_per_iteration) == (0.6, 17)
    chosen = [str(make(BASELINE, 7).choose(game)) for game in positions(8, seed=21)]
    assert chosen == [
        "give 1",
        "topic rebellion",
        "play 1",
        "give 0",
        "play 1 2",
        "withdraw",
        "assassin",
        "withdraw",
    ]


def test_a_cut_playout_stops_when_the_next_debate_begins() -> None:
    """With `debates` 1, a playout ends as the next topic is to be chosen (or the
    game ends), and the search does more iterations in less work than the baseline."""
    game = sc.new_game(sc.GameConfig(players=4, seed=12, first_opener=0))
    game.apply(game.legal_actions()[0])  # a topic: a debate begins
    cut = make("hard", 1, iterations=1)
    assert isinstance(cut, MCTSBot)
    rng = random.Random(0)
    for _ in range(20):
        g = game.clone(reseed=rng.getrandbits(32))
        finish(cut._rollout(g, Heuristic(noise=0.15, rng=rng), stop=4, me=0))
        assert g.decision in ("topic", "over") and g.round <= game.round + 1
        assert g.moves > game.moves


@pytest.mark.parametrize("level", ["random", "heuristic"])
def test_rule_bots_play_hundreds_of_legal_games(level: str) -> None:
    """300 complete games for each of the two bots without search, over every
    combination of the variant switches and 3, 4 and 5 players (the random games of
    `test_simulation` check every rule besides)."""
    games = 0
    for index in range(300):
        variants = ALL_VARIANTS[index % len(ALL_VARIANTS)]
        players = 3 + index % 3
        bots = [make(level, index * 10 + s) for s in range(players)]
        play_checked(bots, sc.GameConfig(players=players, seed=index, variants=variants))
        games += 1
    assert games == 300


@pytest.mark.long
@pytest.mark.parametrize("part", range(2))
def test_search_bots_play_hundreds_of_legal_games_at_mixed_tables(part: int) -> None:
    """600 complete games in two parts of 300 (so that parallel test processes
    share them), each with a search player (one iteration; the levels differ only in
    their budget), the rule-based player and random players, over every combination
    of the variant switches and 3, 4 and 5 players."""
    for index in range(part * 300, (part + 1) * 300):
        variants = ALL_VARIANTS[index % len(ALL_VARIANTS)]
        players = 3 + index % 3
        level = SEARCH_LEVELS[index % len(SEARCH_LEVELS)]
        bots = [bot(level, index, iterations=1), make("heuristic")]
        bots += [make("random", index * 10 + s) for s in range(2, players)]
        shift = index % players  # every kind of player in every seat
        play_checked(
            bots[shift:] + bots[:shift],
            sc.GameConfig(players=players, seed=20_000 + index, variants=variants),
        )


@pytest.mark.parametrize("level", SEARCH_KINDS)
def test_search_bots_play_legal_games_under_every_variant(level: str) -> None:
    """A complete game per variant combination, every seat searching (tiny budget), for
    each kind of search (`SEARCH_KINDS`)."""
    for index, variants in enumerate(ALL_VARIANTS):
        players = 3 + index % 3
        bots = [bot(level, index * 10 + s) for s in range(players)]
        play_checked(bots, sc.GameConfig(players=players, seed=500 + index, variants=variants))


def test_mixed_table_with_default_budgets_plays_a_whole_game_legally() -> None:
    """The real budgets at a mixed table: every choice legal, from the first decision
    to the end of round 3 (R40)."""
    bots: list[Bot] = [make("hard", 1), make("heuristic"), make("easy", 2), make("random", 3)]
    game = sc.new_game(sc.GameConfig(players=4, seed=77))
    while game.to_move is not None:
        action = bots[game.to_move].choose(game)
        assert action in game.legal_actions()
        game.apply(action)
    assert game.decision == "over" and game.round == 3
    assert game.winners()


# ---------------------------------------------------------------- determinism, hidden information


@pytest.mark.parametrize("level", EVERY_LEVEL)
def test_same_seed_and_position_same_choice(level: str) -> None:
    for game in positions(12, seed=1):
        first = bot(level, 5, iterations=12).choose(game)
        second = bot(level, 5, iterations=12).choose(game.clone())
        assert first is second


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_a_search_bot_does_not_depend_on_what_it_searched_before(level: str) -> None:
    """A search is seeded by the bot's seed and the public position only."""
    found = positions(6, seed=2)
    fresh = [bot(level, 9, iterations=12).choose(g) for g in found]
    used = bot(level, 9, iterations=12)
    again = [used.choose(g) for g in reversed(found)]
    assert fresh == list(reversed(again))


@pytest.mark.parametrize("level", EVERY_LEVEL)
def test_choice_does_not_depend_on_the_hidden_order_of_chance(level: str) -> None:
    """The same position with different generator states (what the forum and the
    event deck will yield) gets the same choice from the same bot seed (R9, §7)."""
    for game in positions(10, seed=3):
        one = game.clone(reseed=1)
        two = game.clone(reseed=2)
        assert bot(level, 4, iterations=16).choose(one) is bot(level, 4, iterations=16).choose(two)


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_evaluations_do_not_depend_on_the_hidden_order_of_chance(level: str) -> None:
    for game in positions(4, seed=4):
        first = make(level, 2, iterations=16)
        second = make(level, 2, iterations=16)
        assert isinstance(first, MCTSBot) and isinstance(second, MCTSBot)
        assert first.evaluate(game.clone(reseed=11)) == second.evaluate(game.clone(reseed=12))


def test_a_scripted_forum_is_not_seen() -> None:
    """A rigged game knows its next draws; a bot's choice must not change with them."""
    docket = ["war", "war", "trade", "taxes", "rebellion", "public_works", "imperium"]
    script_a = rigged(players=3, docket=docket, later_draws=["imperium"] * 4)
    script_b = rigged(players=3, docket=docket, later_draws=["war"] * 3)
    play(script_a, "topic war", "play 1", "withdraw", "withdraw", "skip", "give 0")
    play(script_b, "topic war", "play 1", "withdraw", "withdraw", "skip", "give 0")
    for level in EVERY_LEVEL:
        first = bot(level, 8, iterations=24).choose(script_a)
        assert first is bot(level, 8, iterations=24).choose(script_b)


# ---------------------------------------------------------------- search specifics


class Refusing(MCTSBot):
    def searching(self, game: sc.Game) -> Thinking[Node]:
        raise AssertionError("a forced decision must not be searched")
        yield


def test_forced_decisions_are_not_searched() -> None:
    game = sc.new_game(sc.GameConfig(players=3, seed=5, first_opener=0))
    forced = 0
    rng = random.Random(1)
    refusing = Refusing("hard", 1000)
    while game.to_move is not None:
        legal = game.legal_actions()
        if len(legal) == 1:
            assert refusing.choose(game) is legal[0]
            forced += 1
        game.apply(rng.choice(legal))
    assert forced > 0


def test_evaluate_scores_every_legal_action() -> None:
    for game in positions(6, seed=6):
        searcher = make("normal", 1, iterations=40)
        assert isinstance(searcher, MCTSBot)
        scores = searcher.evaluate(game)
        assert [a for a, _ in scores] == game.legal_actions()
        assert all(0.0 <= value <= 1.0 for _, value in scores)
        best = max(value for _, value in scores)
        assert best > 0.0


# ---------------------------------------------------------------- the rule-based player


def test_the_heuristic_reads_each_debate_as_it_stands() -> None:
    """The rule-based player keeps what each debate is worth (a search's playouts
    meet the same debates again and again), so what it saw before must not leak
    into a choice: having valued a debate in a game that then went on to the end of
    the round, it bids on the same debate as a player that never saw it."""
    compared = 0
    for game in positions(120, seed=5):
        if game.decision != "debate":
            continue
        later = game.clone()
        later.apply(make("heuristic").choose(later))
        if later.decision != "debate" or len(later.legal_actions()) < 2:
            continue
        seen = Heuristic()
        gone_on = game.clone()
        seen.choose(gone_on, gone_on.legal_actions())
        rule = make("heuristic")
        while gone_on.to_move is not None and gone_on.round == game.round:
            gone_on.apply(rule.choose(gone_on))
        fresh = Heuristic().choose(later, later.legal_actions())
        assert seen.choose(later, later.legal_actions()) == fresh
        compared += 1
    assert compared >= 10


def heuristic_choice(game: sc.Game) -> str:
    return str(make("heuristic").choose(game))


def test_heuristic_bids_the_cheapest_raise() -> None:
    """Imperium is worth a raise; the heuristic raises just above the high bid (R21)."""
    game = rigged(players=4, docket=["imperium", "war", "rebellion", "public_works", "taxes"])
    play(game, "topic imperium", "play 1")
    assert heuristic_choice(game) == "play 2"


def test_heuristic_gives_a_conflict_to_the_leader() -> None:
    """A Rebellion its winner cannot keep (it holds War) goes to the rival it hurts,
    the leader before the trailing rival (R26, R30, R40)."""
    game = rigged(players=3, docket=["war", "war", "war", "imperium", "rebellion", "taxes"])
    play(game, "topic war", "play 1", "withdraw", "withdraw", "skip", "give 0")
    play(game, "topic war", "play 1", "withdraw", "withdraw", "skip", "give 1")
    play(game, "topic war", "play 2", "withdraw", "withdraw", "skip", "give 2")
    play(game, "topic imperium", "withdraw", "play 1", "withdraw")
    play(game, "topic rebellion", "withdraw", "withdraw", "skip")
    assert game.decision == "award" and game.to_move == 0
    assert heuristic_choice(game) == "give 1"


def test_heuristic_takes_the_veto_and_refuses_a_harmful_gift() -> None:
    game = rigged(players=3, docket=["taxes", "trade", "war", "rebellion", "imperium"])
    play(game, "topic taxes", "play 1", "withdraw", "withdraw")
    assert heuristic_choice(game) == "take veto"  # R36
    play(game, "take veto", "give 0")
    play(game, "topic trade", "withdraw", "play 1", "withdraw", "skip", "give 0")
    assert game.decision == "veto" and game.to_move == 0
    assert heuristic_choice(game) == "veto"  # Trade would cost it its Taxes (R30)


def test_heuristic_uses_war_and_public_works_well() -> None:
    game = rigged(players=3, docket=["war", "public_works", "rebellion", "taxes", "trade"])
    play(game, "topic war", "play 5", "withdraw", "withdraw")
    assert heuristic_choice(game) == "name 5"  # the dearest card both rivals hold (R38)
    play(game, "name 5", "give 0", "topic public_works", "play 1", "withdraw", "withdraw")
    assert heuristic_choice(game) == "reclaim 5"  # R34


def test_heuristic_trade_takes_a_token_that_stays() -> None:
    """Holding War, Trade's winner takes a token that does not conflict with it, and
    passes the Trade token on rather than lose War to it (R37, R30)."""
    game = rigged(players=3, docket=["war", "trade", "rebellion", "public_works", "taxes"])
    play(game, "topic war", "play 1", "withdraw", "withdraw", "skip", "give 0")
    play(game, "topic trade", "play 1", "withdraw", "withdraw")
    taken = heuristic_choice(game)
    assert taken.startswith("take ") and taken != "take rebellion"
    play(game, taken)
    assert heuristic_choice(game) != "give 0"


def test_heuristic_rebellion_sends_away_a_threat_to_its_own_token() -> None:
    """Holding Taxes, Rebellion's winner sends a conflicting Trade back to the forum
    rather than an Imperium or a consul (R35, R30)."""
    docket = ["taxes", "rebellion", "trade", "trade", "trade", "imperium", "imperium"]
    game = rigged(players=3, docket=docket)
    play(game, "topic taxes", "play 1", "withdraw", "withdraw", "take veto", "give 0")
    play(game, "topic rebellion", "play 1", "withdraw", "withdraw")
    assert texts(game) == ["discard trade", "discard imperium", "flip consul", "skip"]
    assert heuristic_choice(game) == "discard trade"


# ---------------------------------------------------------------- tournaments


def test_heuristic_beats_random_beyond_luck() -> None:
    """Heuristic against three Random over 200 games: by chance alone (a quarter of
    the wins each), a rate above 0.5 has odds far below one in a thousand."""
    result = run(4, 200, ["heuristic", "random", "random", "random"], jobs=1, seed=3)
    heuristic = result.results[0]
    assert heuristic.games == 200
    assert heuristic.win_rate > 0.5
    lo, _ = heuristic.ci95
    assert lo > 0.25
    assert sum(r.win_rate for r in result.results) == pytest.approx(1.0)


def test_search_beats_random_beyond_luck() -> None:
    result = run(3, 30, ["easy", "random", "random"], jobs=1, seed=4)
    assert result.results[0].win_rate > 0.6


def test_tournament_rotates_seats_on_the_same_seeds() -> None:
    from senator_core.bots.tournament import tasks

    todo = tasks(3, 9, ["a", "b", "c"], 10, sc.Variants())
    assert [t.seed for t in todo] == [10, 10, 10, 11, 11, 11, 12, 12, 12]
    for entry in range(3):
        seats = sorted(t.entries.index(entry) for t in todo)
        assert seats == [0, 0, 0, 1, 1, 1, 2, 2, 2]


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_tournament_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--players", "3", "--games", "6", "--bots", "random,heuristic,random"]
    assert main([*args, "--json", "--jobs", "2", "--seed", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"games", "results"}
    assert out["games"] == 6
    assert [r["bot"] for r in out["results"]] == ["random", "heuristic", "random"]
    assert [r["entry"] for r in out["results"]] == [0, 1, 2]
    for r in out["results"]:
        assert set(r) == {"bot", "entry", "win_rate", "ci95"}
        lo, hi = r["ci95"]
        assert 0.0 <= lo <= r["win_rate"] <= hi <= 1.0
    assert sum(r["win_rate"] for r in out["results"]) == pytest.approx(1.0, abs=1e-3)
    # The same seed gives the same result, in parallel or not.
    assert main([*args, "--json", "--jobs", "1", "--seed", "1"]) == 0
    assert json.loads(capsys.readouterr().out) == out


def test_tournament_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--games", "4", "--bots", "random,random,random,heuristic"]) == 0
    out = capsys.readouterr().out
    assert "4 games, 4 players" in out and "heuristic" in out and "95%" in out


def test_tournament_games_must_be_a_multiple_of_players(
    capsys: pytest.CaptureFixture[str],
) -> None:
    four = "random,random,random,random"
    code = main(["tournament", "--players", "4", "--games", "10", "--bots", four])
    assert code == 2
    assert "multiple of --players" in capsys.readouterr().err
    with pytest.raises(ValueError, match="multiple"):
        run(3, 4, ["random"] * 3, jobs=1)
    with pytest.raises(ValueError, match="one per seat"):
        run(3, 3, ["random"] * 2, jobs=1)


def test_tournament_rejects_unknown_bots(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["tournament", "--games", "4", "--bots", "random,random,random,wizard"])
    assert "unknown bot" in capsys.readouterr().err


# ---------------------------------------------------------------- thinking in steps


@pytest.mark.parametrize("level", LEVELS)
def test_thinking_in_steps_reaches_the_same_choice(level: str) -> None:
    """The browser runs `thinking` a few steps at a time; it must choose as `choose`
    does, and a search must give the page a turn after each iteration."""
    for game in positions(5, seed=7):
        steps = bot(level, 6, iterations=20).thinking(game)
        yields = 0
        while True:
            try:
                next(steps)
            except StopIteration as done:
                choice = done.value
                break
            yields += 1
        searcher = bot(level, 6, iterations=20)
        assert choice is searcher.choose(game)
        if isinstance(searcher, MCTSBot) and len(searcher._options(game, game.legal_actions())) > 1:
            assert yields >= 1
        if level in ("random", "heuristic"):
            assert yields == 0


def test_estimating_in_steps_matches_evaluate() -> None:
    for game in positions(3, seed=8):
        searcher = make("easy", 3)
        assert isinstance(searcher, MCTSBot)
        assert finish(searcher.estimating(game)) == make("easy", 3).evaluate(game)  # type: ignore[attr-defined]


def test_the_hint_in_steps_rates_every_legal_action_with_what_its_playouts_saw() -> None:
    """`hinting` is what the page runs for the hint, a few steps at a time: the
    search's estimate of each legal action, in their order, beside what its playouts
    saw after each, as the search and its tallies give them; the position is left as
    it was."""
    for game in positions(3, seed=9):
        seat = game.to_move
        assert seat is not None
        before = game.state()
        steps = hinting(game, "easy", 4, iterations=30)
        yields = 0
        while True:
            try:
                next(steps)
            except StopIteration as done:
                made: Estimates = done.value
                break
            yields += 1
        assert yields >= 1 and game.state() == before
        assert [text for text, _ in made.options] == [str(a) for a in game.legal_actions()]
        assert all(0.0 <= value <= 1.0 for _, value in made.options)
        searcher = make("easy", 4, iterations=30)
        assert isinstance(searcher, MCTSBot)
        seen = Sightings(game, seat)
        options = finish(searcher.estimating(game, seen))
        assert made.options == tuple((str(a), v) for a, v in options)
        assert made.facts == tuple(seen.facts(a) for a, _ in options)
        assert any(f is not None and f.playouts for f in made.facts)


def test_the_hint_refuses_a_finished_game_and_a_level_that_does_not_search() -> None:
    game = positions(1, seed=2)[0]
    with pytest.raises(ValueError, match="no search level 'heuristic'"):
        finish(hinting(game, "heuristic"))
    over = sc.new_game(sc.GameConfig(players=3, seed=4))
    while over.to_move is not None:
        over.apply(over.legal_actions()[0])
    with pytest.raises(ValueError, match="no one is to move"):
        finish(hinting(over, "easy"))


# ---------------------------------------------------------------- the same numbers everywhere


def test_portable_functions_are_accurate() -> None:
    """The players' exp, tanh and log (bit-for-bit alike in the browser) agree with
    the C library's to a few units in the last place."""
    rng = random.Random(0)
    for _ in range(20_000):
        x = rng.uniform(-60.0, 60.0)
        assert portable.exp(x) == pytest.approx(math.exp(x), rel=1e-14)
        assert portable.tanh(x / 8) == pytest.approx(math.tanh(x / 8), rel=1e-14, abs=1e-15)
        y = rng.uniform(1e-6, 1e9)
        assert portable.log(y) == pytest.approx(math.log(y), rel=1e-14, abs=1e-15)
    assert portable.exp(-800.0) == 0.0 and portable.exp(0.0) == 1.0
    assert portable.tanh(50.0) == 1.0 and portable.tanh(-50.0) == -1.0
    assert portable.log(1.0) == 0.0
    with pytest.raises(ValueError):
        portable.log(0.0)


def test_portable_add_is_left_to_right() -> None:
    """`sum` of floats is compensated from Python 3.12 on; `add` is not, anywhere."""
    assert portable.add([1e16, 1.0, -1e16]) == 0.0
    assert portable.add([0.1] * 10) == 0.9999999999999999
    assert portable.add([]) == 0.0


# ---------------------------------------------------------------- the fitted evaluation


def test_the_shipped_evaluation_reads_the_position_sensibly() -> None:
    """The weights in the package load; the chances sum to 1; in the last round, a
    player far ahead on passed tokens is the likeliest winner."""
    weights = evaluation.load_weights()
    game = rigged(players=3, docket=["war", "trade", "taxes", "rebellion"])
    game.round = 3
    game.passed_counts[0:6] = [2, 2, 1, 0, 0, 1]
    chances = evaluation.win_chances(game, weights)
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] == max(chances) and chances[0] > 0.5
