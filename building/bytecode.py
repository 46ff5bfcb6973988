"""Bytecode for the browser: the shipped wheels, and the standard library split into
the part the page uses and the rest, compiled by Pyodide's own Python in its
runtime under Node, each result cached by the files that decide it."""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from . import folders
from .commands import run
from .downloads import PYODIDE_VERSION, runtime_files, sha256

# Runs in Pyodide under Node: puts an unchecked-hash .pyc in place of every module's
# source in a wheel (`game.py` becomes `game.pyc`, which Python imports without a
# source) and rewrites its RECORD. Compiling on the player's machine at every start
# is the largest part of importing a pure-Python package in the browser, and
# shipping the source as well would send every module twice. The runtime compiles
# without column positions (PYTHONNODEBUGRANGES), which takes a quarter off the
# bytecode; a traceback still names every file and line.
_COMPILE_PY = r"""
import ast, base64, hashlib, importlib.util, io, os, zipfile
from importlib import _bootstrap_external

# Whether this runtime compiles without column positions (PYTHONNODEBUGRANGES).
def without_columns():
    return all(p[2] is None for p in compile("x", "", "eval").co_positions())

# Module and function docstrings dropped (classes keep theirs: dataclasses and enums
# read them): nothing in the page reads them, and they are a seventh of the bytecode.
def without_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            first = body[0] if body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                node.body = body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree

# The unchecked-hash .pyc of a module's source; `name` is the path tracebacks show.
def compiled(data, name):
    tree = without_docstrings(ast.parse(data, name))
    code = compile(tree, name, "exec", dont_inherit=True)
    made = _bootstrap_external._code_to_hash_pyc(
        code, importlib.util.source_hash(data), checked=False)
    return bytes(made)

def precompile(source_path, target_path):
    source = zipfile.ZipFile(source_path)
    buffer = io.BytesIO()
    target = zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED)
    records = []

    def add(name, data):
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.compress_level = 9
        info.external_attr = 0o644 << 16
        target.writestr(info, data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        records.append(f"{name},sha256={digest},{len(data)}")

    if not without_columns():
        raise RuntimeError("the runtime must compile without column positions")
    record = None
    for name in sorted(source.namelist()):
        if name.endswith(".dist-info/RECORD"):
            record = name
            continue
        data = source.read(name)
        if name.endswith(".py"):
            add(name + "c", compiled(data, name))
        elif not name.endswith(".pyc") and "/__pycache__/" not in name:
            add(name, data)
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
const pyodide = await loadPyodide({
  indexURL: process.cwd() + "/", env: { PYTHONNODEBUGRANGES: "1" } });
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
    runtime = folders.CACHE / f"pyodide-{PYODIDE_VERSION}"
    runtime_files(pyodide_tgz, runtime)
    for name, text in scripts.items():
        (runtime / name).write_text(text, encoding="utf-8")
    return runtime


def precompiled(wheels: list[Path], pyodide_tgz: Path) -> list[Path]:
    """Each wheel with bytecode for Pyodide's own Python in place of its sources (cached
    by content and by the scripts that compile it)."""
    folder = folders.CACHE / "pyc" / PYODIDE_VERSION
    scripts = hashlib.sha256((_COMPILE_PY + _COMPILE_MJS).encode()).hexdigest()
    keys = [hashlib.sha256((sha256(w) + scripts).encode()).hexdigest() for w in wheels]
    targets = [folder / key[:16] / w.name for key, w in zip(keys, wheels, strict=True)]
    todo = [(w, t) for w, t in zip(wheels, targets, strict=True) if not t.exists()]
    if not todo:
        return targets
    print(f"  compiling {', '.join(w.name for w, _ in todo)} for Pyodide {PYODIDE_VERSION}")
    runtime = _node_runtime(pyodide_tgz, {"compile.py": _COMPILE_PY, "compile.mjs": _COMPILE_MJS})
    with tempfile.TemporaryDirectory() as scratch:
        pairs = []
        for wheel, target in todo:
            pairs += [str(wheel), str(Path(scratch) / target.parent.name)]
        run(["node", "compile.mjs", *pairs], "compiling wheels with Pyodide", cwd=runtime)
        for _, target in todo:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(Path(scratch) / target.parent.name, target)
    return targets


# Runs in Pyodide under Node: starts the way the page does (micropip, then the game
# wheel installed by it, then the modules the adapter imports), imports every
# standard module the game's code names anywhere (in a function too), and splits
# the standard library in two:
# - the part the page uses, as unchecked-hash .pyc alone (the browser compiles
#   none of it, and no source travels beside it);
# - the rest as published, in a second archive the page fetches only when a module
#   nobody foresaw is imported.
_STDLIB_PY = (
    _COMPILE_PY
    + r"""
import ast, importlib, os, sys, zipfile

PREFIX = "/lib/python%d%d.zip/" % sys.version_info[:2]

# The standard modules the given sources import, at their top or in a function.
def named_modules(sources):
    names = set()
    for source in sources:
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return {n for n in names if n.partition(".")[0] in sys.stdlib_module_names}

# The standard library's modules (zip paths) the page uses: what start-up loads, and
# what the game's code names; frozen ones need no bytecode.
def used_modules(adapter, package):
    sources = [adapter]
    for folder, _, files in os.walk(package):
        for name in files:
            path = os.path.join(folder, name)
            if name.endswith(".py"):
                with open(path, encoding="utf-8") as text:
                    sources.append(text.read())
    for node in ast.walk(ast.parse(adapter)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("senator_core"):
            importlib.import_module(node.module)
    for name in sorted(named_modules(sources)):
        try:
            importlib.import_module(name)
        except ImportError:
            pass  # not in this runtime: the game's code guards it
    names = set()
    for module in list(sys.modules.values()):
        spec = getattr(module, "__spec__", None)
        path = str(getattr(module, "__file__", None) or "")
        if spec is not None and spec.origin == "frozen":
            continue
        if path.startswith(PREFIX) and path.endswith(".py"):
            names.add(path[len(PREFIX):])
    return names

def module_name(path):
    name = path[:-3].replace("/", ".")
    return name.removesuffix(".__init__")

def split_stdlib(source_path, used_path, rest_path, adapter, package):
    used = used_modules(adapter, package)
    if len(used) < 50:
        raise ValueError(f"only {len(used)} standard modules were found in use")
    if not without_columns():
        raise RuntimeError("the runtime must compile without column positions")
    source = zipfile.ZipFile(source_path)
    kept = zipfile.ZipFile(used_path, "w", zipfile.ZIP_DEFLATED)
    rest = zipfile.ZipFile(rest_path, "w", zipfile.ZIP_DEFLATED)
    others = []
    for info in source.infolist():
        data = source.read(info.filename)
        if info.filename not in used:
            rest.writestr(info, data)
            if info.filename.endswith(".py"):
                others.append(module_name(info.filename))
            continue
        entry = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
        entry.compress_type = zipfile.ZIP_DEFLATED
        entry.compress_level = 9
        entry.external_attr = info.external_attr
        kept.writestr(entry, compiled(data, PREFIX + info.filename))
    kept.close()
    rest.close()
    return sorted(others)
"""
)

_STDLIB_MJS = """
import { loadPyodide } from "./pyodide.mjs";
import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
const [micropip, game, adapter, used, rest, others] = process.argv.slice(2);
try {
  const pyodide = await loadPyodide({
    indexURL: process.cwd() + "/", env: { PYTHONNODEBUGRANGES: "1" } });
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
  const names = pyodide.runPython(`
import json, os, senator_core
json.dumps(split_stdlib("/tmp/stdlib.zip", "/tmp/used.zip", "/tmp/rest.zip", adapter,
                        os.path.dirname(senator_core.__file__)))`);
  writeFileSync(used, pyodide.FS.readFile("/tmp/used.zip"));
  writeFileSync(rest, pyodide.FS.readFile("/tmp/rest.zip"));
  writeFileSync(others, names);
} catch (err) {
  console.error(String(err.message || err).trim());
  process.exit(1);
}
"""


@dataclass(frozen=True)
class Stdlib:
    """The standard library split for the page: `used` holds bytecode for every module
    the page uses, `rest` the others as published, and `others` names the modules
    in `rest`, which the page fetches only when one of them is imported."""

    used: Path
    rest: Path
    others: list[str]


def split_stdlib(micropip: Path, wheel: Path, pyodide_tgz: Path) -> Stdlib:
    """The runtime's standard library split in two (cached by the files that decide it)."""
    adapter = folders.WEB / "main.py"
    parts = (sha256(micropip), sha256(wheel), sha256(adapter), _STDLIB_PY, _STDLIB_MJS)
    key = hashlib.sha256("".join(parts).encode()).hexdigest()
    folder = folders.CACHE / "stdlib" / PYODIDE_VERSION / key[:16]
    used, rest = folder / "python_stdlib.zip", folder / "python_stdlib_rest.zip"
    names = folder / "others.json"
    if not names.exists():
        print(f"  splitting the standard library for Pyodide {PYODIDE_VERSION}")
        runtime = _node_runtime(pyodide_tgz, {"stdlib.py": _STDLIB_PY, "stdlib.mjs": _STDLIB_MJS})
        with tempfile.TemporaryDirectory() as scratch:
            made = [Path(scratch) / p.name for p in (used, rest, names)]
            run(
                ["node", "stdlib.mjs", str(micropip), str(wheel), str(adapter), *map(str, made)],
                "splitting the standard library with Pyodide",
                cwd=runtime,
            )
            folder.mkdir(parents=True, exist_ok=True)
            for path in made:
                shutil.copy2(path, folder / path.name)
    return Stdlib(used, rest, json.loads(names.read_text(encoding="utf-8")))
