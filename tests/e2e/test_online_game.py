"""A game online through the game's own screens, over real WebRTC between three
browsers (one of them a phone's size) inside a network namespace of the test's own:
the host invites, the guests open the link and sit, everyone plays their own seat,
and the phone reloads mid-game and comes back to its seat. `online_game.py` drives
the browsers; see `test_transport` for the namespace."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from .test_transport import ROOT, machine_addresses, network_namespace, pytestmark  # noqa: F401

GAME = Path(__file__).with_name("online_game.py")
SHOTS = ROOT / "test-results" / "screenshots"
MOVES = 14
RUN_TIMEOUT = 300


def test_friends_play_online_from_their_own_browsers(dist: Path) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with network_namespace() as (namespace, addresses):
        assert not addresses & machine_addresses()
        command = ["ip", "netns", "exec", namespace, sys.executable, str(GAME), str(dist)]
        run = subprocess.Popen(
            [*command, str(MOVES), str(SHOTS)],
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
    game = json.loads(out)
    # Trystero logs each connection the reloading phone closed; nothing else may appear.
    closed = "Trystero peer error: OperationError: User-Initiated Abort, reason=Close called"
    assert [e for e in game["errors"] if not e.endswith(closed)] == []
    assert all(u.startswith((game["origin"], "data:")) for u in game["requests"])
    assert game["link"].split("#")[1].startswith("table=")
    # Every move was made by a tap on the page whose seat it was, and every page shows
    # the same table after them, the reloaded phone included.
    assert game["made"] == MOVES
    boards = game["boards"]
    assert len({json.dumps(b["docket"]) for b in boards}) == 1
    assert {b["moves"] for b in boards} == {boards[0]["moves"]}
    assert all(b["screen"] == "game" for b in boards)
    assert game["seconds"]["reload"] > 0
