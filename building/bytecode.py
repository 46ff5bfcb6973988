"""Bytecode for the browser: the shipped wheels and the standard library's start-up
modules, compiled by Pyodide's own Python in its runtime under Node, each result
cached by the files that decide it."""

from __future__ import annotations

import hashlib
import shutil
import tempfile
from pathlib import Path

from . import folders
from .commands import run
from .downloads import PYODIDE_VERSION, runtime_files, sha256

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
    runtime = folders.CACHE / f"pyodide-{PYODIDE_VERSION}"
    runtime_files(pyodide_tgz, runtime)
    for name, text in scripts.items():
        (runtime / name).write_text(text, encoding="utf-8")
    return runtime


def precompiled(wheels: list[Path], pyodide_tgz: Path) -> list[Path]:
    """Each wheel with bytecode for Pyodide's own Python added (cached by content)."""
    folder = folders.CACHE / "pyc" / PYODIDE_VERSION
    targets = [folder / sha256(w)[:16] / w.name for w in wheels]
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
    adapter = folders.WEB / "main.py"
    parts = (sha256(micropip), sha256(wheel), sha256(adapter), _STDLIB_PY, _STDLIB_MJS)
    key = hashlib.sha256("".join(parts).encode()).hexdigest()
    target = folders.CACHE / "stdlib" / PYODIDE_VERSION / key[:16] / "python_stdlib.zip"
    if target.exists():
        return target
    print(f"  compiling the standard library's start-up modules for Pyodide {PYODIDE_VERSION}")
    runtime = _node_runtime(pyodide_tgz, {"stdlib.py": _STDLIB_PY, "stdlib.mjs": _STDLIB_MJS})
    with tempfile.TemporaryDirectory() as scratch:
        made = Path(scratch) / "python_stdlib.zip"
        run(
            ["node", "stdlib.mjs", str(micropip), str(wheel), str(adapter), str(made)],
            "compiling the standard library with Pyodide",
            cwd=runtime,
        )
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(made, target)
    return target
