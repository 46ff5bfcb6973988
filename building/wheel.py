"""The game's own wheel (`pip wheel . --no-deps`), built again only when its source changes."""

from __future__ import annotations

import hashlib
import shutil
import sys
import tempfile
from pathlib import Path

from . import folders
from .commands import BuildError, run


def _source_digest() -> str:
    digest = hashlib.sha256()
    root = folders.ROOT
    for path in [root / "pyproject.toml", *sorted((root / "senator_core").rglob("*"))]:
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def game_wheel() -> Path:
    """The senator_core wheel, from the cache when this checkout's source made it."""
    folder = folders.CACHE / "wheel" / _source_digest()[:16]
    found = sorted(folder.glob("senator_core-*-py3-none-any.whl"))
    if found:
        return found[0]
    print("  building the senator_core wheel")
    with tempfile.TemporaryDirectory() as scratch:
        run(
            [
                sys.executable, "-m", "pip", "wheel", str(folders.ROOT), "--no-deps",
                "--disable-pip-version-check", "--quiet", "-w", scratch,
            ],
            "pip wheel",
        )  # fmt: skip
        built = sorted(Path(scratch).glob("senator_core-*-py3-none-any.whl"))
        if not built:
            raise BuildError("pip wheel made no py3-none-any wheel of senator_core")
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built[0], folder / built[0].name)
    shutil.rmtree(folders.ROOT / "build", ignore_errors=True)
    return folder / built[0].name
