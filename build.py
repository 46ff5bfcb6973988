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

Each job it does is a module of `building/`, named for the job.
"""

from __future__ import annotations

import argparse
import sys

from building.catalogs import compile_catalogs, extract_catalogs
from building.commands import BuildError
from building.server import serve
from building.site import built_site


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
        dist = built_site(rebuild=not args.no_build)
    except BuildError as err:
        print(f"build failed: {err}", file=sys.stderr)
        return 1
    if args.serve:
        serve(dist, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
