"""The site in dist/: the page, the runtime with its lock file, the game's wheel, the
web files, the icons and a service worker whose cache name follows the content."""

from __future__ import annotations

import hashlib
import html
import json
import shutil
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

from . import folders
from .bytecode import precompiled, split_stdlib
from .catalogs import compile_catalogs
from .commands import BuildError
from .downloads import (
    MICROPIP_VERSION,
    MORPHDOM_INTEGRITY,
    MORPHDOM_VERSION,
    PYODIDE_VERSION,
    RUNTIME_FILES,
    SECP256K1_INTEGRITY,
    SECP256K1_VERSION,
    TRYSTERO_CORE_INTEGRITY,
    TRYSTERO_NOSTR_INTEGRITY,
    TRYSTERO_VERSION,
    extract,
    micropip_wheel,
    npm_tarball,
    pyodide_tarball,
    segno_wheel,
    sha256,
)
from .icons import cached_icon
from .modules import Package, copy_modules
from .wheel import CATALOGS_APART, catalog_path, game_wheel, page_wheel

# The online transport's library, which `online.js` imports (and only it, only when
# an online game starts): Trystero's Nostr strategy first, then what it imports.
TRANSPORT = [
    Package("@trystero-p2p/nostr", TRYSTERO_VERSION, TRYSTERO_NOSTR_INTEGRITY, "dist/index.mjs"),
    Package("@trystero-p2p/core", TRYSTERO_VERSION, TRYSTERO_CORE_INTEGRITY, "dist/index.mjs"),
    Package("@noble/secp256k1", SECP256K1_VERSION, SECP256K1_INTEGRITY, "index.js"),
]


def _transport(site: Path) -> None:
    """`online.js` and the library it imports, at the path it imports it by."""
    entry = copy_modules(TRANSPORT, site / "vendor").relative_to(site).as_posix()
    script = (folders.WEB / "online.js").read_text(encoding="utf-8")
    if f'from "./{entry}"' not in script:
        raise BuildError(f"web/online.js does not import the transport's library ./{entry}")
    (site / "online.js").write_text(script, encoding="utf-8")
    shutil.copy2(folders.WEB / "direct.js", site / "direct.js")  # meeting by codes


def _page() -> str:
    """index.html with the loading screen's words in every language (from the catalogs,
    compiled first)."""
    sys.path.insert(0, str(folders.ROOT))
    try:
        from senator_core.app.ui.loading import boot_texts
    finally:
        sys.path.remove(str(folders.ROOT))
    texts = boot_texts()
    page = (folders.WEB / "index.html").read_text(encoding="utf-8")
    noscript = " / ".join(dict.fromkeys(t["noscript"] for t in texts.values()))
    data = json.dumps(texts, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    return page.replace("__BOOT_TEXTS__", data).replace("__NOSCRIPT__", html.escape(noscript))


def _micropip_lock(stock: dict[str, object], wheel: Path) -> dict[str, object]:
    """Pyodide's lock file cut down to micropip alone, with the sha256 of the wheel we ship."""
    packages = stock["packages"]
    assert isinstance(packages, dict)
    entry = dict(packages["micropip"])
    entry["file_name"] = wheel.name
    entry["sha256"] = sha256(wheel)
    entry["version"] = MICROPIP_VERSION
    return {"info": stock["info"], "packages": {"micropip": entry}}


STDLIB_REST = "python_stdlib_rest.zip"  # the standard modules the page does not use
ICONS = {size: f"assets/icon-{size}.png" for size in (192, 512)}  # for installing the game


# The runtime's loader makes a shared WebAssembly memory as it loads, for a sleep
# that only a worker may take (`Atomics.wait` throws on a page's main thread).
# Chromium warns of shared memory outside cross-origin isolation (a static host
# cannot send those headers), which costs the page its best-practices score: the
# memory is made the first time the sleep is asked for instead.
_EAGER_MEMORY = (
    "var io=new Int32Array(new WebAssembly.Memory({shared:!0,initial:1,maximum:1}).buffer);"
    "function so(t){try{return Atomics.wait(io,0,0,t),!0}catch{return!1}}"
)
_LAZY_MEMORY = (
    "var io;"
    "function so(t){try{io??=new Int32Array(new WebAssembly.Memory("
    "{shared:!0,initial:1,maximum:1}).buffer);return Atomics.wait(io,0,0,t),!0}"
    "catch{return!1}}"
)


def _lazy_shared_memory(loader: Path) -> None:
    text = loader.read_text(encoding="utf-8")
    if text.count(_EAGER_MEMORY) != 1:
        raise BuildError(f"{loader.name} no longer makes its shared memory as this build expects")
    loader.write_text(text.replace(_EAGER_MEMORY, _LAZY_MEMORY), encoding="utf-8")


def _service_worker(files: list[str], later: list[str], version: str) -> str:
    template = (folders.WEB / "sw.template.js").read_text(encoding="utf-8")
    return (
        template.replace("__CACHE_NAME__", f"senator-{version}")
        .replace("__FILES__", json.dumps(["./", *files], indent=2))
        .replace("__LATER__", json.dumps(later))
    )


def build_site() -> Path:
    """Assembles dist/ and returns its path."""
    with folders.cache_to_myself():
        return _build(folders.DIST)


def _build(dist: Path) -> Path:
    print(f"Building {dist}/")
    pyodide_tgz = pyodide_tarball()
    morphdom_tgz = npm_tarball("morphdom", MORPHDOM_VERSION, MORPHDOM_INTEGRITY)
    compile_catalogs()
    game = game_wheel()
    micropip, wheel = precompiled([micropip_wheel(), page_wheel(game)], pyodide_tgz)

    dist.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".dist-", dir=dist.parent))
    try:
        runtime = staging / "pyodide"
        extract(pyodide_tgz, {f"package/{name}": runtime / name for name in RUNTIME_FILES})
        _lazy_shared_memory(runtime / "pyodide.asm.mjs")
        stdlib = split_stdlib(micropip, wheel, pyodide_tgz)
        shutil.copy2(stdlib.used, runtime / "python_stdlib.zip")
        # In a folder named for its content, as the wheel is: a page never takes another
        # build's rest from a cache.
        rest_path = f"stdlib/{sha256(stdlib.rest)[:12]}/{STDLIB_REST}"
        (staging / rest_path).parent.mkdir(parents=True)
        shutil.copy2(stdlib.rest, staging / rest_path)
        with tarfile.open(pyodide_tgz) as archive:
            stock_file = archive.extractfile("package/pyodide-lock.json")
            assert stock_file is not None
            stock = json.load(stock_file)
        (runtime / "pyodide-lock.json").write_text(
            json.dumps(_micropip_lock(stock, micropip), indent=1), encoding="utf-8"
        )
        shutil.copy2(micropip, runtime / micropip.name)
        extract(
            morphdom_tgz,
            {"package/dist/morphdom-umd.min.js": staging / "vendor" / "morphdom-umd.min.js"},
        )

        # The game's own files: a changed wheel gets a new folder, so no cache serves it stale.
        wheel_digest = sha256(wheel)[:12]
        wheel_path = f"wheels/{wheel_digest}/{wheel.name}"
        (staging / wheel_path).parent.mkdir(parents=True)
        shutil.copy2(wheel, staging / wheel_path)
        # The catalogs fetched when the page first speaks their language, each in a
        # folder named for its content, as the wheel is.
        catalogs = {}
        with zipfile.ZipFile(game) as whole:
            for lang in CATALOGS_APART:
                data = whole.read(catalog_path(lang))
                path = f"locale/{hashlib.sha256(data).hexdigest()[:12]}/{lang}.mo"
                (staging / path).parent.mkdir(parents=True)
                (staging / path).write_bytes(data)
                catalogs[lang] = path
        qr = segno_wheel()
        qr_path = f"wheels/{qr.name}"  # its name carries its version: never served stale
        shutil.copy2(qr, staging / qr_path)
        (staging / "index.html").write_text(_page(), encoding="utf-8")
        shutil.copy2(folders.WEB / "main.py", staging / "main.py")
        _transport(staging)
        shutil.copytree(folders.WEB / "assets", staging / "assets")
        for size, icon in ICONS.items():
            (staging / icon).write_bytes(cached_icon(size))
        main_digest = sha256(staging / "main.py")[:12]
        build_info = {
            "wheel": wheel_path,
            "main": f"main.py?v={main_digest}",
            "pyodide": PYODIDE_VERSION,
            "qr": qr_path,
            # The standard modules the page fetches only when one of them is imported.
            "stdlib": {"rest": rest_path, "modules": stdlib.others},
            "catalogs": catalogs,
        }
        (staging / "build.json").write_text(json.dumps(build_info, indent=1), encoding="utf-8")

        files = sorted(p.relative_to(staging).as_posix() for p in staging.rglob("*") if p.is_file())
        digest = hashlib.sha256()
        for name in files:
            digest.update(name.encode())
            digest.update(hashlib.sha256((staging / name).read_bytes()).digest())
        version = digest.hexdigest()[:16]
        # Kept when first fetched, not for every visitor: what only online play loads (the
        # transport and its library, meeting by codes, the host's QR code library), the
        # standard modules only a module nobody foresaw needs, and the catalogs of the
        # languages the player does not speak.
        online = ["online.js", "direct.js", qr_path]
        online += [name for name in files if name.startswith("vendor/@")]
        later = [*online, rest_path, *catalogs.values()]
        files = [name for name in files if name not in later]
        # A visit to index.html is the folder's page, kept as "./"; the PNG icons are for
        # installing the game, which the browser fetches itself.
        files = [n for n in files if n not in ("index.html", *ICONS.values())]
        cached = [f"main.py?v={main_digest}" if n == "main.py" else n for n in files]
        (staging / "sw.js").write_text(_service_worker(cached, later, version), encoding="utf-8")
        (staging / ".nojekyll").write_text("", encoding="utf-8")

        if dist.exists():
            shutil.rmtree(dist)
        staging.chmod(0o755)
        staging.rename(dist)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    size = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file())
    print(f"Built {dist}/ ({size / 1e6:.1f} MB, cache senator-{version})")
    return dist


def built_site(rebuild: bool = True) -> Path:
    """dist/, built first unless `rebuild` is false, when it must have been built before."""
    if rebuild:
        return build_site()
    if not (folders.DIST / "index.html").exists():
        raise BuildError("dist/ is not built yet: run without --no-build")
    return folders.DIST
