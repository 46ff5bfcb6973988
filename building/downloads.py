"""The pinned inputs from npm and PyPI: each version with its integrity hash, fetched
once into the cache and verified every time it is used.

npm and pip do the fetching; a cached file that verifies is used as it is, so a
second build needs no network.
"""

from __future__ import annotations

import base64
import hashlib
import sys
import tarfile
from pathlib import Path

from . import folders
from .commands import BuildError, run

PYODIDE_VERSION = "314.0.7"
PYODIDE_INTEGRITY = (
    "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+"
    "SNvi/6V5JEsOlD2R1A=="
)
# Only what the page loads: the loader, the runtime, its WebAssembly and the stdlib.
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")

MICROPIP_VERSION = "0.11.1"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"

# The invitation's QR code, drawn in Python on the host's page only (installed when a
# table opens, never on a first visit).
SEGNO_VERSION = "1.6.6"
SEGNO_SHA256 = "28c7d081ed0cf935e0411293a465efd4d500704072cdb039778a2ab8736190c7"

MORPHDOM_VERSION = "2.7.8"
MORPHDOM_INTEGRITY = (
    "sha512-D/fR4xgGUyVRbdMGU6Nejea1RFzYxYtyurG4Fbv2Fi/daKlWKuXGLOdXtl+3eIwL110cI2hz1"
    "ZojGICjjFLgTg=="
)

# Online play's transport: Trystero's Nostr strategy and what it imports, as published
# ES modules (the `trystero` package itself only re-exports `@trystero-p2p/nostr`).
TRYSTERO_VERSION = "0.25.4"
TRYSTERO_NOSTR_INTEGRITY = (
    "sha512-QDox1VVHl0ro/CLfQVUtMS9EQbtJhQM7CCsO4SGv9KrPBT+x3bmOqQ4Y6iugsLzQ6sW+a2cwUTxjDRz/"
    "BywqMg=="
)
TRYSTERO_CORE_INTEGRITY = (
    "sha512-ehvSL1FqW962XyEctXngeDF/IOM1bWmfCKBNR4vwmVa0JGfM0+dlY4TEzSEGghYp3qqGCrpFIVTxdvlBUG"
    "VO6Q=="
)
SECP256K1_VERSION = "3.2.0"
SECP256K1_INTEGRITY = (
    "sha512-Z3ZAWOTxJ0EuTuZTi7Y69iK7GgrLHh8sgm45lVDhg/b3Nk1TpAiKhick2KkZisHuupeepSkyIydN/J459S"
    "dX1w=="
)

# Compiles the translations when the Python running the build has no Babel: never
# copied into dist/.
BABEL_VERSION = "2.19.0"
BABEL_SHA256 = "6d49734aed1d595b2c065d012174df8c83964692f26fc461702281634dd7555b"

# Only for the end-to-end tests' accessibility checks: never copied into dist/.
AXE_VERSION = "4.14.1"
AXE_INTEGRITY = (
    "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37O"
    "gudVGtQ=="
)


def _sri(path: Path) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def sha256(path: Path) -> str:
    """The file's sha256, in hex."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def npm_tarball(name: str, version: str, integrity: str) -> Path:
    """The npm registry's tarball of name@version, from the cache when it verifies."""
    folder = folders.CACHE / "npm"
    folder.mkdir(parents=True, exist_ok=True)
    # npm names a scoped package's tarball without the @ and with a - for the /.
    tarball = folder / f"{name.removeprefix('@').replace('/', '-')}-{version}.tgz"
    if not (tarball.exists() and _sri(tarball) == integrity):
        print(f"  fetching {name}@{version} from the npm registry")
        run(
            ["npm", "pack", f"{name}@{version}", "--pack-destination", str(folder), "--silent"],
            f"npm pack {name}@{version}",
        )
        if not tarball.exists() or _sri(tarball) != integrity:
            tarball.unlink(missing_ok=True)
            raise BuildError(f"{name}@{version} from npm does not match its pinned integrity")
    return tarball


def pyodide_tarball() -> Path:
    """The Pyodide runtime's npm tarball."""
    return npm_tarball("pyodide", PYODIDE_VERSION, PYODIDE_INTEGRITY)


def pypi_wheel(name: str, version: str, sha256_hex: str, *options: str) -> Path:
    """A pure wheel of name==version from PyPI, from the cache when its sha256 matches;
    `options` go to `pip download` (a target Python, say)."""
    folder = folders.CACHE / "pypi"
    wheel = folder / f"{name}-{version}-py3-none-any.whl"
    if not (wheel.exists() and sha256(wheel) == sha256_hex):
        print(f"  fetching {name} {version} from PyPI")
        folder.mkdir(parents=True, exist_ok=True)
        run(
            [
                sys.executable, "-m", "pip", "download", f"{name}=={version}",
                "--no-deps", *options, "--only-binary=:all:",
                "--disable-pip-version-check", "--quiet", "-d", str(folder),
            ],
            f"pip download {name}",
        )  # fmt: skip
        if not wheel.exists() or sha256(wheel) != sha256_hex:
            wheel.unlink(missing_ok=True)
            raise BuildError(f"{name} from PyPI does not match its pinned sha256")
    return wheel


def segno_wheel() -> Path:
    """segno's pure wheel from PyPI: QR codes for the online table's invitation."""
    return pypi_wheel("segno", SEGNO_VERSION, SEGNO_SHA256, "--python-version", "3.14")


def micropip_wheel() -> Path:
    """micropip's pure wheel from PyPI, for the Python that Pyodide runs."""
    return pypi_wheel("micropip", MICROPIP_VERSION, MICROPIP_SHA256, "--python-version", "3.14")


def extract(tarball: Path, members: dict[str, Path]) -> None:
    """Copies tarball members (by path inside it) to their destinations."""
    with tarfile.open(tarball) as archive:
        for member, destination in members.items():
            source = archive.extractfile(member)
            if source is None:
                raise BuildError(f"{tarball.name} has no file {member}")
            destination.parent.mkdir(parents=True, exist_ok=True)
            destination.write_bytes(source.read())


def runtime_files(tarball: Path, folder: Path) -> None:
    """The stock runtime as published (what the page loads, and its lock file) into folder."""
    extract(tarball, {f"package/{n}": folder / n for n in (*RUNTIME_FILES, "pyodide-lock.json")})
