"""The translations: the marked texts gathered into each language's catalog (.po), and
the catalogs compiled to what gettext reads (.mo).

Babel does both, a build tool only (a pinned wheel from PyPI when the Python running
the build has none); the game itself reads the catalogs with the standard library's
gettext.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

from . import folders
from .downloads import BABEL_SHA256, BABEL_VERSION, pypi_wheel

LOCALE = folders.ROOT / "senator_core" / "locale"
DOMAIN = "senator"
CATALOGS = ("en", "pl", "ru")
TRANSLATED = ("pl", "ru")  # English is the source's own: its catalog may reword, not must
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}


def _babel() -> None:
    """Makes Babel importable: the one installed, else the pinned wheel, unpacked."""
    try:
        import babel  # noqa: F401
    except ImportError:
        pass
    else:
        return
    folder = folders.CACHE / f"babel-{BABEL_VERSION}"
    if not (folder / "babel" / "__init__.py").exists():
        wheel = pypi_wheel("babel", BABEL_VERSION, BABEL_SHA256)
        scratch = Path(tempfile.mkdtemp(dir=folders.CACHE))
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
        str(folders.ROOT / "senator_core"),
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
        print(f"  {po.relative_to(folders.ROOT)}: {len(catalog)} messages")
