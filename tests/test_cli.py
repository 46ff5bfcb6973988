"""The command line: `python -m senator_core simulate`, `tournament` and `replay`."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import senator_core as sc
from senator_core.__main__ import main
from senator_core.app.ui.text import KIND_NAMES, describe, render_text
from senator_core.bots import LEVELS, make
from senator_core.bots.tournament import bot_seed, play, tasks
from senator_core.records import RECORD_VERSION, Record, RecordError, read_record

ROOT = Path(__file__).resolve().parent.parent
PROG = "python -m senator_core"


def random_games(
    players: int, games: int, seed: int, variants: sc.Variants | None = None
) -> list[sc.Game]:
    """The games `simulate` plays, played here: game i is dealt with seed `seed + i`
    and played by choices drawn from `random.Random(seed)`."""
    pick = random.Random(seed).random
    played = []
    for i in range(games):
        config = sc.GameConfig(players=players, seed=seed + i, variants=variants or sc.Variants())
        game = sc.new_game(config)
        while game.to_move is not None:
            legal = game.legal_actions()
            game.apply(legal[int(pick() * len(legal))])
        played.append(game)
    return played


def replayed_statistics(
    players: int, games: int, seed: int, variants: sc.Variants | None = None
) -> dict[str, float]:
    """The statistics of `simulate`, counted here from the games' own logs."""
    counts = Counter[str]()
    tokens = winning = ties = 0
    for game in random_games(players, games, seed, variants):
        counts["actions"] += game.moves
        counts.update(e.id for e in game.log)
        scores = [s[0] for s in game.scores()]
        tokens += sum(scores)
        winning += max(scores)
        ties += len(game.winners()) > 1
    return {
        "games": games,
        "actions": counts["actions"],
        "debates_per_round": round(counts["topic_chosen"] / counts["round_end"], 3),
        "assassin_rate": round(counts["assassinated"] / counts["topic_chosen"], 4),
        "vetoes_per_game": round(counts["vetoed"] / games, 3),
        "conflicts_per_game": round(counts["conflict"] / games, 3),
        "ties": ties,
        "tie_rate": round(ties / games, 4),
        "average_score": round(tokens / (games * players), 3),
        "average_winning_score": round(winning / games, 3),
    }


def test_simulate_prints_the_statistics_of_the_games_it_played(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--players", "3", "--games", "30", "--seed", "4"]) == 0
    lines = dict(
        re.match(r"(\S+(?: \S+)*)\s{2,}(.*)", line).groups()  # type: ignore[union-attr]
        for line in capsys.readouterr().out.splitlines()
    )
    d = replayed_statistics(3, 30, 4)
    assert lines["games"] == "30 (3 players)"
    assert lines["actions"].startswith(f"{d['actions']} in ")
    assert int(lines["actions per second"]) > 0
    assert lines["debates per round"] == str(d["debates_per_round"])
    assert lines["assassin rate"] == f"{d['assassin_rate']} (assassinations per debate)"
    assert lines["vetoes per game"] == str(d["vetoes_per_game"])
    assert lines["conflicts per game"] == str(d["conflicts_per_game"])
    assert lines["ties"] == f"{d['ties']} ({d['tie_rate']} of games)"
    assert lines["average score"] == (
        f"{d['average_score']} tokens (winners {d['average_winning_score']})"
    )


def test_simulate_json_is_one_object_and_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "simulate",
        "--players",
        "5",
        "--games",
        "20",
        "--seed",
        "9",
        "--json",
        "--war",
        "all_copies",
        "--events",
        "off",
    ]
    main(args)
    first = json.loads(capsys.readouterr().out)
    main(args)
    second = json.loads(capsys.readouterr().out)
    assert first["games"] == 20 and first["players"] == 5
    assert {k: first[k] for k in ("vetoes_per_game", "ties", "average_score")} == {
        k: v
        for k, v in replayed_statistics(
            5, 20, 9, sc.Variants(war="all_copies", events="off")
        ).items()
        if k in ("vetoes_per_game", "ties", "average_score")
    }
    assert first["variants"]["war"] == "all_copies"
    assert first["events_seen"] == {}
    for key in ("actions", "debates_per_round", "assassin_rate", "ties", "average_score"):
        assert first[key] == second[key], key
    assert 0 < first["assassin_rate"] < 1
    assert first["debates_per_round"] > 1


def test_simulate_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "senator_core", "simulate", "--games", "5", "--json"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert json.loads(done.stdout)["games"] == 5


def test_tournament_help_names_every_level_from_the_one_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`tournament --help` lists the bot levels from bots.LEVELS, Expert included."""
    with pytest.raises(SystemExit):
        main(["tournament", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert f"comma-separated: {', '.join(LEVELS)}" in said
    assert "expert" in LEVELS


@pytest.mark.parametrize(
    "bad",
    [
        ["simulate", "--players", "7"],
        ["simulate", "--games", "0"],
        ["simulate", "--war", "some"],
        ["juggle"],
    ],
)
def test_bad_arguments_exit_with_a_message(
    bad: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        main(bad)
    assert done.value.code == 2
    assert "error" in capsys.readouterr().err


# --------------------------------------------------------------------------- replay


def played_record() -> Record:
    """A finished 3-player game under a variant, a person at seat 1 whose moves with
    no choice were made for them, undo used twice, a name HTML would escape."""
    names = ("Cassius", "Brutus <Jr.> & Co", "Livia")
    variants = sc.Variants(war="all_copies")
    game = sc.new_game(sc.GameConfig(players=3, seed=11, names=names, variants=variants))
    pick = random.Random(3)
    auto = []
    while game.to_move is not None:
        legal = game.legal_actions()
        if game.to_move == 0 and len(legal) == 1:
            auto.append(game.moves)
        game.apply(pick.choice(legal))
    assert auto, "the deal should give seat 1 a move with no choice"
    return Record(game, (2, 0, 4), ("human", "hard", "random"), tuple(auto), undos=2)


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.senator.json"
    path.write_text(played_record().to_json(), encoding="utf-8")
    return path


def test_replay_prints_every_action_its_log_lines_and_the_result(
    record_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`replay FILE`: the header (seats and who played them, the variant, the seed, the moves taken
    back), each action numbered with its mover and notation in order, the log's own
    sentences below them under round and debate headings, the auto note on the moves
    made for the player, and the scores and winners at the end; plain text only."""
    assert main(["replay", str(record_file)]) == 0
    out = capsys.readouterr().out
    record = played_record()
    game = record.game
    names = game.names
    lines = out.splitlines()
    assert lines[0] == "Senator: a game for 3 senators, seed 11"
    assert re.search(r"Seat 1: Cassius +human$", out, re.M)
    assert re.search(r"Seat 2: Brutus <Jr\.> & Co +computer \(hard\)$", out, re.M)
    assert "war=all_copies: War makes each other player discard every copy" in out
    assert "taxes=" not in out  # only the variants that differ from the default
    assert "Undo used: 2 times" in lines
    # Every action, in order, by the seat to move then.
    shown = [line.strip() for line in lines if re.match(r" {4}\d+\. ", line)]
    assert len(shown) == game.moves
    step = sc.new_game(game.config)
    for k, action in enumerate(game.actions):
        note = " (made for the player: nothing else was possible)" if k in record.auto else ""
        assert step.to_move is not None
        assert shown[k] == f"{k + 1}. {names[step.to_move]}: {action.text}{note}"
        step.apply(action)
    # The log's sentences, as the page words them, each once, in the log's order.
    sentences = [render_text(w, names) for e in game.log if (w := describe(e)) is not None]
    logged = [line.strip() for line in lines if line.startswith(" " * 8)]
    assert logged == sentences
    # The first debate: its heading, the action opening it, the log's sentence for it.
    opening = sc.new_game(game.config)
    opener = names[opening.to_move or 0]
    topic = KIND_NAMES[opening.apply(game.actions[0])[0].args["topic"]]
    first = lines.index(f"    1. {opener}: {game.actions[0].text}")
    assert lines[first - 1 : first + 2] == [
        f"  Debate on {topic}",
        f"    1. {opener}: {game.actions[0].text}",
        f"        {opener} opens a debate on {topic}.",
    ]
    for heading in ("Set-up", "Round 1", "Round 2", "Round 3", "  Preparation", "  Clean-up"):
        assert heading in lines
    assert any(line.startswith("  Debate on ") for line in lines)
    # The result.
    scores = game.scores()
    result = lines[lines.index("Result") :]
    for s in range(3):
        row = f"  {names[s]:<17}  {scores[s][0]:>6}  {scores[s][1]:>8}  {scores[s][2]:>6}"
        assert any(line.startswith(row) for line in result), row
    winners = game.winners()
    verb = "share the victory" if len(winners) > 1 else "wins"
    assert lines[-1] == f"{' and '.join(names[s] for s in winners)} {verb}."
    assert "&amp;" not in out and "&lt;" not in out and "<span" not in out  # no HTML


def test_replay_reads_standard_input_and_prints_the_record_back_as_json(
    record_file: Path,
) -> None:
    """`replay -` reads the record from standard input (run as a module); `--json`
    prints it back as `Record.to_json()` writes it."""
    text = record_file.read_text(encoding="utf-8")
    compact = json.dumps(json.loads(text))  # the same record, written otherwise
    done = subprocess.run(
        [sys.executable, "-m", "senator_core", "replay", "--json", "-"],
        input=compact,
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert done.stdout == played_record().to_json() == text
    done = subprocess.run(
        [sys.executable, "-m", "senator_core", "replay", "-"],
        input=text,
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert done.stdout.startswith("Senator: a game for 3 senators") and "Result" in done.stdout


def test_replay_of_a_game_in_progress_says_who_is_to_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record of an unfinished game prints its moves and who is to move, no result."""
    game = sc.new_game(sc.GameConfig(players=4, seed=2))
    game.apply(game.legal_actions()[0])  # the opener chooses the first topic
    path = tmp_path / "short.senator.json"
    path.write_text(Record(game, (0, 1, 2, 3), ("human",) * 4).to_json(), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"    1. {game.names[game.opener]}: {game.actions[0].text}" in out.splitlines()
    assert out.splitlines()[-1].startswith("The game is in progress: round 1, ")
    assert "Result" not in out


def _bad(change: str) -> str:
    """A record file spoiled in one way."""
    data = json.loads(played_record().to_json())
    if change == "not JSON":
        return "{this is not JSON"
    if change == "wrong format":
        data["format"] = "chess-pgn"
    elif change == "newer version":
        data["version"] = RECORD_VERSION + 1
    elif change == "illegal action":
        data["actions"][0] = "accept"
    elif change == "inconsistent result":
        data["result"]["scores"][0][0] += 1
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ("not JSON", "it is not JSON text"),
        ("wrong format", "not a Senator game record"),
        ("newer version", "newer version of Senator"),
        ("illegal action", "action 1 ('accept') is not legal"),
        ("inconsistent result", "its result is not the one its moves reach"),
    ],
)
def test_replay_of_a_bad_file_exits_2_with_its_message(
    change: str, reason: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file that is not a sound record: exit status 2, nothing on stdout, one line on
    stderr with the message `read_record` gives, no traceback."""
    text = _bad(change)
    with pytest.raises(RecordError) as refused:
        read_record(text)
    assert reason in str(refused.value)
    path = tmp_path / "bad.senator.json"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"{PROG} replay: error: {refused.value}\n"


def test_replay_of_a_missing_file_exits_2_without_a_traceback(tmp_path: Path) -> None:
    """A file that cannot be read, and a bad record on stdin, run as a module: exit 2,
    one line on stderr."""
    missing = tmp_path / "nowhere.senator.json"
    done = subprocess.run(
        [sys.executable, "-m", "senator_core", "replay", str(missing)],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert (
        done.stderr
        == f"{PROG} replay: error: cannot read {str(missing)!r}: No such file or directory\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "senator_core", "replay", "-"],
        input=_bad("illegal action"),
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "does not hold a legal game" in done.stderr


# --------------------------------------------------------------------------- --save


def test_simulate_save_writes_each_game_as_a_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`simulate --save DIR` makes DIR and writes game-0001.senator.json and on: records
    that `read_record` reads back into the very games played (same final state, same
    moves), random players in seats coloured in order, which `replay` prints; the same
    command writes the same files again."""
    folder = tmp_path / "new" / "games"
    args = ["simulate", "--players", "3", "--games", "3", "--seed", "5", "--events", "off"]
    assert main([*args, "--save", str(folder)]) == 0
    capsys.readouterr()
    names = sorted(p.name for p in folder.iterdir())
    assert names == [f"game-000{i}.senator.json" for i in (1, 2, 3)]
    first = [(folder / n).read_text(encoding="utf-8") for n in names]
    for text, game in zip(first, random_games(3, 3, 5, sc.Variants(events="off")), strict=True):
        record = read_record(text)
        assert record.game.state() == game.state()
        assert record.game.record() == game.record()
        assert record.occupants == ("random",) * 3 and record.colours == (0, 1, 2)
        assert record.finished and record.auto == () and record.undos == 0
    for n in names:
        assert main(["replay", str(folder / n)]) == 0
        assert "Result" in capsys.readouterr().out
    assert main([*args, "--save", str(folder)]) == 0
    assert [(folder / n).read_text(encoding="utf-8") for n in names] == first


def test_tournament_save_writes_each_game_with_its_rotated_seats(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`tournament --save DIR`, games played in worker processes: one record per game,
    read back into the very game played (same final state), each seat's occupant the bot
    level that sat there in that game (seats rotate), which `replay` prints."""
    levels = ["random", "heuristic", "easy"]
    args = ["tournament", "--players", "3", "--games", "6", "--bots", ",".join(levels)]
    assert main([*args, "--seed", "2", "--jobs", "2", "--save", str(tmp_path)]) == 0
    assert "6 games, 3 players" in capsys.readouterr().out
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [f"game-000{i}.senator.json" for i in range(1, 7)]
    for index, name in enumerate(names):
        record = read_record((tmp_path / name).read_text(encoding="utf-8"))
        deal, rotation = divmod(index, 3)
        entries = [(s + rotation) % 3 for s in range(3)]
        assert record.occupants == tuple(levels[e] for e in entries)
        assert record.colours == (0, 1, 2)
        bots = [make(levels[e], bot_seed(2, index, e)) for e in entries]
        game = sc.new_game(sc.GameConfig(players=3, seed=2 + deal))
        while game.to_move is not None:
            game.apply(bots[game.to_move].choose(game))
        assert record.game.state() == game.state(), name
        assert main(["replay", str(tmp_path / name)]) == 0
        assert capsys.readouterr().out.count(f"{game.moves}. ") >= 1


def test_tournament_outcomes_carry_no_moves_unless_games_are_saved() -> None:
    """Without --save a worker sends back only the scores, as before."""
    task = tasks(3, 3, ["random"] * 3, 0, sc.Variants())[0]
    assert play(task, 0).record is None
    assert sc.from_record(play(task, 0, keep=True).record).moves > 0


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_save_into_a_file_exits_2(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--save naming something that is not a folder: exit 2 with a message, no game."""
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    extra = ["--bots", "random,random,random", "--players", "3", "--games", "3"]
    args = [command, *(extra if command == "tournament" else ["--games", "1"])]
    assert main([*args, "--save", str(blocker)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"{PROG} {command}: error: cannot make the folder ")
