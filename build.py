"""Builds the static site in dist/ from pinned inputs, and serves it with --serve.

Standard library only; it calls npm and pip for the pinned downloads, which
are cached under .cache/ and verified, so a second build needs no network.

    python build.py                 # build dist/
    python build.py --serve         # build, then serve dist/ on http://127.0.0.1:8000/
    python build.py --serve --port 8123 --no-build
    python build.py --catalogs      # compile the translations (.po to .mo) only
    python build.py --extract       # gather the marked texts into the catalogs

The translations are compiled with Babel, a build tool only (a pinned wheel
from PyPI when the Python running this has none); the game itself reads them
with the standard library's gettext.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import http.server
import json
import os
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path

if sys.platform != "win32":
    import fcntl

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
WEB = ROOT / "web"

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

MORPHDOM_VERSION = "2.7.8"
MORPHDOM_INTEGRITY = (
    "sha512-D/fR4xgGUyVRbdMGU6Nejea1RFzYxYtyurG4Fbv2Fi/daKlWKuXGLOdXtl+3eIwL110cI2hz1"
    "ZojGICjjFLgTg=="
)

# Only for the end-to-end tests' accessibility checks: never copied into dist/.
BABEL_VERSION = "2.19.0"
BABEL_SHA256 = "6d49734aed1d595b2c065d012174df8c83964692f26fc461702281634dd7555b"
LOCALE = ROOT / "senator_core" / "locale"
DOMAIN = "senator"
CATALOGS = ("en", "pl", "ru")
TRANSLATED = ("pl", "ru")  # English is the source's own: its catalog may reword, not must
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}

AXE_VERSION = "4.14.1"
AXE_INTEGRITY = (
    "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37O"
    "gudVGtQ=="
)

# The colours of the game's look, shared with web/assets/senator.css.
PURPLE = (92, 26, 51)
GOLD = (212, 168, 67)
MARBLE = (246, 239, 224)


class BuildError(Exception):
    """A build step failed for a reason the person building should read."""


# --------------------------------------------------------------------------- downloads


def _run(command: list[str], what: str, cwd: Path | None = None) -> str:
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        raise BuildError(
            f"{what}: `{command[0]}` is not installed. Install it (for npm: Node.js) and retry."
        ) from None
    if done.returncode != 0:
        detail = (done.stderr or done.stdout).strip().splitlines()[-5:]
        raise BuildError(
            f"{what} failed (is the package registry reachable?):\n  " + "\n  ".join(detail)
        )
    return done.stdout


def _sri(path: Path) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def npm_tarball(name: str, version: str, integrity: str) -> Path:
    """The npm registry's tarball of name@version, from the cache when it verifies."""
    folder = CACHE / "npm"
    folder.mkdir(parents=True, exist_ok=True)
    tarball = folder / f"{name}-{version}.tgz"
    if not (tarball.exists() and _sri(tarball) == integrity):
        print(f"  fetching {name}@{version} from the npm registry")
        _run(
            ["npm", "pack", f"{name}@{version}", "--pack-destination", str(folder), "--silent"],
            f"npm pack {name}@{version}",
        )
        if not tarball.exists() or _sri(tarball) != integrity:
            tarball.unlink(missing_ok=True)
            raise BuildError(f"{name}@{version} from npm does not match its pinned integrity")
    return tarball


def pypi_wheel(name: str, version: str, sha256: str, *options: str) -> Path:
    """A pure wheel of name==version from PyPI, from the cache when its sha256 matches;
    `options` go to `pip download` (a target Python, say)."""
    folder = CACHE / "pypi"
    wheel = folder / f"{name}-{version}-py3-none-any.whl"
    if not (wheel.exists() and _sha256(wheel) == sha256):
        print(f"  fetching {name} {version} from PyPI")
        folder.mkdir(parents=True, exist_ok=True)
        _run(
            [
                sys.executable, "-m", "pip", "download", f"{name}=={version}",
                "--no-deps", *options, "--only-binary=:all:",
                "--disable-pip-version-check", "--quiet", "-d", str(folder),
            ],
            f"pip download {name}",
        )  # fmt: skip
        if not wheel.exists() or _sha256(wheel) != sha256:
            wheel.unlink(missing_ok=True)
            raise BuildError(f"{name} from PyPI does not match its pinned sha256")
    return wheel


def micropip_wheel() -> Path:
    """micropip's pure wheel from PyPI, for the Python that Pyodide runs."""
    return pypi_wheel("micropip", MICROPIP_VERSION, MICROPIP_SHA256, "--python-version", "3.14")


def _extract(tarball: Path, members: dict[str, Path]) -> None:
    """Copies tarball members (by path inside it) to their destinations."""
    with tarfile.open(tarball) as archive:
        for member, destination in members.items():
            source = archive.extractfile(member)
            if source is None:
                raise BuildError(f"{tarball.name} has no file {member}")
            destination.parent.mkdir(parents=True, exist_ok=True)
            destination.write_bytes(source.read())


@contextmanager
def _cache_to_myself() -> Iterator[None]:
    """Holds the cache for this process alone while it fills it or builds from it:
    tests that run in several processes would otherwise download, compile or
    assemble the same files at once. (On Windows, no lock.)"""
    CACHE.mkdir(parents=True, exist_ok=True)
    with (CACHE / "build.lock").open("w") as lock:
        if sys.platform != "win32":
            fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def axe_script() -> Path:
    """axe-core's `axe.min.js` for the end-to-end tests, never part of the site.

    Taken from the pinned, verified npm tarball and kept beside it in the cache;
    a cached copy that differs from the tarball's is written again.
    """
    with _cache_to_myself():
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
    script = CACHE / f"axe-core-{AXE_VERSION}" / "axe.min.js"
    if not (script.exists() and script.read_bytes() == data):
        script.parent.mkdir(parents=True, exist_ok=True)
        partial_copy = script.with_suffix(f".{os.getpid()}.tmp")
        partial_copy.write_bytes(data)
        partial_copy.replace(script)
    return script


# --------------------------------------------------------------------------- translations


def _babel() -> None:
    """Makes Babel importable: the one installed, else the pinned wheel, unpacked."""
    try:
        import babel  # noqa: F401
    except ImportError:
        pass
    else:
        return
    folder = CACHE / f"babel-{BABEL_VERSION}"
    if not (folder / "babel" / "__init__.py").exists():
        wheel = pypi_wheel("babel", BABEL_VERSION, BABEL_SHA256)
        scratch = Path(tempfile.mkdtemp(dir=CACHE))
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(scratch)
        shutil.rmtree(folder, ignore_errors=True)
        scratch.rename(folder)
    sys.path.insert(0, str(folder))


def catalog_paths(lang: str) -> tuple[Path, Path]:
    """The translation of `lang`: its catalog (.po, in the repository) and compiled (.mo)."""
    folder = LOCALE / lang / "LC_MESSAGES"
    return folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"


def compile_catalogs() -> list[Path]:
    """Compiles each language's catalog to the .mo gettext reads, when it changed."""
    compiled = []
    for lang in CATALOGS:
        po, mo = catalog_paths(lang)
        if not po.exists():  # a language not started yet: the tests say it is missing
            continue
        if mo.exists() and mo.stat().st_mtime_ns >= po.stat().st_mtime_ns:
            compiled.append(mo)
            continue
        _babel()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        with po.open("rb") as file:
            catalog = read_po(file, locale=lang, domain=DOMAIN)
        scratch = mo.with_suffix(f".{os.getpid()}.tmp")
        with scratch.open("wb") as file:
            write_mo(file, catalog)
        os.replace(scratch, mo)  # atomic: two processes compiling at once both end well
        compiled.append(mo)
    return compiled


def extract_catalogs() -> None:
    """Gathers every marked text of senator_core into the template (.pot) and adds the
    new ones to each language's catalog, keeping what is translated."""
    _babel()
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.pofile import read_po, write_po

    template = Catalog(project="Senator", version="1", domain=DOMAIN, charset="utf-8")
    found = extract_from_dir(
        str(ROOT / "senator_core"),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("Translators:",),
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        if filename.startswith("locale"):
            continue
        template.add(
            message, None, [(f"senator_core/{filename}", lineno)],
            auto_comments=comments, context=context,
        )  # fmt: skip
    LOCALE.mkdir(parents=True, exist_ok=True)
    with (LOCALE / f"{DOMAIN}.pot").open("wb") as file:
        write_po(file, template, width=100, omit_header=False)
    for lang in CATALOGS:
        po, _ = catalog_paths(lang)
        po.parent.mkdir(parents=True, exist_ok=True)
        if po.exists():
            with po.open("rb") as file:
                catalog = read_po(file, locale=lang, domain=DOMAIN)
        else:
            catalog = Catalog(
                locale=lang, domain=DOMAIN, project="Senator", version="1",
                copyright_holder="the Senator project", charset="utf-8", fuzzy=False,
            )  # fmt: skip
            catalog.header_comment = f"# {DOMAIN}: the game's words in {lang}."
        catalog.update(template, no_fuzzy_matching=True)
        with po.open("wb") as file:
            write_po(file, catalog, width=100, ignore_obsolete=True)
        print(f"  {po.relative_to(ROOT)}: {len(catalog)} messages")


def _page() -> str:
    """index.html with the loading screen's words in every language (from the catalogs,
    compiled first)."""
    sys.path.insert(0, str(ROOT))
    try:
        from senator_core.app.loading import boot_texts
    finally:
        sys.path.remove(str(ROOT))
    texts = boot_texts()
    page = (WEB / "index.html").read_text(encoding="utf-8")
    noscript = " / ".join(dict.fromkeys(t["noscript"] for t in texts.values()))
    data = json.dumps(texts, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    return page.replace("__BOOT_TEXTS__", data).replace("__NOSCRIPT__", html.escape(noscript))


# --------------------------------------------------------------------------- the game's wheel


def _source_digest() -> str:
    digest = hashlib.sha256()
    files = [ROOT / "pyproject.toml", *sorted((ROOT / "senator_core").rglob("*"))]
    for path in files:
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(ROOT)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def game_wheel() -> Path:
    """The senator_core wheel (`pip wheel . --no-deps`), rebuilt only when its source changes."""
    folder = CACHE / "wheel" / _source_digest()[:16]
    found = sorted(folder.glob("senator_core-*-py3-none-any.whl"))
    if found:
        return found[0]
    print("  building the senator_core wheel")
    with tempfile.TemporaryDirectory() as scratch:
        _run(
            [
                sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps",
                "--disable-pip-version-check", "--quiet", "-w", scratch,
            ],
            "pip wheel",
        )  # fmt: skip
        built = sorted(Path(scratch).glob("senator_core-*-py3-none-any.whl"))
        if not built:
            raise BuildError("pip wheel made no py3-none-any wheel of senator_core")
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built[0], folder / built[0].name)
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    return folder / built[0].name


# --------------------------------------------------------------------------- bytecode

# Runs in Pyodide under Node: adds __pycache__/*.cpython-314.pyc (unchecked-hash,
# so imports never compare them with the source) beside every module of a wheel,
# and rewrites its RECORD. Compiling on the player's machine at every start is
# the largest part of importing a pure-Python package in the browser.
_COMPILE_PY = r"""
import base64, hashlib, importlib.util, io, os, py_compile, zipfile

def precompile(source_path, target_path):
    source = zipfile.ZipFile(source_path)
    buffer = io.BytesIO()
    target = zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED)
    records = []

    def add(name, data):
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        target.writestr(info, data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        records.append(f"{name},sha256={digest},{len(data)}")

    record = None
    os.makedirs("/tmp/compile", exist_ok=True)
    for name in sorted(source.namelist()):
        if name.endswith(".dist-info/RECORD"):
            record = name
            continue
        data = source.read(name)
        add(name, data)
        if name.endswith(".py"):
            with open("/tmp/compile/module.py", "wb") as out:
                out.write(data)
            compiled = py_compile.compile(
                "/tmp/compile/module.py", cfile="/tmp/compile/module.pyc", dfile=name,
                doraise=True, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            folder, _, base = name.rpartition("/")
            cached = importlib.util.cache_from_source("/" + base).rsplit("/", 1)[1]
            with open(compiled, "rb") as done:
                add(f"{folder}/__pycache__/{cached}" if folder else f"__pycache__/{cached}",
                    done.read())
    if record is None:
        raise ValueError(f"{source_path} has no RECORD")
    records.append(f"{record},,")
    target.writestr(record, "\n".join(records) + "\n")
    target.close()
    with open(target_path, "wb") as out:
        out.write(buffer.getvalue())
"""

_COMPILE_MJS = """
import { loadPyodide } from "./pyodide.mjs";
import { readFileSync, writeFileSync } from "node:fs";
const pyodide = await loadPyodide({ indexURL: process.cwd() + "/" });
pyodide.runPython(readFileSync("compile.py", "utf8"));
const files = process.argv.slice(2);
for (let i = 0; i < files.length; i += 2) {
  pyodide.FS.writeFile("/tmp/source.whl", readFileSync(files[i]));
  pyodide.runPython('precompile("/tmp/source.whl", "/tmp/target.whl")');
  writeFileSync(files[i + 1], pyodide.FS.readFile("/tmp/target.whl"));
}
"""


def _node_runtime(pyodide_tgz: Path, scripts: dict[str, str]) -> Path:
    """A folder holding the stock runtime and the given scripts, for Node to run them."""
    runtime = CACHE / f"pyodide-{PYODIDE_VERSION}"
    _extract(
        pyodide_tgz,
        {f"package/{n}": runtime / n for n in (*RUNTIME_FILES, "pyodide-lock.json")},
    )
    for name, text in scripts.items():
        (runtime / name).write_text(text, encoding="utf-8")
    return runtime


def precompiled(wheels: list[Path], pyodide_tgz: Path) -> list[Path]:
    """Each wheel with bytecode for Pyodide's own Python added (cached by content)."""
    folder = CACHE / "pyc" / PYODIDE_VERSION
    targets = [folder / _sha256(w)[:16] / w.name for w in wheels]
    todo = [(w, t) for w, t in zip(wheels, targets, strict=True) if not t.exists()]
    if not todo:
        return targets
    print(f"  compiling {', '.join(w.name for w, _ in todo)} for Pyodide {PYODIDE_VERSION}")
    runtime = _node_runtime(pyodide_tgz, {"compile.py": _COMPILE_PY, "compile.mjs": _COMPILE_MJS})
    with tempfile.TemporaryDirectory() as scratch:
        pairs = []
        for wheel, target in todo:
            pairs += [str(wheel), str(Path(scratch) / target.parent.name)]
        _run(["node", "compile.mjs", *pairs], "compiling wheels with Pyodide", cwd=runtime)
        for _, target in todo:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(Path(scratch) / target.parent.name, target)
    return targets


# Runs in Pyodide under Node: starts the way the page does (micropip, then the game
# wheel installed by it, then the modules the adapter imports), and gives the standard
# library's zip an unchecked-hash .pyc beside the source of each module that start
# imported. The stock zip holds sources only, so the browser compiled some 180
# modules at every start, the bare runtime's own among them: most of a start's time.
# Other modules stay as they were, so the zip grows by their bytecode alone.
_STDLIB_PY = r"""
import ast, importlib, io, os, sys, zipfile

PREFIX = "/lib/python%d%d.zip/" % sys.version_info[:2]

# The standard library's modules (zip paths) loaded once the adapter's imports of the
# game are done; frozen ones need no bytecode.
def started_modules(adapter):
    tree = ast.parse(adapter)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("senator_core"):
            importlib.import_module(node.module)
    names = set()
    for module in list(sys.modules.values()):
        spec = getattr(module, "__spec__", None)
        path = str(getattr(module, "__file__", None) or "")
        if spec is not None and spec.origin == "frozen":
            continue
        if path.startswith(PREFIX) and path.endswith(".py"):
            names.add(path[len(PREFIX):])
    return names

def compile_stdlib(source_path, target_path, adapter):
    wanted = started_modules(adapter)
    import py_compile  # only now, so that the list above holds what start-up alone loads
    source = zipfile.ZipFile(source_path)
    buffer = io.BytesIO()
    target = zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED)
    os.makedirs("/tmp/compile", exist_ok=True)
    done = 0
    for info in source.infolist():
        data = source.read(info.filename)
        target.writestr(info, data)
        if info.filename not in wanted:
            continue
        with open("/tmp/compile/module.py", "wb") as out:
            out.write(data)
        compiled = py_compile.compile(
            "/tmp/compile/module.py", cfile="/tmp/compile/module.pyc",
            dfile=PREFIX + info.filename, doraise=True,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        entry = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
        entry.compress_type = zipfile.ZIP_DEFLATED
        entry.external_attr = info.external_attr
        with open(compiled, "rb") as made:
            target.writestr(entry, made.read())
        done += 1
    target.close()
    if done < 50:
        raise ValueError(f"only {done} standard modules were imported at start")
    with open(target_path, "wb") as out:
        out.write(buffer.getvalue())
    return done
"""

_STDLIB_MJS = """
import { loadPyodide } from "./pyodide.mjs";
import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
const [micropip, game, adapter, target] = process.argv.slice(2);
try {
  const pyodide = await loadPyodide({ indexURL: process.cwd() + "/" });
  await pyodide.loadPackage(micropip);
  pyodide.FS.writeFile(`/tmp/${basename(game)}`, readFileSync(game));
  await pyodide.runPythonAsync(`
  import micropip
  await micropip.install("emfs:/tmp/${basename(game)}", deps=False)
  `);
  pyodide.runPython(readFileSync("stdlib.py", "utf8"));
  const stdlib = `/lib/python${pyodide.runPython("import sys; '%d%d' % sys.version_info[:2]")}.zip`;
  pyodide.FS.writeFile("/tmp/stdlib.zip", pyodide.FS.readFile(stdlib));
  pyodide.globals.set("adapter", readFileSync(adapter, "utf8"));
  const count = pyodide.runPython(
    'compile_stdlib("/tmp/stdlib.zip", "/tmp/compiled.zip", adapter)');
  writeFileSync(target, pyodide.FS.readFile("/tmp/compiled.zip"));
  console.log(count);
} catch (err) {
  console.error(String(err.message || err).trim());
  process.exit(1);
}
"""


def compiled_stdlib(micropip: Path, wheel: Path, pyodide_tgz: Path) -> Path:
    """The runtime's standard library with bytecode for what start-up imports (cached
    by the files that decide it)."""
    adapter = WEB / "main.py"
    parts = (_sha256(micropip), _sha256(wheel), _sha256(adapter), _STDLIB_PY, _STDLIB_MJS)
    key = hashlib.sha256("".join(parts).encode()).hexdigest()
    target = CACHE / "stdlib" / PYODIDE_VERSION / key[:16] / "python_stdlib.zip"
    if target.exists():
        return target
    print(f"  compiling the standard library's start-up modules for Pyodide {PYODIDE_VERSION}")
    runtime = _node_runtime(pyodide_tgz, {"stdlib.py": _STDLIB_PY, "stdlib.mjs": _STDLIB_MJS})
    with tempfile.TemporaryDirectory() as scratch:
        made = Path(scratch) / "python_stdlib.zip"
        _run(
            ["node", "stdlib.mjs", str(micropip), str(wheel), str(adapter), str(made)],
            "compiling the standard library with Pyodide",
            cwd=runtime,
        )
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(made, target)
    return target


# --------------------------------------------------------------------------- icons


def _png(width: int, height: int, rows: list[bytes]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def _temple(x: float, y: float) -> bool:
    """The icon's temple front on a unit square: pediment, entablature, columns, steps."""
    if 0.22 <= y <= 0.36:  # pediment
        half = (y - 0.22) / 0.14 * 0.34
        return abs(x - 0.5) <= half
    if 0.38 <= y <= 0.44:  # entablature
        return 0.17 <= x <= 0.83
    if 0.46 <= y <= 0.72:  # four columns
        return any(c - 0.045 <= x <= c + 0.045 for c in (0.25, 0.4167, 0.5833, 0.75))
    if 0.74 <= y <= 0.78:
        return 0.15 <= x <= 0.85
    if 0.80 <= y <= 0.84:
        return 0.11 <= x <= 0.89
    return False


def icon_png(size: int) -> bytes:
    """A gold temple on a purple medallion, drawn with 4x4 supersampling."""
    rows = []
    samples = [(i + 0.5) / 4 for i in range(4)]
    for py in range(size):
        row = bytearray()
        for px in range(size):
            cover = {"temple": 0, "ring": 0, "disc": 0}
            for sy in samples:
                for sx in samples:
                    x, y = (px + sx) / size, (py + sy) / size
                    r = ((x - 0.5) ** 2 + (y - 0.5) ** 2) ** 0.5
                    if r > 0.5:
                        continue
                    if r > 0.46:
                        cover["ring"] += 1
                    elif _temple(x, y):
                        cover["temple"] += 1
                    else:
                        cover["disc"] += 1
            total = 16
            inside = sum(cover.values())
            colour = [0.0, 0.0, 0.0]
            for part, rgb in (("temple", GOLD), ("ring", GOLD), ("disc", PURPLE)):
                for i in range(3):
                    colour[i] += rgb[i] * cover[part]
            if inside:
                colour = [c / inside for c in colour]
            row += bytes(round(c) for c in colour) + bytes([round(255 * inside / total)])
        rows.append(bytes(row))
    return _png(size, size, rows)


def cached_icon(size: int) -> bytes:
    """icon_png(size), drawn again only when this script changes."""
    key = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]
    path = CACHE / "icons" / f"icon-{size}-{key}.png"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(icon_png(size))
    return path.read_bytes()


# --------------------------------------------------------------------------- the site


def _micropip_lock(stock: dict[str, object], wheel: Path) -> dict[str, object]:
    """Pyodide's lock file cut down to micropip alone, with the sha256 of the wheel we ship."""
    packages = stock["packages"]
    assert isinstance(packages, dict)
    entry = dict(packages["micropip"])
    entry["file_name"] = wheel.name
    entry["sha256"] = _sha256(wheel)
    entry["version"] = MICROPIP_VERSION
    return {"info": stock["info"], "packages": {"micropip": entry}}


def _service_worker(files: list[str], version: str) -> str:
    template = (WEB / "sw.template.js").read_text(encoding="utf-8")
    return template.replace("__CACHE_NAME__", f"senator-{version}").replace(
        "__FILES__", json.dumps(["./", *files], indent=2)
    )


def build() -> Path:
    """Assembles dist/ and returns its path."""
    with _cache_to_myself():
        return _build()


def _build() -> Path:
    print(f"Building {DIST}/")
    pyodide_tgz = npm_tarball("pyodide", PYODIDE_VERSION, PYODIDE_INTEGRITY)
    morphdom_tgz = npm_tarball("morphdom", MORPHDOM_VERSION, MORPHDOM_INTEGRITY)
    compile_catalogs()
    micropip, wheel = precompiled([micropip_wheel(), game_wheel()], pyodide_tgz)

    DIST.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".dist-", dir=DIST.parent))
    try:
        runtime = staging / "pyodide"
        _extract(pyodide_tgz, {f"package/{name}": runtime / name for name in RUNTIME_FILES})
        shutil.copy2(compiled_stdlib(micropip, wheel, pyodide_tgz), runtime / "python_stdlib.zip")
        with tarfile.open(pyodide_tgz) as archive:
            stock_file = archive.extractfile("package/pyodide-lock.json")
            assert stock_file is not None
            stock = json.load(stock_file)
        (runtime / "pyodide-lock.json").write_text(
            json.dumps(_micropip_lock(stock, micropip), indent=1), encoding="utf-8"
        )
        shutil.copy2(micropip, runtime / micropip.name)
        _extract(
            morphdom_tgz,
            {"package/dist/morphdom-umd.min.js": staging / "vendor" / "morphdom-umd.min.js"},
        )

        # The game's own files: a changed wheel gets a new folder, so no cache serves it stale.
        wheel_digest = _sha256(wheel)[:12]
        wheel_path = f"wheels/{wheel_digest}/{wheel.name}"
        (staging / wheel_path).parent.mkdir(parents=True)
        shutil.copy2(wheel, staging / wheel_path)
        (staging / "index.html").write_text(_page(), encoding="utf-8")
        shutil.copy2(WEB / "main.py", staging / "main.py")
        shutil.copytree(WEB / "assets", staging / "assets")
        for size in (192, 512):
            (staging / "assets" / f"icon-{size}.png").write_bytes(cached_icon(size))
        main_digest = _sha256(staging / "main.py")[:12]
        build_info = {
            "wheel": wheel_path,
            "main": f"main.py?v={main_digest}",
            "pyodide": PYODIDE_VERSION,
        }
        (staging / "build.json").write_text(json.dumps(build_info, indent=1), encoding="utf-8")

        files = sorted(p.relative_to(staging).as_posix() for p in staging.rglob("*") if p.is_file())
        digest = hashlib.sha256()
        for name in files:
            digest.update(name.encode())
            digest.update(hashlib.sha256((staging / name).read_bytes()).digest())
        version = digest.hexdigest()[:16]
        cached = [f"main.py?v={main_digest}" if n == "main.py" else n for n in files]
        (staging / "sw.js").write_text(_service_worker(cached, version), encoding="utf-8")
        (staging / ".nojekyll").write_text("", encoding="utf-8")

        if DIST.exists():
            shutil.rmtree(DIST)
        staging.chmod(0o755)
        staging.rename(DIST)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    size = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
    print(f"Built {DIST}/ ({size / 1e6:.1f} MB, cache senator-{version})")
    return DIST


# --------------------------------------------------------------------------- serving

# How the tests and benchmarks start Chromium to load the site: Debian's own
# build where it is installed, else Playwright's. Without the networking flags
# Chromium tries to reach hosts outside this machine.
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
)


def chromium_options() -> dict[str, object]:
    """Keyword arguments for Playwright's `chromium.launch`."""
    options: dict[str, object] = {"args": list(CHROMIUM_ARGS)}
    if CHROMIUM.exists():
        options["executable_path"] = str(CHROMIUM)
    return options


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder with the types the site needs and without logging every request."""

    extensions_map = {  # noqa: RUF012
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".whl": "application/zip",
        ".py": "text/x-python",
        ".json": "application/json",
    }

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("SENATOR_SERVER_LOG"):
            super().log_message(format, *args)


def serve(folder: Path, port: int) -> None:
    handler = partial(SiteHandler, directory=str(folder))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"Serving the game at http://127.0.0.1:{server.server_address[1]}/ (Ctrl+C stops)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the Senator site into dist/.")
    parser.add_argument("--serve", action="store_true", help="serve dist/ after building")
    parser.add_argument("--port", type=int, default=8000, help="port for --serve (default 8000)")
    parser.add_argument("--no-build", action="store_true", help="serve the existing dist/")
    parser.add_argument(
        "--catalogs", action="store_true", help="only compile the translations (.po to .mo)"
    )
    parser.add_argument(
        "--extract", action="store_true", help="gather the marked texts into the catalogs"
    )
    args = parser.parse_args(argv)
    try:
        if args.extract:
            extract_catalogs()
            return 0
        if args.catalogs:
            compile_catalogs()
            return 0
        if not args.no_build:
            build()
        elif not (DIST / "index.html").exists():
            raise BuildError("dist/ is not built yet: run without --no-build")
    except BuildError as err:
        print(f"build failed: {err}", file=sys.stderr)
        return 1
    if args.serve:
        serve(DIST, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
