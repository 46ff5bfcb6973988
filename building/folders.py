"""Where a build reads and writes: this checkout, its web files, the cache and dist/.

The other modules read these as `folders.CACHE` when they need them, never a copy
taken at import, so a test points a whole build at folders of its own by setting
them here.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

if sys.platform != "win32":
    import fcntl

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
CACHE = ROOT / ".cache"
DIST = ROOT / "dist"


@contextmanager
def cache_to_myself() -> Iterator[None]:
    """Holds the cache for this process alone while it fills it or builds from it:
    tests that run in several processes would otherwise download, compile or
    assemble the same files at once. (On Windows, no lock.)"""
    CACHE.mkdir(parents=True, exist_ok=True)
    with (CACHE / "build.lock").open("w") as lock:
        if sys.platform != "win32":
            fcntl.flock(lock, fcntl.LOCK_EX)
        yield
