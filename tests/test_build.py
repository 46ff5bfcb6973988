"""The build: the assembled site, its service worker's cache name, icons and clear failures."""

from __future__ import annotations

import hashlib
import json
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
from building.browser import axe_script  # noqa: E402
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
from building.icons import icon_png  # noqa: E402
from building.site import build_site  # noqa: E402
from building.tools import BuildError  # noqa: E402


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


def test_shipped_wheels_carry_bytecode_for_pyodides_python(dist: Path) -> None:
    """Both wheels hold their sources and unchecked-hash .pyc files for Python 3.14."""
    info = json.loads((dist / "build.json").read_text())
    for wheel in (dist / "pyodide" / MICROPIP_WHEEL, dist / info["wheel"]):
        with zipfile.ZipFile(wheel) as archive:
            names = archive.namelist()
            sources = [n for n in names if n.endswith(".py")]
            compiled = [n for n in names if n.endswith(".cpython-314.pyc")]
            assert sources and len(compiled) == len(sources), wheel.name
            header = archive.read(compiled[0])[:8]
            assert struct.unpack("<I", header[4:8])[0] == 0b01, "unchecked-hash pyc"
            record = archive.read(next(n for n in names if n.endswith("RECORD"))).decode()
            assert all(name in record for name in names)


def test_the_standard_library_carries_bytecode_for_what_start_up_imports(dist: Path) -> None:
    """Beside its source, each module the runtime, micropip and the game import at start
    has an unchecked-hash .pyc (so the browser compiles none of them); the rest of the
    standard library is left as published."""
    stock = dist.parent / "stock_stdlib.zip"
    extract(pyodide_tarball(), {"package/python_stdlib.zip": stock})
    with (
        zipfile.ZipFile(stock) as published,
        zipfile.ZipFile(dist / "pyodide" / "python_stdlib.zip") as shipped,
    ):
        original = {name: published.read(name) for name in published.namelist()}
        names = shipped.namelist()
        assert {n: shipped.read(n) for n in names if not n.endswith(".pyc")} == original
        compiled = {n for n in names if n.endswith(".pyc")}
        assert {n + "c" for n in original if n.endswith(".py")} >= compiled
        for module in ("asyncio/base_events", "_pyodide/_base", "gettext", "json/decoder"):
            assert f"{module}.pyc" in compiled, module
        assert "difflib.py" in original and "difflib.pyc" not in compiled
        assert "py_compile.pyc" not in compiled  # used by the build, not by the game
        header = shipped.read("gettext.pyc")[:8]
        assert struct.unpack("<I", header[4:8])[0] == 0b01, "unchecked-hash pyc"


def test_the_service_worker_caches_every_file(dist: Path) -> None:
    text = (dist / "sw.js").read_text()
    files = json.loads(text.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    on_disk = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    on_disk -= {"sw.js", ".nojekyll", "main.py"}
    info = json.loads((dist / "build.json").read_text())
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


def test_icons_are_png_images_of_their_size() -> None:
    data = icon_png(48)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (48, 48)
    idat = data.index(b"IDAT")
    length = struct.unpack(">I", data[idat - 4 : idat])[0]
    pixels = zlib.decompress(data[idat + 4 : idat + 4 + length])
    assert len(pixels) == 48 * (1 + 48 * 4)
    centre = 24 * (1 + 48 * 4) + 1 + 24 * 4
    assert pixels[centre + 3] == 255, "the medallion is opaque in the middle"
    assert pixels[1 + 3] == 0, "the corners are transparent"


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
