"""The game's own wheel (`pip wheel . --no-deps`), built again only when its source changes."""

from __future__ import annotations

import base64
import hashlib
import shutil
import sys
import tempfile
import zipfile
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


# The game's modules a player's page never runs: the command line, and what it and the
# benchmarks use to play games between computers.
NOT_IN_THE_PAGE = ("senator_core/__main__.py", "senator_core/bots/tournament.py",
                   "senator_core/simulate.py")  # fmt: skip
# The languages whose catalogs the page fetches when it first speaks them, not in its
# wheel: a player reads one language, and each catalog is a tenth of the wheel.
CATALOGS_APART = ("pl", "ru")


def catalog_path(lang: str) -> str:
    """A compiled catalog's path in the game's wheel."""
    return f"senator_core/locale/{lang}/LC_MESSAGES/senator.mo"


LEFT_OUT = (*NOT_IN_THE_PAGE, *(catalog_path(lang) for lang in CATALOGS_APART))


def page_wheel(wheel: Path) -> Path:
    """The wheel the page installs: the game's wheel without the modules the page never
    runs (`NOT_IN_THE_PAGE`) and the catalogs it fetches apart (`CATALOGS_APART`), and
    with its metadata's headers alone (the long
    description is the README). Made beside the wheel, once for each list of the
    modules left out (a folder named for it)."""
    recipe = hashlib.sha256("\n".join(LEFT_OUT).encode()).hexdigest()[:12]
    target = wheel.parent / f"page-{recipe}" / wheel.name
    if target.exists():
        return target
    records: list[str] = []
    scratch = target.with_suffix(".part")
    scratch.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(scratch, "w") as out:
        record = None
        for info in source.infolist():
            name = info.filename
            if name in LEFT_OUT:
                continue
            if name.endswith(".dist-info/RECORD"):
                record = info
                continue
            data = source.read(name)
            if name.endswith(".dist-info/METADATA"):
                data = data.split(b"\n\n", 1)[0] + b"\n"
            out.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            records.append(f"{name},sha256={digest.decode()},{len(data)}")
        if record is None:
            raise BuildError(f"{wheel.name} has no RECORD")
        records.append(f"{record.filename},,")
        out.writestr(record, "\n".join(records) + "\n", compress_type=zipfile.ZIP_DEFLATED)
    scratch.replace(target)
    return target
