"""The build: the assembled site, its service worker's cache name, icons and clear failures."""

from __future__ import annotations

import hashlib
import json
import math
import shutil
import struct
import sys
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from building import folders  # noqa: E402
from building import site as site_module  # noqa: E402
from building.browser import axe_script  # noqa: E402
from building.commands import BuildError  # noqa: E402
from building.downloads import (  # noqa: E402
    AXE_VERSION,
    MICROPIP_WHEEL,
    MORPHDOM_INTEGRITY,
    MORPHDOM_VERSION,
    PYODIDE_INTEGRITY,
    PYODIDE_VERSION,
    RUNTIME_FILES,
    extract,
    npm_tarball,
    pyodide_tarball,
)
from building.icons import drawing, icon_png  # noqa: E402
from building.modules import STATIC_IMPORT, Package, copy_modules  # noqa: E402
from building.site import STDLIB_REST, build_site  # noqa: E402


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A build of this checkout of the module's own, so the site the browser tests
    serve is never replaced under them."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(folders, "DIST", tmp_path_factory.mktemp("build") / "dist")
        yield build_site()


def cache_name(site: Path) -> str:
    for line in (site / "sw.js").read_text().splitlines():
        if line.startswith("const CACHE"):
            return line.split('"')[1]
    raise AssertionError("sw.js names no cache")


def test_the_site_holds_what_the_page_needs(dist: Path) -> None:
    runtime = {p.name for p in (dist / "pyodide").iterdir()}
    assert runtime == {*RUNTIME_FILES, "pyodide-lock.json", MICROPIP_WHEEL}
    info = json.loads((dist / "build.json").read_text())
    wheel = dist / info["wheel"]
    assert wheel.name.endswith("-py3-none-any.whl") and wheel.exists()
    assert (dist / info["main"].split("?")[0]).read_text() == (ROOT / "web/main.py").read_text()
    for name in (
        "index.html",
        "vendor/morphdom-umd.min.js",
        "assets/senator.css",
        "assets/manifest.webmanifest",
        "assets/icon-192.png",
        "assets/icon-512.png",
    ):
        assert (dist / name).is_file(), name


def test_the_lock_file_lists_micropip_with_the_shipped_wheels_hash(dist: Path) -> None:
    lock = json.loads((dist / "pyodide" / "pyodide-lock.json").read_text())
    assert list(lock["packages"]) == ["micropip"]
    entry = lock["packages"]["micropip"]
    shipped = dist / "pyodide" / entry["file_name"]
    assert entry["sha256"] == hashlib.sha256(shipped.read_bytes()).hexdigest()
    assert lock["info"]["python"].startswith("3.14")


def unchecked_hash_pyc(data: bytes) -> bool:
    return struct.unpack("<I", data[4:8])[0] == 0b01


def test_shipped_wheels_carry_bytecode_in_place_of_their_sources(dist: Path) -> None:
    """Both wheels hold an unchecked-hash .pyc for Python 3.14 where each module's
    source was, and no source: every module travels once."""
    info = json.loads((dist / "build.json").read_text())
    for wheel in (dist / "pyodide" / MICROPIP_WHEEL, dist / info["wheel"]):
        with zipfile.ZipFile(wheel) as archive:
            names = archive.namelist()
            compiled = [n for n in names if n.endswith(".pyc")]
            assert len(compiled) > 10, wheel.name
            assert not [n for n in names if n.endswith(".py") or "__pycache__" in n]
            assert all(unchecked_hash_pyc(archive.read(n)) for n in compiled), wheel.name
            record = archive.read(next(n for n in names if n.endswith("RECORD"))).decode()
            assert all(name in record for name in names)
    with zipfile.ZipFile(dist / info["wheel"]) as archive:
        assert {"senator_core/game.pyc", "senator_core/app/view.pyc"} <= set(archive.namelist())


def test_the_game_wheel_holds_the_game_and_no_developer_tool(dist: Path) -> None:
    """The wheel the page downloads holds `senator_core` alone: not the build
    (`building/`), and not self-play training or the rating fit (`tools/`), which
    developers run, never the page or the command line; none of their modules comes
    back into it, as source or as bytecode."""
    info = json.loads((dist / "build.json").read_text())
    with zipfile.ZipFile(dist / info["wheel"]) as archive:
        names = archive.namelist()
    tops = {name.split("/")[0] for name in names}
    assert {top for top in tops if not top.endswith(".dist-info")} == {"senator_core"}
    modules = {Path(name).name.split(".")[0] for name in names if name.endswith((".py", ".pyc"))}
    developer = {p.stem for d in ("tools", "building") for p in (ROOT / d).glob("*.py")}
    developer -= {"__init__"}
    assert {"train", "rating", "icons", "bytecode"} <= developer
    assert "evaluation" in modules and not modules & developer, modules & developer


def test_the_standard_library_is_split_into_what_the_page_uses_and_the_rest(
    dist: Path,
) -> None:
    """The page's archive holds an unchecked-hash .pyc alone for each module the
    runtime, micropip and the game import at start or name anywhere; every other file
    of the published standard library is in the second archive as published, and
    build.json names its modules, which the page fetches when one is imported."""
    stock = dist.parent / "stock_stdlib.zip"
    extract(pyodide_tarball(), {"package/python_stdlib.zip": stock})
    info = json.loads((dist / "build.json").read_text())
    folder, name = info["stdlib"]["rest"].rsplit("/", 1)
    assert name == STDLIB_REST and folder.startswith("stdlib/")
    digest = hashlib.sha256((dist / info["stdlib"]["rest"]).read_bytes()).hexdigest()
    assert folder == f"stdlib/{digest[:12]}"  # named for its content
    with (
        zipfile.ZipFile(stock) as published,
        zipfile.ZipFile(dist / "pyodide" / "python_stdlib.zip") as used,
        zipfile.ZipFile(dist / info["stdlib"]["rest"]) as rest,
    ):
        original = {name: published.read(name) for name in published.namelist()}
        compiled = set(used.namelist())
        assert all(name.endswith(".pyc") for name in compiled)
        assert all(unchecked_hash_pyc(used.read(name)) for name in compiled)
        sources = {name[:-1] for name in compiled}
        assert sources <= set(original)
        assert {name: rest.read(name) for name in rest.namelist()} == {
            name: data for name, data in original.items() if name not in sources
        }
        for module in ("asyncio/base_events", "_pyodide/_base", "gettext", "json/decoder"):
            assert f"{module}.pyc" in compiled, module
        assert "email/__init__.pyc" in compiled and "email/mime/text.py" in original
        assert "difflib.pyc" not in compiled and "py_compile.pyc" not in compiled
        modules = {
            name[:-3].replace("/", ".").removesuffix(".__init__")
            for name in rest.namelist()
            if name.endswith(".py")
        }
    assert set(info["stdlib"]["modules"]) == modules
    assert {"difflib", "email.mime.text", "xml.dom.minidom"} <= modules


def test_the_runtime_makes_its_shared_memory_only_when_a_sleep_asks_for_it(
    dist: Path, tmp_path: Path
) -> None:
    """The loader as published makes a shared memory as it loads, which Chromium warns
    of outside cross-origin isolation; the shipped one makes it on first use, and a
    loader of another shape fails the build rather than ship unchanged."""
    shipped = (dist / "pyodide" / "pyodide.asm.mjs").read_text()
    assert site_module._EAGER_MEMORY not in shipped
    assert shipped.count(site_module._LAZY_MEMORY) == 1
    assert "new WebAssembly.Memory({shared" not in shipped.replace(site_module._LAZY_MEMORY, "")
    other = tmp_path / "pyodide.asm.mjs"
    other.write_text("var io=new SharedArrayBuffer(4);")
    with pytest.raises(BuildError, match="no longer makes its shared memory"):
        site_module._lazy_shared_memory(other)


def test_the_transport_imports_only_files_the_site_has(dist: Path) -> None:
    """`online.js` reaches Trystero's modules by relative paths, each of which the site
    holds; no module names a package, which the browser could not find."""
    modules = [dist / "online.js", *(dist / "vendor" / "@trystero-p2p").rglob("*.mjs")]
    assert len(modules) > 10
    reached = set()
    for module in modules:
        text = module.read_text()
        assert "sourceMappingURL" not in text
        for match in STATIC_IMPORT.finditer(text):
            spec = match["spec"]
            assert spec.startswith(("./", "../")), f"{module.name} imports {spec}"
            target = (module.parent / spec).resolve()
            assert target.is_file(), f"{module.name} imports {spec}"
            reached.add(target.relative_to(dist.resolve()).as_posix())
    assert "vendor/@noble/secp256k1/index.js" in reached
    for package in ("@trystero-p2p/nostr", "@trystero-p2p/core", "@noble/secp256k1"):
        assert "Permission is hereby granted" in (dist / "vendor" / package / "LICENSE").read_text()
    # The page loads the transport only when an online game begins, by a dynamic import.
    page, adapter = (dist / "index.html").read_text(), (dist / "main.py").read_text()
    assert "online.js" not in page and "trystero" not in (page + adapter).lower()
    assert adapter.count("online.js") == 1 and "import(url)" in adapter


def test_a_module_importing_a_package_not_pinned_stops_the_build(tmp_path: Path) -> None:
    """Trystero's Nostr strategy imports its core and @noble/secp256k1: with only the
    core pinned, the copy refuses rather than ship a module that cannot load."""
    from building.site import TRANSPORT

    with pytest.raises(BuildError, match="imports @noble/secp256k1, which is not pinned"):
        copy_modules([p for p in TRANSPORT if p.name != "@noble/secp256k1"], tmp_path)
    unknown = Package("@trystero-p2p/core", "0.25.4", TRANSPORT[1].integrity, "dist/none.mjs")
    with pytest.raises(BuildError, match=r"has no file dist/none\.mjs"):
        copy_modules([unknown], tmp_path)


def test_each_language_but_english_is_fetched_apart_from_the_wheel(dist: Path) -> None:
    """The Polish and Russian catalogs are not in the page's wheel but beside it, each
    in a folder named for its content, and the same as the catalogs built."""
    info = json.loads((dist / "build.json").read_text())
    with zipfile.ZipFile(dist / info["wheel"]) as archive:
        shipped = {name for name in archive.namelist() if name.endswith(".mo")}
    assert shipped == {"senator_core/locale/en/LC_MESSAGES/senator.mo"}
    assert set(info["catalogs"]) == {"pl", "ru"}
    for lang, path in info["catalogs"].items():
        data = (dist / path).read_bytes()
        assert path == f"locale/{hashlib.sha256(data).hexdigest()[:12]}/{lang}.mo"
        assert data == (ROOT / "senator_core/locale" / lang / "LC_MESSAGES/senator.mo").read_bytes()


def test_the_service_worker_keeps_every_file_and_what_few_need_when_first_fetched(
    dist: Path,
) -> None:
    """Every file the game needs is kept for offline play at the first visit; what only
    online play loads, the standard modules the game never imports and the catalogs of
    the languages not spoken are kept the first time they are fetched."""
    text = (dist / "sw.js").read_text()
    files = json.loads(text.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    later = json.loads(text.split("const LATER = ", 1)[1].split(";\n", 1)[0])
    on_disk = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    info = json.loads((dist / "build.json").read_text())
    assert info["qr"] in on_disk and info["qr"].startswith("wheels/segno-")
    transport = {name for name in on_disk if name.startswith("vendor/@")}
    assert "vendor/@noble/secp256k1/index.js" in transport
    rest = info["stdlib"]["rest"]
    catalogs = set(info["catalogs"].values())
    assert set(later) == {info["qr"], rest, "online.js", "direct.js", *transport, *catalogs}
    # The folder's page is index.html, kept once as "./"; the browser fetches the PNG
    # icons itself when the game is installed.
    icons = {"assets/icon-192.png", "assets/icon-512.png"}
    on_disk -= {"sw.js", ".nojekyll", "main.py", "index.html", *icons, *later}
    assert set(files) == {"./", info["main"], *on_disk}


def test_the_cache_name_follows_the_content(
    dist: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Same inputs, same cache name; any changed file, a new one."""
    first = cache_name(dist)
    web = tmp_path / "web"
    shutil.copytree(folders.WEB, web)
    monkeypatch.setattr(folders, "WEB", web)
    monkeypatch.setattr(folders, "DIST", tmp_path / "dist")
    assert cache_name(build_site()) == first
    css = web / "assets" / "senator.css"
    css.write_text(css.read_text() + "\n/* changed */\n")
    assert cache_name(build_site()) != first


def test_axe_is_cached_for_the_tests_and_kept_out_of_the_site(
    dist: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The accessibility checker comes from its pinned tarball into the cache only;
    a cached copy that was changed is written again from the verified tarball."""
    script = axe_script()
    assert script.is_relative_to(folders.CACHE) and script.name == "axe.min.js"
    assert script.read_bytes().startswith(f"/*! axe v{AXE_VERSION}".encode())
    assert not [p for p in dist.rglob("*") if "axe" in p.name.lower()]
    assert "axe" not in (dist / "sw.js").read_text()

    tarball = f"axe-core-{AXE_VERSION}.tgz"
    (tmp_path / "npm").mkdir()
    shutil.copy2(folders.CACHE / "npm" / tarball, tmp_path / "npm" / tarball)
    monkeypatch.setattr(folders, "CACHE", tmp_path)
    monkeypatch.setenv("PATH", str(tmp_path / "nothing"))  # no npm: the tarball is cached
    copy = axe_script()
    assert copy.is_relative_to(tmp_path) and copy.read_bytes() == script.read_bytes()
    copy.write_text("changed")
    assert axe_script().read_bytes() == script.read_bytes()


def pixels(png: bytes) -> list[list[tuple[int, int, int, int]]]:
    """The RGBA rows of a PNG as the build writes them (one IDAT, no row filters)."""
    width, height = struct.unpack(">II", png[16:24])
    idat = png.index(b"IDAT")
    length = struct.unpack(">I", png[idat - 4 : idat])[0]
    raw = zlib.decompress(png[idat + 4 : idat + 4 + length])
    assert len(raw) == height * (1 + width * 4)
    stride = 1 + width * 4
    return [
        [tuple(raw[y * stride + 1 + x * 4 : y * stride + 5 + x * 4]) for x in range(width)]  # type: ignore[misc]
        for y in range(height)
    ]


def covered(png: bytes) -> float:
    """The share of the picture its shapes cover, from the pixels' opacity."""
    rows = pixels(png)
    return sum(p[3] for row in rows for p in row) / 255 / (len(rows) * len(rows[0]))


def gold(png: bytes) -> float:
    """The share of the picture that is gold, the rest of what is covered being purple."""
    rows, purple, gilt = pixels(png), 0x5C, 0xD4  # their red, as icon.svg gives them
    share = sum(p[3] / 255 * (p[0] - purple) / (gilt - purple) for row in rows for p in row)
    return share / (len(rows) * len(rows[0]))


def svg(shapes: str, size: int = 10) -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}">{shapes}</svg>'


def test_icons_are_png_images_of_their_size() -> None:
    data = icon_png(48, drawing())
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    rows = pixels(data)
    assert (len(rows[0]), len(rows)) == (48, 48)
    assert rows[24][24][3] == 255, "the medallion is opaque in the middle"
    assert rows[0][0][3] == 0, "the corners are transparent"


def test_an_icon_covers_what_its_shapes_cover() -> None:
    half = pixels(icon_png(20, svg('<rect width="5" height="10" fill="#ff0000"/>')))
    assert all(
        row[:10] == [(255, 0, 0, 255)] * 10 and row[10:] == [(0, 0, 0, 0)] * 10 for row in half
    )
    disc = covered(icon_png(100, svg('<circle cx="5" cy="5" r="4" fill="#000000"/>')))
    assert disc == pytest.approx(math.pi * 0.4**2, rel=2e-3)
    triangle = covered(icon_png(100, svg('<polygon points="0,0 10,0 0,10"/>')))
    assert triangle == pytest.approx(0.5, rel=5e-3)
    clipped = svg(
        '<clipPath id="c"><rect width="5" height="10"/></clipPath>'
        '<circle cx="5" cy="5" r="4" clip-path="url(#c)"/>'
    )
    assert covered(icon_png(100, clipped)) == pytest.approx(disc / 2, rel=2e-3)


def test_the_png_icons_are_drawn_from_the_svg() -> None:
    """The medallion covers its circle; taking a column out of the SVG takes its area of
    gold out of the PNG."""
    shipped = drawing()
    icon = icon_png(192, shipped)
    assert covered(icon) == pytest.approx(math.pi / 4, rel=2e-3)
    column = '<rect x="37.17" y="46" width="9" height="26"/>'
    assert column in shipped
    without = icon_png(192, shipped.replace(column, ""))
    assert covered(without) == pytest.approx(covered(icon), rel=1e-6)
    assert gold(icon) - gold(without) == pytest.approx(9 * 26 / 100**2, rel=0.02)


@pytest.mark.parametrize(
    ("shapes", "refused"),
    [
        ('<path d="M0 0h5v5z"/>', "<path>"),
        ('<rect width="5" height="5" transform="rotate(45)"/>', "transform"),
        ('<rect width="5" height="5" fill="red"/>', "#rrggbb"),
    ],
)
def test_an_icon_the_build_cannot_draw_stops_the_build(shapes: str, refused: str) -> None:
    with pytest.raises(BuildError, match=refused):
        icon_png(8, svg(shapes))


def test_a_missing_npm_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(folders, "CACHE", tmp_path)
    monkeypatch.setenv("PATH", str(tmp_path / "nothing"))
    with pytest.raises(BuildError, match="npm` is not installed"):
        npm_tarball("pyodide", PYODIDE_VERSION, PYODIDE_INTEGRITY)


def test_a_tampered_download_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(folders, "CACHE", tmp_path)
    fake_npm = tmp_path / "bin" / "npm"
    fake_npm.parent.mkdir()
    # A stand-in npm that "downloads" the wrong bytes.
    fake_npm.write_text(
        "#!/bin/sh\nfor a; do d=$a; done\n"
        'case "$*" in *--pack-destination*) ;; esac\n'
        'dest=$(echo "$*" | sed -e "s/.*--pack-destination \\([^ ]*\\).*/\\1/")\n'
        'echo tampered > "$dest/morphdom-2.7.8.tgz"\n'
    )
    fake_npm.chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake_npm.parent}:/usr/bin:/bin")
    with pytest.raises(BuildError, match="does not match its pinned integrity"):
        npm_tarball("morphdom", MORPHDOM_VERSION, MORPHDOM_INTEGRITY)
    assert not (tmp_path / "npm" / "morphdom-2.7.8.tgz").exists()


def test_serving_without_a_build_says_what_to_do(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(folders, "DIST", tmp_path / "dist")
    assert build.main(["--no-build"]) == 1
