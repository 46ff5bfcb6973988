"""Three browsers at one online table, run by `test_transport` inside a network
namespace of its own: the site and a Nostr relay on the namespace's loopback, Chromium
with them, so WebRTC runs over the namespace's own addresses and nowhere else.

Usage: `python tests/e2e/online_table.py <dist>`. Prints what each page saw as one
JSON object on stdout; the test makes the assertions.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from building.browser import chromium_options  # noqa: E402
from tests.e2e.conftest import SUBPATH, Site, wait_for  # noqa: E402

# Without it Chromium offers an mDNS name instead of its address, which no one here
# resolves.
SHOW_ADDRESSES = "--disable-features=WebRtcHideLocalIpsWithMdns"
PASSWORD = "ave-caesar"
WAIT = 20_000  # ms: connecting takes a second or two; this is for a loaded machine

RELAY_CONFIG = """\
relay_name: senator test relay
storage:
  sqlalchemy.url: sqlite+aiosqlite:///{folder}/relay.sqlite3
  validators:
    - nostr_relay.validators.is_signed
gunicorn:
  bind: 127.0.0.1:{port}
  workers: 1
  loglevel: warning
  reload: false
"""

# Loads the transport as the page would when an online game starts, and records
# everything it reports in `window.seen`.
JOIN = """async ({room, password, relays}) => {
  const online = await import(new URL("online.js", document.baseURI).href);
  const seen = window.seen = {joined: [], left: [], messages: [], errors: []};
  window.table = await online.join(room, password, relays, [], {
    onPeerJoin: (peer) => seen.joined.push(peer),
    onPeerLeave: (peer) => seen.left.push(peer),
    onMessage: (peer, text) => seen.messages.push([peer, text]),
    onError: (reason, peer) => seen.errors.push([peer, reason]),
  });
  return window.table.selfId;
}"""

# The addresses each connection's selected candidate pair runs between.
SELECTED_PAIRS = """async () => {
  const pairs = {};
  for (const [peer, connection] of Object.entries(window.table.connections())) {
    const stats = await connection.getStats();
    let pair = null;
    stats.forEach((s) => {
      if (s.type === "transport" && s.selectedCandidatePairId) {
        pair = stats.get(s.selectedCandidatePairId);
      }
    });
    const local = pair && stats.get(pair.localCandidateId);
    const remote = pair && stats.get(pair.remoteCandidateId);
    pairs[peer] = pair && {
      state: pair.state,
      local: local.address ?? local.ip,
      remote: remote.address ?? remote.ip,
      type: local.candidateType,
      remoteType: remote.candidateType,
    };
  }
  return pairs;
}"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_relay(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    config = folder / "relay.yaml"
    config.write_text(RELAY_CONFIG.format(folder=folder, port=port), encoding="utf-8")
    command = [str(Path(sys.executable).parent / "nostr-relay"), "-c", str(config), "serve"]
    relay = subprocess.Popen(
        [*command, "--use-uvicorn"],
        cwd=folder,
        stdout=subprocess.DEVNULL,
        stderr=(folder / "relay.log").open("wb"),
    )
    return relay, f"ws://127.0.0.1:{port}"


def wait_for_relay(relay: subprocess.Popen[bytes], url: str, folder: Path) -> None:
    port = int(url.rsplit(":", 1)[1])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if relay.poll() is not None:
            log = (folder / "relay.log").read_text(errors="replace")
            raise RuntimeError(f"the relay stopped: {log[-2000:]}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the relay did not start")


def namespace_chromium(p: Any) -> Any:
    """Chromium for a run inside the test's network namespace: it offers its address
    there itself, as no mDNS answers in the namespace."""
    options: dict[str, Any] = chromium_options()
    options["args"] = [*options["args"], SHOW_ADDRESSES]
    return p.chromium.launch(**options)


def play(dist: Path, folder: Path) -> dict[str, Any]:
    started = time.monotonic()
    relay, relay_url = start_relay(folder)
    site = Site()
    site.mount(SUBPATH, dist)
    try:
        with sync_playwright() as p:
            browser = namespace_chromium(p)
            pages = []
            for _ in range(3):
                context = browser.new_context()
                context.set_default_timeout(WAIT)
                # The transport needs the page, not the game: three runtimes starting
                # at once on two cores would take most of the test's time.
                context.route("**/pyodide/**", lambda route: route.abort())
                pages.append(context.new_page())
            requests: list[str] = []
            for page in pages:
                page.on("request", lambda request: requests.append(request.url))
                page.goto(f"{site.origin}{SUBPATH}?nosw")
            before_join = list(requests)
            wait_for_relay(relay, relay_url, folder)
            ready = time.monotonic()
            room = {"room": f"table-{time.time_ns()}", "password": PASSWORD, "relays": [relay_url]}
            ids = [page.evaluate(JOIN, room) for page in pages]
            for page in pages:
                wait_for(page, "window.seen.joined.length >= 2")
            connected = time.monotonic()

            first, second, third = pages
            first.evaluate("window.table.send('to all, from the first')")
            second.evaluate("(peer) => window.table.send('to the third alone', peer)", ids[2])
            second.evaluate("window.table.send('to all, from the second')")
            # Each page hears the others' messages to all; the third also the one to it.
            for page, count in zip(pages, (1, 1, 3), strict=True):
                wait_for(page, "(n) => window.seen.messages.length >= n", arg=count)
            # A pair the messages crossed may still read "in-progress" in the stats a
            # moment, on a busy machine: they are read again until every one says.
            for _ in range(40):
                pairs = [page.evaluate(SELECTED_PAIRS) for page in pages]
                states = [p and p["state"] for each in pairs for p in each.values()]
                if all(state == "succeeded" for state in states):
                    break
                first.wait_for_timeout(250)
            heard = [page.evaluate("window.seen") for page in pages]

            third.close(run_before_unload=True)
            for page in (first, second):
                wait_for(page, "(peer) => window.seen.left.includes(peer)", arg=ids[2])
            gone = time.monotonic()
            after = [page.evaluate("window.seen") for page in (first, second)]
            # The first drops the second (as a page drops one that floods it): both
            # see the other leave.
            first.evaluate("(peer) => window.table.drop(peer)", ids[1])
            wait_for(first, "(peer) => window.seen.left.includes(peer)", arg=ids[1])
            wait_for(second, "(peer) => window.seen.left.includes(peer)", arg=ids[0])
            dropped = [page.evaluate("window.seen.left") for page in (first, second)]
            browser.close()
    finally:
        site.stop()
        relay.terminate()
        relay.wait(10)
    return {
        "ids": ids,
        "origin": site.origin,
        "relay": relay_url,
        "requests": requests,
        "requests_before_join": before_join,
        "seen": heard,
        "after_leaving": after,
        "after_dropping": dropped,
        "pairs": pairs,
        "seconds": {
            "start": round(ready - started, 2),
            "connect": round(connected - ready, 2),
            "leave": round(gone - connected, 2),
        },
    }


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="senator-table-") as folder:
        print(json.dumps(play(Path(sys.argv[1]), Path(folder))))


if __name__ == "__main__":
    main()
