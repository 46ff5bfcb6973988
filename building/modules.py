"""Published ES modules copied into the site as they are, each package's imports of
another package made relative, so the browser loads the graph with no bundler and no
import map.

Only the files the entry module reaches are copied, each under its package's npm name
(`vendor/@scope/name/<path in the package>`), with the package's licence beside them.
An import the copy cannot follow (a dynamic `import()`, a package not pinned) stops
the build rather than leaving a module that fails in the browser.
"""

from __future__ import annotations

import posixpath
import re
import tarfile
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

from .commands import BuildError
from .downloads import npm_tarball

# One static import or re-export a line, as the published files are written; a line
# inside a comment starts with `*` or `//` and is not matched.
STATIC_IMPORT = re.compile(
    r'^(?P<head>(?:import|export)\b[^\n]*?\bfrom\s*|import\s*)"(?P<spec>[^"]+)"', re.M
)
DYNAMIC_IMPORT = re.compile(r"\bimport\s*\(")
SOURCE_MAP = re.compile(r"^//# sourceMappingURL=\S+\n?", re.M)


@dataclass(frozen=True)
class Package:
    """A pinned npm package and the module of it that others import by its name."""

    name: str
    version: str
    integrity: str
    entry: str  # the module `import ... from "<name>"` means, as a path in the package


def copy_modules(packages: list[Package], folder: Path) -> Path:
    """Copies what the first package's entry module reaches into `folder`; returns the
    path of that entry module there."""
    by_name = {package.name: package for package in packages}
    with ExitStack() as stack:
        archives = {
            p.name: stack.enter_context(tarfile.open(npm_tarball(p.name, p.version, p.integrity)))
            for p in packages
        }
        start = (packages[0].name, packages[0].entry)
        todo, done = [start], {start}
        while todo:
            name, path = todo.pop()
            text = _member(archives[name], name, path).decode("utf-8")
            if DYNAMIC_IMPORT.search(text):
                raise BuildError(f"{name}/{path} imports at run time: it cannot be copied")

            def relative(match: re.Match[str], name: str = name, path: str = path) -> str:
                target = _target(by_name, name, path, match["spec"])
                if target not in done:
                    done.add(target)
                    todo.append(target)
                link = posixpath.relpath("/".join(target), posixpath.dirname(f"{name}/{path}"))
                return f'{match["head"]}"{link if link.startswith("../") else "./" + link}"'

            text = SOURCE_MAP.sub("", STATIC_IMPORT.sub(relative, text))
            destination = folder / name / path
            destination.parent.mkdir(parents=True, exist_ok=True)
            destination.write_text(text, encoding="utf-8")
        for name, archive in archives.items():
            (folder / name / "LICENSE").write_bytes(_member(archive, name, "LICENSE"))
    return folder / start[0] / start[1]


def _target(by_name: dict[str, Package], name: str, path: str, spec: str) -> tuple[str, str]:
    """The package and path that `spec`, imported by `path` in package `name`, means."""
    if spec.startswith(("./", "../")):
        return name, posixpath.normpath(posixpath.join(posixpath.dirname(path), spec))
    if spec in by_name:
        return spec, by_name[spec].entry
    raise BuildError(f"{name}/{path} imports {spec}, which is not pinned")


def _member(archive: tarfile.TarFile, name: str, path: str) -> bytes:
    try:
        source = archive.extractfile(f"package/{path}")
    except KeyError:
        source = None
    if source is None:
        raise BuildError(f"the npm package {name} has no file {path}")
    return source.read()
