"""Games online through the game's own screens, over real WebRTC between three browsers
(one of them a phone's size) inside a network namespace of the test's own: at a table
to play now, met through a relay (its link; the phone, with no direct path, plays
through the relay and reloads mid-game back to its seat) to the game's end, and by
codes with no relay at all through the first round; a Firefox guest at a Chromium
player's table to play now; a phone through a TURN server another player wrote; a
WebKit guest with no WebRTC; and tables over days whose pages never open together,
or are open at once. `online_game.py`, `online_firefox.py`, `online_phone.py` and
`online_days.py` drive the browsers; see `test_transport` for the namespace."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .test_other_browsers import FIREFOX, WEBKIT
from .test_transport import ROOT, machine_addresses, network_namespace, pytestmark  # noqa: F401

GAME = Path(__file__).with_name("online_game.py")
WITH_FIREFOX = Path(__file__).with_name("online_firefox.py")
PHONE = Path(__file__).with_name("online_phone.py")
DAYS = Path(__file__).with_name("online_days.py")
SHOTS = ROOT / "test-results" / "screenshots"
RUN_TIMEOUT = 420
# Trystero logs each connection a page closed (the phone reloading, the host leaving).
CLOSED = "Trystero peer error: OperationError: User-Initiated Abort, reason=Close called"


def run_game(mode: str, dist: Path) -> dict[str, Any]:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with network_namespace() as (namespace, addresses):
        assert not addresses & machine_addresses()
        command = ["ip", "netns", "exec", namespace, sys.executable]
        scripts = {
            "firefox": [WITH_FIREFOX, dist, SHOTS],
            "webkit": [WITH_FIREFOX, dist, SHOTS, "webkit"],
            "phone": [PHONE, dist, SHOTS],
            "days": [DAYS, dist, SHOTS],
            "days-together": [DAYS, dist, SHOTS, "together"],
        }
        script = scripts.get(mode, [GAME, dist, mode, SHOTS])
        run = subprocess.Popen(
            [*command, *map(str, script)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        try:
            out, err = run.communicate(timeout=RUN_TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(run.pid, signal.SIGKILL)
            out, err = run.communicate()
            pytest.fail(f"the game did not finish in {RUN_TIMEOUT} s:\n{err[-3000:]}")
    assert run.returncode == 0, f"the game failed:\n{err[-3000:]}"
    game: dict[str, Any] = json.loads(out)
    print(json.dumps(game.get("seconds")))  # the figures, with -s
    return game


def same_game_on_every_page(game: dict[str, Any], screen: str) -> None:
    """Every page still at the table shows the same game, on `screen`, after every
    move tapped."""
    boards = game["boards"]
    assert all(b["screen"] == screen for b in boards)
    assert len({json.dumps(b["docket"]) for b in boards}) == 1
    assert len({b["moves"] for b in boards}) == 1
    assert boards[0]["moves"] >= game["seconds"]["taps"] > 25


@pytest.mark.long
def test_friends_play_now_through_a_relay_and_a_phone_with_no_direct_path_reloads(
    dist: Path,
) -> None:
    """ "Play now": the friends join by the link and the game begins once every seat is
    taken. The phone has no direct path to the others: it plays the whole game through
    the relay, which its own settings do not name, across a reload."""
    game = run_game("relay", dist)
    assert [e for e in game["errors"] if not e.endswith(CLOSED)] == []
    assert all(u.startswith((game["origin"], "data:")) for u in game["requests"])
    assert game["link"].split("#")[1].startswith("days=")
    assert game["copied"] == game["link"]  # by the Copy button beside it
    assert {s.rstrip("/") for s in game["sockets"]} == {game["relay"].rstrip("/")}
    # The phone reloaded and came back to its seat, and the three played to the end,
    # the phone never connected directly to anyone.
    assert game["seconds"]["reload"] > 0
    assert game["phone_direct"] == 0
    assert len(game["boards"]) == 3
    same_game_on_every_page(game, "end")


@pytest.mark.long
def test_friends_meet_by_codes_with_no_relay_and_play(dist: Path) -> None:
    """Three browsers meet by codes alone and play the first round over WebRTC
    (the rest of a game by codes, to its end and the next game, is
    `tests/app/test_online_codes.py`'s)."""
    game = run_game("codes", dist)
    assert game["errors"] == []
    assert all(u.startswith((game["origin"], "data:")) for u in game["requests"])
    assert game["sockets"] == []  # no relay, nothing but the site itself
    assert "#" not in game["link"]  # the offer, answered once, left the guest's address
    assert all(40 < len(code) < 160 for code in game["codes"])
    assert len(game["boards"]) == 3
    same_game_on_every_page(game, "game")


@pytest.mark.skipif(
    not FIREFOX.exists() or not (ROOT / "tests/e2e/others/node_modules/puppeteer-core").exists(),
    reason="no Firefox ESR or puppeteer-core (test.sh installs both)",
)
@pytest.mark.long
def test_a_firefox_guest_plays_a_whole_game_at_a_chromium_players_table(dist: Path) -> None:
    """Firefox and Chromium meet over WebRTC at a table to play now (the Chromium page's
    direct connection to the guest opens) and play to the end, each device showing the
    same game; a third page that knows the link cannot move for the guest's seat."""
    game = run_game("firefox", dist)
    print(json.dumps({k: v for k, v in game.items() if k != "host"}))
    host, guest = game["host"], game["guest"]
    assert game["errors"] == [] and guest["errors"] == []
    assert guest["version"].startswith("firefox/") and guest["seated"]
    assert host["screen"] == guest["screen"] == "end"
    assert host["moves"] == guest["moves"] and host["docket"] == guest["docket"]
    assert guest["made"] > 5 and game["taps"] > 5
    assert len(game["host_direct"]) == 1  # the guest, reached directly
    assert guest["direct"] >= 1
    # A page that knew the link sent a move for the guest's seat, made by its own key,
    # when it was the guest's turn: refused, the guest's own move stands at that place,
    # and the game went on to the same end on both devices.
    _index, _action, attacker = game["attack"]
    assert game["attacked_entry_by"] == game["guest_device"] != attacker


@pytest.mark.skipif(shutil.which("turnserver") is None, reason="no turnserver (Debian's coturn)")
@pytest.mark.long
def test_a_phone_connects_through_a_turn_server_another_player_wrote_and_wakes_at_its_seat(
    dist: Path,
) -> None:
    """The phone has no direct path to the host, and its own settings name no TURN
    server; the host's do, and the phone connects through it. Its screen then goes off
    again and again while the host plays on (the page hidden and still, its connections
    closed): each time it is seen again it shows the host's moves at once."""
    game = run_game("phone", dist)
    print(json.dumps({k: game[k] for k in ("turn_seconds", "backs", "asleep_moves")}))
    assert game["errors"] == []
    assert "relay" in game["pairs"]  # the connection's own candidate is the TURN server's
    assert sum(game["asleep_moves"]) >= len(game["backs"]) == 3
    assert max(game["backs"]) < 5
    assert len(set(game["moves"])) == 1


@pytest.mark.skipif(
    not WEBKIT.exists() or shutil.which("xvfb-run") is None,
    reason="no WebKitGTK or Xvfb (test.sh installs both)",
)
@pytest.mark.long
def test_a_webkit_guest_with_no_webrtc_plays_at_the_table_through_the_relays(
    dist: Path,
) -> None:
    """WebKitGTK here has no WebRTC at all: the guest still joins a table to play now by
    its link, sits and plays its turns, every entry through the relays, the same game
    on both devices."""
    game = run_game("webkit", dist)
    print(json.dumps({k: v for k, v in game.items() if k != "host"}))
    host, guest = game["host"], game["guest"]
    assert game["errors"] == [] and guest["errors"] == []
    assert guest["seated"] and guest["made"] >= 1 and guest["notice"] == ""
    assert host["moves"] == guest["moves"] >= 16
    if guest["webrtc"] == "undefined":
        assert game["host_direct"] == []  # nothing but the relays between them


@pytest.mark.long
def test_friends_who_never_open_at_once_play_a_table_over_days_to_its_end(dist: Path) -> None:
    """Three browsers, each with its own storage, whose pages open one after another and
    never together, through a relay on the namespace's loopback (`online_days.py`): the
    friends join by the link, the title lists the table with whose turn it is, a page
    opened after others moved tells what happened since, two players leave and the
    third plays to the end; the last to look finds the table ended and the game kept."""
    game = run_game("days", dist)
    assert game["errors"] == []
    assert game["invited"] == ["Ann invites you to a game played over days."] * 2
    visits = game["visits"]
    states = [v["list"][0]["state"] for v in visits]
    assert states[0] == "Waiting for Bea and Cyd"  # the deal waits for their first visit
    assert any(s == "Your turn" for s in states), states
    told = [v["story"] for v in visits if "story" in v]
    assert told and all(t.upper().startswith("SINCE YOU LAST LOOKED") for t in told)
    assert sum(v["moved"] for v in visits) > 0
    assert game["end_moves"] > 40
    assert game["last_list"][0]["state"].startswith("Ended")
    assert "1 game finished on this browser." in game["history"]
    assert game["opened"] == 13  # every page opened alone
    assert game["next_told"] == "Ann opened the next game at this table."
    assert game["next_lobby"] == "Waiting for 1 more friend to open the link and take a seat."
    assert visits[5]["reloaded"] == "game"
    chats = [v["chat"] for v in visits]
    assert all("Ann: Back on Monday" in c for c in chats[4:6]), chats


@pytest.mark.long
def test_pages_of_a_table_over_days_open_at_once_play_on_directly_when_the_relay_stops(
    dist: Path,
) -> None:
    """Three browsers at a table over days, open at once (`online_days.py together`):
    their pages meet directly over WebRTC; after a few moves the relay stops, and the
    game goes on to its end over the direct connections alone, every page showing the
    end and keeping the same result."""
    game = run_game("days-together", dist)
    assert game["errors"] == []
    assert game["here"] == [
        "At the table now: Bea and Cyd.",
        "At the table now: Ann and Cyd.",
        "At the table now: Ann and Bea.",
    ]
    assert len(game["with_relay_ms"]) == 6
    assert game["moves_at_stop"] < 40 < game["moves"][0]
    assert len(set(game["moves"])) == 1
    assert game["screens"] == ["end"] * 3
    assert len(set(game["results"])) == 1
    assert "Bea: Good luck" in game["chat"]
    # Ann's page forges, replays and floods Bea's over their direct connection: nothing
    # is taken, the connection is shut, and Bea is told.
    (notice, moves, shut, events), after = game["attack"]["before"], game["attack"]["after"]
    assert notice is None and shut == 0
    assert (
        after[0]
        == "A device at the table sent far more than a game sends: its connection is closed."
    )
    assert after[1:] == [moves, 1, events]
