"""Online play's transport over real WebRTC: three browsers join one table through a
Nostr relay, send to all and to one, and see a device leave.

The test's traffic stays inside a network namespace it makes for the run (a veth
pair and a default route, so Chromium has an address to offer that is not the
machine's): the site, the relay and Chromium all run in it, driven by
`online_table.py`. Making a namespace takes root; elsewhere the test is skipped.
"""

from __future__ import annotations

import ipaddress
import itertools
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest

from .conftest import SUBPATH

TABLE = Path(__file__).with_name("online_table.py")
ROOT = Path(__file__).resolve().parents[2]
RUN_TIMEOUT = 90  # seconds; a run takes about six

# Checked before the site is built for the test.
pytestmark = [
    pytest.mark.skipif(
        os.geteuid() != 0, reason="making a network namespace takes root (CI runs as root)"
    ),
    pytest.mark.skipif(
        shutil.which("ip") is None, reason="no `ip` (iproute2) to make a network namespace"
    ),
]


def ip(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["ip", *args], capture_output=True, text=True, check=False)


def machine_addresses() -> set[str]:
    words = ip("-o", "addr", "show").stdout.split()
    return {
        then.split("/")[0] for word, then in itertools.pairwise(words) if word.startswith("inet")
    }


def namespace_subnet() -> ipaddress.IPv4Network:
    """A private /24 none of the machine's own addresses is in."""
    own = {ipaddress.ip_address(a) for a in machine_addresses()}
    for third in range(213, 256):
        subnet = ipaddress.IPv4Network(f"10.{third}.0.0/24")
        if not any(address in subnet for address in own):
            return subnet
    pytest.skip("no private subnet free of the machine's addresses")


@contextmanager
def network_namespace() -> Iterator[tuple[str, set[str]]]:
    """A namespace of this run's own, with two addresses on a veth pair and a default
    route; yields its name and addresses, and deletes it at the end, with whatever
    still runs in it."""
    name = f"senator-{os.getpid()}-{secrets.token_hex(3)}"
    made = ip("netns", "add", name)
    if made.returncode != 0:
        pytest.skip(f"cannot make a network namespace: {made.stderr.strip()}")
    try:
        hosts = [str(h) for h in list(namespace_subnet().hosts())[:2]]
        for command in (
            ["link", "set", "lo", "up"],
            ["link", "add", "v0", "type", "veth", "peer", "name", "v1"],
            ["addr", "add", f"{hosts[0]}/24", "dev", "v0"],
            ["addr", "add", f"{hosts[1]}/24", "dev", "v1"],
            ["link", "set", "v0", "up"],
            ["link", "set", "v1", "up"],
            ["route", "add", "default", "dev", "v0"],
        ):
            done = ip("netns", "exec", name, "ip", *command)
            assert done.returncode == 0, f"ip {' '.join(command)}: {done.stderr}"
        yield name, set(hosts)
    finally:
        for pid in ip("netns", "pids", name).stdout.split():
            with suppress(ProcessLookupError):
                os.kill(int(pid), signal.SIGKILL)
        ip("netns", "del", name)


def run_table(namespace: str, dist: Path) -> dict[str, Any]:
    """Runs `online_table.py` in the namespace and returns what it printed."""
    command = ["ip", "netns", "exec", namespace, sys.executable, str(TABLE), str(dist)]
    run = subprocess.Popen(
        command,
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
        pytest.fail(f"the table did not finish in {RUN_TIMEOUT} s:\n{err[-3000:]}")
    assert run.returncode == 0, f"the table failed:\n{err[-3000:]}"
    result: dict[str, Any] = json.loads(out)
    return result


def test_three_devices_talk_peer_to_peer_over_the_namespaces_addresses(dist: Path) -> None:
    with network_namespace() as (namespace, addresses):
        assert not addresses & machine_addresses()
        table = run_table(namespace, dist)
    ids: list[str] = table["ids"]
    assert len(set(ids)) == 3

    # Nothing off-site, and the transport only once the pages join.
    origin = table["origin"]
    assert all(u.startswith((origin, "data:")) for u in table["requests"]), table["requests"]
    assert not [u for u in table["requests_before_join"] if "online.js" in u or "vendor/@" in u]
    assert f"{origin}{SUBPATH}online.js" in table["requests"]

    # Every page saw the two others join, heard what was sent to all, and only the
    # third heard what was sent to it alone.
    first, second, third = ids
    for me, seen in zip(ids, table["seen"], strict=True):
        assert sorted(seen["joined"]) == sorted(i for i in ids if i != me)
        assert seen["left"] == [] and seen["errors"] == []
    heard = [sorted(map(tuple, seen["messages"])) for seen in table["seen"]]
    assert heard[0] == [(second, "to all, from the second")]
    assert heard[1] == [(first, "to all, from the first")]
    assert heard[2] == sorted(
        [
            (first, "to all, from the first"),
            (second, "to the third alone"),
            (second, "to all, from the second"),
        ]
    )

    # Each connection runs between the namespace's addresses, never the machine's: each
    # end's own address is one of them, and so is the far end's where Chromium shows it
    # (it hides a peer-reflexive one, learnt from the connectivity checks; the far
    # end's own view of the pair names it).
    for me, pairs in zip(ids, table["pairs"], strict=True):
        assert sorted(pairs) == sorted(i for i in ids if i != me)
        for pair in pairs.values():
            assert pair is not None and pair["state"] == "succeeded", pair
            assert pair["local"] in addresses and pair["type"] == "host", pair
            assert pair["remote"] in addresses or pair["remoteType"] == "prflx", pair

    # When the third page closes, the two others see it leave.
    for seen in table["after_leaving"]:
        assert seen["left"] == [third]
    # A page that drops another's connection: each sees the other leave.
    assert table["after_dropping"] == [[third, second], [third, first]]
