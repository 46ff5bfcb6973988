"""What the browser tests and benchmarks borrow: how to start Chromium on the site, and
axe-core's script for the accessibility checks. Neither is part of the site."""

from __future__ import annotations

import os
import tarfile
from pathlib import Path

from . import folders
from .commands import BuildError
from .downloads import AXE_INTEGRITY, AXE_VERSION, npm_tarball

# Debian's own build where it is installed, else Playwright's. Without the networking
# flags Chromium tries to reach hosts outside this machine. A container's /dev/shm is
# often 64 MB, too small for several pages booting the runtime at once: a renderer
# that runs out of it crashes, so shared memory goes to /tmp instead.
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-dev-shm-usage",
)


def chromium_options() -> dict[str, object]:
    """Keyword arguments for Playwright's `chromium.launch`."""
    options: dict[str, object] = {"args": list(CHROMIUM_ARGS)}
    if CHROMIUM.exists():
        options["executable_path"] = str(CHROMIUM)
    return options


def axe_script() -> Path:
    """axe-core's `axe.min.js` for the end-to-end tests, never part of the site.

    Taken from the pinned, verified npm tarball and kept beside it in the cache;
    a cached copy that differs from the tarball's is written again.
    """
    with folders.cache_to_myself():
        return _axe_script()


def _axe_script() -> Path:
    tarball = npm_tarball("axe-core", AXE_VERSION, AXE_INTEGRITY)
    with tarfile.open(tarball) as archive:
        source = archive.extractfile("package/axe.min.js")
        if source is None:
            raise BuildError(f"{tarball.name} has no file package/axe.min.js")
        data = source.read()
    if not data.startswith(f"/*! axe v{AXE_VERSION}".encode()):
        raise BuildError(f"{tarball.name}: package/axe.min.js is not axe v{AXE_VERSION}")
    script = folders.CACHE / f"axe-core-{AXE_VERSION}" / "axe.min.js"
    if not (script.exists() and script.read_bytes() == data):
        script.parent.mkdir(parents=True, exist_ok=True)
        partial_copy = script.with_suffix(f".{os.getpid()}.tmp")
        partial_copy.write_bytes(data)
        partial_copy.replace(script)
    return script
