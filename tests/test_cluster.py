"""Matches played on a Ray cluster: a Ray of the test's own, in a network namespace
that holds only a loopback, gives the very results this machine's processes give."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from senator_core.bots.tournament import run

pytest.importorskip("ray", reason="the cluster extra (pip install -e '.[cluster]')")

LEVELS = ["random", "heuristic", "gift", "lowest"]
MATCH = f"""
import json
from senator_core.bots.tournament import run
result = run(4, 8, {LEVELS!r}, jobs=2, seed=3, cluster="local")
print("RESULT " + json.dumps([[r.units, r.decisions, r.silly] for r in result.results]))
"""


@contextmanager
def loopback_namespace() -> Iterator[str]:
    """A network namespace of this run's own with only its loopback up; deleted at the
    end with whatever still runs in it."""
    name = f"senator-ray-{os.getpid()}-{secrets.token_hex(3)}"
    if shutil.which("ip") is None:
        pytest.skip("no ip command to make a network namespace")
    made = subprocess.run(["ip", "netns", "add", name], check=False, capture_output=True, text=True)
    if made.returncode != 0:
        pytest.skip(f"cannot make a network namespace: {made.stderr.strip()}")
    try:
        up = subprocess.run(
            ["ip", "netns", "exec", name, "ip", "link", "set", "lo", "up"], check=False
        )
        assert up.returncode == 0
        yield name
    finally:
        pids = subprocess.run(
            ["ip", "netns", "pids", name], check=False, capture_output=True, text=True
        )
        for pid in pids.stdout.split():
            subprocess.run(["kill", "-9", pid], check=False)
        subprocess.run(["ip", "netns", "del", name], check=False)


def test_a_match_on_a_local_ray_gives_the_same_results_as_this_machine() -> None:
    here = run(4, 8, LEVELS, jobs=1, seed=3)
    expected = [[r.units, r.decisions, r.silly] for r in here.results]
    with loopback_namespace() as namespace:
        done = subprocess.run(
            ["ip", "netns", "exec", namespace, sys.executable, "-c", MATCH],
            check=False,
            capture_output=True,
            text=True,
            timeout=240,
            env={**os.environ, "RAY_USAGE_STATS_ENABLED": "0"},
        )
    assert done.returncode == 0, done.stderr[-2000:]
    # Ray writes its own lines to the driver's output too (a worker it had to start
    # again, on a busy machine): the result is the line marked as such.
    marked = [line for line in done.stdout.splitlines() if line.startswith("RESULT ")]
    assert len(marked) == 1, done.stdout[-2000:]
    assert json.loads(marked[0].removeprefix("RESULT ")) == expected


def test_playing_on_a_cluster_without_ray_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "ray.util.multiprocessing", None)
    with pytest.raises(RuntimeError, match=r"needs Ray: pip install"):
        run(4, 4, LEVELS, seed=1, cluster="local")
